"""Hidden information: which cards the reader of a verdict may see.

A save holds every card, but a player sees only the step cards of its own units (3.3),
its own hand, its own cards played face down, and what lies face up: the discard pile
and revealed cards. The referee's verdicts are built for one reader — the referee
(everything) or one player — so a card the reader may not see is never put into a
verdict's text or details in the first place, rather than filtered out afterwards.
The opponent's counts (steps on each counter, hand size, cards played) are public.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.cards import Card
from rules.referee.card_places import CardPlaces
from rules.referee.position import Position


@dataclass(frozen=True)
class Sight:
    """Who reads: the referee (``viewer`` None) or the player of side ``viewer``."""

    viewer: str | None

    def sees_cards_of(self, side: str) -> bool:
        """True when the reader may see ``side``'s step cards, hand and face-down cards."""
        return self.viewer is None or self.viewer == side

    @property
    def shows_both(self) -> bool:
        """True for the referee's view, which shows both sides' cards."""
        return self.viewer is None


def card_names(cards: Iterable[Card]) -> str:
    """Cards as printed in their corners, ``A♠ 10♥ Q♦``."""
    return " ".join(card.short_name for card in cards)


def card_places_of(position: Position) -> CardPlaces:
    """The position's cards; a position of a card game always has them once dealt."""
    if position.cards is None:
        raise ValueError(f"{position.source}: no cards in this position")
    return position.cards


def seen_by(position: Position, side: str) -> frozenset[Card]:
    """Every card the player of ``side`` sees now: its units' steps, its hand and its own
    played cards, the discard pile and revealed cards."""
    own_units = frozenset(unit.id for unit in position.spec.units.values() if unit.side == side)
    return card_places_of(position).seen_by(side, own_units)


def unseen_by(position: Position, side: str) -> tuple[Card, ...]:
    """The cards ``side`` has not seen, in deck order: the draw deck, the opponent's steps,
    hand and face-down cards, mixed beyond telling apart."""
    deck = position.spec.cards
    assert deck is not None
    seen = seen_by(position, side)
    return tuple(card for card in deck.cards() if card not in seen)
