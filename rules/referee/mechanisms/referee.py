"""The data-configured referee: the mechanisms of :mod:`rules.referee.mechanisms` wired into the
hex engine's hooks, with the rule sections the game's ``[referee]`` table names."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from rules.game_rules import GameRules
from rules.hexes import Hex
from rules.referee.hexgame import HexReferee
from rules.referee.mechanisms.combat import Combat
from rules.referee.mechanisms.forces import Forces
from rules.referee.mechanisms.movement import Movement
from rules.referee.mechanisms.supply import IN_SUPPLY, OUT_OF_SUPPLY, SupplyLines
from rules.referee.odds import AttackProblem, Contribution, Modifier
from rules.referee.position import Position, UnitState
from rules.referee.verdict import Verdict


class DataReferee(HexReferee):
    """Rulings on a position of a game whose rules are its ``[referee]`` data.

    Not registered under a game id: :func:`rules.referee.games.referee_for` gives it to
    every game that has such a table and no referee of its own.
    """

    supply_order = (OUT_OF_SUPPLY, IN_SUPPLY)

    def __init__(self, position: Position) -> None:
        super().__init__(position)
        assert position.spec.referee is not None
        self.rules: GameRules = position.spec.referee
        self.stacking_rules = (self.rules.stacking.section,)
        self.adjacency_rules = (self.rules.combat.section,)
        self.odds_table_id = self.rules.combat.table

    # ----- the rule areas ---------------------------------------------------------------

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
            self.board, self.forces, self.supply_lines, self.rules, self.spec.terrain_types
        )

    # ----- what a check reports ---------------------------------------------------------

    def supply(self) -> list[Verdict]:
        """Each unit's supply state with its traced line."""
        return self.supply_lines.verdicts()

    def zones_of_control(self) -> list[Verdict]:
        """Hexes whose units stand in enemy ZOC, for information."""
        return self.forces.verdicts()

    def movement_cost(
        self, state: UnitState, path: Sequence[Hex]
    ) -> tuple[int | None, list[Verdict]]:
        """MP for ``state`` to move along ``path`` (its own hex first), and whether it may."""
        return self.movement.cost(state, path)

    # ----- the hex engine's hooks -------------------------------------------------------

    def stacking_limit(self, hex_: Hex, side: str) -> int:
        """The game's limit, the same in every hex."""
        return self.rules.stacking.limit

    def stacking_weight(self, state: UnitState) -> int:
        """Units of the arms the game names do not count."""
        return 0 if state.unit.arm in self.rules.stacking.not_counted else 1

    def attack_strength(self, state: UnitState) -> Contribution:
        """The printed attack, halved out of supply when the game says so."""
        return self.combat.strength(state, "attack")

    def defence_strength(self, state: UnitState) -> Contribution:
        """The printed defence, halved out of supply when the game says so."""
        return self.combat.strength(state, "defence")

    def attack_problems(
        self, defender_hex: Hex, attackers: Sequence[UnitState]
    ) -> list[AttackProblem]:
        """Adjacency, and hexsides no attack may cross."""
        return super().attack_problems(defender_hex, attackers) + self.combat.attack_problems(
            defender_hex, attackers, self.spec.terrain_types
        )

    def combat_modifiers(
        self, defender_hex: Hex, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> list[Modifier]:
        """Terrain's shifts and die modifiers (from the terrain data), then unit kinds'."""
        return super().combat_modifiers(
            defender_hex, attackers, defenders
        ) + self.combat.kind_modifiers(defender_hex, attackers, defenders)
