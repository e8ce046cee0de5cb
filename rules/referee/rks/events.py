"""Events in force (9.4, 9.5, 9.7, 9.8): face cards played for the acting unit whose
effect lasts beyond the moment they are played.

Assault guns add 2 to the acting German unit (not a panzer division) until its action
ends; combat engineers cancel the built-up area in its next combat; a Molotov cocktail
adds 2 to the acting Soviet unit in its next combat; General Chuikov makes the German
play first in its next combat. Events are played face up, so both players see them.
"""

from __future__ import annotations

from rules.referee.card_places import EventInForce
from rules.referee.position import Position
from rules.referee.rks.board import Board
from rules.referee.prose import unit_ref
from rules.referee.verdict import Verdict

ASSAULT_GUNS, ENGINEERS, MOLOTOV, CHUIKOV = "9.4", "9.5", "9.7", "9.8"
LASTING = (ASSAULT_GUNS, ENGINEERS, MOLOTOV, CHUIKOV)
STRENGTH_BONUS = 2
"""What assault guns (9.4) and a Molotov cocktail (9.7) add."""
PANZER = "panzer"


def event_problem(event: EventInForce, position: Position, board: Board) -> str | None:
    """Why ``event`` cannot be in force for its unit, or None when it is."""
    unit = position.spec.units[event.unit]
    if event.event.side != unit.side:
        return f"a {board.side_name(event.event.side)} event cannot serve a {board.side_name(unit.side)} unit (9.1)"
    if event.event.rule not in LASTING:
        return f"it takes effect when played and does not stay in force ({event.event.rule})"
    if event.event.rule == ASSAULT_GUNS and unit.arm == PANZER:
        return "assault guns do not strengthen a panzer division (9.4)"
    if all(state.unit != unit for state in position.units):
        return "its unit is not on the map"
    return None


def event_verdicts(position: Position, board: Board) -> list[Verdict]:
    """One verdict per event in force."""
    assert position.cards is not None
    verdicts = []
    for event in position.cards.events:
        problem = event_problem(event, position, board)
        verdicts.append(
            Verdict(
                subject=f"{event.event.name} for " + unit_ref(event.unit),
                topic="event",
                outcome="in force" if problem is None else "no effect",
                rules=(event.event.rule, "9.1"),
                explanation=event.event.effect if problem is None else problem,
                details={"event": event.event.id, "side": event.event.side},
                unit=event.unit,
            )
        )
    return verdicts
