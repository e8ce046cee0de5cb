"""A dealt Rattenkrieg game written as a save with Stavka's own writer.

The engine cannot be asked to save, so this builds what VASSAL's New Game leaves on the
table: the module's set-up of 3.1 and 3.2, then the deal of 3.3 and 3.4 from a seeded
shuffle — each unit's step cards in its box on its side's steps map, the hands in the
hand maps, the rest in the draw deck, an empty discard pile — with ``CardsDealt`` set,
so loading it never deals again. The decks take their settings from the built module's
own DrawPiles. Tests load it in the engine to prove it is a real save, then referee it.
"""

from __future__ import annotations

import zipfile
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from lxml import etree

from builder.build import draw_art
from builder.module.assemble import board_layouts, metadata_of, setup_pieces
from builder.module.cards import HAND_SPOT, CardArt, card_prototype
from builder.module.catalogue import Catalogue, catalogue
from builder.module.turns import TURN_TRACKER_ID, turn_tracker_state
from builder.saves.area_names import (
    CARDS_DEALT,
    DISCARD_PILE,
    DRAW_DECK,
    hand_map_name,
    steps_map_name,
)
from builder.saves.names import SCENARIO_PROPERTY
from builder.saves.steps_layout import steps_boxes
from builder.vassal.decks import deck_type
from builder.vassal.model import MODULE_CONTAINER, GlobalPropertyValue
from builder.vassal.traits import BasicPiece, Layer, Trait
from builder.vassal.writer import SetupDeck, SetupPiece, TurnPosition, setup_save_bytes
from rules.cards import Card
from rules.data.loader import game_data_files
from rules.model import GameSpec
from tests.support.rks_deal import deal

DRAW_PILE = "VASSAL.build.module.map.DrawPile"


def draw_piles(module: Path) -> dict[str, dict[str, str]]:
    """The attributes of each DrawPile in the module's build file, by pile name."""
    with zipfile.ZipFile(module) as archive:
        root = etree.fromstring(archive.read("buildFile.xml"))
    return {
        str(element.get("name", "")): {
            str(key): str(value) for key, value in element.attrib.items()
        }
        for element in root.iter(DRAW_PILE)
    }


def card_piece(
    spec: GameSpec, art: CardArt, pieces: Catalogue, card: Card, map_name: str, x: int, y: int
) -> SetupPiece:
    """A card as a game holds it: the Card prototype expanded, then its own traits."""
    traits: tuple[Trait, ...] = (*card_prototype(spec, art)[:-1], *pieces.cards[card.id][1:])
    return SetupPiece(traits=traits, map=map_name, x=x, y=y)


def turned(piece: SetupPiece, layer_name: str) -> SetupPiece:
    """``piece`` with its two-level Layer ``layer_name`` showing its second level."""
    traits = tuple(
        replace(trait, level=2) if isinstance(trait, Layer) and trait.name == layer_name else trait
        for trait in piece.traits
    )
    return replace(piece, traits=traits)


def dealt_save(
    spec: GameSpec, module: Path, seed: int, turned_over: Mapping[str, str] | None = None
) -> bytes:
    """The bytes of a save of ``module`` just after the deal; ``turned_over`` maps a unit
    name or a marker's area to the Layer to show at its second level (``Isolated``,
    ``Acted``, a control marker's ``Side``)."""
    art = draw_art(spec, lambda _step: None)
    assert art.cards is not None
    card_art, chains = art.cards, catalogue(spec, art)
    pieces = setup_pieces(spec, spec.scenarios["city"], art, chains)
    area_map = spec.maps[0].area_map
    assert area_map is not None
    for index, piece in enumerate(pieces):
        basic = piece.traits[-1]
        assert isinstance(basic, BasicPiece)
        key = area_map.area_at(piece.x, piece.y) if basic.name == "Control" else basic.name
        if turned_over and key is not None and key in turned_over:
            pieces[index] = turned(piece, turned_over[key])
    steps, hands, rest = deal(spec, seed)
    names = {side.id: side.name for side in spec.sides}
    for side in spec.sides:
        for box in steps_boxes(spec, side.id):
            corners = box.slot
            x, y = (corners[0][0] + corners[2][0]) // 2, (corners[0][1] + corners[2][1]) // 2
            pieces += [
                card_piece(spec, card_art, chains, card, steps_map_name(side.name), x, y)
                for card in steps.get(box.unit, ())
            ]
    for side_id, cards in hands.items():
        pieces += [
            card_piece(spec, card_art, chains, card, hand_map_name(names[side_id]), *HAND_SPOT)
            for card in cards
        ]
    piles = draw_piles(module)
    main = spec.maps[0].name
    decks = []
    for name, cards in ((DRAW_DECK, rest), (DISCARD_PILE, [])):
        pile = piles[name]
        x, y = int(pile["x"]), int(pile["y"])
        decks.append(
            SetupDeck(
                type=deck_type(pile),
                map=main,
                x=x,
                y=y,
                face_down=pile.get("faceDown") == "Always",
                cards=tuple(card_piece(spec, card_art, chains, card, main, x, y) for card in cards),
            )
        )
    metadata = metadata_of(spec, game_data_files(Path(spec.folder)))
    return setup_save_bytes(
        pieces,
        metadata,
        seed,
        boards=board_layouts(spec, art),
        global_properties=(
            GlobalPropertyValue(SCENARIO_PROPERTY, "city", MODULE_CONTAINER),
            GlobalPropertyValue(CARDS_DEALT, "yes", MODULE_CONTAINER),
        ),
        turns=(TurnPosition(TURN_TRACKER_ID, turn_tracker_state(spec, 1)),),
        description="Dealt",
        at_start_stacks=True,
        decks=decks,
    )
