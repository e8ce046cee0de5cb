"""``HexGrid``/``HexGridNumbering`` build-file elements from the referee's own grid values.

The module's grid is written from the same :class:`rules.hexgrid.Board` the art draws
with and the referee reads saves with, so the engine snaps and names hexes exactly as
Stavka does.
"""

from __future__ import annotations

from lxml import etree

from rules.hexgrid import Board

HEX_GRID_CLASS = "VASSAL.build.module.map.boardPicker.board.HexGrid"
NUMBERING_CLASS = "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering"


def _number(value: float) -> str:
    """A double as VASSAL reads it; whole values without a trailing ``.0``."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _flag(value: bool) -> str:
    return "true" if value else "false"


def hex_grid_element(
    board: Board, *, visible: bool = False, numbering_visible: bool = False
) -> etree._Element:
    """The ``HexGrid`` element (with its numbering) for ``board``."""
    grid, numbering = board.grid, board.numbering
    grid_element = etree.Element(
        HEX_GRID_CLASS,
        color="0,0,0",
        cornersLegal="false",
        dotsVisible="false",
        dx=_number(grid.dx),
        dy=_number(grid.dy),
        edgesLegal="false",
        sideways=_flag(grid.sideways),
        snapTo="true",
        visible=_flag(visible),
        x0=str(grid.x0),
        y0=str(grid.y0),
    )
    etree.SubElement(
        grid_element,
        NUMBERING_CLASS,
        color="0,0,0",
        first=numbering.first,
        fontSize="9",
        hDescend=_flag(numbering.h_descend),
        hDrawOff="0",
        hLeading=str(numbering.h_leading),
        hOff=str(numbering.h_off),
        hType=numbering.h_type,
        locationFormat=numbering.location_format,
        rotateText="0",
        sep=numbering.sep,
        stagger=_flag(numbering.stagger),
        vDescend=_flag(numbering.v_descend),
        vDrawOff="0",
        vLeading=str(numbering.v_leading),
        vOff=str(numbering.v_off),
        vType=numbering.v_type,
        visible=_flag(numbering_visible),
    )
    return grid_element
