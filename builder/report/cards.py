"""The cards of a card game as the page's reader may see them: the panel's "Cards" section.

A save holds every card, but the reader sees only what ``stavka check --as`` shows
(RKS 3.3, 3.4): their own units' step cards, hand and cards played face down, the other
side's counts, the draw deck's size, the discard pile and cards lying face up. The panel
is built from the verdicts the referee built for that reader (``check_as``) and from
nothing else, so no card the reader may not see can reach the page by this way: a card
missing from a verdict's details is shown as a count, never looked up in the position.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.model import GameSpec
from rules.referee.verdict import Verdict

RED_SUITS = ("♥", "♦")


@dataclass(frozen=True)
class CardName:
    """A card as printed in its corner (``10♥``) and whether its suit is red."""

    text: str

    @property
    def red(self) -> bool:
        return self.text.endswith(RED_SUITS)


@dataclass(frozen=True)
class Holding:
    """Cards in one place: how many, and which when the reader may see them (None: hidden)."""

    label: str
    count: int
    cards: tuple[CardName, ...] | None


@dataclass(frozen=True)
class SideCards:
    """One side's hand, cards played face down, and each unit's step cards."""

    side: str
    name: str
    hand: Holding | None
    duel: Holding | None
    steps: tuple[Holding, ...]


@dataclass(frozen=True)
class CardPanel:
    """Everything the reader may know of the cards: the public piles, then each side."""

    deck: int
    discard: tuple[CardName, ...]
    face_up: tuple[CardName, ...]
    sides: tuple[SideCards, ...]


def _names(listed: str | None) -> tuple[CardName, ...] | None:
    return None if listed is None else tuple(CardName(text) for text in listed.split())


def card_panel(spec: GameSpec, verdicts: Sequence[Verdict]) -> CardPanel | None:
    """The panel from the reader's verdicts, or None before the deal (or in a game
    without cards)."""
    piles = next(
        (verdict for verdict in verdicts if verdict.topic == "cards" and "deck" in verdict.details),
        None,
    )
    if spec.cards is None or piles is None:
        return None
    hands = _by_side(verdicts, "hand")
    duels = _by_side(verdicts, "duel")
    steps: dict[str, list[Holding]] = {}
    for verdict in verdicts:
        unit = spec.units.get(verdict.subject)
        if verdict.topic != "steps" or unit is None:
            continue
        count = int(verdict.details["steps"])
        label = f"{unit.name} ({unit.id})" + (
            "" if "area" in verdict.details else f", {verdict.outcome}"
        )
        cards = _names(verdict.details.get("cards")) if count else ()
        steps.setdefault(unit.side, []).append(Holding(label, count, cards))
    sides = []
    for side in spec.sides:
        hand, duel = hands.get(side.id), duels.get(side.id)
        sides.append(
            SideCards(
                side.id,
                side.name,
                None
                if hand is None
                else Holding(
                    "hand",
                    int(hand.details["cards"]),
                    _names(hand.details.get("hand")) if hand.details["cards"] != "0" else (),
                ),
                None
                if duel is None
                else Holding(
                    "played face down",
                    int(duel.details["count"]),
                    _names(duel.details.get("cards")),
                ),
                tuple(steps.get(side.id, ())),
            )
        )
    return CardPanel(
        int(piles.details["deck"]),
        _names(piles.details["discard"]) or (),
        _names(piles.details["face_up"]) or (),
        tuple(sides),
    )


def _by_side(verdicts: Sequence[Verdict], topic: str) -> Mapping[str, Verdict]:
    return {
        verdict.details["side"]: verdict
        for verdict in verdicts
        if verdict.topic == topic and "side" in verdict.details
    }
