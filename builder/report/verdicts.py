"""Where on the map each verdict is, whose it is, and which colour its state takes.

A verdict names its unit (``unit``), or a hex in its subject ("hex 2912"), its units
(``details["units"]``) or hexes (``details["gaps"]``), or in an area game its area
(``details["area"]``) or areas (``details["objectives"]``); from these the page knows
which places to show when a player clicks the verdict, and which side's filter it falls
under: the unit's side, or the side a verdict names (``details["side"]``, a hand), or
controls (``details["control"]``, an area).
Supply outcomes are worded by each game's rules ("in supply", "supplied", "air supply
(defence only)", "isolated"); :func:`supply_class` sorts them into the few states the
map colours.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.referee.verdict import Verdict

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

_HEX_SUBJECT = re.compile(r"^hex (\S+)$")


def supply_class(outcome: str) -> str:
    """The map colour class of a supply outcome, whatever words its game uses."""
    if "isolated" in outcome:
        return "isolated"
    if outcome.startswith("out of supply"):
        return "out"
    if "defence only" in outcome:
        return "limited"
    if outcome == "supplied" or outcome.startswith("in supply"):
        return "supplied"
    return "other"


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
    match = _HEX_SUBJECT.match(verdict.subject)
    if match:
        found.append(match.group(1))
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
    for key in ("side", "control"):
        if verdict.details.get(key) in sides:
            return verdict.details[key]
    named = {units[name].side for name in _names(verdict.details.get("units", "")) if name in units}
    if len(named) == 1:
        return named.pop()
    first_word = verdict.subject.split(" ", 1)[0]
    return first_word if first_word in sides else None


def _names(listed: str) -> list[str]:
    return [name.strip() for name in listed.split(",") if name.strip()]
