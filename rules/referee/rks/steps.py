"""Steps: the playing cards dealt to each unit (3.3), never more than it was dealt (7.5).

Panzer divisions hold 4, motorised and Guards 3, infantry 2 (the 100th Jäger 1), rifle
divisions 1, and the T-34 none (8.12). A unit keeps its cards in play through losses
(8.9) and replenishment (7.5), so the count on the counter is public, the cards its
owner's alone. A unit off the map holds none: reinforcements are dealt theirs on
arrival (6.1, 6.2), an eliminated unit's went to the discard pile (8.9).

A unit short of steps in its own rear area that has not acted may replenish one instead
of acting (7.5); its verdict says so, or why not: under 7.5's optional rule, which the
players choose when the German seems to have the better of the game, only the Soviet
replenishes.
"""

from __future__ import annotations

from rules.cards import Card
from rules.referee.position import Position, UnitState
from rules.referee.rks.board import SOVIET, Board
from rules.referee.rks.control import ISOLATED
from rules.referee.rks.sight import Sight, card_names, card_places_of
from rules.referee.prose import unit_ref
from rules.referee.verdict import Verdict
from rules.referee.wording import count

ACTED = "acted"


def step_verdicts(
    position: Position, board: Board, sight: Sight, soviet_only_replenishment: bool
) -> list[Verdict]:
    """One verdict per unit on the map, and one per unit off it that holds step cards;
    ``soviet_only_replenishment`` is 7.5's optional rule."""
    places = card_places_of(position)
    verdicts = [
        _on_map(state, board, sight, places.steps_of(state.unit.id), soviet_only_replenishment)
        for state in position.units
    ]
    on_map = {state.unit.id for state in position.units}
    eliminated = {unit.id for unit in position.eliminated}
    for unit_id, cards in places.steps.items():
        if unit_id in on_map or not cards:
            continue
        unit = position.spec.units[unit_id]
        where, rules = (
            ("eliminated", ("8.9",))
            if unit_id in eliminated
            else ("not on the map", ("3.3", "6.1", "6.2"))
        )
        shown = f": {card_names(cards)}" if sight.sees_cards_of(unit.side) else ""
        verdicts.append(
            Verdict(
                subject=unit_ref(unit_id),
                topic="steps",
                outcome="cards off the map",
                rules=rules,
                explanation=f"{where}, yet {len(cards)} step cards lie in its box{shown}; they belong in the discard pile "
                "or the deck",
                details={"steps": str(len(cards)), "maximum": str(board.step_maximum(unit))},
                unit=unit_id,
                violation=True,
            )
        )
    return verdicts


def _replenishment(
    state: UnitState, board: Board, held: int, maximum: int, soviet_only: bool
) -> tuple[bool, str] | None:
    """Whether a unit short of steps in its own rear area may replenish one now (7.5), and
    why; None for a unit elsewhere or with every step."""
    if held >= maximum or board.rear_owner(state.location) != state.side:
        return None
    if soviet_only and state.side != SOVIET:
        return False, "may not replenish: under 7.5's optional rule only the Soviet replenishes"
    if ACTED in state.flags:
        return False, "has acted this turn, so it cannot replenish (7.5 flips an unacted unit)"
    return (
        True,
        "in its rear area and not yet acted: it may replenish one step instead of acting (7.5)",
    )


def _on_map(
    state: UnitState, board: Board, sight: Sight, cards: tuple[Card, ...], soviet_only: bool
) -> Verdict:
    unit = state.unit
    held, maximum = len(cards), board.step_maximum(unit)
    details = {
        "area": state.location,
        "steps": str(held),
        "maximum": str(maximum),
        "isolated": "yes" if ISOLATED in state.flags else "no",
        "acted": "yes" if ACTED in state.flags else "no",
    }
    shown = ""
    if sight.sees_cards_of(state.side) and held:
        names = card_names(cards)
        details["cards"] = names
        shown = f": {names}"
    if unit == board.t34:
        if held:
            return Verdict(
                subject=unit_ref(unit.id),
                topic="steps",
                outcome="has steps it may not have",
                rules=("8.12",),
                explanation=f"the T-34 has no steps, yet holds {count(held, 'step card')}{shown}",
                details=details,
                unit=unit.id,
                violation=True,
            )
        return Verdict(
            subject=unit_ref(unit.id),
            topic="steps",
            outcome="no steps",
            rules=("8.12",),
            explanation="the T-34 has no steps; alone it fights with hand cards only, and it may be "
            "eliminated instead of a loss when it fights beside another unit",
            details=details,
            unit=unit.id,
        )
    if held > maximum:
        return Verdict(
            subject=unit_ref(unit.id),
            topic="steps",
            outcome="over its maximum",
            rules=("3.3", "7.5"),
            explanation=f"holds {count(held, 'step card')}, but is dealt {maximum} and may never hold more{shown}",
            details=details,
            unit=unit.id,
            violation=True,
        )
    replenish = _replenishment(state, board, held, maximum, soviet_only)
    if replenish is not None:
        details["replenish"] = "yes" if replenish[0] else "no"
    if held == 0:
        return Verdict(
            subject=unit_ref(unit.id),
            topic="steps",
            outcome=f"0 of {maximum} steps",
            rules=("3.3", "8.9") if replenish is None else ("3.3", "8.9", "7.5"),
            explanation="no steps left: a loss it cannot retreat from eliminates it (8.9 (3))"
            + ("" if replenish is None else f"; {replenish[1]}"),
            details=details,
            unit=unit.id,
        )
    return Verdict(
        subject=unit_ref(unit.id),
        topic="steps",
        outcome=f"{held} of {maximum} steps",
        rules=("3.3", "7.5"),
        explanation=f"in {board.name(state.location)}{shown}"
        + ("" if replenish is None else f"; {replenish[1]}"),
        details=details,
        unit=unit.id,
    )
