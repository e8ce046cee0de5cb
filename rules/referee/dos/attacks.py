"""Which Drive on Stalingrad attacks the rules allow (3.3, 5.4, 5.5, 8.9, 9.16, 9.23–9.27,
10.2, 11.12–11.26, 11.39), each reason with its rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence

from rules.hexes import Hex
from rules.referee.dos.board import Board
from rules.referee.dos.control import Control
from rules.referee.dos.settings import BLUE, PREPARED, URANUS, Settings
from rules.referee.dos.shifts import Shifts
from rules.referee.dos.strength import Strengths
from rules.referee.dos.supply import SupplyLines, SupplyState
from rules.referee.dos.units import (
    AXIS,
    ASSAULT_ESCORT_ARMS,
    PANZER_ARM,
    SOVIET,
    artillery,
    german,
    mechanized,
)
from rules.referee.prose import unit_ref, unit_refs
from rules.referee.odds import AttackProblem
from rules.referee.position import Position, UnitState

NO_ASSAULT_TERRAIN = {
    "forest": ("9.25", "11.14"),
    "hills": ("9.25", "11.15"),
    "mountain": ("9.25", "11.16"),
    "swamp": ("9.25", "11.17"),
}
AIR_MARKERS = {(BLUE, AXIS): 2, (URANUS, SOVIET): 1}
"""Air markers each player has in each scenario (11.25)."""


@dataclass(frozen=True, eq=False)
class AttackRules:
    """Why an attack in one position may not be made as stated."""

    position: Position
    board: Board
    control: Control
    supply: SupplyLines
    strengths: Strengths
    shifts: Shifts
    settings: Settings

    def problems(self, defender_hex: Hex, attackers: Sequence[UnitState]) -> list[AttackProblem]:
        """Why an attack by adjacent ``attackers`` may not be made as stated, each reason with its rule."""
        settings = self.settings
        side = attackers[0].side
        prepared = settings.attack == PREPARED
        terrain = self.shifts.defender_terrain(defender_hex)
        problems = []
        if side == AXIS and settings.scenario == URANUS and self.position.turn == 1:
            problems.append(AttackProblem("no German attacks on Uranus turn 1", ("3.3",)))
        order = self.shifts.phase_order(side)
        if order == "moves_only":
            problems.append(AttackProblem("a movement-only turn has no attacks", ("5.5",)))
        forced = self.shifts.forced_order(side)
        if forced is not None and order not in (forced, "attacks_only", "moves_only"):
            problems.append(
                AttackProblem(
                    f"the {side} player's order this turn is {forced.replace('_', ' ')}",
                    ("5.4",),
                )
            )
        non_artillery_across_land = False
        for state in attackers:
            assert state.hex is not None
            features = self.board.hexside_features(state.hex, defender_hex)
            name = unit_ref(state.unit.id) + f" in {self.board.label(state.hex)}"
            # A "?" attack is a roll of 1 to 6 (2.15): never 0.
            unrolled = self.strengths.unrolled(state, attacking=True)
            if not unrolled and self.strengths.printed(state, attacking=True)[0] == 0:
                problems.append(
                    AttackProblem(
                        name + " has an attack strength of 0 and cannot attack", ("11.12",)
                    )
                )
            if "impassable_mountain" in features:
                problems.append(
                    AttackProblem(
                        name + " cannot attack across an impassable mountain hexside",
                        ("11.16",),
                    )
                )
            if "lake_side" in features and not artillery(state):
                problems.append(
                    AttackProblem(name + " cannot attack across a lake or sea hexside", ("11.20",))
                )
            if side == AXIS and "volga" in features:
                problems.append(
                    AttackProblem(name + " cannot attack across the Volga", ("9.16", "11.19"))
                )
            if terrain == "swamp" and mechanized(state):
                problems.append(
                    AttackProblem(name + " is mechanized and cannot attack a swamp", ("11.17",))
                )
            if not artillery(state) and "lake_side" not in features:
                non_artillery_across_land = True
        problems += self._artillery_problems(defender_hex, attackers, non_artillery_across_land)
        allied = {
            state.unit.nationality
            for state in attackers
            if state.side == AXIS and not german(state)
        }
        if len(allied) > 1:
            problems.append(
                AttackProblem(
                    f"allied units of {', '.join(sorted(allied))} cannot attack together",
                    ("11.39",),
                )
            )
        if not prepared:
            problems += self._assault_problems(defender_hex, attackers, terrain)
        problems += self._support_problems(side, attackers, prepared)
        return problems

    def _artillery_problems(
        self, defender_hex: Hex, attackers: Sequence[UnitState], partner_across_land: bool
    ) -> list[AttackProblem]:
        problems = []
        for state in attackers:
            if not artillery(state):
                continue
            assert state.hex is not None
            name = unit_ref(state.unit.id) + f" in {self.board.label(state.hex)}"
            if self.settings.scenario == BLUE:
                problems.append(
                    AttackProblem(name + ": artillery is used only in Uranus", ("11.26",))
                )
            if not self.supply.supply_of(state).state.full_attack:
                problems.append(
                    AttackProblem(name + ": artillery out of supply cannot attack", ("11.26",))
                )
            same_hex = any(other.hex == state.hex and not artillery(other) for other in attackers)
            across_water = "lake_side" in self.board.hexside_features(state.hex, defender_hex)
            if not same_hex and not (across_water and partner_across_land):
                problems.append(
                    AttackProblem(
                        name + ": artillery attacks only with a non-artillery unit of its hex",
                        ("11.20", "11.26"),
                    )
                )
        return problems

    def _assault_problems(
        self, defender_hex: Hex, attackers: Sequence[UnitState], terrain: str
    ) -> list[AttackProblem]:
        problems = []
        if attackers[0].side != AXIS:
            return [AttackProblem("only the German makes mechanized assaults", ("9.23", "12.3"))]
        if terrain in NO_ASSAULT_TERRAIN:
            problems.append(
                AttackProblem(
                    f"no mechanized assault against {terrain}", NO_ASSAULT_TERRAIN[terrain]
                )
            )
        if self.board.is_city(defender_hex):
            problems.append(AttackProblem("no mechanized assault against a city", ("11.22",)))
        if self.control.on_intact_line(defender_hex):
            problems.append(
                AttackProblem("no mechanized assault against the Don–Volga line", ("9.25", "11.23"))
            )
        for state in attackers:
            assert state.hex is not None
            name = unit_ref(state.unit.id) + f" in {self.board.label(state.hex)}"
            features = self.board.hexside_features(state.hex, defender_hex)
            if not (german(state) and mechanized(state)):
                problems.append(
                    AttackProblem(
                        name + ": only German mechanized units make mechanized assaults",
                        ("9.23", "11.39"),
                    )
                )
            if self.supply.supply_of(state).state is not SupplyState.REGULAR:
                problems.append(
                    AttackProblem(
                        name + ": a mechanized assault starts from a hex in ground supply",
                        ("7.3", "7.16", "9.26"),
                    )
                )
            if "lake_side" in features:
                problems.append(
                    AttackProblem(name + ": no mechanized assault across water", ("9.25",))
                )
            if "river" in features and not self.settings.frozen:
                problems.append(
                    AttackProblem(
                        name + ": no mechanized assault across a river before the freeze",
                        ("10.2",),
                    )
                )
        if not any(state.unit.arm == PANZER_ARM for state in attackers):
            escorts = [
                state.unit.id for state in attackers if state.unit.arm in ASSAULT_ESCORT_ARMS
            ]
            if escorts:
                problems.append(
                    AttackProblem(
                        unit_refs(escorts) + " assault only together with a panzer division",
                        ("9.23",),
                    )
                )
        return problems

    def _support_problems(
        self, side: str, attackers: Sequence[UnitState], prepared: bool
    ) -> list[AttackProblem]:
        settings = self.settings
        scenario = settings.scenario
        problems = []
        defending = self.position.other_side(side)
        for player, used in ((side, settings.air_attack), (defending, settings.air_defence)):
            markers = AIR_MARKERS.get((scenario, player), 0)
            if used > markers:
                problems.append(
                    AttackProblem(
                        f"the {player} player has {markers} air markers in this scenario",
                        ("11.25",),
                    )
                )
        if settings.air_and_armour and prepared and side == AXIS and settings.air_attack:
            problems.append(
                AttackProblem(
                    "both air markers support assaults this turn, none is left for this attack",
                    ("9.27", "11.25"),
                )
            )
        if settings.manstein:
            if scenario != URANUS or side != AXIS:
                problems.append(
                    AttackProblem("Manstein supports German attacks in Uranus only", ("8.9",))
                )
            elif not any(
                state.unit.arm == PANZER_ARM
                and german(state)
                and self.supply.supply_of(state).state is SupplyState.REGULAR
                for state in attackers
            ):
                problems.append(
                    AttackProblem(
                        "Manstein needs a German panzer division in ground supply in the attack",
                        ("8.9",),
                    )
                )
        return problems
