"""The mechanisms of :mod:`rules.referee.mechanisms` as one game's ``[referee]`` data
configures them, built for one position: the defaults behind the hex engine's hooks
(:class:`rules.referee.hexgame.HexReferee`), each built on first use from the ones it
depends on."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from rules.game_rules import GameRules
from rules.referee.hexboard import HexBoard
from rules.referee.mechanisms.combat import Combat
from rules.referee.mechanisms.forces import Forces
from rules.referee.mechanisms.movement import Movement
from rules.referee.mechanisms.results import RetreatOutcome, Surroundings, retreat
from rules.referee.mechanisms.supply import SupplyLines
from rules.referee.mechanisms.victory import Victory
from rules.referee.position import Position, UnitState


class Mechanisms:
    """Zones of control, supply lines, combat, movement, retreats and victory of one
    position, as the game's data says."""

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
        """Strengths and modifiers."""
        supply = self.rules.supply
        return Combat(
            self.board,
            self.supply_lines,
            self.rules.combat,
            supply.section if supply else "",
            self.position.spec.terrain_types,
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

    @cached_property
    def victory(self) -> Victory | None:
        """Control of hexes, VP and the victory level; None until the data states victory."""
        rule = self.rules.victory
        return None if rule is None else Victory(self.position, self.board, self.forces, rule)

    def retreats(self, states: Sequence[UnitState], hexes: int) -> list[RetreatOutcome]:
        """Each unit's best retreat of ``hexes`` hexes, as the data's retreat rule judges
        it (``[referee.combat.retreat]``, which a result's retreat needs)."""
        rule = self.rules.combat.retreat
        assert rule is not None
        forces = self.forces
        found = []
        for state in states:
            around = Surroundings(
                enemy_units=forces.enemy_units(state.side),
                enemy_zoc=forces.enemy_zoc(state.side),
                friendly_units={hex_ for hex_ in forces.occupied[state.side] if hex_ != state.hex},
                playable=self.board.playable,
            )
            found.append(retreat(state, hexes, rule, around, self.movement.may_step))
        return found
