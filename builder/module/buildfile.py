"""``buildFile.xml`` for a game: what a player sees in the VASSAL Player.

The main map docks into the main window (GlobalOptions come before any map, or VASSAL
3.6 shows no map at all with its default preferences); the counters, charts, tracks,
dead piles and untried pool each have a toolbar button with a hotkey; an overview, a
notes window and a piece inventory come with every module, as players of community
modules expect. Targets VASSAL 3.6: only components and attributes that 3.6 has.
Element and attribute order is fixed, so identical input gives identical bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lxml import etree

from builder.art.tracks import TrackLayout
from builder.conventions import SCENARIO_PROPERTY, dead_pile_name
from builder.module import keys
from builder.module.elements import PACKAGE, element, piece_text
from builder.module.maps import DEAD_PILE_SIZE, PlainBoard, map_element
from builder.module.palette import add_palette
from builder.module.pieces import MarkerImages, UnitImages, side_prototype_name, side_prototype_traits
from builder.module.pool import pool_map, untried_pools
from builder.module.tracks import track_properties, tracks_map, turn_follower
from builder.module.turns import LAST_TURN_PROPERTY, last_turn, turn_tracker
from rules.model import GameSpec

VASSAL_VERSION = "3.6.0"


@dataclass(frozen=True)
class ModuleArt:
    """Everything drawn for a module: image bytes by file name and which image is what.

    ``charts`` are (tab name, image) pairs; ``tracks`` is the layout the tracks board was
    drawn from, or None for a game without tracks.
    """

    images: Mapping[str, bytes]
    boards: Mapping[str, str]
    units: Mapping[str, UnitImages]
    markers: Mapping[str, MarkerImages]
    charts: Sequence[tuple[str, str]]
    tracks: TrackLayout | None = None


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
    element(root, "module.GlobalOptions", autoReport="Always", nonOwnerUnmaskable="Never",
            promptString="Opponents can unmask pieces", playerIdFormat="$PlayerName$", chatterHTMLSupport="Never",
            hotKeysOnClosedWindows="Always")


def _global_properties(root: etree._Element, spec: GameSpec) -> None:
    properties = element(root, "module.properties.GlobalProperties")
    element(properties, "module.properties.GlobalProperty", name=SCENARIO_PROPERTY, initialValue="",
            description="The scenario being played; each predefined set-up sets it for the referee",
            isNumeric="false", min="", max="", wrap="false")
    element(properties, "module.properties.GlobalProperty", name=LAST_TURN_PROPERTY,
            initialValue=str(last_turn(spec)), description="The last turn of the scenario being played",
            isNumeric="true", min="1", max="99", wrap="false")
    track_properties(properties, spec)


def _charts(root: etree._Element, charts: Sequence[tuple[str, str]]) -> None:
    window = element(root, "module.ChartWindow", name="Charts", text="Charts", icon="", hotkey=keys.CHARTS.encoded(),
                     tooltip="Charts and tables")
    tabs = element(window, "widget.TabWidget", entryName="Charts")
    for title, image in charts:
        element(tabs, "widget.Chart", chartName=title, description="", fileName=image)


def _inventory(root: etree._Element) -> None:
    """Every unit by side, formation and where it is (map, dead pile, pool), from the
    properties each unit piece carries."""
    element(
        root, "module.Inventory", name="Inventory", text="Inventory", icon="", hotkey=keys.INVENTORY.encoded(),
        tooltip="Units by side, formation and place", include='{Layer == "Units"}',
        groupBy="SideName,Formation,CurrentMap", nonLeafFormat="$PropertyValue$",
        leafFormat="$PieceName$ ($LocationName$)", foldersOnly="false", sortPieces="true", sortFormat="$PieceName$",
        sorting="alpha", centerOnPiece="true", forwardKeystroke="true", showMenu="true", drawPieces="true",
        pieceZoom="0.33", sides="", launchFunction="functionHide", refreshHotkey="",
    )


def build_file(
    spec: GameSpec,
    identity: ModuleIdentity,
    art: ModuleArt,
    setups: Sequence[tuple[str, str]],
    help_file: str,
    gpids: Mapping[str, str],
) -> bytes:
    """The build file's bytes. ``setups`` are (menu name, vsav entry name) pairs;
    ``gpids`` are the palette slot ids of the units."""
    root = etree.Element(
        f"{PACKAGE}.GameModule",
        ModuleOther1="",
        ModuleOther2="",
        VassalVersion=VASSAL_VERSION,
        description=identity.description,
        name=identity.name,
        nextPieceSlotId="0",
        version=identity.version,
    )
    element(root, "module.BasicCommandEncoder")
    _global_options(root)
    documentation = element(root, "module.Documentation")
    element(documentation, "module.documentation.HelpFile", title=f"How to play {spec.title} (Stavka)",
            fileName=help_file, fileType="archive")
    roster = element(root, "module.PlayerRoster", buttonText="Retire", buttonToolTip="Switch sides", buttonIcon="",
                     buttonKeyStroke="")
    for side in spec.sides:
        etree.SubElement(roster, "entry").text = side.name
    _global_properties(root, spec)
    for game_map in spec.maps:
        if game_map.hex_map is not None:
            map_element(root, game_map.name, game_map.hex_map, art.boards, None, overview=keys.OVERVIEW)
    for side, hotkey in zip(spec.sides, keys.ELIMINATED, strict=False):
        name = dead_pile_name(side.name)
        map_element(root, name, PlainBoard(name, DEAD_PILE_SIZE), {}, hotkey)
    if art.tracks is not None:
        tracks_map(root, spec, art.tracks)
    if untried_pools(spec):
        pool_map(root)
    prototypes = element(root, "module.PrototypesContainer")
    for side in spec.sides:
        definition = element(prototypes, "module.PrototypeDefinition", name=side_prototype_name(side.id),
                             description=f"Every {side.name} unit")
        definition.text = piece_text(side_prototype_traits(side.id, dead_pile_name(side.name)))
    next_gpid = add_palette(root, spec, art.units, art.markers, gpids)
    element(root, "module.DiceButton", name="1d6", text="1d6", tooltip="Roll one die", icon="",
            hotkey=keys.DIE.encoded(), nDice="1", nSides="6", plus="0", addToTotal="0", reportTotal="false",
            sortDice="false", prompt="false", reportFormat="** $name$ = $result$ *** <$PlayerName$>")
    tracker = turn_tracker(root, spec)
    turn_follower(tracker, root, spec)
    if art.charts:
        _charts(root, art.charts)
    _inventory(root)
    element(root, "module.NotesWindow", buttonText="Notes", icon="", hotkey=keys.NOTES.encoded(),
            tooltip="Scenario, public and private notes")
    if setups:
        menu = element(root, "module.PredefinedSetup", name="Scenarios", isMenu="true", useFile="false", file="")
        for name, entry in setups:
            element(menu, "module.PredefinedSetup", name=name, isMenu="false", useFile="true", file=entry)
    root.set("nextPieceSlotId", str(next_gpid))
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False, pretty_print=True)
