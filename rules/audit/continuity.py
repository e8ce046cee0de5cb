"""Continuity: does a file start exactly where the previous file of the game left off?

A player who moves a piece between sending two files (a "ghost move"), or plays a turn
again until the dice please, breaks the chain; comparing the end of the previous file
with the start of the next names every piece that differs. The digest lets two players
confirm they hold the same position by reading out sixteen characters.
"""

from __future__ import annotations

import hashlib

from rules.referee.position import Position, UnitState
from rules.referee.prose import unit_ref
from rules.referee.verdict import Verdict

DIGEST_LENGTH = 16


def _where(state: UnitState) -> str:
    """A unit's place and steps as the chain compares them."""
    flags = f" [{', '.join(sorted(state.flags))}]" if state.flags else ""
    return f"{state.location} with {state.steps} step{'s' if state.steps != 1 else ''}{flags}"


def _places(position: Position) -> dict[str, str]:
    places = {state.unit.id: _where(state) for state in position.units}
    places.update({unit.id: "eliminated" for unit in position.eliminated})
    return places


def digest(position: Position) -> str:
    """A short fingerprint of where every unit stands, its steps and flags, which are
    eliminated, and the turn and phase: equal positions, equal digests."""
    lines = [f"turn {position.turn}", f"phase {position.phase or ''}"]
    lines += [f"{unit} {place}" for unit, place in sorted(_places(position).items())]
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:DIGEST_LENGTH]


def chain_breaks(previous: Position, start: Position, rules: tuple[str, ...]) -> list[Verdict]:
    """One verdict per unit that stands differently at ``start`` than at the end of
    ``previous`` (off the map in one, or elsewhere, or with other steps), and one for a
    different turn or phase; an empty list when the chain holds."""
    before, after = _places(previous), _places(start)
    verdicts = []
    for unit in sorted(before.keys() | after.keys()):
        was, now = before.get(unit, "off the map"), after.get(unit, "off the map")
        if was != now:
            verdicts.append(
                Verdict(
                    unit_ref(unit),
                    "continuity",
                    "ghost move",
                    rules,
                    f"{was} when the previous file ends; {now} when this one starts",
                    unit=unit,
                    violation=True,
                )
            )
    if (previous.turn, previous.phase) != (start.turn, start.phase):
        verdicts.append(
            Verdict(
                "turn",
                "continuity",
                "differs",
                rules,
                f"turn {previous.turn}, {previous.phase or 'no phase'} when the previous file ends; "
                f"turn {start.turn}, {start.phase or 'no phase'} when this one starts",
                violation=True,
            )
        )
    return verdicts
