"""``buildFile.xml`` for a game: what a player sees in the VASSAL Player.

One builder for every game. The main map docks into the main window (GlobalOptions
come before any map, or VASSAL 3.6 shows no map at all with its default preferences);
the counters, charts, tracks, dead piles, untried pool and a card game's hands and steps
windows each have a toolbar button with a hotkey (:func:`toolbar`); an overview, a notes
window and a piece inventory come with every module, as players of community modules
expect. What a game has decides what it gets, from its data: hex boards or an area board
(:mod:`builder.module.areas`), a deck of cards (:mod:`builder.module.cards`), record
tracks, an untried pool, a die for its results tables. Targets VASSAL 3.6: only
components and attributes that 3.6 has. Element and attribute order is fixed, so
identical input gives identical bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lxml import etree

from builder.module import keys
from builder.module.areas import FACE_UP_BUTTON, area_board, face_up_commands, waiting_zones
from builder.module.artwork import ModuleArt
from builder.module.card_piles import draw_piles, duel_piles
from builder.module.cards import (
    CARD_LAYERS,
    card_prototype_definition,
    card_toolbar,
    private_maps,
)
from builder.module.catalogue import Catalogue
from builder.module.deal import card_properties, deal_at_start
from builder.module.elements import PACKAGE, element, piece_text
from builder.module.keys import Key
from builder.module.maps import DEAD_PILE_SIZE, PlainBoard, map_element
from builder.module.options import option_buttons, optional_rule_properties
from builder.module.palette import add_palette
from builder.module.pieces import PIECE_LAYERS, side_prototype_name, side_prototype_traits
from builder.module.plugin import (
    REFEREE_HELP_FILE,
    REFEREE_HELP_TITLE,
    add_referee,
    referee_buttons,
)
from builder.module.pool import POOL_MAP, pool_map, untried_pools
from builder.module.tracks import TRACKS_MAP, track_properties, tracks_map, turn_follower
from builder.module.turns import LAST_TURN_PROPERTY, last_turn, turn_tracker
from builder.saves.area_names import duel_pile_name
from builder.saves.names import DIE_BUTTON, DIE_REPORT, SCENARIO_PROPERTY, dead_pile_name
from builder.vassal.metadata import Metadata
from rules.model import GameSpec

VASSAL_VERSION = "3.6.0"


@dataclass(frozen=True)
class ModuleIdentity:
    """The module's name and version, shared by buildFile, moduledata and every save."""

    name: str
    version: str
    description: str


def _global_options(root: etree._Element) -> None:
    """Before any map, so the 'combined application window' preference (on by default)
    is known when the main map decides to dock into the main window. Hotkeys work with
    their windows closed: the turn marker follows the turn through a hidden global key
    command, and the toolbar keys open the windows they belong to."""
    element(
        root,
        "module.GlobalOptions",
        autoReport="Always",
        nonOwnerUnmaskable="Never",
        promptString="Opponents can unmask pieces",
        playerIdFormat="$PlayerName$",
        chatterHTMLSupport="Never",
        hotKeysOnClosedWindows="Always",
    )


def _global_properties(root: etree._Element, spec: GameSpec) -> None:
    properties = element(root, "module.properties.GlobalProperties")
    element(
        properties,
        "module.properties.GlobalProperty",
        name=SCENARIO_PROPERTY,
        initialValue="",
        description="The scenario being played; each predefined set-up sets it for the referee",
        isNumeric="false",
        min="",
        max="",
        wrap="false",
    )
    element(
        properties,
        "module.properties.GlobalProperty",
        name=LAST_TURN_PROPERTY,
        initialValue=str(last_turn(spec)),
        description="The last turn of the scenario being played",
        isNumeric="true",
        min="1",
        max="99",
        wrap="false",
    )
    track_properties(properties, spec)
    optional_rule_properties(properties, spec)
    if spec.cards is not None:
        card_properties(properties)


def _charts(root: etree._Element, charts: Sequence[tuple[str, str]]) -> None:
    window = element(
        root,
        "module.ChartWindow",
        name="Charts",
        text="Charts",
        icon="",
        hotkey=keys.CHARTS.encoded(),
        tooltip="Charts and tables",
    )
    tabs = element(window, "widget.TabWidget", entryName="Charts")
    for title, image in charts:
        element(tabs, "widget.Chart", chartName=title, description="", fileName=image)


def _inventory(root: etree._Element) -> None:
    """Every unit by side, formation and where it is (map, dead pile, pool), from the
    properties each unit piece carries."""
    element(
        root,
        "module.Inventory",
        name="Inventory",
        text="Inventory",
        icon="",
        hotkey=keys.INVENTORY.encoded(),
        tooltip="Units by side, formation and place",
        include='{Layer == "Units"}',
        groupBy="SideName,Formation,CurrentMap",
        nonLeafFormat="$PropertyValue$",
        leafFormat="$PieceName$ ($LocationName$)",
        foldersOnly="false",
        sortPieces="true",
        sortFormat="$PieceName$",
        sorting="alpha",
        centerOnPiece="true",
        forwardKeystroke="true",
        showMenu="true",
        drawPieces="true",
        pieceZoom="0.33",
        sides="",
        launchFunction="functionHide",
        refreshHotkey="",
    )


def rolls_dice(spec: GameSpec) -> bool:
    """A game with a results table rolls a die for it (Rattenkrieg draws cards instead)."""
    return bool(spec.tables.odds_tables)


def toolbar(spec: GameSpec) -> list[tuple[str, Key]]:
    """Every toolbar button a player presses, with its key (the help page lists them)."""
    buttons = [
        ("Counters", keys.COUNTERS),
        ("Charts", keys.CHARTS),
        ("Overview", keys.OVERVIEW),
        ("Inventory", keys.INVENTORY),
        ("Notes", keys.NOTES),
        ("Turn", keys.TURN_WINDOW),
    ]
    if rolls_dice(spec):
        buttons.append((DIE_BUTTON, keys.DIE))
    if spec.tracks:
        buttons.append((TRACKS_MAP, keys.TRACKS))
    if untried_pools(spec):
        buttons.append((POOL_MAP, keys.UNTRIED_POOL))
    buttons += [
        (dead_pile_name(side.name), key)
        for side, key in zip(spec.sides, keys.ELIMINATED, strict=False)
    ]
    if spec.cards is not None:
        buttons += card_toolbar(spec)
    if spec.is_area_game:
        buttons.append((FACE_UP_BUTTON, keys.FACE_UP))
    buttons += [(button.text, button.key) for button in referee_buttons(spec)]
    buttons += [(button.text, button.key) for button in option_buttons(spec)]
    return buttons


def _game_map(root: etree._Element, spec: GameSpec, art: ModuleArt, pieces: Catalogue) -> None:
    """The map the game is played on, docked in the main window, with its overview: the
    hex boards, or the area board with the draw deck and the discards of a card game."""
    for game_map in spec.maps:
        if game_map.hex_map is not None:
            map_element(
                root, game_map.name, game_map.hex_map, art.boards, None, overview=keys.OVERVIEW
            )
    if art.area is None:
        return
    board = area_board(spec, art.area)
    layers = CARD_LAYERS if art.cards is not None else PIECE_LAYERS
    map_ = map_element(root, board.name, board, {}, None, overview=keys.OVERVIEW, layers=layers)
    if art.cards is not None:
        cards = {
            card_id: (chain, pieces.card_gpids[card_id]) for card_id, chain in pieces.cards.items()
        }
        draw_piles(map_, spec, board.name, art.area.box("deck"), art.area.box("discard"), cards)
        duel_piles(
            map_,
            spec,
            board.name,
            {side.id: art.area.named(duel_pile_name(side.name)) for side in spec.sides},
        )


def build_file(
    spec: GameSpec,
    identity: ModuleIdentity,
    art: ModuleArt,
    setups: Sequence[tuple[str, str]],
    help_file: str,
    pieces: Catalogue,
    metadata: Metadata,
) -> bytes:
    """The build file's bytes. ``setups`` are (menu name, vsav entry name) pairs;
    ``pieces`` the chains and slot ids the palette and the set-ups share. The data's
    digest and origin stand in ``ModuleOther1``/``2`` too, which VASSAL's editor writes
    back to ``moduledata`` when it saves the module."""
    root = etree.Element(
        f"{PACKAGE}.GameModule",
        ModuleOther1=metadata.extra1,
        ModuleOther2=metadata.extra2,
        VassalVersion=VASSAL_VERSION,
        description=identity.description,
        name=identity.name,
        nextPieceSlotId=str(pieces.next_gpid),
        version=identity.version,
    )
    element(root, "module.BasicCommandEncoder")
    _global_options(root)
    documentation = element(root, "module.Documentation")
    element(
        documentation,
        "module.documentation.HelpFile",
        title=f"How to play {spec.title} (Stavka)",
        fileName=help_file,
        fileType="archive",
    )
    element(
        documentation,
        "module.documentation.HelpFile",
        title=REFEREE_HELP_TITLE,
        fileName=REFEREE_HELP_FILE,
        fileType="archive",
    )
    roster = element(
        root,
        "module.PlayerRoster",
        buttonText="Retire",
        buttonToolTip="Switch sides",
        buttonIcon="",
        buttonKeyStroke="",
    )
    for side in spec.sides:
        etree.SubElement(roster, "entry").text = side.name
    _global_properties(root, spec)
    _game_map(root, spec, art, pieces)
    for side, hotkey in zip(spec.sides, keys.ELIMINATED, strict=False):
        name = dead_pile_name(side.name)
        map_element(root, name, PlainBoard(name, DEAD_PILE_SIZE), {}, hotkey)
    if art.cards is not None:
        private_maps(root, spec, art.cards)
    if art.tracks is not None:
        tracks_map(root, spec, art.tracks)
    if untried_pools(spec):
        pool_map(root)
    prototypes = element(root, "module.PrototypesContainer")
    for side in spec.sides:
        definition = element(
            prototypes,
            "module.PrototypeDefinition",
            name=side_prototype_name(side.id),
            description=f"Every {side.name} unit",
        )
        definition.text = piece_text(side_prototype_traits(side.id, dead_pile_name(side.name)))
    if art.cards is not None:
        card_prototype_definition(prototypes, spec, art.cards)
    add_palette(root, spec, pieces, art.palette_scale)
    if rolls_dice(spec):
        element(
            root,
            "module.DiceButton",
            name=DIE_BUTTON,
            text=DIE_BUTTON,
            tooltip="Roll one die",
            icon="",
            hotkey=keys.DIE.encoded(),
            nDice="1",
            nSides="6",
            plus="0",
            addToTotal="0",
            reportTotal="false",
            sortDice="false",
            prompt="false",
            reportFormat=DIE_REPORT,
        )
    tracker = turn_tracker(root, spec)
    turn_follower(tracker, root, spec)
    if art.area is not None:
        face_up_commands(root, tracker, spec)
    if art.cards is not None:
        deal_at_start(root, spec, waiting_zones(spec))
    if art.charts:
        _charts(root, art.charts)
    _inventory(root)
    element(
        root,
        "module.NotesWindow",
        buttonText="Notes",
        icon="",
        hotkey=keys.NOTES.encoded(),
        tooltip="Scenario, public and private notes",
    )
    add_referee(root, spec, identity.version)
    if setups:
        menu = element(
            root,
            "module.PredefinedSetup",
            name="Scenarios",
            isMenu="true",
            useFile="false",
            file="",
        )
        for name, entry in setups:
            element(
                menu,
                "module.PredefinedSetup",
                name=name,
                isMenu="false",
                useFile="true",
                file=entry,
            )
    return etree.tostring(
        root, xml_declaration=True, encoding="UTF-8", standalone=False, pretty_print=True
    )
