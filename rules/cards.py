"""Playing cards as game pieces: Rattenkrieg's 52-card deck (rule 2.4).

The same card is a unit's step (3.3), a card in a hand (3.4), a bid in a duel (8.4-8.7),
an artillery draw (9.2) and, if it is a face card, an event whose meaning depends on its
suit and on the side that plays it (9.1). This module holds those facts as data so the
module's pieces, the charts and a referee all read one table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.data.fields import Provenance


@dataclass(frozen=True)
class Suit:
    """A suit: its name, its symbol and its colour (8.7 counts black for the Germans)."""

    id: str
    name: str
    symbol: str
    colour: str


@dataclass(frozen=True)
class Rank:
    """A rank with the number a duel compares (8.7); face cards carry events (9.1)."""

    id: str
    name: str
    value: int
    face: bool
    provenance: Provenance


@dataclass(frozen=True)
class Card:
    """One card of the deck."""

    suit: Suit
    rank: Rank

    @property
    def id(self) -> str:
        """A short, file-name-safe id such as ``10s`` or ``qh``."""
        return f"{self.rank.id.lower()}{self.suit.id[0]}"

    @property
    def name(self) -> str:
        """How the chat names it: ``Queen of hearts``, ``7 of clubs``."""
        return f"{self.rank.name} of {self.suit.name.lower()}"

    @property
    def short_name(self) -> str:
        """Rank and suit symbol, as printed in a card's corner: ``Q♥``."""
        return f"{self.rank.id}{self.suit.symbol}"


@dataclass(frozen=True)
class Event:
    """What a face card does when ``side`` plays it as an event (9.1)."""

    side: str
    suits: tuple[str, ...]
    ranks: tuple[str, ...]
    name: str
    rule: str
    effect: str
    provenance: Provenance

    @property
    def id(self) -> str:
        """The name as one lower-case word, ``assault_guns``: how position files and the
        command line name an event (two sides' events may share it, e.g. ``artillery``)."""
        return "_".join(
            "".join(letter for letter in word if letter.isalnum())
            for word in self.name.lower().split()
        )


@dataclass(frozen=True)
class Hands:
    """Hand sizes: dealt at the start, refilled each turn, larger for the holder of an area."""

    start: Mapping[str, int]
    refill: int
    bonus_area: str | None
    bonus_refill: int


@dataclass(frozen=True)
class CardDeck:
    """The deck: suits, ranks, hands, and the events of the face cards by side."""

    suits: tuple[Suit, ...]
    ranks: tuple[Rank, ...]
    events: tuple[Event, ...]
    hands: Hands
    provenance: Provenance

    def cards(self) -> tuple[Card, ...]:
        """Every card, suit by suit, ace first."""
        return tuple(Card(suit, rank) for suit in self.suits for rank in self.ranks)

    def card(self, card_id: str) -> Card:
        """The card with id ``card_id`` (``10s``, ``qh``); ``KeyError`` if the deck has none."""
        for card in self.cards():
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def event(self, card: Card, side: str) -> Event | None:
        """The event ``card`` is for ``side``, or None for a number card."""
        for event in self.events:
            if event.side == side and card.suit.id in event.suits and card.rank.id in event.ranks:
                return event
        return None

    def events_by_side(self) -> Mapping[str, tuple[Event, ...]]:
        """The events of each side, in the order of the data."""
        result: dict[str, list[Event]] = {}
        for event in self.events:
            result.setdefault(event.side, []).append(event)
        return {side: tuple(events) for side, events in result.items()}
