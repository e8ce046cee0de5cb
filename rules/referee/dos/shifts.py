"""Drive on Stalingrad odds: columns, column shifts and the order of play (5.4–5.6, 8.9,
9.27, 11.8–11.29).

Attack over defence rounds down, defence over a weaker attack rounds up (11.8, 11.9);
every shift is added to the raw odds first, then 7-1 or better is an automatic DE and
worse than 1-3 an automatic AL1 (11.10, 11.29).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import ceil, floor

from rules.hexes import Hex, direction_between
from rules.referee.dos.board import Board
from rules.referee.dos.control import Control
from rules.coverage import reading_applied
from rules.referee.dos.settings import (
    BLUE,
    CITY_CONCENTRIC_READINGS,
    PREPARED,
    URANUS,
    Settings,
)
from rules.referee.dos.supply import SupplyLines, SupplyState
from rules.referee.dos.units import AXIS, SOVIET, german
from rules.referee.odds import Modifier
from rules.referee.position import Position, UnitState
from rules.tables import Odds, OddsTable


def odds_index(attack: Fraction, defence: Fraction) -> int:
    """The raw odds as a column index: N-1 is N, 1-M is 2-M, so 1-1 is 1 and 1-3 is -1.

    Attack over defence rounds down (11.8); defence over a weaker attack rounds up
    (11.9). Column shifts add to the index before any clamping (11.29).
    """
    if defence <= 0:
        return 10**6
    if attack >= defence:
        return floor(attack / defence)
    return 2 - ceil(defence / attack)


def odds_at(index: int) -> Odds:
    """The odds a column index stands for."""
    return Odds(index, 1) if index >= 1 else Odds(1, 2 - index)


def column(attack: Fraction, defence: Fraction, shift: int) -> tuple[Odds, Odds]:
    """Raw odds (11.8, 11.9) and the odds after every shift (11.11, 11.29)."""
    index = odds_index(attack, defence)
    return odds_at(index), odds_at(index + shift)


def automatic_result(
    table: OddsTable, attack: Fraction, defence: Fraction, shift: int
) -> str | None:
    """7-1 or better after shifts: DE; worse than 1-3: AL1 — no roll (11.10, 11.29)."""
    index = odds_index(attack, defence) + shift
    if index > odds_index(Fraction(table.odds_columns()[-1].ratio), Fraction(1)):
        return "DE"
    if index < odds_index(Fraction(table.odds_columns()[0].ratio), Fraction(1)):
        return "AL1"
    return None


@dataclass(frozen=True, eq=False)
class Shifts:
    """The order of play and the column shifts of the attacks in one position."""

    position: Position
    board: Board
    control: Control
    supply: SupplyLines
    settings: Settings

    def forced_order(self, side: str) -> str | None:
        """The order rule 5.4 imposes on ``side`` this turn, if any."""
        scenario = self.settings.scenario
        if side == SOVIET and (scenario == BLUE or self.position.turn == 1):
            return "attack_first"
        if side == AXIS and scenario == BLUE and self.position.turn == 1:
            return "move_first"
        return None

    def phase_order(self, side: str) -> str:
        """The attacking (phasing) player's order this turn: the setting, else 5.4's, else movement first."""
        return self.settings.phase_order or self.forced_order(side) or "move_first"

    def defender_terrain(self, defender_hex: Hex) -> str:
        """The defender's terrain for combat: swamps count as clear once frozen (10.2)."""
        terrain = self.board.terrain(defender_hex)
        return "clear" if self.settings.frozen and terrain == "swamp" else terrain

    def modifiers(
        self, defender_hex: Hex, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> list[Modifier]:
        """Every column shift of rules 5.6, 8.9, 9.27 and 11.13–11.28 for this attack."""
        settings = self.settings
        side = attackers[0].side
        order = self.phase_order(side)
        prepared = settings.attack == PREPARED
        terrain = self.defender_terrain(defender_hex)
        modifiers = []
        if prepared and side == AXIS and order == "attack_first":
            modifiers.append(
                Modifier("German attacks before moving this turn", ("5.6",), column_shift=1)
            )
        if side == SOVIET and settings.scenario == URANUS and order == "move_first":
            modifiers.append(
                Modifier("Soviet moves before attacking in Uranus", ("5.6",), column_shift=-1)
            )
        if prepared:
            if terrain == "forest" and order == "move_first":
                modifiers.append(
                    Modifier(
                        "defender in forest, attacker moved first", ("11.14",), column_shift=-1
                    )
                )
            if terrain == "hills":
                modifiers.append(Modifier("defender in hills", ("11.15",), column_shift=-1))
            if terrain == "mountain":
                modifiers.append(Modifier("defender in mountains", ("11.16",), column_shift=-2))
            if terrain == "swamp":
                modifiers.append(
                    Modifier("non-mechanized units attack a swamp", ("11.17",), column_shift=1)
                )
        if terrain == "desert_steppe":
            modifiers.append(Modifier("defender in desert steppe", ("11.18",), column_shift=1))
        concentric = self._concentric(defender_hex, attackers, defenders)
        city = self.board.is_city(defender_hex)
        # 11.22 and 11.28 disagree on a concentric attack on a city: the reading decides,
        # and the city's modifier names it whenever the attack is concentric.
        city_reading = (
            (reading_applied("dos", "11.22", settings.concentric_on_cities),)
            if city and concentric is not None
            else ()
        )
        if city:
            supplied = self.supply.supply_at(defenders[0].side, defender_hex).state in (
                SupplyState.REGULAR,
                SupplyState.AUTOMATIC,
                SupplyState.AIR,
            )
            changes = (("AS", "AL1"), ("DR", "AL1")) if supplied else ()
            name = "defender in a city" + (
                ", in ground or air supply: AS and DR become AL1" if supplied else ""
            )
            if city_reading and settings.concentric_on_cities == CITY_CONCENTRIC_READINGS[0]:
                name += ", which no concentric attack shifts"
            modifiers.append(
                Modifier(
                    name,
                    ("11.22",),
                    column_shift=-2,
                    result_changes=changes,
                    readings=city_reading,
                )
            )
        if defenders[0].side == SOVIET and self.control.on_intact_line(defender_hex):
            modifiers.append(
                Modifier("Soviet defender on the Don–Volga line", ("11.23",), column_shift=-2)
            )
        if (
            side == AXIS
            and self.control.ring_intact()
            and all(
                state.hex is not None
                and "stalingrad_ring" in self.board.hexside_features(state.hex, defender_hex)
                for state in attackers
            )
        ):
            modifiers.append(
                Modifier(
                    "every attacker across the intact Stalingrad ring", ("11.24",), column_shift=-1
                )
            )
        if not prepared:
            if settings.scenario == BLUE and settings.air_and_armour:
                modifiers.append(
                    Modifier(
                        "assault shift cancelled by concentrated air and armour", ("9.27", "11.25")
                    )
                )
            else:
                modifiers.append(
                    Modifier(
                        "defence against a mechanized assault", ("9.27", "11.13"), column_shift=-2
                    )
                )
        if settings.air_attack:
            modifiers.append(
                Modifier(
                    f"{settings.air_attack} air marker(s) supporting the attack",
                    ("11.25",),
                    column_shift=settings.air_attack,
                )
            )
        if settings.air_defence:
            modifiers.append(
                Modifier(
                    f"{settings.air_defence} air marker(s) supporting the defence",
                    ("11.25",),
                    column_shift=-settings.air_defence,
                )
            )
        if settings.manstein:
            modifiers.append(Modifier("Manstein supports the attack", ("8.9",), column_shift=2))
        if concentric is not None and not city:
            modifiers.append(concentric)
        elif (
            concentric is not None and settings.concentric_on_cities != CITY_CONCENTRIC_READINGS[0]
        ):
            modifiers.append(
                replace(
                    concentric,
                    name=concentric.name + " on a city",
                    rules=(*concentric.rules, "11.22"),
                    readings=city_reading,
                )
            )
        return modifiers

    def _concentric(
        self, defender_hex: Hex, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> Modifier | None:
        """2R for Germans attacking a Soviet hex from opposite sides or three alternate
        ones, 1R when allies take part; never in an assault (11.28, 11.39). Whether a city
        defender is shifted is for the reading of 11.22 against 11.28 (:meth:`modifiers`)."""
        if (
            self.settings.attack != PREPARED
            or attackers[0].side != AXIS
            or defenders[0].side != SOVIET
        ):
            return None
        directions = {
            direction_between(defender_hex, state.hex)
            for state in attackers
            if state.hex is not None
        }
        opposite = any((direction + 3) % 6 in directions for direction in directions)
        alternate = any(
            {(direction + 2) % 6, (direction + 4) % 6} <= directions for direction in directions
        )
        if not (opposite or alternate):
            return None
        if all(german(state) for state in attackers):
            return Modifier("concentric attack by German units", ("11.28",), column_shift=2)
        return Modifier("concentric attack with allied units", ("11.28", "11.39"), column_shift=1)
