"""A card game's parts of a module: the deck, the discard pile, the hands, the steps
windows and the cards themselves (Rattenkrieg: Stalingrad).

What a player gets, and the VASSAL 3.6 parts that give it:

- The cards are pieces. The draw deck is a face-down DrawPile that draws at random
  ("shuffle: always"), so it is shuffled for every draw; when it runs out it fires the
  discard pile's "send to deck" key, so the discards become the new deck (RKS 3.4).
- Hands are one PlayerHand per side: only that side sees it.
- Steps (3.3) are cards on a private steps map per side (a PrivateMap only that side
  sees), in a box named after the unit, so which card belongs to which unit is a
  location and never lost. The counter shows how many it holds: a Calculated Property
  counts the cards in its box and a Layer follows it, so the opponent sees the count
  and never the cards. Cards leave the deck face up (only their owner can see where
  they go); a card played in a duel is put face down with a side Mask first (8.4), into
  its side's duel pile: a pile only that side may draw from (VASSAL's restricted access
  on a deck), face down for both until the card is revealed (8.7), when the pile turns
  face up. The other side can neither see, turn, reveal nor move it; the discard pile
  takes no card still face down, so no drag shows one.
- Start-up Global Key Commands deal the step cards of the units on the map and both
  hands as 3.3 and 3.4 say, once per game (the global property ``CardsDealt`` guards
  against dealing again when a saved game is loaded).

The piles themselves are :mod:`builder.module.card_piles`. Every command reports to the
chat; a card is named only when it is revealed or discarded, never while it is hidden: while a card is masked, its commands are the
masking side's alone (a Restrict Commands trait outside the reports), so the other side
can neither reveal, turn nor discard it, and no report of its face fires for him.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from lxml import etree

from builder.art.cards import screen_card
from builder.module import keys
from builder.module.elements import element, piece_text
from builder.module.keys import Key
from builder.module.maps import FANNED, PlainBoard, Privacy, Zone, map_element
from builder.module.pieces import MARKER_LAYER, PIECE_LAYERS
from builder.module.traits import (
    PropertyChange,
    calculated_property,
    expression_text,
    fixed_in_place,
    following_layer,
    global_hotkey,
    global_key,
    mask,
    report,
    restrict_commands,
    return_to_deck,
    send_to,
    set_global_property,
    trigger,
)
from builder.saves.area_names import (
    CARDS_DEALT,
    DISCARD_PILE,
    DRAW_DECK,
    duel_pile_name,
    hand_map_name,
    steps_map_name,
)
from builder.saves.steps_layout import StepsBox, step_cards, step_cards_text, steps_label_centre
from builder.vassal.traits import BasicPiece, Marker, Trait, UsePrototype
from builder.vassal.writer import SetupPiece
from rules.cards import Card, CardDeck
from rules.model import GameSpec, Unit

CARD_PROTOTYPE = "Card"
CARD_LAYER = "Cards"
CARD_LAYERS = (*PIECE_LAYERS, CARD_LAYER)
"""The layers of a card game's maps, bottom first: cards lie on top."""
CARD_NAME = "Card"
"""Every card's piece name, so no report can give a hidden card away."""
DEAL_MAP = "DealMap"
DEAL_ZONE = "DealZone"
STEPS_HELD = "StepsHeld"
OBSCURED_TO_ME = "Obscured"
OBSCURED_TO_OTHERS = "ObscuredToOthers"
"""The Mask's own properties (VASSAL's ``Properties.OBSCURED_TO_ME`` and
``OBSCURED_TO_OTHERS``): "true" while the card is hidden from this player, or by him."""
OWNER_COMMANDS = (keys.FLIP, keys.PLAY_FACE_DOWN, keys.REVEAL, keys.DISCARD)
"""A card's commands only the side that hid it may give while it is hidden (8.4-8.7):
any of them would show or report its face."""
HAND_SIZE = (720, 220)
HAND_SPOT = (70, 110)
PILE_SIZE = screen_card().image_size


@dataclass(frozen=True)
class CardArt:
    """The images of a card game: each card's face, the one back, each side's steps
    board (with its boxes and size), and each unit's step-count badges and the labels
    under its counter in its box (0 to full)."""

    faces: Mapping[str, str]
    back: str
    steps_boards: Mapping[str, str]
    steps_boxes: Mapping[str, tuple[StepsBox, ...]]
    steps_sizes: Mapping[str, tuple[int, int]]
    badges: Mapping[str, tuple[str, ...]]
    labels: Mapping[str, tuple[str, ...]]


def card_maps(spec: GameSpec) -> list[str]:
    """The names of the steps maps and hands, for the set-up's board layouts."""
    return [
        name
        for side in spec.sides
        for name in (steps_map_name(side.name), hand_map_name(side.name))
    ]


def deck_of(spec: GameSpec) -> CardDeck:
    """The game's deck (the caller has checked it has one)."""
    assert spec.cards is not None
    return spec.cards


# ---------------------------------------------------------------- pieces


def step_card_commands(spec: GameSpec, unit: Unit, art: CardArt) -> tuple[Trait, ...]:
    """A unit's step cards (3.3): draw one (7.5) or all (6.1, 6.2), the deal at the
    start, and the badge counting the cards in its box. None for a unit without steps.
    No draw takes a unit past its printed steps (7.5: never beyond the original number):
    at full strength both draw commands are greyed out and their keys do nothing, and
    every single draw is refused once the box is full."""
    count = step_cards(unit)
    if not count:
        return ()
    side_name = next(side.name for side in spec.sides if side.id == unit.side)
    box, steps_map = unit.name, steps_map_name(side_name)
    full = f"{{{STEPS_HELD}>={count}}}"
    return (
        restrict_commands(
            "Full strength", full, (keys.DRAW_STEP, keys.DRAW_ALL_STEPS), disable=True
        ),
        report(keys.DRAW_STEP, f"$PlayerSide$ draws a step card for {unit.name} (7.5)"),
        report(
            keys.DRAW_ALL_STEPS,
            f"$PlayerSide$ draws step cards for {unit.name} up to its {step_cards_text(count)} (3.3, 6.1, 6.2)",
        ),
        trigger("Draw a step card", "Draw a step card", keys.DRAW_STEP, [keys.DRAW_QUIETLY]),
        trigger(
            "Draw all step cards",
            "Draw all step cards",
            keys.DRAW_ALL_STEPS,
            [keys.DRAW_QUIETLY] * count,
        ),
        trigger("Deal at the start", "", keys.DEAL_AT_START, [keys.DRAW_QUIETLY] * count),
        trigger(
            "Deal one card",
            "",
            keys.DRAW_QUIETLY,
            [keys.SET_DEAL_TARGET, keys.DEAL_ONE],
            match=f"{{{STEPS_HELD}<{count}}}",
        ),
        global_key(keys.DEAL_ONE, keys.DEAL, f'{{DeckName=="{DRAW_DECK}"}}', 1),
        set_global_property(DEAL_MAP, [PropertyChange("", keys.SET_DEAL_TARGET, "P", steps_map)]),
        set_global_property(DEAL_ZONE, [PropertyChange("", keys.SET_DEAL_TARGET, "P", box)]),
        following_layer(
            "Steps held",
            art.badges[unit.id],
            tuple(f"+ [{held} of {count} steps]" for held in range(count + 1)),
            STEPS_HELD,
            0,
        ),
        cards_in_box(box, steps_map),
        Marker(keys=("StepMap", "StepBox"), values=(steps_map, box)),
    )


def cards_in_box(box: str, steps_map: str) -> Trait:
    """:data:`STEPS_HELD`: how many cards lie in the steps box ``box`` of ``steps_map``,
    counted whenever asked, so the unit's badge and its box's label follow the box."""
    return calculated_property(
        STEPS_HELD,
        f'{{Count("{{CurrentZone==\\"{expression_text(box)}\\"}}","{expression_text(steps_map)}")}}',
    )


def steps_labels(spec: GameSpec, art: CardArt) -> list[SetupPiece]:
    """Under each unit's counter in its steps box, the count of the cards the box holds
    ("1 of 2 step cards"): a piece whose Layer follows :func:`cards_in_box`, fixed in
    place (never selected, never moved), for the set-ups."""
    pieces = []
    for side in spec.sides:
        steps_map = steps_map_name(side.name)
        for box in art.steps_boxes[side.id]:
            unit = spec.units[box.unit]
            count = step_cards(unit)
            traits: tuple[Trait, ...] = (
                fixed_in_place(),
                following_layer(
                    "Steps held",
                    art.labels[unit.id],
                    tuple(f"+ {held} of {step_cards_text(count)}" for held in range(count + 1)),
                    STEPS_HELD,
                    0,
                ),
                cards_in_box(box.name, steps_map),
                Marker(keys=("Layer", "Game"), values=(MARKER_LAYER, spec.id)),
                BasicPiece(image="", name=f"{unit.name}:"),
            )
            pieces.append(SetupPiece(traits, steps_map, *steps_label_centre(box)))
    return pieces


def card_prototype(spec: GameSpec, art: CardArt) -> tuple[Trait, ...]:
    """What every card does: go to a hand or a steps box when dealt, turn over, play face
    down in a duel, reveal, discard."""
    on_steps = " || ".join(
        f'CurrentMap=="{expression_text(steps_map_name(side.name))}"' for side in spec.sides
    )
    traits: list[Trait] = [
        restrict_commands(
            "Only its owner handles a hidden card", f'{{{OBSCURED_TO_ME}=="true"}}', OWNER_COMMANDS
        ),
        report(keys.PLAY_FACE_DOWN, "$PlayerSide$ plays a card face down (8.4-8.6)"),
        report(keys.REVEAL, "$PlayerSide$ reveals the $CardName$ (8.7)"),
        report(keys.REPORT_PLAIN_DISCARD, "$PlayerSide$ discards the $CardName$"),
        report(
            keys.REPORT_STEP_LOST,
            "$PlayerSide$ discards the $CardName$: $CurrentZone$ loses a step (8.9)",
        ),
        report(keys.FLIP, "$PlayerSide$ turns a card face down or up"),
        trigger(
            "Discard a step",
            "",
            keys.REPORT_DISCARD,
            [keys.REPORT_STEP_LOST],
            match=f"{{{on_steps}}}",
        ),
        trigger(
            "Discard a card",
            "",
            keys.REPORT_DISCARD,
            [keys.REPORT_PLAIN_DISCARD],
            match=f"{{!({on_steps})}}",
        ),
        trigger("Turn over", "Turn face down or up", keys.FLIP, [keys.MASK]),
        trigger(
            "Play face down",
            "Play face down in a duel",
            keys.PLAY_FACE_DOWN,
            [keys.MASK_IF_SHOWN, keys.DUEL_FACE_DOWN, keys.TO_DUEL],
        ),
        trigger(
            "Hide if shown",
            "",
            keys.MASK_IF_SHOWN,
            [keys.MASK],
            match=f'{{{OBSCURED_TO_OTHERS}!="true"}}',
        ),
        trigger(
            "Reveal",
            "Reveal",
            keys.REVEAL,
            [keys.MASK, keys.REVEALED],
            match=f'{{{OBSCURED_TO_OTHERS}=="true"}}',
        ),
        trigger("Discard", "Discard", keys.DISCARD, [keys.REPORT_DISCARD, keys.TO_DISCARDS]),
        return_to_deck("", keys.TO_DUEL, duel_pile_name("$PlayerSide$")),
        send_to("", keys.DEAL, f"${DEAL_MAP}$", zone=f"${DEAL_ZONE}$"),
    ]
    for side in spec.sides:
        traits += duel_pile_keys(side.name)
        traits.append(
            send_to("", keys.to_hand(side.name), hand_map_name(side.name), point=HAND_SPOT)
        )
    traits += [
        return_to_deck("", keys.TO_DISCARDS, DISCARD_PILE),
        set_global_property(CARDS_DEALT, [PropertyChange("", keys.MARK_DEALT, "P", "yes")]),
        mask(keys.MASK, art.back, CARD_NAME),
        BasicPiece(image="", name=""),
    ]
    return tuple(traits)


def duel_pile_keys(side_name: str) -> tuple[Trait, ...]:
    """What turns ``side_name``'s duel pile face down before its player plays a card into
    it, and face up when a card lying in it is revealed: the pile's own keys, fired
    module-wide by a Global Hotkey, each behind a Trigger that checks whose it is."""
    down, up = keys.duel_face_down(side_name), keys.duel_face_up(side_name)
    fire_down, fire_up = keys.named(f"fire-{down.name}"), keys.named(f"fire-{up.name}")
    return (
        trigger(
            f"{side_name} pile face down",
            "",
            None,
            [fire_down],
            match=f'{{PlayerSide=="{expression_text(side_name)}"}}',
            watched=[keys.DUEL_FACE_DOWN],
        ),
        global_hotkey("", fire_down, down),
        trigger(
            f"{side_name} pile face up",
            "",
            None,
            [fire_up],
            match=f'{{DeckName=="{expression_text(duel_pile_name(side_name))}"}}',
            watched=[keys.REVEALED],
        ),
        global_hotkey("", fire_up, up),
    )


def card_traits(spec: GameSpec, card: Card, art: CardArt, gpid: str) -> tuple[Trait, ...]:
    """A card: the card prototype, its rank, suit, value and events as properties, and
    its face. Its name is :data:`CARD_NAME` for everyone, so no report can give a hidden
    card away; the chat names it only when it is revealed or discarded."""
    deck = deck_of(spec)
    names = ["Layer", "Game", "CardId", "CardName", "Rank", "Suit", "Colour", "Value", "Face"]
    values = [
        CARD_LAYER,
        spec.id,
        card.id,
        card.name,
        card.rank.id,
        card.suit.name,
        card.suit.colour,
        str(card.rank.value),
        "yes" if card.rank.face else "no",
    ]
    for side in spec.sides:
        event = deck.event(card, side.id)
        names.append(f"{side.name}Event")
        values.append(f"{event.name} ({event.rule})" if event else "")
    return (
        UsePrototype(name=CARD_PROTOTYPE),
        Marker(keys=tuple(names), values=tuple(values)),
        BasicPiece(image=art.faces[card.id], name=CARD_NAME, gpid=gpid),
    )


def card_prototype_definition(prototypes: etree._Element, spec: GameSpec, art: CardArt) -> None:
    """The card prototype among the module's prototypes."""
    definition = element(
        prototypes, "module.PrototypeDefinition", name=CARD_PROTOTYPE, description="Every card"
    )
    definition.text = piece_text(card_prototype(spec, art))


# ---------------------------------------------------------------- maps


def private_maps(root: etree._Element, spec: GameSpec, art: CardArt) -> None:
    """Per side: the steps window (cards fanned so each shows) and the hand, each only
    that side can open, on the toolbar keys of :data:`keys.STEPS` and :data:`keys.HANDS`."""
    for side, button in zip(spec.sides, keys.STEPS, strict=False):
        name = steps_map_name(side.name)
        zones = tuple(Zone(box.name, box.slot) for box in art.steps_boxes[side.id])
        board = PlainBoard(name, art.steps_sizes[side.id], art.steps_boards[side.id], zones)
        map_element(
            root,
            name,
            board,
            {},
            button,
            layers=CARD_LAYERS,
            stacking=FANNED,
            private=Privacy(side.name),
        )
    for side, button in zip(spec.sides, keys.HANDS, strict=False):
        name = hand_map_name(side.name)
        width, height = HAND_SIZE
        board = PlainBoard(
            name,
            HAND_SIZE,
            zones=(Zone("Hand", ((0, 0), (width, 0), (width, height), (0, height))),),
        )
        map_element(
            root, name, board, {}, button, layers=CARD_LAYERS, private=Privacy(side.name, hand=True)
        )


def card_toolbar(spec: GameSpec) -> list[tuple[str, Key]]:
    """The toolbar buttons of the card windows, by name."""
    buttons = [
        (steps_map_name(side.name), key) for side, key in zip(spec.sides, keys.STEPS, strict=False)
    ]
    return buttons + [
        (hand_map_name(side.name), key) for side, key in zip(spec.sides, keys.HANDS, strict=False)
    ]


# ---------------------------------------------------------------- module parts


def card_piece_keys() -> list[tuple[str, Key]]:
    """The card commands a player uses, for the help page."""
    return [
        ("Turn a card face down or up", keys.FLIP),
        ("Play a card face down in a duel", keys.PLAY_FACE_DOWN),
        ("Reveal a face-down card", keys.REVEAL),
        ("Discard a card", keys.DISCARD),
    ]
