"""The deal of Rattenkrieg (3.3, 3.4) from a seeded shuffle, as a save or a position file.

A position file with every card placed is what a player types in after dealing at the
table; tests that must not depend on the engine referee it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping

from rules.cards import Card
from rules.model import GameSpec


def deal(
    spec: GameSpec, seed: int
) -> tuple[dict[str, list[Card]], dict[str, list[Card]], list[Card]]:
    """Step cards by unit for the units on the map at the start (3.3), hands by side (3.4),
    and what is left for the deck, from one seeded shuffle."""
    assert spec.cards is not None
    cards = list(spec.cards.cards())
    random.Random(seed).shuffle(cards)
    on_map = [spec.units[placement.unit] for placement in spec.scenarios["city"].setup]
    steps: dict[str, list[Card]] = {}
    for unit in on_map:
        count = int(unit.properties.get("step_cards", "0"))
        if count:
            steps[unit.id], cards = cards[:count], cards[count:]
    hands: dict[str, list[Card]] = {}
    for side, size in spec.cards.hands.start.items():
        hands[side], cards = cards[:size], cards[size:]
    return steps, hands, cards


def _ids(cards: list[Card]) -> str:
    return json.dumps([card.id for card in cards])


def dealt_position_text(
    spec: GameSpec,
    seed: int,
    turn: int = 1,
    phase: str = "German operations",
    moves: Mapping[str, int] | None = None,
) -> str:
    """A position file of the set-up just after the deal; ``moves`` sends that many of a
    side's hand cards, from the end, to its duel box face down (8.4, 8.5)."""
    steps, hands, _ = deal(spec, seed)
    played = {
        side: hands[side][len(hands[side]) - count :] for side, count in (moves or {}).items()
    }
    kept = {side: cards[: len(cards) - len(played.get(side, []))] for side, cards in hands.items()}
    lines = [f'game = "{spec.id}"', f"turn = {turn}", f'phase = "{phase}"', "", "[hands]"]
    lines += [f"{side} = {_ids(cards)}" for side, cards in kept.items()]
    lines += ["", "[duel]"] + [f"{side} = {_ids(cards)}" for side, cards in played.items()]
    for placement in spec.scenarios["city"].setup:
        lines += [
            "",
            "[[unit]]",
            f'id = "{placement.unit}"',
            f'at = "{placement.location}"',
            f"cards = {_ids(steps.get(placement.unit, []))}",
        ]
    return "\n".join(lines) + "\n"
