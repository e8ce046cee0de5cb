"""A flight moved in a log: whether it may fly there then (Air units, Air missions).

A flight is not moved as a unit moves: it flies, over any terrain, to a hex within its
range of its own ground echelon, to fly one of the five missions, each in a phase of its
own side's player turn (interception at the start and air superiority at the end of the
first movement phase, close support in the combat phase, interdiction and combat air
patrol at the end of the motorised movement phase), and goes back to its ground echelon
when the mission ends. A log shows where a flight went, never which mission it flew nor
whether its ground echelon moved this game turn (then it may not fly at all); the
verdict says so, and :mod:`rules.referee.tps.air` judges a mission once a position
states it.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.hexes import Hex, distance
from rules.referee.position import Position, UnitState
from rules.referee.prose import unit_ref
from rules.referee.tps.air import MISSION_RULES
from rules.referee.tps.sections import RULES
from rules.referee.tps.units import is_ground_echelon
from rules.referee.verdict import Verdict
from rules.referee.wording import hexes

MISSIONS_BY_PHASE: Mapping[str, tuple[str, ...]] = {
    "first movement": ("interception", "air_superiority"),
    "combat": ("close_support",),
    "motorised movement": ("interdiction", "combat_air_patrol"),
}
"""The missions flown in each phase of a side's player turn (Air missions (1)-(5))."""
NOT_SHOWN = (
    "which mission it flies, and whether its ground echelon moved this game turn (then it "
    "may not fly), the log does not show"
)


def flight_move(position: Position, state: UnitState, goal: Hex) -> Verdict:
    """The verdict on ``state``, a flight, flown to ``goal`` in ``position`` (the position
    its move left, where its ground echelon stands)."""
    unit = state.unit
    subject = unit_ref(unit.id)
    echelon = next(
        (
            other
            for other in position.units
            if is_ground_echelon(other.unit) and other.unit.traits.air_unit == unit.traits.air_unit
        ),
        None,
    )
    if echelon is not None and echelon.hex == goal:
        return _verdict(
            subject,
            unit.id,
            True,
            (RULES["air_units"],),
            f"back on its ground echelon in {position.label(goal)}: a flight returns there when "
            "its mission ends",
        )
    phase = position.phase or ""
    side_name = next(side.name for side in position.spec.sides if side.id == state.side)
    kind = phase.removeprefix(side_name + " ") if phase.startswith(side_name + " ") else None
    missions = MISSIONS_BY_PHASE.get(kind or "")
    if missions is None:
        return _verdict(
            subject,
            unit.id,
            False,
            (RULES["air_units"], RULES["sequence_of_play"]),
            f"flown to {position.label(goal)} in the {phase or 'unknown'} phase, but a flight "
            f"flies its missions only in its own side's phases",
        )
    rules = (RULES["air_units"], *(MISSION_RULES[mission] for mission in missions))
    if echelon is None or echelon.hex is None:
        return _verdict(
            subject,
            unit.id,
            False,
            rules,
            f"flown to {position.label(goal)}, but its ground echelon is not on the map: it "
            "cannot fly",
        )
    away = distance(echelon.hex, goal)
    flight_range = unit.traits.flight_range
    within = flight_range is None or away <= flight_range
    reach = f"{hexes(away)} from its ground echelon in {position.label(echelon.hex)}"
    limit = f"its range of {flight_range}" if flight_range is not None else "its range"
    named = " or ".join(mission.replace("_", " ") for mission in missions)
    return _verdict(
        subject,
        unit.id,
        within,
        rules,
        f"flies to {position.label(goal)}, {reach}, "
        + (
            f"within {limit}: in this phase it may fly {named}; {NOT_SHOWN}"
            if within
            else f"beyond {limit}"
        ),
        details={"distance": str(away), "range": str(flight_range or "")},
    )


def _verdict(
    subject: str,
    unit: str,
    legal: bool,
    rules: tuple[str, ...],
    explanation: str,
    details: Mapping[str, str] | None = None,
) -> Verdict:
    return Verdict(
        subject,
        "air mission",
        "legal" if legal else "illegal",
        rules,
        explanation,
        details=details or {},
        unit=unit,
        violation=not legal,
        state="legal" if legal else "illegal",
    )
