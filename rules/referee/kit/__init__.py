"""The referee of a game that states its rules as data (``[referee]`` in ``game.toml``).

One small module per mechanism, each reading its part of :class:`rules.game_rules.GameRules`:

- :mod:`~rules.referee.kit.forces` — who stands where, and the zones of control;
- :mod:`~rules.referee.kit.supply` — supply lines to the sources of a kind;
- :mod:`~rules.referee.kit.movement` — the cost of a move and what forbids it;
- :mod:`~rules.referee.kit.combat` — strengths, halving and unit-kind modifiers;
- :mod:`~rules.referee.kit.referee` — :class:`DataReferee`, which wires them into the
  hex engine's hooks, as the Stalingrad games' referees wire their own.
"""

from __future__ import annotations

from rules.referee.kit.referee import DataReferee

__all__ = ["DataReferee"]
