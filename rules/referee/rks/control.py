"""Control of Stalingrad's areas (3.6): whose units stand there alone, isolated ones not counted.

All twelve city areas start Soviet. A side's units alone in an area give it control;
isolated units (8.10) count as absent. An area no counted unit stands in keeps its last
controller, which only the position can say (control markers in a save, ``[control]`` in
a position file). An area where both sides' counted units stand is contested: a combat
is under way there (8.1, 8.11), and control stays with the side that held it.
Each side's rear is its own and never changes hands (3.5).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from rules.referee.position import Position, UnitState
from rules.referee.rks.board import START_CONTROL, Board
from rules.referee.prose import Prose, unit_refs
from rules.referee.verdict import Place, Verdict

ISOLATED = "isolated"
ALONE, CONTESTED, KEPT = "alone", "contested", "kept"


@dataclass(frozen=True)
class AreaControl:
    """Who controls one city area, and why.

    ``reason`` is ``alone`` (the side's counted units stand there alone), ``contested``
    (both sides' counted units stand there) or ``kept`` (no counted unit: the last
    controller keeps it). ``recorded`` is what the position recorded (a marker), or None.
    """

    area: str
    side: str
    reason: str
    counted: tuple[UnitState, ...]
    isolated: tuple[UnitState, ...]
    recorded: str | None


def ids(states: tuple[UnitState, ...] | list[UnitState]) -> Prose:
    """The units, named space-separated in the order given."""
    return unit_refs((state.unit.id for state in states), " ")


class Control:
    """Control of every area in one position."""

    def __init__(self, position: Position, board: Board) -> None:
        self.position = position
        self.board = board

    def units_in(self, area: str) -> list[UnitState]:
        """The units on the map in ``area``."""
        return [state for state in self.position.units if state.location == area]

    @cached_property
    def areas(self) -> Mapping[str, AreaControl]:
        """Every city area's control."""
        result = {}
        for area in self.board.city_areas:
            present = self.units_in(area)
            counted = tuple(state for state in present if ISOLATED not in state.flags)
            isolated = tuple(state for state in present if ISOLATED in state.flags)
            recorded = self.position.control.get(area)
            before = recorded or START_CONTROL
            sides = {state.side for state in counted}
            if len(sides) == 1:
                (side,) = sides
                result[area] = AreaControl(area, side, ALONE, counted, isolated, recorded)
            else:
                result[area] = AreaControl(
                    area, before, CONTESTED if sides else KEPT, counted, isolated, recorded
                )
        return result

    def of(self, area: str) -> str:
        """The side controlling ``area``: a rear's owner, or a city area's controller."""
        owner = self.board.rear_owner(area)
        return owner if owner is not None else self.areas[area].side

    def held_by(self, side: str) -> list[str]:
        """The city areas ``side`` controls."""
        return [area for area, control in self.areas.items() if control.side == side]

    def contested(self) -> list[AreaControl]:
        """Areas where both sides' counted units stand."""
        return [control for control in self.areas.values() if control.reason == CONTESTED]

    def verdicts(self) -> list[Verdict]:
        """One verdict per city area (3.6)."""
        return [self._verdict(control) for control in self.areas.values()]

    def _verdict(self, control: AreaControl) -> Verdict:
        side_name = self.board.side_name(control.side)
        if control.reason == ALONE:
            why = f"{side_name} units stand there alone (" + ids(control.counted) + ")"
        elif control.reason == CONTESTED:
            why = (
                "both sides' units stand there ("
                + ids(control.counted)
                + "): a combat is under way (8.1, 8.11), "
                f"and the {side_name} side holds the area until it is decided"
            )
        elif control.recorded is None:
            why = Prose(f"no unit counts there: {side_name} since the start of the game")
        else:
            why = Prose(f"no unit counts there: the {side_name} side keeps it (as recorded)")
        if control.isolated:
            why += "; isolated units do not count: " + ids(control.isolated)
        if control.recorded is not None and control.recorded != control.side:
            why += f"; the position records {self.board.side_name(control.recorded)} control: turn the marker over"
        details = {
            "area": control.area,
            "control": control.side,
            "reason": control.reason,
            "units": ids(control.counted),
            "isolated": ids(control.isolated),
        }
        if control.recorded is not None:
            details["recorded"] = control.recorded
        return Verdict(
            subject=self.board.name(control.area),
            topic="control",
            outcome=side_name if control.reason != CONTESTED else f"{side_name} (contested)",
            rules=("3.6",) if not control.isolated else ("3.6", "8.10"),
            explanation=why,
            details=details,
            place=Place("area", control.area),
        )
