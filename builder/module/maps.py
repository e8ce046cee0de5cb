"""VASSAL maps: the game map with its overview, the dead piles, the untried pool, and a
card game's private steps windows and hands.

Every map gets the helpers VASSAL does not create itself, a mouse-over stack viewer
that names each piece without the names running into each other, stacks that fan out
far enough to read each counter, and move reports in the chat. A board is a hex map's
boards with their grids, or a plain board (a colour or a drawn image) whose zones, when
it has any, name a piece's place: the areas of an area map, the boxes of a panel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lxml import etree

from builder.art.counters import SCREEN_COUNTER_PX
from builder.module.elements import element
from builder.module.grid import hex_grid_element
from builder.module.keys import Key
from builder.module.pieces import PIECE_LAYERS
from rules.hexgrid import HexMap

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
EXPANDED_STACK_OFFSET = (40, 20)
"""How far apart the counters of an expanded stack are drawn (px): over half a counter
across, so each one's corner mark, designation and symbol show."""
VIEWER_FONT_PX = 11
VIEWER_GAP = 110
"""Space the mouse-over viewer leaves between pieces (px)."""
VIEWER_TEXT_CSS_WIDTH = 120
"""The CSS width each piece's name wraps to under it in the mouse-over viewer. Swing
draws a CSS pixel as 1.3 screen pixels (measured in the engine), so this is
:data:`VIEWER_TEXT_WIDTH` on screen."""
VIEWER_TEXT_WIDTH = 156
"""The width of each name's box under its piece (px): less than a piece and the gap
after it, so names never run into each other (tested against every word of every name)."""
OVERVIEW_SCALE = 0.1
BOARD_COLOUR = "235,232,222"
MOVE_REPORT = "$pieceName$ moves $previousLocation$ → $location$"
MOVE_TO_REPORT = "$pieceName$ moves $previousLocation$ → $location$ ($mapName$)"
CREATE_REPORT = "$pieceName$ placed at $location$ ($mapName$)"


@dataclass(frozen=True)
class Zone:
    """A named place on a plain board: VASSAL names a piece inside it after it."""

    name: str
    corners: tuple[tuple[float, float], ...]

    @property
    def path(self) -> str:
        """The corners as a Zone's ``path`` attribute: ``x,y;x,y;…`` in whole pixels."""
        return ";".join(f"{round(x)},{round(y)}" for x, y in self.corners)


@dataclass(frozen=True)
class PlainBoard:
    """A board without a hex grid: a plain colour, or a drawn image, of a fixed size,
    with the zones that name places on it."""

    name: str
    size: tuple[int, int]
    image: str = ""
    zones: tuple[Zone, ...] = ()


@dataclass(frozen=True)
class Stacking:
    """How far apart the pieces of a stack are drawn (px), expanded and not."""

    expanded: tuple[int, int] = EXPANDED_STACK_OFFSET
    unexpanded: tuple[int, int] = (4, 6)


FANNED = Stacking(expanded=(80, 0), unexpanded=(26, 0))
"""Cards side by side, each one's corner showing even when the stack is not expanded."""


@dataclass(frozen=True)
class Privacy:
    """A map only one side sees: a private map, or a hand (which lays its cards out
    itself, so it has no stacking)."""

    side: str
    hand: bool = False


def map_element(
    root: etree._Element,
    name: str,
    boards: HexMap | PlainBoard,
    board_images: Mapping[str, str],
    button: Key | None,
    overview: Key | None = None,
    layers: Sequence[str] = PIECE_LAYERS,
    stacking: Stacking = Stacking(),
    private: Privacy | None = None,
) -> etree._Element:
    """A Map with its board picker, grids and helpers. ``button`` gives the map a toolbar
    button and window of its own (else it docks into the main window); ``overview`` adds
    an overview window on that key; ``layers`` are the piece layers, bottom first;
    ``private`` makes it a side's own."""
    tag = (
        "module.Map"
        if private is None
        else "module.PlayerHand"
        if private.hand
        else "module.PrivateMap"
    )
    privacy = {} if private is None else {"side": private.side, "visible": "false", "useBoards": ""}
    map_element_ = element(
        root,
        tag,
        **privacy,
        mapName=name,
        launch="true" if button else "false",
        buttonName=name if button else "",
        hotkey=button.encoded() if button else "",
        tooltip=f"Show or hide the {name} window" if button else "",
        icon="",
        edgeWidth="0",
        edgeHeight="0",
        allowMultiple="true" if isinstance(boards, HexMap) and len(boards.boards) > 1 else "false",
        markMoved="Always",
        backgroundcolor="255,255,255",
        moveWithinFormat=MOVE_REPORT,
        moveToFormat=MOVE_TO_REPORT,
        createFormat=CREATE_REPORT,
        changeFormat="$message$",
    )
    picker = element(
        map_element_,
        "module.map.BoardPicker",
        title="Choose boards",
        boardPrompt="Select board",
        addColumnText="Add column",
        addRowText="Add row",
        slotWidth="350",
        slotHeight="125",
        slotScale="0.2",
    )
    setup = etree.SubElement(picker, "setup")
    if isinstance(boards, HexMap):
        columns = sorted({board.origin[0] for board in boards.boards})
        rows = sorted({board.origin[1] for board in boards.boards})
        setup.text = f"{name}BoardPicker\t" + "\t".join(
            f"{board.name}\t{columns.index(board.origin[0])}\t{rows.index(board.origin[1])}"
            for board in boards.boards
        )
        for board in boards.boards:
            board_element = element(
                picker,
                "module.map.boardPicker.Board",
                name=board.name,
                image=board_images[board.name],
                reversible="false",
            )
            board_element.append(hex_grid_element(board))
    else:
        setup.text = f"{name}BoardPicker\t{boards.name}\t0\t0"
        plain = element(
            picker,
            "module.map.boardPicker.Board",
            name=boards.name,
            image=boards.image,
            width=str(boards.size[0]),
            height=str(boards.size[1]),
            color=BOARD_COLOUR,
            reversible="false",
        )
        if boards.zones:
            grid = element(plain, "module.map.boardPicker.board.ZonedGrid")
            for zone in boards.zones:
                element(
                    grid,
                    "module.map.boardPicker.board.mapgrid.Zone",
                    name=zone.name,
                    path=zone.path,
                    locationFormat="$name$",
                    useParentGrid="false",
                    useHighlight="false",
                    highlightProperty="",
                )
    if private is None or not private.hand:
        element(
            map_element_,
            "module.map.StackMetrics",
            bottom="40,0",
            disabled="false",
            down="37,0",
            exSepX=str(stacking.expanded[0]),
            exSepY=str(stacking.expanded[1]),
            top="38,0",
            unexSepX=str(stacking.unexpanded[0]),
            unexSepY=str(stacking.unexpanded[1]),
            up="39,0",
        )
    for helper in MAP_HELPERS:
        element(map_element_, f"module.map.{helper}")
    element(
        map_element_, "module.map.Zoomer", zoomLevels="0.25,0.33,0.5,0.75,1.0,1.5", zoomStart="2"
    )
    element(
        map_element_,
        "module.map.CounterDetailViewer",
        version="3",
        delay="400",
        minDisplayPieces="1",
        showgraph="true",
        showtext="true",
        graphicsZoom="1.0",
        zoomlevel="1.0",
        borderWidth=str(VIEWER_GAP),
        fontSize=str(VIEWER_FONT_PX),
        extraTextPadding="2",
        centerText="true",
        enableHTML="true",
        summaryReportFormat="$LocationName$",
        counterReportFormat=f"<html><body style='width: {VIEWER_TEXT_CSS_WIDTH}px; text-align: center'>$PieceName$"
        "</body></html>",
        display="from all layers",
        bgColor="255,255,255",
        fgColor="0,0,0",
    )
    element(
        map_element_,
        "module.map.LayeredPieceCollection",
        description="",
        layerOrder=",".join(layers),
        property="Layer",
    )
    if overview is not None:
        element(
            map_element_,
            "module.map.GlobalMap",
            buttonText="Overview",
            icon="",
            hotkey=overview.encoded(),
            tooltip="Show or hide the overview of the whole map",
            scale=str(OVERVIEW_SCALE),
            color="200,30,30",
        )
    return map_element_


def viewer_cell_width() -> int:
    """The room the stack viewer gives each piece's name: the piece and the gap after it."""
    return SCREEN_COUNTER_PX + VIEWER_GAP
