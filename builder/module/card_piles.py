"""A card game's piles on its board: the draw deck, which shuffles at every draw, the
discard pile, which becomes the new deck when the deck runs out (RKS 3.4), and each side's
duel pile, which only that side may draw from and which lies face down until its card is
revealed (8.4-8.7). :mod:`builder.module.cards` makes the cards they hold."""

from __future__ import annotations

from collections.abc import Mapping

from lxml import etree

from builder.art.area_layout import PILE_DEPTH, Box
from builder.module import keys
from builder.module.cards import OBSCURED_TO_OTHERS, PILE_SIZE, deck_of
from builder.module.elements import element, piece_text
from builder.saves.area_names import DISCARD_PILE, DRAW_DECK, duel_pile_name
from builder.vassal.traits import Trait
from rules.model import GameSpec


def draw_piles(
    map_: etree._Element,
    spec: GameSpec,
    board: str,
    deck_box: Box,
    discard_box: Box,
    cards: Mapping[str, tuple[tuple[Trait, ...], str]],
) -> None:
    """The draw deck, holding every card (``cards``: chain and gpid by card id), and the
    discard pile that shuffles itself into the deck when the deck runs out (3.4), each
    in its box."""
    deck_at, discards_at = deck_box.pile_centre, discard_box.pile_centre
    pile = element(
        map_,
        "module.map.DrawPile",
        name=DRAW_DECK,
        owningBoard=board,
        x=str(deck_at[0]),
        y=str(deck_at[1]),
        width=str(PILE_SIZE[0]),
        height=str(PILE_SIZE[1]),
        allowMultiple="true",
        allowSelect="false",
        faceDown="Always",
        drawFaceUp="true",
        shuffle="Always",
        shuffleCommand="",
        reversible="false",
        draw="true",
        color="0,0,0",
        hotkeyOnEmpty="true",
        emptyHotkey=keys.RESHUFFLE.encoded(),
        reshufflable="false",
        canSave="true",
        maxStack=str(PILE_DEPTH),
        reportFormat="",
        drawMultipleMessage="Draw several cards",
    )
    for card in deck_of(spec).cards():
        traits, gpid = cards[card.id]
        slot = element(
            pile, "widget.PieceSlot", entryName=card.name, gpid=gpid, width="0", height="0"
        )
        slot.text = piece_text(traits)
    element(
        map_,
        "module.map.DrawPile",
        name=DISCARD_PILE,
        owningBoard=board,
        x=str(discards_at[0]),
        y=str(discards_at[1]),
        width=str(PILE_SIZE[0]),
        height=str(PILE_SIZE[1]),
        allowMultiple="false",
        allowSelect="false",
        faceDown="Never",
        drawFaceUp="true",
        shuffle="Never",
        reversible="false",
        draw="true",
        color="0,0,0",
        reshufflable="true",
        reshuffleCommand="Shuffle into the draw deck",
        reshuffleTarget=DRAW_DECK,
        reshuffleHotkey=keys.RESHUFFLE.encoded(),
        reshuffleMessage="The discards are shuffled into a new draw deck (3.4)",
        canSave="true",
        maxStack=str(PILE_DEPTH),
        # A pile that lies face up shows its top card's face whatever the card's Mask: a
        # card still face down is refused when dragged there, and discarded by its
        # owner's Discard, which names it.
        restrictOption="true",
        restrictExpression=f'{{{OBSCURED_TO_OTHERS}!="true"}}',
    )


def duel_piles(map_: etree._Element, spec: GameSpec, board: str, boxes: Mapping[str, Box]) -> None:
    """Each side's duel pile in its box (``boxes`` by side id): the cards its player plays
    face down (8.4-8.6), drawn from by that side only (VASSAL's restricted access), shown
    face down to both until revealed (8.7). Its menu reveals or discards them all."""
    for side in spec.sides:
        # Where the box's art draws the card's outline.
        at = boxes[side.id].centre
        pile = element(
            map_,
            "module.map.DrawPile",
            name=duel_pile_name(side.name),
            owningBoard=board,
            x=str(at[0]),
            y=str(at[1]),
            width=str(PILE_SIZE[0]),
            height=str(PILE_SIZE[1]),
            allowMultiple="false",
            allowSelect="false",
            faceDown="Via right-click Menu",
            faceUpMessage="",
            faceDownMessage="",
            faceUpHotkey=keys.duel_face_up(side.name).encoded(),
            faceDownHotkey=keys.duel_face_down(side.name).encoded(),
            faceUpReportFormat="",
            faceDownFormat="",
            drawFaceUp="false",
            shuffle="Never",
            reversible="false",
            draw="true",
            color="0,0,0",
            reshufflable="false",
            canSave="true",
            maxStack=str(PILE_DEPTH),
            reportFormat="",
            deckRestrictAccess="true",
            deckOwners=side.name,
        )
        for name, key in (("Reveal", keys.REVEAL), ("Discard", keys.DISCARD)):
            element(
                pile,
                "module.map.DeckGlobalKeyCommand",
                name=name,
                hotkey=key.encoded(),
                deckCount="-1",
                reportFormat="",
                reportSingle="false",
            )
