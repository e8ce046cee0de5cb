"""The Soviet army reserves of the Blue scenario (8.4, released early by 8.6).

Units of the four reserve armies may neither move nor attack until the army is released
(an attack needs an adjacent enemy, which releases the army, so only moves are refused):
by an Axis unit within 8 hexes of the unit, by Moscow's die roll of 1 from turn 2, or by
the Axis's first crossing of the Voronezh/Don or Don–Volga line (8.6). A position shows
the first, and the third while an Axis unit stands beyond a line; the
``reserves_released`` setting names armies released otherwise or in an earlier turn. A
reserve unit no longer in its set-up hex has moved, so its army was released. Rule 8.4
checks the approach at the start of the Soviet player turn; the referee checks it in the
position it is given.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from rules.hexes import Hex, distance
from rules.referee.dos.board import Board
from rules.referee.dos.settings import BLUE, Settings
from rules.referee.dos.units import AXIS, RESERVE_ARMIES, SOVIET
from rules.referee.position import Position, UnitState
from rules.referee.verdict import Verdict

RESERVE_RULE = "8.4 (errata 2002)"
"""8.4 as the errata of 3 September 2002 worded it: four armies, not five."""
RELEASE_DISTANCE = 8
"""An Axis unit this many hexes from a reserve unit or nearer releases its army (8.4)."""


@dataclass(frozen=True)
class Hold:
    """Whether one reserve army is still held, and why."""

    army: str
    held: bool
    reason: str


@dataclass(frozen=True, eq=False)
class Reserves:
    """The state of each reserve army's units in one position."""

    position: Position
    board: Board
    settings: Settings

    @cached_property
    def set_up_hexes(self) -> Mapping[str, frozenset[Hex]]:
        """Where each reserve army sets up in Blue (12.1)."""
        spec = self.position.spec
        found: dict[str, set[Hex]] = {}
        for placement in spec.scenarios[BLUE].setup if BLUE in spec.scenarios else ():
            army = spec.units[placement.unit].traits.army
            parsed = spec.parse_hex(placement.location)
            if army in RESERVE_ARMIES and parsed is not None:
                found.setdefault(army, set()).add(parsed[1])
        return {army: frozenset(hexes) for army, hexes in found.items()}

    def army_of(self, state: UnitState) -> str | None:
        """The reserve army of a Soviet unit in Blue, or None."""
        army = state.unit.traits.army
        if self.settings.scenario != BLUE or state.side != SOVIET or army not in RESERVE_ARMIES:
            return None
        return army

    @cached_property
    def holds(self) -> Mapping[str, Hold]:
        """Each reserve army with units on the map: held or released (8.4, 8.6). An army is
        released as a whole, so one unit out of the set-up hex releases them all."""
        units: dict[str, list[Hex]] = {}
        for state in self.position.units_of(SOVIET):
            army = self.army_of(state)
            if army is not None and state.hex is not None:
                units.setdefault(army, []).append(state.hex)
        axis = list(self.position.occupied(AXIS))
        beyond = self.board.east_of_don | self.board.don_volga_inside
        crossed = sorted((hex_ for hex_ in axis if hex_ in beyond), key=self.board.label)
        result = {}
        for army in RESERVE_ARMIES:
            hexes = units.get(army)
            if not hexes:
                continue
            moved = sorted(
                set(hexes) - self.set_up_hexes.get(army, frozenset()), key=self.board.label
            )
            nearest = min(
                (distance(axis_hex, hex_) for axis_hex in axis for hex_ in hexes), default=None
            )
            if army in self.settings.reserves_released:
                result[army] = Hold(army, False, f"the settings say {army} has been released")
            elif crossed:
                result[army] = Hold(
                    army,
                    False,
                    f"an Axis unit in {self.board.label(crossed[0])} has crossed the "
                    "Voronezh/Don or Don–Volga line, which releases every reserve (8.6)",
                )
            elif moved:
                result[army] = Hold(
                    army,
                    False,
                    f"a unit of {army} stands in {self.board.label(moved[0])}, off its "
                    "set-up hex, so the army was released",
                )
            elif nearest is not None and nearest <= RELEASE_DISTANCE:
                result[army] = Hold(
                    army, False, f"an Axis unit is {nearest} hexes away, within {RELEASE_DISTANCE}"
                )
            else:
                away = (
                    "no Axis unit is on the map"
                    if nearest is None
                    else f"the nearest Axis unit is {nearest} hexes away"
                )
                result[army] = Hold(
                    army,
                    True,
                    f"{away}, more than {RELEASE_DISTANCE}, and the settings do not release {army}",
                )
        return result

    def hold(self, state: UnitState) -> Hold | None:
        """The hold on ``state``'s army, if it is a reserve unit on the map."""
        army = self.army_of(state)
        return None if army is None or state.hex is None else self.holds.get(army)

    def verdicts(self) -> list[Verdict]:
        """Each reserve army with units on the map: held or released (8.4, 8.6)."""
        return [
            Verdict(
                subject=hold.army,
                topic="reserves",
                outcome="held" if hold.held else "released",
                rules=(RESERVE_RULE, "8.6"),
                explanation=hold.reason
                + (": its units may neither move nor attack" if hold.held else ""),
            )
            for hold in self.holds.values()
        ]
