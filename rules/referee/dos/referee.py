"""The Drive on Stalingrad referee: the rule areas of this package wired into the hex
engine's hooks.

Each rule area is a small object built once per position, on first use, from the ones
it depends on: the board, control, supply, strengths, shifts, the attacks allowed,
movement and victory.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cached_property
from typing import ClassVar

from rules.hexes import Hex
from rules.referee.dos.attacks import AttackRules
from rules.referee.dos.board import Board
from rules.referee.dos.control import Control
from rules.referee.dos.movement import Movement, PathCost
from rules.referee.dos.reserves import Reserves
from rules.referee.dos.retreats import RETREAT_RULES, Retreats
from rules.referee.dos.settings import read_settings
from rules.referee.dos.shifts import Shifts, automatic_result, column
from rules.referee.dos.stacking import (
    STACK_LIMIT,
    STACKING_RULES,
    stacking_problems,
    stacking_weight,
)
from rules.referee.dos.strength import Strengths, total_strength
from rules.referee.dos.supply import SupplyLines, SupplyState
from rules.referee.dos.units import AXIS
from rules.referee.dos.victory import Victory
from rules.referee.engine import register
from rules.referee.hexgame import HexReferee, Retreat, StackingProblem
from rules.referee.odds import AttackProblem, Contribution, Modifier
from rules.referee.position import Position, UnitState
from rules.referee.prose import Prose
from rules.referee.search import StepAllowed
from rules.referee.verdict import Verdict
from rules.tables import Odds


@register
class DriveOnStalingradReferee(HexReferee):
    """Drive on Stalingrad (Ty Bomba's remake): rules 4, 5.6, 6, 7, 8.4, 8.9, 9, 11."""

    game_id: ClassVar[str] = "dos"
    stacking_rules = STACKING_RULES
    adjacency_rules = ("11.1",)
    supply_order: ClassVar[tuple[str, ...]] = tuple(
        str(state)
        for state in (
            SupplyState.OUT,
            SupplyState.AIR,
            SupplyState.COASTAL,
            SupplyState.AUTOMATIC,
            SupplyState.REGULAR,
        )
    )

    def __init__(self, position: Position) -> None:
        super().__init__(position)
        self.settings = read_settings(position)

    # ----- the rule areas ---------------------------------------------------------------

    @cached_property
    def board(self) -> Board:
        """The map's facts this game's rules read."""
        return Board(self.spec, self.position.game_map)

    @cached_property
    def control(self) -> Control:
        """Control of hexes and the state of the fortified lines."""
        return Control(self.position, self.board, self.settings)

    @cached_property
    def supply_lines(self) -> SupplyLines:
        """Both sides' networks and supply lines."""
        return SupplyLines(self.position, self.board, self.control, self.settings)

    @cached_property
    def strengths(self) -> Strengths:
        """Units' strengths in combat."""
        return Strengths(self.position, self.board, self.supply_lines, self.settings)

    @cached_property
    def shifts(self) -> Shifts:
        """The order of play and column shifts."""
        return Shifts(self.position, self.board, self.control, self.supply_lines, self.settings)

    @cached_property
    def attack_rules(self) -> AttackRules:
        """Which attacks the rules allow."""
        return AttackRules(
            self.position,
            self.board,
            self.control,
            self.supply_lines,
            self.strengths,
            self.shifts,
            self.settings,
        )

    @cached_property
    def reserves(self) -> Reserves:
        """The Blue reserve armies, held or released."""
        return Reserves(self.position, self.board, self.settings)

    @cached_property
    def movement(self) -> Movement:
        """Movement costs."""
        return Movement(
            self.position, self.board, self.control, self.supply_lines, self.reserves, self.settings
        )

    # ----- what a check reports ---------------------------------------------------------

    def supply(self) -> list[Verdict]:
        """Every unit's supply state with its traced line, and markers that cannot count."""
        return self.supply_lines.verdicts()

    def check(self) -> list[Verdict]:
        """The hex engine's verdicts, and each Blue reserve army held or released (8.4)."""
        return [*super().check(), *self.reserves.verdicts()]

    def victory(self) -> list[Verdict]:
        """The scenario's victory state: sudden death, VP and the end-of-game tests."""
        return Victory(
            self.position, self.board, self.control, self.supply_lines, self.settings
        ).verdicts()

    # ----- what other rule areas ask ----------------------------------------------------

    def board_hexes(self, board: str) -> frozenset[Hex]:
        """The playable hexes of one board (2.3)."""
        return self.board.board_hexes(board)

    def line_step(self, side: str, domain: frozenset[Hex]) -> StepAllowed:
        """May a supply line of ``side`` step between two adjacent hexes (7.12, 7.13)?"""
        return self.supply_lines.line_step(side, domain)

    def movement_allowance(self, state: UnitState) -> int:
        """Printed movement, halved for supply and on Uranus turn 1 (3.3, 7.5, 7.6, 7.15)."""
        return self.movement.allowance(state)

    def movement_cost(
        self, state: UnitState, path: Sequence[Hex], assault: bool = False
    ) -> PathCost:
        """What moving ``state`` along ``path`` (its own hex first) costs (9.1–9.21, 9.24)."""
        return self.movement.cost(state, path, assault)

    # ----- the hex engine's hooks -------------------------------------------------------

    retreat_rules = RETREAT_RULES

    @cached_property
    def retreats(self) -> Retreats:
        """Retreats after combat that start in this position (11.33, 11.34)."""
        return Retreats(
            self.position,
            self.control,
            self.supply_lines,
            self.movement,
            self.stacking_weight,
            self.stacking_limit,
        )

    def retreat_problems(self, after: Position, retreats: Sequence[Retreat]) -> list[Prose]:
        """A DR retreat into a hex it may not enter, or not toward the nearest supply
        source; an elimination where a retreat was open (11.33, 11.34)."""
        return self.retreats.problems(retreats)

    def stacking_limit(self, hex_: Hex, side: str) -> int:
        """Eight units a hex for both sides (6.1)."""
        return STACK_LIMIT

    def stacking_weight(self, state: UnitState) -> int:
        """Soviet artillery stacks on top of the eight (6.4); markers never count (6.5)."""
        return stacking_weight(state)

    def stacking_problems(self, hex_: Hex, states: Sequence[UnitState]) -> list[StackingProblem]:
        """Soviet artillery beyond three (6.4); Axis nationalities mixed (6.3)."""
        return stacking_problems(
            states, lambda: self.supply_lines.supply_at(AXIS, hex_).state is SupplyState.AIR
        )

    def attack_strength(self, state: UnitState) -> Contribution:
        """Printed (or rolled) attack, halved unless in full supply (7.5, 7.6, 7.15)."""
        return self.strengths.attack_strength(state)

    def defence_strength(self, state: UnitState) -> Contribution:
        """Printed (or rolled) defence, halved only out of supply (7.16)."""
        return self.strengths.defence_strength(state)

    def combat_strengths(
        self, defender_hex: Hex, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> tuple[tuple[Contribution, ...], tuple[Contribution, ...]]:
        """Strengths in this combat: flak, artillery, rivers and cities on top of supply."""
        return self.strengths.in_combat(defender_hex, attackers, defenders)

    def total_strength(self, contributions: Sequence[Contribution], attacking: bool) -> Fraction:
        """Units halved alike are added first, then halved, rounding down (1.3, 11.12)."""
        return total_strength(contributions)

    def column(self, attack: Fraction, defence: Fraction, shift: int) -> tuple[Odds, Odds]:
        """Raw odds (11.8, 11.9) and the odds after every shift (11.11, 11.29)."""
        return column(attack, defence, shift)

    def automatic_result(self, attack: Fraction, defence: Fraction, shift: int) -> str | None:
        """7-1 or better after shifts: DE; worse than 1-3: AL1 — no roll (11.10, 11.29)."""
        return automatic_result(self.table, attack, defence, shift)

    def attack_problems(
        self, defender_hex: Hex, attackers: Sequence[UnitState]
    ) -> list[AttackProblem]:
        """Adjacency first; then every reason of rules 3.3–11.39 the attack may not be made."""
        return super().attack_problems(defender_hex, attackers) or self.attack_rules.problems(
            defender_hex, attackers
        )

    def combat_modifiers(
        self, defender_hex: Hex, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> list[Modifier]:
        """Every column shift of rules 5.6, 8.9, 9.27 and 11.13–11.28 for this attack."""
        return self.shifts.modifiers(defender_hex, attackers, defenders)
