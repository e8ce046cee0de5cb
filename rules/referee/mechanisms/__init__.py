"""The referee of a game that states its rules as data (``[referee]`` in ``game.toml``).

One small module per mechanism, each reading its part of :class:`rules.game_rules.GameRules`:

- :mod:`~rules.referee.mechanisms.forces` — who stands where, and the zones of control;
- :mod:`~rules.referee.mechanisms.supply` — supply lines to the sources of a kind;
- :mod:`~rules.referee.mechanisms.movement` — the cost of a move and what forbids it;
- :mod:`~rules.referee.mechanisms.combat` — strengths, halving and unit-kind modifiers;
- :mod:`~rules.referee.mechanisms.referee` — :class:`DataReferee`, which wires them into the
  hex engine's hooks, as the Stalingrad games' referees wire their own.
"""

from __future__ import annotations

from rules.referee.mechanisms.referee import DataReferee

__all__ = ["DataReferee"]
