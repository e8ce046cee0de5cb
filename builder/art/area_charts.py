"""The player aids of a card-driven area game, as tables drawn like the other charts.

The events chart is laid out from the deck data (RKS 9.1), a row per event and side, so
it cannot disagree with the cards' faces; the sequence of play comes from the game's
phases (5.0) and the hand sizes from the deck's hands (3.4, 10.1, 10.2). The duel and
the operations are the rules' procedure (7.0, 8.3-8.12) in short sentences, cited.
"""

from __future__ import annotations

from collections.abc import Mapping

from builder.art.charts import RECONSTRUCTED_MARK, ChartTable, Column
from rules.cards import CardDeck
from rules.model import GameSpec


def events_chart(game: GameSpec, deck: CardDeck, side: str | None = None) -> ChartTable:
    """Face-card events by side and suit (9.1); one side's only when ``side`` is given."""
    suits = {suit.id: suit for suit in deck.suits}
    rows = []
    for event in deck.events:
        if side is not None and event.side != side:
            continue
        side_name = next(item.name for item in game.sides if item.id == event.side)
        cards = " ".join(
            f"{rank}{suits[suit].symbol}" for suit in event.suits for rank in event.ranks
        )
        rows.append((side_name, cards, f"{event.name} ({event.rule})", event.effect))
    title = "Events by suit and side (rule 9.1)"
    if side is not None:
        title = f"{next(item.name for item in game.sides if item.id == side)} events (rule 9.1)"
    return ChartTable(
        title=title,
        columns=(
            Column("Side", 50),
            Column("Cards", 80, centred=True),
            Column("Event", 95),
            Column("Effect", 245),
        ),
        rows=tuple(rows),
        notes=("Any card may be played as a bluff in a duel; a face card never hits there (8.4).",),
    )


def sequence_chart(game: GameSpec, deck: CardDeck) -> ChartTable:
    """The turn (5.0), the operations (7.x) and the hand sizes (3.4, 10.1, 10.2)."""
    hands = deck.hands
    start = ", ".join(
        f"{item.name} {hands.start[item.id]}" for item in game.sides if item.id in hands.start
    )
    bonus = ""
    if hands.bonus_area is not None:
        area_name = next(
            area.name
            for game_map in game.maps
            for area in game_map.areas
            if area.id == hands.bonus_area
        )
        bonus = f"; the side holding {area_name} refills to {hands.bonus_refill} (10.2)"
    last = max((scenario.last_turn for scenario in game.scenarios.values()), default=0)
    phase_notes = {
        0: "Turns 2 and 3 only: units arrive in their rear and draw their step cards from the deck (6.1, 6.2). "
        "The T-34 returns to the Tractor Factory if it was eliminated last turn and the Soviets hold it (6.3).",
        1: "Pick one unit that has not acted and operate with it as long as cards allow: move, fight, "
        "play an event, or pass (7.1). A unit that has acted is flipped (7.4).",
        2: "As the German. Players alternate until both pass in a row (5.0).",
        3: f"Discard any cards, then refill the hand to {hands.refill}{bonus}. Units in their own rear may flip to "
        "draw one step instead of acting (7.5). Every flipped unit turns face up (10.3).",
    }
    rows = [
        (f"{index + 1}. {phase}", phase_notes.get(index, ""))
        for index, phase in enumerate(game.phases)
    ]
    rows += [
        (
            "Moving",
            "Within your own areas: any distance (7.2). Into an adjacent enemy area: discard a card from hand "
            "or a step if it is empty (7.3), or fight if enemy units are there (8.1).",
        ),
        (
            "Rear areas",
            "Never enter the enemy rear (3.5). The Soviet rear joins only the three areas its arrows reach.",
        ),
        (
            "Hands",
            f"Start: {start} (3.4). When the deck runs out, shuffle the discards into a new deck (3.4).",
        ),
        (
            "Victory",
            f"At the end of turn {last} the German wins if he holds all three areas joined to the "
            "Soviet rear; otherwise the Soviet wins (4.0).",
        ),
    ]
    return ChartTable(
        title="Sequence of play (rule 5.0)",
        columns=(Column("Step", 110), Column("What happens", 360)),
        rows=tuple(rows),
    )


def duel_chart() -> ChartTable:
    """The card duel of rule 8, step by step."""
    rows = (
        (
            "1. Attack (8.4)",
            "The attacker plays a card face down: from the hand, or a step of the attacking unit. "
            "Bluffs are allowed; face cards never hit.",
        ),
        (
            "2. Defence (8.5)",
            "The defender picks one unit in the area (8.2) and either accepts a loss (8.9) or plays "
            "a card face down, from the hand or that unit's steps.",
        ),
        (
            "3. Raise (8.6)",
            "The attacker may play another card; then the defender may. Cards played are lost after "
            "the duel.",
        ),
        (
            "4. Result (8.7)",
            "Reveal. A card at most the unit's strength wins. If both or neither: German black, "
            "Soviet red wins. Still tied: the lower number. Still tied: discard and fight again, "
            "or the defender wins. Two bluffs: the defender wins.",
        ),
        (
            "Strength (8.8)",
            "Infantry defending in a built-up area +2; panzer divisions defending there -2; "
            "motorised infantry unchanged.",
        ),
        (
            "Loss (8.9)",
            "The loser retreats to an adjacent own area (and flips), or loses a step; with neither, "
            "it is eliminated. Soviet units never retreat into their rear.",
        ),
        (
            "Isolation (8.10)",
            "When the defender's unit is eliminated or retreats, its other units there retreat or "
            "stay isolated: no moving, no hand cards, no retreat.",
        ),
        (
            "Going on (8.11)",
            "While both sides remain, the attacker fights again or retreats (and flips).",
        ),
        (
            "T-34 (8.12)",
            "No steps; adds its strength to a Soviet unit fighting in its area; may be eliminated "
            "instead of a loss.",
        ),
    )
    return ChartTable(
        title="The duel (rules 8.3-8.12)",
        columns=(Column("Step", 90), Column("What happens", 380)),
        rows=rows,
    )


def area_charts(game: GameSpec) -> Mapping[str, ChartTable]:
    """Every chart of a card-driven area game: the events first, the chart most looked up."""
    deck = game.cards
    assert deck is not None
    charts = {
        "events": events_chart(game, deck),
        "sequence": sequence_chart(game, deck),
        "duel": duel_chart(),
    }
    reconstructed = [rank.name for rank in deck.ranks if rank.provenance.reconstructed]
    if reconstructed:
        chart = charts["events"]
        note = f"{RECONSTRUCTED_MARK} Reconstructed: " + "; ".join(
            f"{rank.name} = {rank.value} ({rank.provenance.note})"
            for rank in deck.ranks
            if rank.provenance.reconstructed
        )
        charts["events"] = ChartTable(chart.title, chart.columns, chart.rows, (*chart.notes, note))
    return charts
