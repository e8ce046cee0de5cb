"""The 52 cards (2.4): where they lie, and what lies face up for both players.

The draw deck's size and the discard pile (3.4) are public; so are how many cards each
side holds and has played face down, but not which.
"""

from __future__ import annotations

from rules.referee.position import Position
from rules.referee.rks.board import Board
from rules.referee.rks.sight import Sight, card_names, card_places_of
from rules.referee.verdict import Verdict


def deck_verdicts(position: Position, board: Board, sight: Sight) -> list[Verdict]:
    """The count of every place, the discard pile and revealed cards, and the cards
    played face down in a duel (named only to their owner)."""
    places = card_places_of(position)
    total = len(board.deck.cards())
    found = len({card for _, card in places.placed()})
    sides = [side.id for side in position.spec.sides]
    steps = {
        side: sum(
            len(cards)
            for unit_id, cards in places.steps.items()
            if position.spec.units[unit_id].side == side
        )
        for side in sides
    }
    counts = ", ".join(
        [
            f"deck {len(places.deck)}",
            f"discard pile {len(places.discard)}",
            *(f"{board.side_name(side)} hand {len(places.hand(side))}" for side in sides),
            *(f"{board.side_name(side)} steps {steps[side]}" for side in sides),
        ]
    )
    details = {
        "deck": str(len(places.deck)),
        "discard": card_names(places.discard),
        "face_up": card_names(places.face_up),
    }
    verdicts = [
        Verdict(
            subject="cards",
            topic="cards",
            outcome=f"{found} of {total} cards" if found != total else f"{total} cards",
            rules=("2.4", "3.4"),
            explanation=f"{counts}; discard pile: {card_names(places.discard) or 'empty'}"
            + (f"; face up: {card_names(places.face_up)}" if places.face_up else "")
            + ("" if found == total else f"; {total - found} cards are nowhere in the position"),
            details=details,
        )
    ]
    for side, cards in places.played.items():
        if not cards:
            continue
        shown = f": {card_names(cards)}" if sight.sees_cards_of(side) else ""
        verdicts.append(
            Verdict(
                subject=f"{board.side_name(side)} duel card",
                topic="duel",
                outcome=f"{len(cards)} face down",
                rules=("8.4", "8.5", "8.6"),
                explanation=f"played face down{shown}; the last one played counts, the others are lost (8.6)",
                details={
                    "side": side,
                    "count": str(len(cards)),
                    **({"cards": card_names(cards)} if shown else {}),
                },
            )
        )
    return verdicts
