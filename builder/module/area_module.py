"""The VASSAL module of a card-driven area game (Rattenkrieg: Stalingrad).

What a player gets, and the VASSAL 3.6 parts that give it:

- The map is one board whose zoned grid has a zone per area (named after it, so a
  piece's location is the area's name) and per panel box, all from the same outlines
  the art draws (:mod:`rules.areas`, :mod:`builder.art.area_board`).
- The 52 cards are pieces. The draw deck is a face-down DrawPile that draws at random
  ("shuffle: always"), so it is shuffled for every draw; when it runs out it fires the
  discard pile's "send to deck" key, so the discards become the new deck (RKS 3.4).
- Hands are one PlayerHand per side: only that side sees it.
- Steps (3.3) are cards on a private steps map per side (a PrivateMap only that side
  sees), in a box named after the unit, so which card belongs to which unit is a
  location and never lost. The counter shows how many it holds: a Calculated Property
  counts the cards in its box and a Layer follows it, so the opponent sees the count
  and never the cards. Cards leave the deck face up (only their owner can see where
  they go); a card played in a duel is put face down with a side Mask first (8.4).
- A Startup Global Key Command deals the step cards of the units on the map and both
  hands as 3.3 and 3.4 say, once per game (the global property ``CardsDealt`` guards
  against dealing again when a saved game is loaded).
- Units flip when they have acted (7.4); the turn tracker's replenishment phase turns
  them all face up (10.3). Every action reports to the chat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lxml import etree

from builder.art.area_board import Box, piece_spots
from builder.module.area_traits import (
    CONTROL_SHIFT,
    calculated_property,
    flip_layer,
    following_layer,
    global_key,
    key,
    mask,
    named,
    report,
    return_to_deck,
    send_to_point,
    send_to_zone,
    set_global_property,
    trigger,
)
from builder.conventions import SCENARIO_PROPERTY, dead_pile_name
from builder.module.area_names import (
    ACTED_LAYER,
    CARDS_DEALT,
    DISCARD_PILE,
    DRAW_DECK,
    ISOLATED_LAYER,
    hand_map_name,
    steps_map_name,
)
from builder.module.buildfile import VASSAL_VERSION, ModuleIdentity
from builder.module.maps import MAP_HELPERS
from builder.module.turns import TURN_TRACKER_ID, turn_tracker_state
from builder.module.pieces import (
    MARKER_LAYER,
    UNIT_LAYER,
    MarkerImages,
    UnitImages,
    marker_traits,
    side_prototype_name,
    side_prototype_traits,
    unit_traits,
)
from builder.steps_layout import StepsBox, step_cards
from builder.vassal.commands import AddPiece, BoardPlacement, encode_command
from builder.vassal.metadata import Metadata
from builder.vassal.model import MODULE_CONTAINER, GlobalPropertyValue, MapBoards
from builder.vassal.traits import BasicPiece, Marker, Trait, UsePrototype, chain_texts
from builder.vassal.writer import SetupPiece, TurnPosition, build_setup_save
from rules.cards import Card, CardDeck
from rules.model import GameMap, GameSpec, Scenario, Unit

PACKAGE = "VASSAL.build"
CARD_PROTOTYPE = "Card"
CARD_LAYER = "Cards"
DEAL_MAP = "DealMap"
DEAL_ZONE = "DealZone"
STEPS_HELD = "StepsHeld"
HAND_SIZE = (720, 220)
DEAD_PILE_SIZE = (600, 400)
HAND_SPOT = (70, 110)

FLIP = key("F")
ISOLATE = key("I")
FACE_UP = named("face-up")
FACE_UP_ALL = named("face-up-all")
DRAW_STEP = key("S")
DEAL_ALL = key("S", CONTROL_SHIFT)
DEAL_STEPS = named("deal-steps")
DEAL_QUIETLY = named("deal-quietly")
ARRIVE = key("A")
ARRIVE_MOVE = named("arrive-move")
REBUILD = key("T")
SET_DEAL_TARGET = named("set-deal-target")
DEAL_ONE = named("deal-one")
DEAL = named("deal")
MARK_DEALT = named("mark-dealt")
TURN_OVER = key("H")
MASK = named("mask")
PLAY = key("P")
REVEAL = key("R")
DISCARD = key("D")
MASK_IF_SHOWN = named("mask-if-shown")
TO_DUEL = named("to-duel")
RESHUFFLE = named("reshuffle-discards")


def to_hand_key(side_name: str) -> str:
    return named(f"to-{side_name.lower()}-hand")


@dataclass(frozen=True)
class AreaArt:
    """Every image of an area game's module, by file name, and which image is what."""

    images: Mapping[str, bytes]
    board: str
    boxes: tuple[Box, ...]
    steps_boards: Mapping[str, str]
    steps_boxes: Mapping[str, tuple[StepsBox, ...]]
    units: Mapping[str, UnitImages]
    acted: Mapping[str, str]
    badges: Mapping[str, tuple[str, ...]]
    markers: Mapping[str, MarkerImages]
    cards: Mapping[str, str]
    card_back: str
    charts: Sequence[tuple[str, str]]
    size: tuple[int, int]
    steps_sizes: Mapping[str, tuple[int, int]]


@dataclass(frozen=True)
class PieceIds:
    """The palette slot ids (gpids) of units, cards and markers, shared by the build
    file and the set-up save so VASSAL matches a saved piece to its slot."""

    units: Mapping[str, str]
    cards: Mapping[str, str]
    markers: Mapping[str, str]

    @property
    def next_free(self) -> int:
        return max(int(gpid) for ids in (self.units, self.cards, self.markers) for gpid in ids.values()) + 1


def piece_ids(spec: GameSpec) -> PieceIds:
    """Units side by side in data order from 1, then the cards, then the markers."""
    units: dict[str, str] = {}
    for side in spec.sides:
        for unit in spec.units.values():
            if unit.side == side.id:
                units[unit.id] = str(len(units) + 1)
    assert spec.cards is not None
    cards = {card.id: str(len(units) + index + 1) for index, card in enumerate(spec.cards.cards())}
    first_marker = len(units) + len(cards) + 1
    markers = {marker_id: str(first_marker + index) for index, marker_id in enumerate(spec.markers)}
    return PieceIds(units, cards, markers)


def _element(parent: etree._Element, tag: str, **attributes: str) -> etree._Element:
    return etree.SubElement(parent, f"{PACKAGE}.{tag}", {name: attributes[name] for name in sorted(attributes)})


def _piece_text(traits: tuple[Trait, ...]) -> str:
    piece_type, state = chain_texts(traits)
    return encode_command(AddPiece(piece_id=None, type=piece_type, state=state))


def _zone_path(points: Sequence[tuple[float, float]]) -> str:
    return ";".join(f"{round(x)},{round(y)}" for x, y in points)


def _expression_text(value: str) -> str:
    """A string literal inside a property expression."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


# ---------------------------------------------------------------- pieces


def area_unit_traits(spec: GameSpec, unit: Unit, art: AreaArt, gpid: str) -> tuple[Trait, ...]:
    """A unit: the hex games' chain (side prototype, properties) with the 'acted' face,
    and for a unit with steps the commands that deal it cards and the badge counting them."""
    base = unit_traits(spec, unit, art.units[unit.id], gpid)
    side_name = next(side.name for side in spec.sides if side.id == unit.side)
    added: list[Trait] = [
        report([FLIP], "* $PlayerSide$: $oldPieceName$ in $LocationName$ turns over (7.4, 10.3)"),
        report([ISOLATE], "* $PlayerSide$: $oldPieceName$ in $LocationName$ is marked isolated or freed (8.10)"),
    ]
    count = step_cards(unit)
    if count:
        box = unit.name
        steps_map = steps_map_name(side_name)
        added += [
            report([DRAW_STEP], f"* $PlayerSide$ draws a step card for {unit.name} (7.5)"),
            report([DEAL_ALL], f"* $PlayerSide$ draws the {count} step cards of {unit.name} (3.3, 6.1, 6.2)"),
            trigger("Draw a step card", "Draw a step card", DRAW_STEP, [DEAL_QUIETLY]),
            trigger("Draw all step cards", "Draw all step cards", DEAL_ALL, [DEAL_QUIETLY] * count),
            trigger("Deal at the start", "", DEAL_STEPS, [DEAL_QUIETLY] * count),
            trigger("Deal one card", "", DEAL_QUIETLY, [SET_DEAL_TARGET, DEAL_ONE]),
            global_key(DEAL_ONE, DEAL, f'{{DeckName=="{DRAW_DECK}"}}', 1),
            set_global_property(DEAL_MAP, SET_DEAL_TARGET, steps_map),
            set_global_property(DEAL_ZONE, SET_DEAL_TARGET, box),
        ]
    game_map = spec.maps[0]
    for arrival in [arrival for arrival in unit.arrivals if arrival.where][:1]:
        where = game_map.area(arrival.where).name
        actions = [ARRIVE_MOVE] + [DEAL_QUIETLY] * count
        added += [
            report([ARRIVE], f"* {unit.name} arrives in the {where} with {count} step cards (6.1, 6.2)"),
            trigger("Arrive", f"Arrive in the {where} (turn {arrival.turn})", ARRIVE, actions),
            send_to_point("", ARRIVE_MOVE, game_map.name, *_stack_spot(game_map, arrival.where)),
        ]
    if "rebuilt_in" in unit.properties:
        where = game_map.area(unit.properties["rebuilt_in"]).name
        added += [
            report([REBUILD], f"* {unit.name} returns to the {where} (6.3)"),
            send_to_point(f"Return to the {where} (6.3)", REBUILD, game_map.name,
                          *_stack_spot(game_map, unit.properties["rebuilt_in"])),
        ]
    added.append(flip_layer(ACTED_LAYER, art.acted[unit.id], "+ (acted)", FLIP, "Flip (acted)", FACE_UP))
    added.append(flip_layer(ISOLATED_LAYER, "", "+ (isolated)", ISOLATE, "Isolated or freed (8.10)", ""))
    if count:
        added += [
            following_layer(
                "Steps held", art.badges[unit.id], tuple(f"+ [{held} of {count} steps]" for held in range(count + 1)),
                STEPS_HELD, 0,
            ),
            calculated_property(
                STEPS_HELD,
                f'{{Count("{{CurrentZone==\\"{_expression_text(box)}\\"}}","{_expression_text(steps_map)}")}}',
            ),
            Marker(keys=("StepMap", "StepBox"), values=(steps_map, box)),
        ]
    return (base[0], *added, *base[1:])


def _stack_spot(game_map: GameMap, area_id: str) -> tuple[int, int]:
    """Where units stand in an area: the set-up's first spot, clear of the name. Not the
    zone's centre, which VASSAL takes from its bounding box and which lies outside a
    concave area (the German rear wraps round the city)."""
    assert game_map.area_map is not None
    return piece_spots(game_map.area_map, game_map.area(area_id), 1)[0]


def area_marker_traits(spec: GameSpec, marker_id: str, art: AreaArt, gpid: str) -> tuple[Trait, ...]:
    """A marker as in the hex games, reporting when it is flipped (control changes, 3.6)."""
    traits = marker_traits(spec, marker_id, art.markers[marker_id], gpid)
    if art.markers[marker_id].back is None:
        return traits
    return (report([FLIP], "* $PlayerSide$ flips the $oldPieceName$ marker in $LocationName$ (3.6)"), *traits)


def card_prototype(spec: GameSpec, art: AreaArt) -> tuple[Trait, ...]:
    """What every card does: deal, go to a hand, play face down, reveal, discard."""
    traits: list[Trait] = [
        report([PLAY], "* $PlayerSide$ plays a card face down (8.4-8.6)"),
        report([REVEAL], "* $PlayerSide$ reveals the $CardName$ (8.7)"),
        report([DISCARD], "* $PlayerSide$ discards the $CardName$"),
        report([TURN_OVER], "* $PlayerSide$ turns a card face down or up"),
        trigger("Turn over", "Turn face down or up", TURN_OVER, [MASK]),
        trigger("Play face down", "Play face down in a duel", PLAY, [MASK_IF_SHOWN, TO_DUEL]),
        trigger("Hide if shown", "", MASK_IF_SHOWN, [MASK], match='{ObscuredToOthers!="true"}'),
        trigger("Reveal", "Reveal", REVEAL, [MASK], match='{ObscuredToOthers=="true"}'),
        send_to_zone("", TO_DUEL, spec.maps[0].name, "$PlayerSide$ duel card"),
        send_to_zone("", DEAL, f"${DEAL_MAP}$", f"${DEAL_ZONE}$"),
    ]
    for side in spec.sides:
        traits.append(send_to_point("", to_hand_key(side.name), hand_map_name(side.name), *HAND_SPOT))
    traits += [
        return_to_deck("Discard", DISCARD, DISCARD_PILE),
        set_global_property(CARDS_DEALT, MARK_DEALT, "yes"),
        mask(MASK, "", art.card_back, "Card"),
        BasicPiece(image="", name=""),
    ]
    return tuple(traits)


def card_traits(spec: GameSpec, deck: CardDeck, card: Card, art: AreaArt, gpid: str) -> tuple[Trait, ...]:
    """A card: the card prototype, its rank, suit, value and events as properties, and
    its face. Its name is 'Card' for everyone, so no report can give a hidden card away;
    the chat names it only when it is revealed or discarded."""
    keys = ["Layer", "Game", "CardId", "CardName", "Rank", "Suit", "Colour", "Value", "Face"]
    values = [CARD_LAYER, spec.id, card.id, card.name, card.rank.id, card.suit.name, card.suit.colour,
              str(card.rank.value), "yes" if card.rank.face else "no"]
    for side in spec.sides:
        event = deck.event(card, side.id)
        keys.append(f"{side.name}Event")
        values.append(f"{event.name} ({event.rule})" if event else "")
    return (
        UsePrototype(name=CARD_PROTOTYPE),
        Marker(keys=tuple(keys), values=tuple(values)),
        BasicPiece(image=art.cards[card.id], name="Card", gpid=gpid),
    )


# ---------------------------------------------------------------- maps


def _map(root: etree._Element, tag: str, name: str, launch: bool, **extra: str) -> etree._Element:
    return _element(
        root, tag, mapName=name, launch="true" if launch else "false", buttonName=name if launch else "",
        edgeWidth="0", edgeHeight="0", allowMultiple="false", markMoved="Always", backgroundcolor="255,255,255",
        moveWithinFormat="$pieceName$ moves within $location$",
        moveToFormat="$pieceName$ moves $previousLocation$ -> $location$",
        createFormat="$pieceName$ created in $location$", **extra,
    )


def _board(map_element: etree._Element, name: str, image: str, size: tuple[int, int],
           zones: Sequence[tuple[str, Sequence[tuple[float, float]]]]) -> None:
    picker = _element(map_element, "module.map.BoardPicker", title="Choose boards", boardPrompt="Select board",
                      addColumnText="Add column", addRowText="Add row", slotWidth="350", slotHeight="125",
                      slotScale="0.2")
    setup = etree.SubElement(picker, "setup")
    setup.text = f"{map_element.get('mapName')}BoardPicker\t{name}\t0\t0"
    board = _element(picker, "module.map.boardPicker.Board", name=name, image=image, reversible="false",
                     width=str(size[0]), height=str(size[1]), color="235,232,222")
    if zones:
        grid = _element(board, "module.map.boardPicker.board.ZonedGrid")
        for zone_name, points in zones:
            _element(grid, "module.map.boardPicker.board.mapgrid.Zone", name=zone_name, path=_zone_path(points),
                     locationFormat="$name$", useParentGrid="false", useHighlight="false", highlightProperty="")


def _map_furniture(map_element: etree._Element, stack: tuple[int, int, int, int] | None, zoom_start: str) -> None:
    """Stacking (none for a hand, which lays its cards side by side itself), the helpers
    VASSAL does not add itself, zoom, the stack viewer, layers."""
    if stack is not None:
        ex_x, ex_y, unex_x, unex_y = stack
        _element(map_element, "module.map.StackMetrics", bottom="40,0", disabled="false", down="37,0",
                 exSepX=str(ex_x), exSepY=str(ex_y), top="38,0", unexSepX=str(unex_x), unexSepY=str(unex_y),
                 up="39,0")
    for helper in MAP_HELPERS:
        _element(map_element, f"module.map.{helper}")
    _element(map_element, "module.map.Zoomer", zoomLevels="0.33,0.5,0.75,1.0,1.5", zoomStart=zoom_start)
    _element(map_element, "module.map.CounterDetailViewer", version="3", delay="400", minDisplayPieces="1",
             showgraph="true", showtext="true", summaryReportFormat="$LocationName$",
             counterReportFormat="$PieceName$", zoomlevel="1.0", display="from all layers")
    _element(map_element, "module.map.LayeredPieceCollection", description="",
             layerOrder=f"{UNIT_LAYER},{MARKER_LAYER},{CARD_LAYER}", property="Layer")


def _draw_piles(map_element: etree._Element, spec: GameSpec, art: AreaArt, board: str, gpids: PieceIds) -> None:
    deck = spec.cards
    assert deck is not None
    boxes = {box.kind: box for box in art.boxes}
    x, y = boxes["deck"].centre
    pile = _element(
        map_element, "module.map.DrawPile", name=DRAW_DECK, owningBoard=board, x=str(x), y=str(y), width="74",
        height="104", allowMultiple="true", allowSelect="false", faceDown="Always", drawFaceUp="true",
        shuffle="Always", shuffleCommand="", reversible="false", draw="true", color="0,0,0",
        hotkeyOnEmpty="true", emptyHotkey=RESHUFFLE, reshufflable="false", canSave="true", maxStack="12",
        reportFormat="", drawMultipleMessage="Draw several cards",
    )
    for card in deck.cards():
        gpid = gpids.cards[card.id]
        slot = _element(pile, "widget.PieceSlot", entryName=card.name, gpid=gpid, width="0", height="0")
        slot.text = _piece_text(card_traits(spec, deck, card, art, gpid))
    x, y = boxes["discard"].centre
    _element(
        map_element, "module.map.DrawPile", name=DISCARD_PILE, owningBoard=board, x=str(x), y=str(y), width="74",
        height="104", allowMultiple="false", allowSelect="false", faceDown="Never", drawFaceUp="true",
        shuffle="Never", reversible="false", draw="true", color="0,0,0", reshufflable="true",
        reshuffleCommand="Shuffle into the draw deck", reshuffleTarget=DRAW_DECK, reshuffleHotkey=RESHUFFLE,
        reshuffleMessage="* The discards are shuffled into a new draw deck (3.4)", canSave="true", maxStack="12",
    )


def _main_map(root: etree._Element, spec: GameSpec, game_map: GameMap, art: AreaArt, gpids: PieceIds) -> None:
    area_map = game_map.area_map
    assert area_map is not None
    map_element = _map(root, "module.Map", game_map.name, launch=False)
    zones = [(area.name, area_map.polygon(area.id)) for area in game_map.areas]
    zones += [(box.name, box.corners) for box in art.boxes]
    _board(map_element, game_map.name, art.board, art.size, zones)
    _map_furniture(map_element, (12, 16, 3, 4), "3")
    _draw_piles(map_element, spec, art, game_map.name, gpids)


def _private_maps(root: etree._Element, spec: GameSpec, art: AreaArt) -> None:
    """Per side: the steps map (cards fanned so each shows) and the hand."""
    for side in spec.sides:
        name = steps_map_name(side.name)
        steps = _map(root, "module.PrivateMap", name, launch=True, side=side.name, visible="false", useBoards="")
        zones = [(spec.units[box.unit].name, box.slot) for box in art.steps_boxes[side.id]]
        _board(steps, name, art.steps_boards[side.id], art.steps_sizes[side.id], zones)
        _map_furniture(steps, (80, 0, 26, 0), "2")
    for side in spec.sides:
        name = hand_map_name(side.name)
        hand = _map(root, "module.PlayerHand", name, launch=True, side=side.name, visible="false", useBoards="")
        width, height = HAND_SIZE
        _board(hand, name, "", HAND_SIZE, (("Hand", ((0, 0), (width, 0), (width, height), (0, height))),))
        _map_furniture(hand, None, "2")
    for side in spec.sides:
        dead = _map(root, "module.Map", dead_pile_name(side.name), launch=True)
        _board(dead, dead_pile_name(side.name), "", DEAD_PILE_SIZE, ())
        _map_furniture(dead, (12, 16, 3, 4), "2")


# ---------------------------------------------------------------- module parts


def _palette(root: etree._Element, spec: GameSpec, art: AreaArt, gpids: PieceIds) -> None:
    """Units by side and the markers, wrapping rows so no panel runs off the screen."""
    window = _element(root, "module.PieceWindow", name="Counters", text="Counters", hidden="false", scale="1.0",
                      defaultWidth="0")
    tabs = _element(window, "widget.TabWidget", entryName="Counters")
    for side in spec.sides:
        panel = _element(tabs, "widget.PanelWidget", entryName=side.name, fixed="true", nColumns="6", vert="false")
        for unit in spec.units.values():
            if unit.side != side.id:
                continue
            gpid = gpids.units[unit.id]
            slot = _element(panel, "widget.PieceSlot", entryName=unit.name, gpid=gpid, width="0", height="0")
            slot.text = _piece_text(area_unit_traits(spec, unit, art, gpid))
    panel = _element(tabs, "widget.PanelWidget", entryName="Markers", fixed="true", nColumns="6", vert="false")
    for marker_id, marker in spec.markers.items():
        gpid = gpids.markers[marker_id]
        slot = _element(panel, "widget.PieceSlot", entryName=marker.name, gpid=gpid, width="0", height="0")
        slot.text = _piece_text(area_marker_traits(spec, marker_id, art, gpid))


def _turn_tracker(root: etree._Element, spec: GameSpec, last_turn: int) -> None:
    tracker = _element(root, "module.turn.TurnTracker", name="Turn", buttonText="Turn",
                       turnFormat="Turn $level1$: $level2$", reportFormat="* <$PlayerId$> $newTurn$",
                       lengthStyle="Maximum", length="-1", plusButtonSize="22", turnButtonHeight="22")
    turn = _element(tracker, "module.turn.CounterTurnLevel", name="Turn", property="Turn", turnFormat="$value$",
                    start="1", incr="1", loop="false", loopLimit=str(last_turn))
    _element(turn, "module.turn.ListTurnLevel", name="Phase", property="Phase", turnFormat="$value$",
             list=",".join(phase.replace(",", " ") for phase in spec.phases), configList="false",
             configFirst="false", prompt="")
    replenishment = spec.phases[-1]
    _element(tracker, "module.turn.TurnGlobalHotkey", name="Units face up", hotkey=FACE_UP_ALL,
             match=f'{{Phase=="{replenishment}"}}', reportFormat="")


def _global_commands(root: etree._Element, spec: GameSpec) -> None:
    """The face-up button (10.3) and the deal of 3.3 and 3.4 when a game starts."""
    _element(root, "module.GlobalKeyCommand", name="Face up", buttonText="Face up",
             tooltip="Turn every unit face up (10.3)", icon="", buttonHotkey=FACE_UP_ALL, hotkey=FACE_UP,
             filter='{UnitId!=""}', deckCount="-1", reportSingle="true",
             reportFormat="* Every unit turns face up (10.3)")
    deck = spec.cards
    assert deck is not None
    not_dealt = f'{CARDS_DEALT}!="yes"'
    waiting = sorted({f"Turn {arrival.turn}" for unit in spec.units.values() for arrival in unit.arrivals})
    on_map = " && ".join([f'CurrentMap=="{spec.maps[0].name}"', *(f'CurrentZone!="{zone}"' for zone in waiting)])
    starts: list[tuple[str, str, str, str, str]] = [
        ("Deal step cards", DEAL_STEPS, f"{{{not_dealt} && StepMap!=\"\" && {on_map}}}", "-1",
         "* Step cards dealt face down to every unit on the map (3.3)"),
    ]
    for side in spec.sides:
        size = deck.hands.start.get(side.id, 0)
        if size:
            starts.append((f"Deal {side.name} hand", to_hand_key(side.name),
                           f'{{{not_dealt} && DeckName=="{DRAW_DECK}"}}', str(size),
                           f"* {size} cards dealt to the {side.name} hand (3.4)"))
    starts.append(("Cards dealt", MARK_DEALT, f'{{{not_dealt} && DeckName=="{DRAW_DECK}"}}', "1", ""))
    for name, hotkey, selection, count, message in starts:
        _element(root, "module.StartupGlobalKeyCommand", name=name, buttonText="", tooltip="", icon="",
                 buttonHotkey="", hotkey=hotkey, filter=selection, deckCount=count, reportSingle="true",
                 reportFormat=message)


def _global_options(root: etree._Element) -> None:
    """Before the first map, so the main map docks in the main window (vcheck --view)."""
    _element(root, "module.GlobalOptions", autoReport="Always", centerOnMove="Use Preferences Setting",
             chatterHTMLSupport="Never", hotKeysOnClosedWindows="Never", inventoryVisibleToAll="Never",
             markMoved="Always", nonOwnerUnmaskable="Never", playerIdFormat="$PlayerName$",
             promptString="Opponents can unmask pieces", sendToLocationMoveTrails="Never",
             storeLeadingZeroIntegersAsStrings="false")


def area_build_file(
    spec: GameSpec, identity: ModuleIdentity, art: AreaArt, setups: Sequence[tuple[str, str]],
    help_files: tuple[str, str], gpids: PieceIds,
) -> bytes:
    """The build file of an area game's module; ``help_files`` are the About page and
    the page on playing the cards."""
    game_map = spec.maps[0]
    root = etree.Element(f"{PACKAGE}.GameModule", ModuleOther1="", ModuleOther2="", VassalVersion=VASSAL_VERSION,
                         description=identity.description, name=identity.name, nextPieceSlotId="0",
                         version=identity.version)
    _element(root, "module.BasicCommandEncoder")
    documentation = _element(root, "module.Documentation")
    about, cards = help_files
    _element(documentation, "module.documentation.HelpFile", title=f"About {spec.title} (Stavka)",
             fileName=about, fileType="archive")
    _element(documentation, "module.documentation.HelpFile", title="Playing the cards in this module",
             fileName=cards, fileType="archive")
    roster = _element(root, "module.PlayerRoster", buttonText="Retire", buttonToolTip="Switch sides",
                      buttonIcon="", buttonKeyStroke="")
    for side in spec.sides:
        etree.SubElement(roster, "entry").text = side.name
    _global_options(root)
    properties = _element(root, "module.properties.GlobalProperties")
    for name, description in (
        (SCENARIO_PROPERTY, "The scenario being played; the predefined set-up sets it for the referee"),
        (CARDS_DEALT, "yes once the step cards and hands of 3.3 and 3.4 are dealt"),
        (DEAL_MAP, "Where the next dealt card goes (map)"),
        (DEAL_ZONE, "Where the next dealt card goes (box)"),
    ):
        _element(properties, "module.properties.GlobalProperty", name=name, initialValue="",
                 description=description, isNumeric="false", min="", max="", wrap="false")
    _main_map(root, spec, game_map, art, gpids)
    _private_maps(root, spec, art)
    prototypes = _element(root, "module.PrototypesContainer")
    for side in spec.sides:
        definition = _element(prototypes, "module.PrototypeDefinition", name=side_prototype_name(side.id),
                              description=f"Every {side.name} unit")
        definition.text = _piece_text(side_prototype_traits(side.id, dead_pile_name(side.name)))
    definition = _element(prototypes, "module.PrototypeDefinition", name=CARD_PROTOTYPE, description="Every card")
    definition.text = _piece_text(card_prototype(spec, art))
    _palette(root, spec, art, gpids)
    last_turn = max(scenario.last_turn for scenario in spec.scenarios.values())
    _turn_tracker(root, spec, last_turn)
    _global_commands(root, spec)
    charts = _element(root, "module.ChartWindow", name="Charts", text="Charts", tooltip="Player aids", icon="",
                      hotkey="")
    tabs = _element(charts, "widget.TabWidget", entryName="Charts")
    for title, image in art.charts:
        _element(tabs, "widget.Chart", chartName=title, description="", fileName=image)
    if setups:
        menu = _element(root, "module.PredefinedSetup", name="Scenarios", isMenu="true", useFile="false", file="")
        for name, entry in setups:
            _element(menu, "module.PredefinedSetup", name=name, isMenu="false", useFile="true", file=entry)
    root.set("nextPieceSlotId", str(gpids.next_free))
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False, pretty_print=True)


# ---------------------------------------------------------------- set-up


def area_setup_pieces(spec: GameSpec, scenario: Scenario, art: AreaArt, gpids: PieceIds) -> list[SetupPiece]:
    """The set-up of 3.1 and 3.2: units in their areas (in the stack offset below the
    area's name), reinforcements on the turn track, control markers in the city areas."""
    game_map = spec.maps[0]
    area_map = game_map.area_map
    assert area_map is not None
    by_id = {area.id: area for area in game_map.areas}
    boxes = {box.name: box for box in art.boxes}
    spots = {area.id: piece_spots(area_map, area, 2) for area in game_map.areas}
    pieces: list[SetupPiece] = []
    for placement in scenario.setup:
        unit = spec.units[placement.unit]
        if placement.location not in by_id:
            raise ValueError(f"scenario {scenario.id}: {placement.location} is not an area")
        x, y = spots[placement.location][0]
        traits = _expanded(spec, area_unit_traits(spec, unit, art, gpids.units[unit.id]))
        pieces.append(SetupPiece(traits=traits, map=game_map.name, x=x, y=y))
    for unit in spec.units.values():
        for arrival in unit.arrivals:
            if arrival.scenario == scenario.id:
                x, y = boxes[f"Turn {arrival.turn}"].centre
                traits = _expanded(spec, area_unit_traits(spec, unit, art, gpids.units[unit.id]))
                pieces.append(SetupPiece(traits=traits, map=game_map.name, x=x, y=y))
    for marker_id, marker in spec.markers.items():
        traits = area_marker_traits(spec, marker_id, art, gpids.markers[marker_id])
        if "control" in marker_id:
            for area in game_map.areas:
                if area.kind != "rear":
                    x, y = spots[area.id][1]
                    pieces.append(SetupPiece(traits=traits, map=game_map.name, x=x, y=y))
        elif "turn" in marker_id:
            x, y = boxes[f"Turn {scenario.first_turn}"].centre
            pieces.append(SetupPiece(traits=traits, map=game_map.name, x=x - 20, y=y - 10))
    return pieces


def _expanded(spec: GameSpec, traits: tuple[Trait, ...]) -> tuple[Trait, ...]:
    """Side prototypes replaced by their traits, as VASSAL does when a piece enters play."""
    result: list[Trait] = []
    for trait in traits:
        if isinstance(trait, UsePrototype):
            side = next(side for side in spec.sides if side_prototype_name(side.id) == trait.name)
            result.extend(side_prototype_traits(side.id, dead_pile_name(side.name))[:-1])
        else:
            result.append(trait)
    return tuple(result)


def area_board_layouts(spec: GameSpec) -> list[MapBoards]:
    """Every map's board, as the set-up save restores them."""
    names = [spec.maps[0].name]
    for side in spec.sides:
        names += [steps_map_name(side.name), hand_map_name(side.name), dead_pile_name(side.name)]
    return [MapBoards(map=name, boards=(BoardPlacement(board=name, reversed=False, column=0, row=0),))
            for name in names]


def area_setup_save(spec: GameSpec, scenario: Scenario, art: AreaArt, gpids: PieceIds, metadata: Metadata,
                    seed: int) -> bytes:
    """A set-up save; the deck is the module's at-start DrawPile, so it is not in it,
    and the deal of 3.3 and 3.4 happens when the game starts."""
    return build_setup_save(
        area_setup_pieces(spec, scenario, art, gpids),
        metadata,
        seed,
        boards=area_board_layouts(spec),
        global_properties=(GlobalPropertyValue(SCENARIO_PROPERTY, scenario.id, MODULE_CONTAINER),),
        turns=(TurnPosition(TURN_TRACKER_ID, turn_tracker_state(spec, scenario.first_turn)),),
        description=scenario.name,
        at_start_stacks=False,
    )
