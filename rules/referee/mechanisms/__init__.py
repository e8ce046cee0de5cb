"""The referee of a game that states its rules as data (``[referee]`` in ``game.toml``).

One small module per mechanism, each reading its part of :class:`rules.game_rules.GameRules`:

- :mod:`~rules.referee.mechanisms.forces` — who stands where, and the zones of control;
- :mod:`~rules.referee.mechanisms.supply` — supply lines to the sources of a kind;
- :mod:`~rules.referee.mechanisms.movement` — the cost of a move and what forbids it;
- :mod:`~rules.referee.mechanisms.combat` — strengths, halving and unit-kind modifiers;
- :mod:`~rules.referee.mechanisms.hexsides` — bridges, hexsides that block supply, and the
  hexsides an attack counts as attacked across;
- :mod:`~rules.referee.mechanisms.routes` — roads and rail;
- :mod:`~rules.referee.mechanisms.odds` — rounding of halvings and of the odds;
- :mod:`~rules.referee.mechanisms.conditions` — when a conditioned combat modifier applies;
- :mod:`~rules.referee.mechanisms.results` — what each result does here, and retreats;
- :mod:`~rules.referee.mechanisms.sequence` — phases, who acts in each, night turns;
- :mod:`~rules.referee.mechanisms.arrivals` — reinforcements;
- :mod:`~rules.referee.mechanisms.victory` — victory points, levels and sudden death;
- :mod:`~rules.referee.mechanisms.bombardment` — ranged attacks;
- :mod:`~rules.referee.mechanisms.moves` — may this unit move from here to there;
- :mod:`~rules.referee.mechanisms.referee` — :class:`DataReferee`, which wires them into the
  hex engine's hooks, as the Stalingrad games' referees wire their own.
"""

from __future__ import annotations

from rules.referee.mechanisms.referee import DataReferee

__all__ = ["DataReferee"]
