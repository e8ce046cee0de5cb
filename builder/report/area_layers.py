"""Rattenkrieg's layers: who controls each area (3.6), isolated units (8.10), units in the
enemy rear (3.5) and the German objectives (4.0); and what its counters show.

Each layer is read from the referee's public members — ``control.areas``,
``isolation.isolated``, ``board.rear_owner``, ``board.objectives`` — the facts its verdicts
rest on, so the page never re-derives a rule and never disagrees with ``stavka check``.
None of them touches a card: control, isolation and places are public.

The step count on each counter (3.3: the opponent sees how many cards a unit holds, never
which) is read from the step verdicts built for the page's reader, like everything else
the page shows of the cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.report.overlays import Key, Overlay, side_colour
from builder.report.verdicts import SUPPLY_CLASSES
from rules.referee.rks import RattenkriegReferee
from rules.referee.rks.board import GERMAN
from rules.referee.rks.control import CONTESTED
from rules.referee.verdict import Verdict

if TYPE_CHECKING:
    # The area board draws with shapely, which a hex game's page never loads.
    from builder.report.areas import AreaBoard

ENEMY_REAR_COLOUR = "#d0302a"


@dataclass(frozen=True)
class StepCount:
    """The step cards a unit holds and the most it may hold (3.3, 7.5): public counts."""

    held: int
    maximum: int


@dataclass(frozen=True)
class ControlMarker:
    """A control marker where the position records it: the side its face shows, the side
    the referee rules controls the area, and whether it must be turned over."""

    area: str
    point: tuple[float, float]
    shows: str
    controller: str

    @property
    def turn_over(self) -> bool:
        return self.shows != self.controller


def rattenkrieg_overlays(referee: RattenkriegReferee) -> list[Overlay]:
    """The layers of a Rattenkrieg position, in the order the legend lists them."""
    return [_control(referee), _isolated(referee), _enemy_rear(referee), _objectives(referee)]


def _side_names(referee: RattenkriegReferee) -> dict[str, str]:
    return {side.id: side.name for side in referee.spec.sides}


def _control(referee: RattenkriegReferee) -> Overlay:
    """Every city area tinted in its controller's colour; contested areas dashed too."""
    areas = referee.control.areas
    names = _side_names(referee)
    keys = [
        Key(
            side_colour(side),
            f"{name} control: its units stand there alone, or it held the area last",
            "fill",
        )
        for side, name in names.items()
    ]
    keys.append(
        Key(
            "#1e1c18",
            "contested: both sides' units stand there; the holder keeps the area until the "
            "combat is decided (8.1, 8.11)",
            "dashed",
        )
    )
    return Overlay(
        "control",
        "Area control",
        "who controls each city area; isolated units do not count",
        "#1e1c18",
        "tint",
        tuple(areas),
        ("3.6", "8.10"),
        shown=True,
        colours={area: side_colour(control.side) for area, control in areas.items()},
        dashed=tuple(area for area, control in areas.items() if control.reason == CONTESTED),
        keys=tuple(keys),
    )


def _isolated(referee: RattenkriegReferee) -> Overlay:
    """Units isolated now: flagged, and their side does not control their area."""
    units = tuple(
        state.unit.id for state in referee.position.units if referee.isolation.isolated(state)
    )
    colour, glyph, _ = SUPPLY_CLASSES["isolated"]
    return Overlay(
        "isolated",
        "Isolated units",
        "isolated in its area: cannot move or retreat, fights with its own steps only "
        "and does not count for control",
        colour,
        "unit",
        units,
        ("8.10", "3.6"),
        shown=True,
        glyph=glyph,
    )


def _enemy_rear(referee: RattenkriegReferee) -> Overlay:
    """Units standing in the other side's rear, which none may enter."""
    board = referee.board
    units = tuple(
        state.unit.id
        for state in referee.position.units
        if board.rear_owner(state.location) not in (None, state.side)
    )
    return Overlay(
        "enemy-rear",
        "Units in the enemy rear",
        "a unit standing in the enemy's rear, which it may never enter",
        ENEMY_REAR_COLOUR,
        "unit",
        units,
        ("3.5",),
        shown=True,
        glyph="!",
    )


def _objectives(referee: RattenkriegReferee) -> Overlay:
    """The three areas joined to the Soviet rear, edged by whether the German holds them."""
    objectives = referee.board.objectives
    held = {area: referee.control.of(area) == GERMAN for area in objectives}
    german, soviet = side_colour(GERMAN), side_colour(referee.board.other(GERMAN))
    return Overlay(
        "objectives",
        "German objectives",
        "the areas joined to the Soviet rear: the German wins if he holds all "
        "of them at the end of turn 6",
        german,
        "edge",
        objectives,
        ("4.0", "3.5"),
        shown=True,
        colours={area: german if holds else soviet for area, holds in held.items()},
        keys=(
            Key(german, "held by the German", "edge"),
            Key(soviet, "not held by the German", "edge"),
        ),
    )


def control_markers(referee: RattenkriegReferee, board: AreaBoard) -> list[ControlMarker]:
    """A marker for every area whose control the position records (every city area in a
    save of the module; the ``[control]`` table of a position file), where the module
    sets control markers up."""
    return [
        ControlMarker(area, board.marker_point(area), control.recorded, control.side)
        for area, control in referee.control.areas.items()
        if control.recorded is not None
    ]


def step_counts(verdicts: Sequence[Verdict]) -> dict[str, StepCount]:
    """Each unit on the map's step count, by the name the reader sees, from its step
    verdict; a unit dealt no steps (the T-34, 8.12) has no badge, as in the module."""
    return {
        verdict.unit: StepCount(int(verdict.details["steps"]), int(verdict.details["maximum"]))
        for verdict in verdicts
        if verdict.topic == "steps"
        and verdict.unit is not None
        and "area" in verdict.details
        and verdict.details["maximum"] != "0"
    }
