"""Where on the map each verdict is, whose it is, and which colour its state takes.

A verdict names its unit (``unit``), or its place (``place``: a hex or an area), its
units (``details["units"]``) or hexes (``details["gaps"]``), or in an area game its area
(``details["area"]``) or areas (``details["objectives"]``); from these the page knows
which places to show when a player clicks the verdict, and which side's filter it falls
under: the unit's side, the side whose force the verdict is about (``force``), or the
side a verdict names (``details["side"]``, a hand) or controls (``details["control"]``,
an area).
:func:`supply_class` sorts a verdict's state (the shared vocabulary of
:data:`rules.referee.verdict.State`) into the few classes the map colours.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.referee.verdict import State, Verdict

SUPPLY_CLASSES: Mapping[str, tuple[str, str, str]] = {
    # class: colour, marker, what it means
    "supplied": ("#2e8b3d", "", "in supply"),
    "limited": ("#e0a000", "½", "supplied for defence only (halved to attack and move)"),
    "out": ("#d0302a", "!", "out of supply"),
    "isolated": ("#7b2d9b", "×", "isolated"),
    "other": ("#777777", "?", "another supply state"),
}

BREACH_COLOUR = "#d0302a"
"""The colour of a breach of the rules standing in the position (an illegal stack)."""
BREACH_SYMBOL = "!!"
"""The module's overlay marks a breach with it beside its outline."""

SUPPLY_CLASS_OF_STATE: Mapping[State, str] = {
    "supplied": "supplied",
    "limited": "limited",
    "out of supply": "out",
    "isolated": "isolated",
}


def supply_class(verdict: Verdict) -> str:
    """The map colour class of a supply verdict's state, whatever words its game uses."""
    if verdict.state is None:
        return "other"
    return SUPPLY_CLASS_OF_STATE.get(verdict.state, "other")


@dataclass(frozen=True)
class UnitPlace:
    """What the page knows of a unit for placing its verdicts: its hex (or area) and side."""

    hex: str
    side: str


def places(verdict: Verdict, units: Mapping[str, UnitPlace]) -> tuple[str, ...]:
    """The places (printed hex numbers, area ids) a verdict is about, in the order it names them."""
    if verdict.unit is not None and verdict.unit in units:
        return (units[verdict.unit].hex,)
    found: list[str] = []
    if verdict.place is not None and verdict.place.kind == "hex":
        found.append(verdict.place.name)
    for key in ("hex", "area"):
        if key in verdict.details:
            found.append(verdict.details[key])
    found += verdict.details.get("gaps", "").split()
    found += verdict.details.get("objectives", "").split()
    found += [units[name].hex for name in _names(verdict.details.get("units", "")) if name in units]
    return tuple(dict.fromkeys(found))


def verdict_side(
    verdict: Verdict, units: Mapping[str, UnitPlace], sides: Sequence[str]
) -> str | None:
    """The side a verdict is about, or None for the whole game."""
    if verdict.unit is not None and verdict.unit in units:
        return units[verdict.unit].side
    if verdict.force in sides:
        return verdict.force
    for key in ("side", "control"):
        if verdict.details.get(key) in sides:
            return verdict.details[key]
    named = {units[name].side for name in _names(verdict.details.get("units", "")) if name in units}
    return named.pop() if len(named) == 1 else None


def _names(listed: str) -> list[str]:
    return [name.strip() for name in listed.split(",") if name.strip()]
