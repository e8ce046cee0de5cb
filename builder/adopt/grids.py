"""A module's hex map as Stavka's board: the grid and numbering VASSAL uses, exactly.

VASSAL's ``HexGrid`` (size ``dx``/``dy``, origin ``x0``/``y0``, ``sideways``) and
``HexGridNumbering`` (first, separator, types, leading zeros, offsets, descending,
stagger, location format) become the same values in ``map.toml``, so that
:mod:`rules.hexgrid` names every hex as the module does. A hex grid inside a
``ZonedGrid`` (its background grid, or the one zone holding a hex grid) is read the same
way; the zone's outline decides which hexes are in play.

What Stavka cannot referee is refused here in one line: a map of squares or regions, a
map of several boards, several maps with hex grids when none is chosen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from builder.adopt.buildfile import BoardElement, GridElement, MapElement, ZoneElement
from rules.errors import SaveError
from rules.hexgrid import Board, HexGrid, HexGridNumbering

HEX = "HexGrid"
ZONED = "ZonedGrid"
UNHANDLED = {
    "SquareGrid": "a square grid",
    "RegionGrid": "a region grid (named points, an irregular map)",
}
"""Grids Stavka has no lattice for, as a designer names them."""


@dataclass(frozen=True)
class HexBoard:
    """One board of the adopted map: where its picture is and the grid on it.

    ``numbered`` says whether the module numbers its hexes; when it does not, the
    numbering is Stavka's (column then row from 0101), marked as such in the data.
    ``in_play`` holds the raw hexes whose centres lie on the picture (or in the zone).
    """

    map: MapElement
    element: BoardElement
    board: Board
    in_play: frozenset[tuple[int, int]]
    numbered: bool
    zone: str | None


def _number(path: Path, where: str, attributes: Mapping[str, str], key: str, default: str) -> float:
    text = attributes.get(key, default).strip() or default
    try:
        value = float(text)
    except ValueError:
        raise SaveError(
            path, "buildFile.xml", f"{where}: {key}={text[:20]!r} is not a number"
        ) from None
    if value != value or value in (float("inf"), float("-inf")):
        raise SaveError(path, "buildFile.xml", f"{where}: {key}={text[:20]!r} is not a number")
    return value


def _flag(attributes: Mapping[str, str], key: str, default: bool) -> bool:
    value = attributes.get(key)
    return default if value is None else value.strip().lower() == "true"


def hex_grid(path: Path, where: str, element: GridElement) -> HexGrid:
    """A ``HexGrid`` element's values (VASSAL's defaults where an attribute is missing);
    a size outside what a board may use is refused."""
    attributes = element.attributes
    dy = _number(path, where, attributes, "dy", "64.0")
    dx = _number(path, where, attributes, "dx", repr(dy * 3**0.5 / 2))
    if not (1 <= dx <= 1000 and 1 <= dy <= 1000):
        raise SaveError(
            path,
            "buildFile.xml",
            f"{where}: a hex of {dx:g} × {dy:g} pixels; Stavka reads hex grids of 1 to 1,000 pixels",
        )
    return HexGrid(
        dx=dx,
        dy=dy,
        x0=int(_number(path, where, attributes, "x0", "0")),
        y0=int(_number(path, where, attributes, "y0", "32")),
        sideways=_flag(attributes, "sideways", False),
    )


def _part_type(value: str | None) -> str:
    return "A" if (value or "N").strip().upper() == "A" else "N"


def hex_numbering(
    path: Path, where: str, attributes: Mapping[str, str] | None, zone: ZoneElement | None
) -> HexGridNumbering:
    """A ``HexGridNumbering`` element's values; a zone's location format wraps the
    grid's, as the engine names a hex in a zone."""
    if attributes is None:
        return HexGridNumbering()
    location_format = attributes.get("locationFormat", "$gridLocation$") or "$gridLocation$"
    if zone is not None:
        location_format = zone.location_format.replace("$name$", zone.name).replace(
            "$gridLocation$", location_format
        )
    return HexGridNumbering(
        first="V" if attributes.get("first", "H").strip().upper() == "V" else "H",
        sep=attributes.get("sep", ""),
        h_type="A" if _part_type(attributes.get("hType")) == "A" else "N",
        v_type="A" if _part_type(attributes.get("vType")) == "A" else "N",
        h_leading=max(0, min(5, int(_number(path, where, attributes, "hLeading", "1")))),
        v_leading=max(0, min(5, int(_number(path, where, attributes, "vLeading", "1")))),
        h_off=int(_number(path, where, attributes, "hOff", "1")),
        v_off=int(_number(path, where, attributes, "vOff", "1")),
        h_descend=_flag(attributes, "hDescend", False),
        v_descend=_flag(attributes, "vDescend", False),
        stagger=_flag(attributes, "stagger", True),
        location_format=location_format,
    )


def _inside(point: tuple[float, float], outline: Sequence[tuple[int, int]]) -> bool:
    """Whether ``point`` lies inside the polygon ``outline`` (even-odd rule)."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(outline, [*outline[1:], outline[0]], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _hex_grid_of(board: BoardElement) -> tuple[GridElement, ZoneElement | None] | None:
    """The board's hex grid and the zone it lies in (None: the whole board's)."""
    grid = board.grid
    if grid is None:
        return None
    if grid.kind == HEX:
        return grid, None
    if grid.kind == ZONED:
        if grid.background is not None and grid.background.kind == HEX:
            return grid.background, None
        zoned = [zone for zone in grid.zones if zone.grid is not None and zone.grid.kind == HEX]
        if len(zoned) == 1 and zoned[0].grid is not None:
            return zoned[0].grid, zoned[0]
    return None


def grid_kinds(board: BoardElement) -> list[str]:
    """The kinds of grid a board has, zones' included, to say what a map is."""
    grid = board.grid
    if grid is None:
        return []
    kinds = [grid.kind]
    if grid.background is not None:
        kinds.append(grid.background.kind)
    kinds += [zone.grid.kind for zone in grid.zones if zone.grid is not None]
    return kinds


def _describe(map_element: MapElement) -> str:
    kinds = sorted({kind for board in map_element.boards for kind in grid_kinds(board)})
    return f"{map_element.name!r} ({', '.join(kinds) if kinds else 'no grid'})"


def choose_map(path: Path, maps: Sequence[MapElement], wanted: str | None) -> MapElement:
    """The map the game is played on: the one map with a hex grid, or ``wanted``."""
    if not maps:
        raise SaveError(path, "buildFile.xml", "the module has no map")
    if wanted is not None:
        for map_element in maps:
            if map_element.name == wanted:
                return map_element
        raise SaveError(
            path,
            "--map",
            f"the module has no map {wanted!r} (its maps: "
            + ", ".join(repr(item.name) for item in maps)
            + ")",
        )
    hex_maps = [
        item for item in maps if any(_hex_grid_of(board) is not None for board in item.boards)
    ]
    if len(hex_maps) == 1:
        return hex_maps[0]
    if not hex_maps:
        unhandled = sorted(
            {
                UNHANDLED[kind]
                for item in maps
                for board in item.boards
                for kind in grid_kinds(board)
                if kind in UNHANDLED
            }
        )
        found = ", ".join(_describe(item) for item in maps)
        what = (
            f"its maps have {' and '.join(unhandled)}, for which Stavka has no referee"
            if unhandled
            else "no map has a hex grid"
        )
        raise SaveError(path, "buildFile.xml", f"no hex map to adopt: {what} (maps: {found})")
    raise SaveError(
        path,
        "buildFile.xml",
        "several maps have hex grids ("
        + ", ".join(repr(item.name) for item in hex_maps)
        + "): name the one the game is played on with --map",
    )


def hex_board(path: Path, map_element: MapElement, size: tuple[int, int]) -> HexBoard:
    """The map's one board as Stavka's :class:`Board`, its hexes in play those whose
    centres lie on its picture of ``size`` pixels (and in the zone of a zone's grid)."""
    if len(map_element.boards) != 1:
        raise SaveError(
            path,
            "buildFile.xml",
            f"map {map_element.name!r} has {len(map_element.boards)} boards; stavka adopt "
            "drafts a map of one board",
        )
    element = map_element.boards[0]
    found = _hex_grid_of(element)
    where = f"board {element.name!r} of map {map_element.name!r}"
    if found is None:
        kinds = grid_kinds(element)
        named = next((UNHANDLED[kind] for kind in kinds if kind in UNHANDLED), None)
        reason = (
            f"has {named}, for which Stavka has no referee"
            if named
            else ("has no grid" if not kinds else f"has no hex grid ({', '.join(kinds)})")
        )
        raise SaveError(path, "buildFile.xml", f"{where} {reason}")
    grid_element, zone = found
    grid = hex_grid(path, where, grid_element)
    numbering = hex_numbering(path, where, grid_element.numbering, zone)
    if zone is not None and (numbering.h_descend or numbering.v_descend):
        raise SaveError(
            path,
            "buildFile.xml",
            f"{where}: descending numbering in a zone counts from the zone's edge, which "
            "stavka adopt does not handle",
        )
    width, height = size
    in_play: set[tuple[int, int]] = set()
    probe = Board(element.name, grid, numbering, size, (0, 0), range(0), range(0))
    corners = [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)]
    raws = [probe.raw_at_pixel(x, y) for x, y in corners]
    columns = range(min(raw[0] for raw in raws) - 1, max(raw[0] for raw in raws) + 2)
    rows = range(min(raw[1] for raw in raws) - 1, max(raw[1] for raw in raws) + 2)
    if len(columns) * len(rows) > 100_000:
        raise SaveError(
            path,
            "buildFile.xml",
            f"{where}: {len(columns)}×{len(rows)} hexes, more than the 100,000 a board may have",
        )
    for column in columns:
        for row in rows:
            x, y = grid.centre(column, row)
            if not (0 <= x < width and 0 <= y < height):
                continue
            if zone is not None and not _inside((x, y), zone.outline):
                continue
            in_play.add((column, row))
    if not in_play:
        raise SaveError(path, "buildFile.xml", f"{where}: no hex centre lies on the board")
    used_columns = range(min(raw[0] for raw in in_play), max(raw[0] for raw in in_play) + 1)
    used_rows = range(min(raw[1] for raw in in_play), max(raw[1] for raw in in_play) + 1)
    off_map = frozenset(
        (column, row)
        for column in used_columns
        for row in used_rows
        if (column, row) not in in_play
    )
    board = Board(
        element.name,
        grid,
        numbering,
        size,
        map_element.edge,
        used_columns,
        used_rows,
        off_map,
    )
    return HexBoard(
        map=map_element,
        element=element,
        board=board,
        in_play=frozenset(in_play),
        numbered=grid_element.numbering is not None,
        zone=None if zone is None else zone.name,
    )
