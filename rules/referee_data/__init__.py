"""The typed records of the ``[referee]`` table's mechanisms beyond stacking, zones of
control and supply: each module holds what the data says of one mechanism, parsed once
by :mod:`rules.data.parse.referee` and applied by the module of the same name in
:mod:`rules.referee.mechanisms`.

- :mod:`~rules.referee_data.conditions` — which units, terrain, hexsides, supply and turns
  a combat modifier or a phase applies to;
- :mod:`~rules.referee_data.routes` — roads and rail priced per mobility class;
- :mod:`~rules.referee_data.odds` — rounding of halvings and of the odds, limits on columns;
- :mod:`~rules.referee_data.results` — what each combat result code does, and retreats;
- :mod:`~rules.referee_data.sequence` — the phases, who acts in each, night turns;
- :mod:`~rules.referee_data.victory` — VP for hexes and eliminations, levels, sudden death;
- :mod:`~rules.referee_data.bombardment` — ranged attacks;
- :mod:`~rules.referee_data.terrain` — what hexside terrain says of supply and combat.
"""
