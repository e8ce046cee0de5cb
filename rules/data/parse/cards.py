"""``cards.toml``: a card-driven game's deck."""

from __future__ import annotations

from rules.cards import CardDeck, Event, Hands, Rank, Suit
from rules.data.fields import Table, unknown_name_message
from rules.data.parse.shared import only_each, unique
from rules.data.source import TomlSource


def read_cards(source: TomlSource | None, sides: set[str], areas: set[str]) -> CardDeck | None:
    """The deck of ``cards.toml``: suits, ranks with their duel values, events by side."""
    if source is None:
        return None
    root = Table.root(source)
    root.only("deck", "event")
    deck = root.table("deck")
    deck.only("suit", "rank", "hands")
    hands_table = deck.table("hands")
    hands_table.only("start", "refill", "bonus_area", "bonus_refill")
    start_table = hands_table.table("start")
    start = {
        side: start_table.integer(side, minimum=0, maximum=52) for side, _ in start_table.items()
    }
    for side in start:
        if side not in sides:
            raise start_table.error(unknown_name_message("side", side, sides), side)
    bonus_area = hands_table.optional_text("bonus_area")
    if bonus_area is not None and bonus_area not in areas:
        raise hands_table.error(unknown_name_message("area", bonus_area, areas), "bonus_area")
    hands = Hands(
        start=start,
        refill=hands_table.integer("refill", minimum=0, maximum=52),
        bonus_area=bonus_area,
        bonus_refill=hands_table.integer("bonus_refill", default=0, minimum=0, maximum=52),
    )
    seen: dict[str, str] = {}
    suits = tuple(
        Suit(
            id=unique(table, "id", seen, "suit"),
            name=table.text("name"),
            symbol=table.text("symbol"),
            colour=table.choice("colour", ("black", "red"), "suit colour"),
        )
        for table in only_each(deck.tables("suit", required=True), "id", "name", "symbol", "colour")
    )
    ranks = tuple(
        Rank(
            id=unique(table, "id", seen, "rank"),
            name=table.text("name"),
            value=table.integer("value", minimum=0, maximum=99),
            face=table.boolean("face", default=False),
            provenance=table.provenance(),
        )
        for table in only_each(deck.tables("rank", required=True), "id", "name", "value", "face")
    )
    events = []
    for table in only_each(
        root.tables("event"), "side", "suits", "ranks", "name", "rule", "effect"
    ):
        event_suits = table.text_list("suits")
        event_ranks = table.text_list("ranks")
        for suit in event_suits:
            if suit not in {known.id for known in suits}:
                raise table.error(
                    unknown_name_message("suit", suit, [known.id for known in suits]), "suits", suit
                )
        for rank in event_ranks:
            if rank not in {known.id for known in ranks if known.face}:
                raise table.error(
                    f"{rank!r} is not a face card (events are face cards, rule 9.1)", "ranks", rank
                )
        events.append(
            Event(
                side=table.choice("side", sides, "side"),
                suits=tuple(event_suits),
                ranks=tuple(event_ranks),
                name=table.text("name"),
                rule=table.text("rule"),
                effect=table.text("effect"),
                provenance=table.provenance(),
            )
        )
    result = CardDeck(suits, ranks, tuple(events), hands, deck.provenance())
    for side in sorted(sides):
        for card in result.cards():
            matches = [
                event
                for event in events
                if event.side == side
                and card.suit.id in event.suits
                and card.rank.id in event.ranks
            ]
            if len(matches) > 1:
                raise root.error(
                    f"{card.name} has two {side} events: {matches[0].name} and {matches[1].name}"
                )
    return result
