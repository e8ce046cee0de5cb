"""Hand sizes: dealt at the start (3.4), refilled in each replenishment phase (10.1, 10.2).

The Soviet is dealt four cards and the German three. In each replenishment phase a
player may discard and then draws up to three, or four while holding Mamayev Kurgan.
No card is drawn between replenishments, so a hand never holds more than it was last
filled to: the start's size until the first replenishment, then the size the holder of
Mamayev Kurgan at that replenishment allowed. A position cannot show who held the hill
then; the setting ``mamayev_kurgan_at_replenishment`` says it, and without it a hand of
four held by a side that does not hold the hill now is ruled "too many unless …".
"""

from __future__ import annotations

from rules.referee.position import Position
from rules.referee.rks.board import Board
from rules.referee.rks.control import Control
from rules.referee.rks.settings import Settings
from rules.referee.rks.sight import Sight, card_names, card_places_of
from rules.referee.verdict import Verdict

TOO_MANY = "too many"
"""A hand over its limit for certain: a breach (a hand over it only if the hill changed
hands is not one, since the position cannot tell)."""


def hand_verdicts(
    position: Position, board: Board, control: Control, settings: Settings, sight: Sight
) -> list[Verdict]:
    """One verdict per side's hand."""
    places = card_places_of(position)
    hands = board.deck.hands
    holder_now = control.of(board.mamayev_kurgan)
    replenishment = position.phase is not None and position.phase == position.spec.phases[-1]
    first_turn = position.turn <= min(
        (scenario.first_turn for scenario in position.spec.scenarios.values()), default=1
    )
    hill = board.name(board.mamayev_kurgan)
    verdicts = []
    for side in (item.id for item in position.spec.sides):
        cards = places.hand(side)
        held = len(cards)
        name = board.side_name(side)
        unsure = False
        rules: tuple[str, ...]
        if replenishment:
            limit = hands.bonus_refill if holder_now == side else hands.refill
            basis, rules = (
                f"refilled now, {'holding' if holder_now == side else 'without'} {hill}",
                ("10.1", "10.2"),
            )
        elif first_turn:
            limit = hands.start.get(side, 0)
            basis, rules = "as dealt, before the first replenishment", ("3.4",)
        else:
            holder = settings.mamayev_kurgan_at_replenishment or holder_now
            limit = hands.bonus_refill if holder == side else hands.refill
            held_hill = "holding" if holder == side else "without"
            source = (
                ""
                if settings.mamayev_kurgan_at_replenishment
                else ", its holder then taken to be its holder now"
            )
            basis, rules = (
                f"refilled at the last replenishment {held_hill} {hill}{source}",
                ("10.1", "10.2"),
            )
            unsure = settings.mamayev_kurgan_at_replenishment is None and holder != side
        details = {"side": side, "cards": str(held), "limit": str(limit)}
        shown = ""
        if sight.sees_cards_of(side) and cards:
            details["hand"] = card_names(cards)
            shown = f"; in hand: {details['hand']}"
        if held <= limit:
            outcome = f"{held} cards"
        elif unsure and held <= hands.bonus_refill:
            outcome = f"too many unless it held {hill} at the last replenishment"
        else:
            outcome = TOO_MANY
        verdicts.append(
            Verdict(
                subject=f"{name} hand",
                topic="hand",
                outcome=outcome,
                rules=rules,
                explanation=f"at most {limit}: {basis}{shown}",
                details=details,
                violation=outcome == TOO_MANY,
            )
        )
    return verdicts
