"""A player's chances in a duel, exactly, from what that player has seen.

To the player deciding which card to play, every card it has not seen is equally likely
to be any one of the opponent's: the deal was random and the deck is drawn at random
(3.3, 3.4). So the opponent's card is taken as each unseen card in turn, and a card's
chances are counts over them, as exact fractions. The referee does not guess the
opponent's strategy; it also gives the chance that the opponent holds, among the cards it
may play (its hand and its fighting unit's steps, whose numbers are public), at least one
that beats the card: a hypergeometric tail, 1 - C(U - B, k) / C(U, k) for U unseen cards,
B of them beating it, and k held. When the opponent's card is known (revealed, or shown
first under General Chuikov, 9.8), the chances are certainties.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from rules.cards import Card
from rules.referee.rks.duel import ATTACKER, Play, resolve


@dataclass(frozen=True)
class Chances:
    """One card's chances: to win, to lose, to fight again (8.7 (4)), and that the
    opponent holds a card beating it (None when its card is already down)."""

    card: Card
    source: str
    win: Fraction
    lose: Fraction
    again: Fraction
    beaten: Fraction | None

    def as_json(self) -> dict[str, object]:
        """Fractions as ``"3/8"`` strings, exact, with a decimal beside for reading."""
        result: dict[str, object] = {"card": self.card.short_name, "source": self.source}
        for name in ("win", "lose", "again", "beaten"):
            value = getattr(self, name)
            result[name] = None if value is None else str(value)
            result[f"{name}_decimal"] = None if value is None else round(float(value), 4)
        return result


@dataclass(frozen=True)
class Duelist:
    """A side in the duel: which side, attacking or defending, and its strength."""

    side: str
    role: str
    strength: int

    def play(self, card: Card) -> Play:
        return Play(self.side, card, self.strength)


def outcome(own: Duelist, card: Card, opponent: Duelist, answer: Card) -> str | None:
    """``win``, ``lose`` or None (fought again) for ``own`` playing ``card`` against ``answer``."""
    attack, defence = (
        (own.play(card), opponent.play(answer))
        if own.role == ATTACKER
        else (opponent.play(answer), own.play(card))
    )
    winner = resolve(attack, defence).winner
    if winner is None:
        return None
    return "win" if winner == own.role else "lose"


def beaten_chance(unseen: int, beating: int, held: int) -> Fraction:
    """The chance that ``held`` cards drawn from ``unseen`` include one of ``beating``."""
    held = min(held, unseen)
    if held <= 0:
        return Fraction(0)
    return 1 - Fraction(comb(unseen - beating, held), comb(unseen, held))


def card_chances(
    own: Duelist,
    card: Card,
    source: str,
    opponent: Duelist,
    answers: Sequence[Card],
    opponent_holds: int | None,
) -> Chances:
    """``card``'s chances against an opponent's card that is each of ``answers`` alike.

    ``opponent_holds`` is how many cards the opponent may still choose from (None when
    it has already played)."""
    if not answers:
        raise ValueError("no card the opponent could play")
    results = [outcome(own, card, opponent, answer) for answer in answers]
    total = len(results)
    wins, losses = results.count("win"), results.count("lose")
    beaten = None if opponent_holds is None else beaten_chance(total, losses, opponent_holds)
    return Chances(
        card,
        source,
        Fraction(wins, total),
        Fraction(losses, total),
        Fraction(total - wins - losses, total),
        beaten,
    )
