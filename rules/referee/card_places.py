"""Where each card of a card-driven game lies, and who may see it.

A save or position of Rattenkrieg holds every card, face down or not: each unit's step
cards (3.3), each hand (3.4), the draw deck, the discard pile, and the cards lying in a
duel (8.4-8.6). The referee needs all of them to judge; a player may see only some. So
:class:`CardPlaces` records places, and :meth:`CardPlaces.seen_by` says which cards a side has
seen, from which everything a player is told is built.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from rules.cards import Card, Event


@dataclass(frozen=True)
class EventInForce:
    """A face card played as an event whose effect lasts (RKS 9.4, 9.5, 9.7, 9.8), for ``unit``."""

    event: Event
    unit: str


@dataclass(frozen=True)
class CardPlaces:
    """Every card of the deck, by place.

    ``steps`` maps a unit id to its step cards; ``hands`` and ``played`` map a side to
    the cards in its hand and to those it has played face down in a duel; ``face_up``
    are cards lying face up outside the discard pile (a revealed duel card), which both
    players see. ``events`` are the events in force.
    """

    steps: Mapping[str, tuple[Card, ...]]
    hands: Mapping[str, tuple[Card, ...]]
    deck: tuple[Card, ...]
    discard: tuple[Card, ...]
    played: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    face_up: tuple[Card, ...] = ()
    events: tuple[EventInForce, ...] = ()

    def steps_of(self, unit_id: str) -> tuple[Card, ...]:
        """The step cards a unit holds (none when it has no box)."""
        return self.steps.get(unit_id, ())

    def hand(self, side: str) -> tuple[Card, ...]:
        """The cards in ``side``'s hand."""
        return self.hands.get(side, ())

    def placed(self) -> Iterator[tuple[str, Card]]:
        """Every card with a word for its place, e.g. ``("steps of 14pz", card)``."""
        for unit_id, cards in self.steps.items():
            yield from ((f"steps of {unit_id}", card) for card in cards)
        for side, cards in self.hands.items():
            yield from ((f"{side} hand", card) for card in cards)
        for side, cards in self.played.items():
            yield from ((f"{side} duel card", card) for card in cards)
        yield from (("deck", card) for card in self.deck)
        yield from (("discard pile", card) for card in self.discard)
        yield from (("face up on the table", card) for card in self.face_up)

    def seen_by(self, side: str, units_of_side: frozenset[str]) -> frozenset[Card]:
        """The cards the player of ``side`` has seen: the step cards of its units
        (``units_of_side``), its hand and its own played cards, and what lies face up
        for both: the discard pile and revealed cards (3.3: "only you may see them")."""
        own_steps = (
            card
            for unit_id, cards in self.steps.items()
            if unit_id in units_of_side
            for card in cards
        )
        return frozenset(
            (*own_steps, *self.hand(side), *self.played.get(side, ()), *self.discard, *self.face_up)
        )
