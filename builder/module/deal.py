"""The deal of Rattenkrieg 3.3 and 3.4 when a game starts, once: the module properties
it uses, and the startup commands that send step cards to the units on the map and then
fill each hand from the draw deck (:mod:`builder.module.cards` makes the cards and piles)."""

from __future__ import annotations

from lxml import etree

from builder.module import keys
from builder.module.cards import DEAL_MAP, DEAL_ZONE, deck_of
from builder.module.elements import element
from builder.module.keys import Key
from builder.saves.area_names import CARDS_DEALT, DRAW_DECK
from rules.model import GameSpec


def card_properties(properties: etree._Element) -> None:
    """The module properties the deal uses."""
    for name, description in (
        (CARDS_DEALT, "yes once the step cards and hands of 3.3 and 3.4 are dealt"),
        (DEAL_MAP, "Where the next dealt card goes (map)"),
        (DEAL_ZONE, "Where the next dealt card goes (box)"),
    ):
        element(
            properties,
            "module.properties.GlobalProperty",
            name=name,
            initialValue="",
            description=description,
            isNumeric="false",
            min="",
            max="",
            wrap="false",
        )


def deal_at_start(root: etree._Element, spec: GameSpec, waiting_zones: tuple[str, ...]) -> None:
    """The deal of 3.3 and 3.4 when a game starts, once: step cards to every unit on the
    main map (not those waiting in ``waiting_zones``, the turn track), then each hand."""
    not_dealt = f'{CARDS_DEALT}!="yes"'
    on_map = " && ".join(
        [
            f'CurrentMap=="{spec.maps[0].name}"',
            *(f'CurrentZone!="{zone}"' for zone in waiting_zones),
        ]
    )
    starts: list[tuple[str, Key, str, str, str]] = [
        (
            "Deal step cards",
            keys.DEAL_AT_START,
            f'{{{not_dealt} && StepMap!="" && {on_map}}}',
            "-1",
            "Step cards dealt face down to every unit on the map (3.3)",
        ),
    ]
    for side in spec.sides:
        size = deck_of(spec).hands.start.get(side.id, 0)
        if size:
            starts.append(
                (
                    f"Deal {side.name} hand",
                    keys.to_hand(side.name),
                    f'{{{not_dealt} && DeckName=="{DRAW_DECK}"}}',
                    str(size),
                    f"{size} cards dealt to the {side.name} hand (3.4)",
                )
            )
    starts.append(
        ("Cards dealt", keys.MARK_DEALT, f'{{{not_dealt} && DeckName=="{DRAW_DECK}"}}', "1", "")
    )
    for name, hotkey, selection, count, message in starts:
        element(
            root,
            "module.StartupGlobalKeyCommand",
            name=name,
            buttonText="",
            tooltip="",
            icon="",
            buttonHotkey="",
            hotkey=hotkey.encoded(),
            filter=selection,
            deckCount=count,
            reportSingle="true",
            reportFormat=message,
        )
