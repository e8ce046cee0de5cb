"""The Drive on Stalingrad referee: the rule areas of this package wired into the hex
engine's hooks.

Each rule area is a small object built once per position, on first use, from the ones
it depends on: the board, control, supply, strengths, shifts, the attacks allowed,
movement and victory.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import cached_property
from typing import ClassVar

from rules.hexes import Hex
from rules.referee.arrivals import ArrivalRules
from rules.referee.dos.attacks import AttackRules
from rules.referee.dos.board import Board
from rules.referee.dos.control import Control
from rules.referee.dos.movement import Movement, PathCost
from rules.referee.dos.reserves import Reserves
from rules.referee.dos.results import EFFECTS
from rules.referee.dos.retreats import RETREAT_RULES, Retreats
from rules.referee.dos.settings import read_settings
from rules.referee.dos.shifts import Shifts, automatic_result, column
from rules.referee.dos.stacking import STACKING_RULES, stacking_problems
from rules.referee.dos.strength import Strengths, total_strength
from rules.referee.dos.supply import SupplyLines, SupplyState
from rules.referee.dos.units import AXIS
from rules.referee.dos.victory import Victory
from rules.referee.engine import RefereeError, register
from rules.referee.hexgame import HexReferee, StackingProblem
from rules.referee.layers import MapLayer
from rules.referee.paths import cheapest_only
from rules.referee.odds import AttackProblem, Contribution, Modifier, UnrolledStrength
from rules.referee.position import Position, UnitState
from rules.referee.prose import Prose
from rules.referee.results import Effect, Retreat
from rules.referee.search import StepAllowed
from rules.referee.sequence import PhaseRule
from rules.referee.verdict import Verdict
from rules.tables import Odds

EITHER_PHASE = "the other phase"
"""A player turn's second phase: movement or prepared attacks, whichever came second (5.4)."""


QUESTION_ROLLS = (1, 2, 3, 4, 5, 6)
"""What a "?" strength can be: the roll of one die (2.15)."""


@register
class DriveOnStalingradReferee(HexReferee):
    """Drive on Stalingrad (Ty Bomba's remake): rules 4, 5.6, 6, 7, 8.4, 8.9, 9, 11."""

    game_id: ClassVar[str] = "dos"
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

    def map_layers(self) -> list[MapLayer]:
        """Each side's supply network: the sources joined to an ultimate source and the
        legs of at most 7 hexes joining them (7.3, 7.8, 7.12, 7.13)."""
        layers = []
        for side in self.spec.sides:
            sources: set[Hex] = set()
            legs: list[tuple[Hex, ...]] = []
            for board in ("North", "South"):
                network = self.supply_lines.supplies[(side.id, board)].network
                sources |= network.connected
                legs += [network.legs[source] for source in sorted(network.legs)]
            layers.append(
                MapLayer(
                    f"network-{side.id}",
                    f"{side.name} supply network",
                    f"{side.name} sources joined to an ultimate source (circled), and the legs joining them",
                    "source",
                    self.board.labels(sorted(sources)),
                    ("7.3", "7.8", "7.12", "7.13"),
                    side=side.id,
                    lines=tuple(self.board.labels(leg) for leg in legs),
                )
            )
        return layers

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

    def result_effects(self) -> Mapping[str, Effect]:
        """What each result does (11.31-11.38)."""
        return EFFECTS

    @property
    def retreat_rules(self) -> tuple[str, ...]:
        """A DR retreat goes toward the nearest supply source, within the movement
        restrictions and the stacking limit (11.33, 11.34)."""
        return RETREAT_RULES

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

    def arrival_rules(self) -> ArrivalRules:
        """Reinforcements (8.2): towns, sources and hexes the side controls or holds,
        under conditions the audit says rather than judges."""
        return ArrivalRules(
            ("8.2",),
            conditions=("once ", "at most", "no move or attack"),
            unread=("German-controlled", "supply source", "supply-network town", "Stalingrad hex"),
        )

    def judge_move(self, state: UnitState, goal: Hex, path: Sequence[Hex] | None = None) -> Verdict:
        """The cheapest legal path to ``goal``, a mechanized assault into enemy units
        (9.1-9.21, 9.24); a path given is not judged."""
        if path is not None:
            raise RefereeError(self.position.source, None, cheapest_only(self.spec.title))
        return self.movement.cheapest(state, goal)

    def movement_cost(
        self, state: UnitState, path: Sequence[Hex], assault: bool = False
    ) -> PathCost:
        """What moving ``state`` along ``path`` (its own hex first) costs (9.1–9.21, 9.24)."""
        return self.movement.cost(state, path, assault)

    # ----- the hex engine's hooks -------------------------------------------------------

    @property
    def combat_rules(self) -> tuple[str, ...]:
        """Shifts are added to the raw odds, then the table is read (11.29)."""
        return ("11.29",)

    @property
    def sequence_rules(self) -> tuple[str, ...]:
        """The sequence of play and its declared phases (5.1, 5.4)."""
        return ("5.1", "5.4")

    @property
    def victory_point_rules(self) -> tuple[str, ...]:
        """Victory (4.0)."""
        return ("4.0",)

    def phase_rule(self, phase: str | None) -> PhaseRule:
        """The engine's reading of the phase; a player turn's second phase is movement or
        prepared attacks, whichever came second, which the log does not record (5.4)."""
        rule = super().phase_rule(phase)
        if phase is not None and EITHER_PHASE in phase.lower():
            return replace(rule, moves=True, chosen=True)
        return rule

    @property
    def stacking_rules(self) -> tuple[str, ...]:
        """Eight units a hex (6.1, the limit and the artillery on top of it from the
        data), nationalities (6.3), at most three artillery on top (6.4)."""
        return STACKING_RULES

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

    def unrolled(
        self, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> tuple[UnrolledStrength, ...]:
        """The "?" strengths of this combat no roll is stated for: the German rolls one die
        for each when the combat is fought (2.15)."""
        return tuple(
            UnrolledStrength(state.unit.id, strength, QUESTION_ROLLS, ("2.15",))
            for states, strength in ((attackers, "attack"), (defenders, "defence"))
            for state in states
            if self.strengths.unrolled(state, attacking=strength == "attack")
        )

    def rolled_strengths(
        self,
        defender_hex: Hex,
        attackers: Sequence[UnitState],
        defenders: Sequence[UnitState],
        rolls: Mapping[str, int],
    ) -> tuple[tuple[Contribution, ...], tuple[Contribution, ...]]:
        """Strengths in this combat with the "?" strengths of ``rolls`` rolled (2.15)."""
        settings = replace(self.settings, question_rolls={**self.settings.question_rolls, **rolls})
        strengths = Strengths(self.position, self.board, self.supply_lines, settings)
        return strengths.in_combat(defender_hex, attackers, defenders)

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
        return self.adjacency_problems(defender_hex, attackers) or self.attack_rules.problems(
            defender_hex, attackers
        )

    def combat_modifiers(
        self, defender_hex: Hex, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> list[Modifier]:
        """Every column shift of rules 5.6, 8.9, 9.27 and 11.13–11.28 for this attack."""
        return self.shifts.modifiers(defender_hex, attackers, defenders)
