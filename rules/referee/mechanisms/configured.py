"""The mechanisms of :mod:`rules.referee.mechanisms` as one game's ``[referee]`` data
configures them, built for one position: the defaults behind the hex engine's hooks
(:class:`rules.referee.hexgame.HexReferee`), each built on first use from the ones it
depends on."""

from __future__ import annotations

from functools import cached_property

from rules.game_rules import GameRules
from rules.referee.hexboard import HexBoard
from rules.referee.mechanisms.combat import Combat
from rules.referee.mechanisms.forces import Forces
from rules.referee.mechanisms.movement import Movement
from rules.referee.mechanisms.supply import SupplyLines
from rules.referee.position import Position


class Mechanisms:
    """Zones of control, supply lines, combat and movement of one position, as the
    game's data says."""

    def __init__(self, position: Position, board: HexBoard, rules: GameRules) -> None:
        self.position = position
        self.board = board
        self.rules = rules

    @cached_property
    def forces(self) -> Forces:
        """Who stands where, and the zones of control."""
        return Forces(self.position, self.board, self.rules.zoc)

    @cached_property
    def supply_lines(self) -> SupplyLines:
        """Every unit's supply, from one search per side."""
        return SupplyLines(self.position, self.board, self.forces, self.rules.supply)

    @cached_property
    def combat(self) -> Combat:
        """Strengths and unit-kind modifiers."""
        supply = self.rules.supply
        return Combat(
            self.board, self.supply_lines, self.rules.combat, supply.section if supply else ""
        )

    @cached_property
    def movement(self) -> Movement:
        """Movement costs and allowances."""
        return Movement(
            self.board,
            self.forces,
            self.supply_lines,
            self.rules,
            self.position.spec.terrain_types,
        )
