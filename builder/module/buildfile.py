"""``buildFile.xml`` for a game: maps, grids, palettes, prototypes, charts, turns, set-ups.

Targets VASSAL 3.6: only components and attributes that 3.6 has. Element and attribute
order is fixed, so identical input gives identical bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lxml import etree

from builder.conventions import SCENARIO_PROPERTY, dead_pile_name
from builder.module.grid import hex_grid_element
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
from builder.vassal.commands import AddPiece, encode_command
from builder.vassal.sequence import encode
from builder.vassal.traits import Trait, chain_texts
from rules.hexgrid import HexMap
from rules.model import GameSpec, Unit

VASSAL_VERSION = "3.6.0"
PACKAGE = "VASSAL.build"
MAP_HELPERS = (
    "ForwardToKeyBuffer",
    "Scroller",
    "ForwardToChatter",
    "MenuDisplayer",
    "MapCenterer",
    "StackExpander",
    "PieceMover",
    "KeyBufferer",
    "SelectionHighlighters",
    "HighlightLastMoved",
)
DEAD_PILE_SIZE = (600, 400)
POOL_MAP = "Untried pool"
TURN_TRACKER_ID = "TurnTracker0"
POOL_SPACING = 180


@dataclass(frozen=True)
class ModuleArt:
    """Everything drawn for a module: image bytes by file name and which image is what."""

    images: Mapping[str, bytes]
    boards: Mapping[str, str]
    units: Mapping[str, UnitImages]
    markers: Mapping[str, MarkerImages]
    charts: Sequence[tuple[str, str]]


@dataclass(frozen=True)
class ModuleIdentity:
    """The module's name and version, shared by buildFile, moduledata and every save."""

    name: str
    version: str
    description: str


def untried_pools(spec: GameSpec) -> dict[str, list[Unit]]:
    """Per scenario, the untried units that arrive as reinforcements (DoS 2.14, 8.3):
    they are drawn at random, so each scenario gets a shuffled pile of them."""
    pools: dict[str, list[Unit]] = {}
    for unit in spec.units.values():
        if unit.properties.get("untried") != "yes":
            continue
        for arrival in unit.arrivals:
            pools.setdefault(arrival.scenario, []).append(unit)
    return {scenario: pools[scenario] for scenario in sorted(pools)}


def _element(parent: etree._Element, tag: str, **attributes: str) -> etree._Element:
    return etree.SubElement(parent, f"{PACKAGE}.{tag}", {key: attributes[key] for key in sorted(attributes)})


def _piece_text(traits: tuple[Trait, ...]) -> str:
    piece_type, state = chain_texts(traits)
    return encode_command(AddPiece(piece_id=None, type=piece_type, state=state))


def _map_element(
    root: etree._Element, name: str, hex_map: HexMap | None, art: ModuleArt, launch: bool, size: tuple[int, int]
) -> etree._Element:
    """A Map with its board picker, grids and the helpers VASSAL does not create itself."""
    map_element = _element(
        root,
        "module.Map",
        mapName=name,
        launch="true" if launch else "false",
        buttonName=name if launch else "",
        edgeWidth="0",
        edgeHeight="0",
        allowMultiple="true" if hex_map is not None and len(hex_map.boards) > 1 else "false",
        markMoved="Always",
        backgroundcolor="255,255,255",
    )
    picker = _element(
        map_element,
        "module.map.BoardPicker",
        title="Choose boards",
        boardPrompt="Select board",
        addColumnText="Add column",
        addRowText="Add row",
        slotWidth="350",
        slotHeight="125",
        slotScale="0.2",
    )
    if hex_map is not None:
        columns = sorted({board.origin[0] for board in hex_map.boards})
        rows = sorted({board.origin[1] for board in hex_map.boards})
        setup = etree.SubElement(picker, "setup")
        setup.text = f"{name}BoardPicker\t" + "\t".join(
            f"{board.name}\t{columns.index(board.origin[0])}\t{rows.index(board.origin[1])}" for board in hex_map.boards
        )
        for board in hex_map.boards:
            board_element = _element(
                picker, "module.map.boardPicker.Board", name=board.name, image=art.boards[board.name], reversible="false"
            )
            board_element.append(hex_grid_element(board))
    else:
        setup = etree.SubElement(picker, "setup")
        setup.text = f"{name}BoardPicker\t{name}\t0\t0"
        _element(
            picker,
            "module.map.boardPicker.Board",
            name=name,
            image="",
            width=str(size[0]),
            height=str(size[1]),
            color="235,232,222",
            reversible="false",
        )
    _element(
        map_element,
        "module.map.StackMetrics",
        bottom="40,0",
        disabled="false",
        down="37,0",
        exSepX="10",
        exSepY="14",
        top="38,0",
        unexSepX="3",
        unexSepY="4",
        up="39,0",
    )
    for helper in MAP_HELPERS:
        _element(map_element, f"module.map.{helper}")
    _element(map_element, "module.map.Zoomer", zoomLevels="0.25,0.33,0.5,0.75,1.0,1.5", zoomStart="2")
    _element(
        map_element,
        "module.map.CounterDetailViewer",
        version="3",
        delay="400",
        minDisplayPieces="1",
        showgraph="true",
        showtext="true",
        summaryReportFormat="$LocationName$",
        counterReportFormat="$PieceName$",
        zoomlevel="1.0",
        display="from all layers",
    )
    _element(
        map_element,
        "module.map.LayeredPieceCollection",
        description="",
        layerOrder=f"{UNIT_LAYER},{MARKER_LAYER}",
        property="Layer",
    )
    return map_element


def _palette(root: etree._Element, spec: GameSpec, art: ModuleArt, gpids: Mapping[str, str]) -> int:
    """Counters by side and formation, markers on their own tab; returns the next free gpid.

    Units keep the gpids given (set-up saves use the same ones); markers follow them.
    """
    window = _element(
        root, "module.PieceWindow", name="Counters", text="Counters", hidden="false", scale="1.0", defaultWidth="0"
    )
    tabs = _element(window, "widget.TabWidget", entryName="Counters")
    next_gpid = max((int(gpid) for gpid in gpids.values()), default=0) + 1
    for side in spec.sides:
        units = [unit for unit in spec.units.values() if unit.side == side.id]
        if not units:
            continue
        side_tab = _element(tabs, "widget.TabWidget", entryName=side.name)
        for group, members in _formations(units):
            panel = _element(side_tab, "widget.PanelWidget", entryName=group, fixed="false", nColumns="8", vert="false")
            for unit in members:
                gpid = gpids[unit.id]
                slot = _element(panel, "widget.PieceSlot", entryName=unit.name, gpid=gpid, width="0", height="0")
                slot.text = _piece_text(unit_traits(spec, unit, art.units[unit.id], gpid))
    if spec.markers:
        panel = _element(tabs, "widget.PanelWidget", entryName="Markers", fixed="false", nColumns="8", vert="false")
        for marker_id in sorted(spec.markers):
            gpid = str(next_gpid)
            next_gpid += 1
            slot = _element(
                panel, "widget.PieceSlot", entryName=spec.markers[marker_id].name, gpid=gpid, width="0", height="0"
            )
            slot.text = _piece_text(marker_traits(spec, marker_id, art.markers[marker_id], gpid))
    return next_gpid


def _formations(units: Sequence[Unit]) -> list[tuple[str, list[Unit]]]:
    """Units grouped by their ``army`` property (else nationality), in data order."""
    groups: dict[str, list[Unit]] = {}
    for unit in units:
        groups.setdefault(unit.properties.get("army", unit.nationality), []).append(unit)
    return list(groups.items())


def _pool_map(root: etree._Element, spec: GameSpec, art: ModuleArt, next_gpid: int) -> int:
    """A map with one face-up, always-shuffled draw pile per scenario of untried units."""
    pools = untried_pools(spec)
    if not pools:
        return next_gpid
    size = (POOL_SPACING * (len(pools) + 1), 2 * POOL_SPACING)
    map_element = _map_element(root, POOL_MAP, None, art, launch=True, size=size)
    for index, (scenario, units) in enumerate(pools.items(), start=1):
        name = f"{spec.scenarios[scenario].name if scenario in spec.scenarios else scenario} untried"
        pile = _element(
            map_element, "module.map.DrawPile", name=name, owningBoard=POOL_MAP, x=str(POOL_SPACING * index),
            y=str(POOL_SPACING), width="80", height="80", allowMultiple="false", allowSelect="false",
            faceDown="Never", drawFaceUp="true", shuffle="Always", shuffleCommand="Shuffle", reversible="false",
            draw="true", color="0,0,0", reshufflable="false", canSave="true", maxStack="10",
        )
        for unit in units:
            gpid = str(next_gpid)
            next_gpid += 1
            slot = _element(pile, "widget.PieceSlot", entryName=unit.name, gpid=gpid, width="0", height="0")
            slot.text = _piece_text(unit_traits(spec, unit, art.units[unit.id], gpid))
    return next_gpid


def _turn_tracker(root: etree._Element, spec: GameSpec) -> None:
    last_turn = _last_turn(spec)
    tracker = _element(
        root,
        "module.turn.TurnTracker",
        name="Turn",
        buttonText="Turn",
        turnFormat="Turn $level1$: $level2$",
        reportFormat="* <$PlayerId$> $newTurn$",
        lengthStyle="Maximum",
        length="-1",
        plusButtonSize="22",
        turnButtonHeight="22",
    )
    turn = _element(
        tracker, "module.turn.CounterTurnLevel", name="Turn", property="Turn", turnFormat="$value$", start="1",
        incr="1", loop="false", loopLimit=str(last_turn),
    )
    if spec.phases:
        _element(turn, "module.turn.ListTurnLevel", name="Phase", property="Phase", turnFormat="$value$",
                 list=",".join(phase.replace(",", " ") for phase in spec.phases), configList="false",
                 configFirst="false", prompt="")


def _last_turn(spec: GameSpec) -> int:
    return max((scenario.last_turn for scenario in spec.scenarios.values()), default=1)


def turn_tracker_state(spec: GameSpec, turn: int) -> str:
    """The state of the module's turn tracker showing ``turn`` and its first phase.

    Encoded as VASSAL's TurnTracker, CounterTurnLevel and ListTurnLevel write it (tracker:
    ``level|levelState``; counter: ``current;sublevel;loop;loopLimit;child``; list:
    ``current;sublevel;first;active flags``), so a set-up save opens on its scenario's turn.
    """
    children = []
    if spec.phases:
        children.append(encode(["0", "0", "0", ",".join("true" for _ in spec.phases)], ";"))
    counter = encode([str(turn), "0", "false", str(_last_turn(spec)), *children], ";")
    return encode(["0", counter], "|")


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
    _element(root, "module.BasicCommandEncoder")
    documentation = _element(root, "module.Documentation")
    _element(documentation, "module.documentation.HelpFile", title=f"About {spec.title} (Stavka)", fileName=help_file,
             fileType="archive")
    roster = _element(root, "module.PlayerRoster", buttonText="Retire", buttonToolTip="Switch sides",
                      buttonIcon="", buttonKeyStroke="")
    for side in spec.sides:
        etree.SubElement(roster, "entry").text = side.name
    properties = _element(root, "module.properties.GlobalProperties")
    for side in spec.sides:
        _element(properties, "module.properties.GlobalProperty", name=f"{side.name} VP", initialValue="0",
                 description=f"Victory points of the {side.name} side", isNumeric="true", min="0", max="999",
                 wrap="false")
    _element(properties, "module.properties.GlobalProperty", name=SCENARIO_PROPERTY, initialValue="",
             description="The scenario being played; each predefined set-up sets it for the referee",
             isNumeric="false", min="", max="", wrap="false")
    for game_map in spec.maps:
        if game_map.hex_map is not None:
            _map_element(root, game_map.name, game_map.hex_map, art, launch=False, size=(0, 0))
    for side in spec.sides:
        _map_element(root, dead_pile_name(side.name), None, art, launch=True, size=DEAD_PILE_SIZE)
    prototypes = _element(root, "module.PrototypesContainer")
    for side in spec.sides:
        definition = _element(prototypes, "module.PrototypeDefinition", name=side_prototype_name(side.id),
                              description=f"Every {side.name} unit")
        definition.text = _piece_text(side_prototype_traits(side.id, dead_pile_name(side.name)))
    next_gpid = _palette(root, spec, art, gpids)
    next_gpid = _pool_map(root, spec, art, next_gpid)
    _element(root, "module.DiceButton", name="1d6", text="1d6", tooltip="Roll one die", icon="", hotkey="",
             nDice="1", nSides="6", plus="0", addToTotal="0", reportTotal="false", sortDice="false", prompt="false",
             reportFormat="** $name$ = $result$ *** <$PlayerName$>")
    _turn_tracker(root, spec)
    if art.charts:
        charts = _element(root, "module.ChartWindow", name="Charts", text="Charts", tooltip="Charts and tables",
                          icon="", hotkey="")
        tabs = _element(charts, "widget.TabWidget", entryName="Charts")
        for title, image in art.charts:
            _element(tabs, "widget.Chart", chartName=title, description="", fileName=image)
    if setups:
        menu = _element(root, "module.PredefinedSetup", name="Scenarios", isMenu="true", useFile="false", file="")
        for name, entry in setups:
            _element(menu, "module.PredefinedSetup", name=name, isMenu="false", useFile="true", file=entry)
    root.set("nextPieceSlotId", str(next_gpid))
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False, pretty_print=True)
