"""The duel's result from the two cards played (8.7), as a pure function.

Each side plays a card face down (8.4, 8.5; after raises the last card counts, 8.6).
Then, in order:

1. a card at most the fighting unit's strength hits, and if one side alone hits, it wins;
2. if both hit, the side that played its own colour wins (German black, Soviet red);
3. if both or neither played their colour, the lower card wins;
4. equal cards: both are piled and the duel is fought again (the attacker may decline,
   and then, as when he has no card left, the defender wins);
5. if neither card hits (both bluffed), the defender wins.

A face card never hits (8.4), whatever the strength. A defender who plays no card takes
a loss instead (8.5). The ace is worth 1 (the deck data's reading), so it always hits.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.cards import Card
from rules.referee.rks.board import GERMAN, SOVIET

OWN_COLOUR = {GERMAN: "black", SOVIET: "red"}
"""The colour that wins a duel of two hits for each side (8.7 (2))."""
ATTACKER, DEFENDER = "attacker", "defender"


@dataclass(frozen=True)
class Play:
    """The card one side's fighting unit plays, judged against its strength."""

    side: str
    card: Card | None
    strength: int

    @property
    def hits(self) -> bool:
        """At most the strength, and not a face card (8.4, 8.7 (1))."""
        return (
            self.card is not None
            and not self.card.rank.face
            and self.card.rank.value <= self.strength
        )

    @property
    def own_colour(self) -> bool:
        """The side's own colour (8.7 (2))."""
        return self.card is not None and self.card.suit.colour == OWN_COLOUR[self.side]

    def describe(self) -> str:
        """How the card fares, e.g. ``5♠ hits (5 ≤ 7), black``."""
        if self.card is None:
            return "no card"
        card = self.card
        if card.rank.face:
            return f"{card.short_name}: a face card never hits (8.4)"
        if self.hits:
            colour = "its own colour" if self.own_colour else "not its own colour"
            return f"{card.short_name} hits ({card.rank.value} ≤ {self.strength}), {colour}"
        return f"{card.short_name} misses ({card.rank.value} > {self.strength}): a bluff"


@dataclass(frozen=True)
class Resolution:
    """The duel's result: ``winner`` is ``attacker``, ``defender``, or None when equal
    cards send the duel round again (8.7 (4))."""

    winner: str | None
    rule: str
    reason: str


def resolve(attack: Play, defence: Play) -> Resolution:
    """Who wins a duel in which the attacker plays ``attack`` and the defender ``defence``."""
    if attack.card is None:
        raise ValueError("the attacker must play a card (8.4)")
    if defence.card is None:
        return Resolution(ATTACKER, "8.5", "the defender plays no card and takes a loss (8.9)")
    if not attack.hits and not defence.hits:
        return Resolution(
            DEFENDER, "8.7 (5)", "neither card hits: both bluffed, and the defender wins"
        )
    if attack.hits != defence.hits:
        winner = ATTACKER if attack.hits else DEFENDER
        return Resolution(winner, "8.7 (1)", f"only the {winner}'s card hits")
    if attack.own_colour != defence.own_colour:
        winner = ATTACKER if attack.own_colour else DEFENDER
        return Resolution(
            winner, "8.7 (2)", f"both hit, and only the {winner} played its own colour"
        )
    colours = (
        "both played their own colour" if attack.own_colour else "neither played its own colour"
    )
    if attack.card.rank.value == defence.card.rank.value:
        return Resolution(
            None,
            "8.7 (4)",
            f"both hit, {colours}, and the cards are equal: both are piled and the "
            "duel is fought again; if the attacker declines, the defender wins",
        )
    winner = ATTACKER if attack.card.rank.value < defence.card.rank.value else DEFENDER
    return Resolution(winner, "8.7 (3)", f"both hit, {colours}, and the {winner}'s card is lower")
