"""The typed records of the ``[referee]`` table's mechanisms beyond stacking, zones of
control and supply: each module holds what the data says of one mechanism, parsed once
by :mod:`rules.data.parse.referee` and applied by the module of the same name in
:mod:`rules.referee.kit`.

- :mod:`~rules.mechanisms.conditions` — which units, terrain, hexsides, supply and turns
  a combat modifier or a phase applies to;
- :mod:`~rules.mechanisms.routes` — roads and rail priced per mobility class;
- :mod:`~rules.mechanisms.odds` — rounding of halvings and of the odds, limits on columns;
- :mod:`~rules.mechanisms.results` — what each combat result code does, and retreats;
- :mod:`~rules.mechanisms.sequence` — the phases, who acts in each, night turns;
- :mod:`~rules.mechanisms.victory` — VP for hexes and eliminations, levels, sudden death;
- :mod:`~rules.mechanisms.bombardment` — ranged attacks.
"""
