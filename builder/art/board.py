"""Map boards drawn from the game data, in the look of a classic hex-and-counter map.

Everything is drawn from what the referee uses — each hex's terrain, each hexside's
features, rails as chains of hex centres, towns in their hexes — through the board's own
:class:`rules.hexgrid.HexGrid`, so the art cannot show a river where the rules have
none. The module stores boards as palette PNGs (:data:`BOARD_COLOURS` shades): VASSAL
holds board images at 4 bytes a pixel in memory, but the module stays small.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import pairwise

from PIL import Image, ImageDraw, ImageFont

from builder.art.board_view import BoardView, Box, Point
from builder.art.fonts import font
from builder.art.legend import LegendPlacementError, draw_legend, place_legend
from builder.art.look import INK, BoardLook, Colour, look_of
from builder.art.map_symbols import (
    GRID,
    MARK_SYMBOLS,
    PAPER,
    draw_line,
    line_features,
    rail_segment,
    road_segment,
    sides_drawn,
    star,
    supply_ring,
    supply_style,
    terrain_symbol,
    town_symbol,
    town_symbol_size,
)
from builder.art.scaled_drawing import Window, board_canvas
from builder.art.text import draw_text, overlapping
from rules.hexes import Hex, HexSide, direction_between
from rules.model import GameMap, GameSpec

BOARD_COLOURS = 128


def render_board(
    spec: GameSpec,
    game_map: GameMap,
    board_index: int,
    scale: float = 1.0,
    window: Window | None = None,
) -> Image.Image:
    """The board image at 100 % zoom, in RGB (encode it with ``drawing.png_bytes``).

    ``scale`` draws the same board that many times larger (print wants 300 ppi) and
    ``window`` (left, top, right, bottom in pixels of the scaled board) only that part
    of it: see :mod:`builder.art.scaled_drawing`.
    """
    return draw_board(spec, game_map, board_index, scale, window)[0]


def draw_board(
    spec: GameSpec,
    game_map: GameMap,
    board_index: int,
    scale: float = 1.0,
    window: Window | None = None,
) -> tuple[Image.Image, set[str]]:
    """The board image and the keys of the symbols drawn on it (each has a legend entry);
    ``scale`` and ``window`` as for :func:`render_board`."""
    view = BoardView(game_map, board_index)
    image, draw = board_canvas(view.board.size, PAPER, scale, window)
    hexes = view.hexes()
    visible = view.visible_hexes()
    on_board = set(visible)
    drawn: set[str] = set()
    look = look_of(spec)
    for hex_ in visible:
        terrain = game_map.terrain_of(hex_)
        draw.polygon(view.corners(hex_), fill=look.fill(terrain))
        x, y = view.centre(hex_)
        terrain_symbol(
            draw, x, y, view.hex_size, look, terrain, _scaled(view, 6), view.corners(hex_)
        )
        drawn.add(f"terrain {terrain}")
    for hex_ in visible:
        draw.polygon(view.corners(hex_), outline=GRID)
    drawn |= _hexsides(draw, view, game_map, look, on_board)
    drawn |= _roads(draw, view, game_map, on_board)
    drawn |= _rails(draw, view, game_map, on_board)
    drawn |= _supply_sources(draw, view, game_map, look, on_board)
    drawn |= _marks(draw, view, game_map, on_board)
    drawn |= _towns(draw, view, game_map, on_board)
    drawn |= _victory_hexes(draw, view, game_map, on_board)
    _hex_numbers(draw, view, game_map, hexes)
    try:
        legend = place_legend(spec, game_map)
    except LegendPlacementError:
        # A game adopted from a module is drawn from its terrain draft only for print and
        # play; its boards are the module's pictures, whose own legend lies where it was
        # drawn, so a board with no corner to spare prints without one.
        if spec.adopted is None:
            raise
        return image, drawn
    if legend.board_index == board_index:
        draw_legend(draw, spec, legend, look.subtitle)
    return image, drawn


def _scaled(view: BoardView, fraction: float) -> int:
    return max(1, round(view.hex_size * fraction / 100))


def _hexsides(
    draw: ImageDraw.ImageDraw,
    view: BoardView,
    game_map: GameMap,
    look: BoardLook,
    on_board: set[Hex],
) -> set[str]:
    """Features on hexsides, then named lines (start lines) on top."""
    drawn = set()
    for feature in line_features(game_map, look):
        sides = sides_drawn(game_map, feature)
        if feature in look.named_lines and feature in game_map.lines:
            sides = sorted(game_map.lines[feature])
        if _draw_sides(draw, view, sides, on_board, *look.lines[feature]):
            drawn.add(f"line {feature}")
    return drawn


def _draw_sides(
    draw: ImageDraw.ImageDraw,
    view: BoardView,
    sides: Iterable[HexSide],
    on_board: set[Hex],
    colour: Colour,
    width: int,
    dashed: bool,
) -> bool:
    drawn = False
    for side in sides:
        if side.first not in on_board and side.second not in on_board:
            continue
        owner = side.first if side.first in on_board else side.second
        other = side.other(owner)
        try:
            start, end = _segment_from(view, owner, other)
        except ValueError:
            continue
        draw_line(draw, start, end, colour, _scaled(view, width), dashed)
        drawn = True
    return drawn


def _segment_from(view: BoardView, owner: Hex, other: Hex) -> tuple[Point, Point]:
    """A hexside's segment measured from the hex on this board (the other may be on the next board)."""
    corners = view.corners(owner)
    direction = direction_between(owner, other)
    # corner i lies between hexside directions i and i+1 (see HexGrid.corners)
    return corners[(direction - 1) % 6], corners[direction % 6]


def _roads(
    draw: ImageDraw.ImageDraw, view: BoardView, game_map: GameMap, on_board: set[Hex]
) -> set[str]:
    """Roads from hex centre to hex centre across each hexside they cross, over the
    hexside features (a road crosses the river on its bridge)."""
    drawn = set()
    for road in game_map.roads:
        for side in road.crossings:
            if side.first not in on_board and side.second not in on_board:
                continue
            road_segment(
                draw, view.centre(side.first), view.centre(side.second), _scaled(view, 6), road.kind
            )
            drawn.add(f"road {road.kind}")
    return drawn


def _rails(
    draw: ImageDraw.ImageDraw, view: BoardView, game_map: GameMap, on_board: set[Hex]
) -> set[str]:
    """Rails as black lines through hex centres with cross ties."""
    drawn = set()
    for rail in game_map.rails:
        for first, second in pairwise(rail.hexes):
            if first not in on_board and second not in on_board:
                continue
            rail_segment(
                draw, view.centre(first), view.centre(second), _scaled(view, 3), view.hex_size / 12
            )
            drawn.add("rail")
    return drawn


TOWN_LABEL_GAP = 2
"""Pixels between a town's symbol and its name."""


def town_label_font(hex_size: float) -> ImageFont.FreeTypeFont:
    """The font towns are named in at ``hex_size``."""
    return font(max(9, round(hex_size / 7)), "condensed-bold")


def towns_named_above(
    game_map: GameMap, centre: Callable[[Hex], tuple[float, float]], hex_size: float
) -> frozenset[str]:
    """The towns whose name goes above their symbol rather than under it: those whose name
    under the symbol would run into a name already placed (two towns in neighbouring
    hexes, such as Uryupinsk and Novonikolayevsky on the DoS map). Towns are placed in
    name order, each under its symbol when that is clear; the board and the report both
    place names by this, so they agree."""
    typeface = town_label_font(hex_size)
    height = typeface.size
    placed: list[Box] = []
    above: set[str] = set()

    def clear(box: Box) -> bool:
        return not any(overlapping(box, other) for other in placed)

    for town in sorted(game_map.towns, key=lambda town: town.name):
        x, y = centre(town.hex)
        half_width, size = typeface.getlength(town.name) / 2, town_symbol_size(hex_size, town.kind)
        under = (
            x - half_width,
            y + size + TOWN_LABEL_GAP,
            x + half_width,
            y + size + TOWN_LABEL_GAP + height,
        )
        over = (
            x - half_width,
            y - size - TOWN_LABEL_GAP - height,
            x + half_width,
            y - size - TOWN_LABEL_GAP,
        )
        if clear(under) or not clear(over):
            placed.append(under)
        else:
            placed.append(over)
            above.add(town.name)
    return frozenset(above)


def _towns(
    draw: ImageDraw.ImageDraw, view: BoardView, game_map: GameMap, on_board: set[Hex]
) -> set[str]:
    """Cities as red blocks, towns and ports as dots, each named under its symbol, or over
    it where the name under would run into another (:func:`towns_named_above`)."""
    label_font = town_label_font(view.hex_size)
    above = towns_named_above(game_map, view.centre, view.hex_size)
    drawn = set()
    for town in sorted(game_map.towns, key=lambda town: town.name):
        if town.hex not in on_board:
            continue
        x, y = view.centre(town.hex)
        size = town_symbol(draw, x, y, view.hex_size, town.kind)
        if town.name in above:
            place, anchor = (x, y - size - TOWN_LABEL_GAP), "md"
        else:
            place, anchor = (x, y + size + TOWN_LABEL_GAP), "ma"
        draw_text(
            draw,
            place,
            town.name,
            label_font,
            INK,
            anchor=anchor,
            stroke_width=2,
            stroke_fill=PAPER,
        )
        drawn.add(f"town {town.kind}")
    return drawn


SUPPLY_RADIUS = 0.27
"""Ring radius as a share of the hex: inside the hex number at the top of the hex."""


def _supply_sources(
    draw: ImageDraw.ImageDraw,
    view: BoardView,
    game_map: GameMap,
    look: BoardLook,
    on_board: set[Hex],
) -> set[str]:
    """Supply source hexes ringed in their side's colour, each kind of a side in its own style."""
    drawn = set()
    for source in game_map.supply_sources:
        colour = look.side(source.side)
        style = supply_style(game_map, source.side, source.kind)
        for hex_ in source.hexes:
            if hex_ not in on_board:
                continue
            x, y = view.centre(hex_)
            supply_ring(draw, x, y, view.hex_size * SUPPLY_RADIUS, colour, _scaled(view, 3), style)
            drawn.add(f"supply {source.side} {source.kind}")
    return drawn


def _marks(
    draw: ImageDraw.ImageDraw, view: BoardView, game_map: GameMap, on_board: set[Hex]
) -> set[str]:
    """Map marks (the TPS German cross) at the lower left of their hexes, clear of rails and towns."""
    drawn = set()
    for mark in game_map.marks:
        paint = MARK_SYMBOLS[mark.symbol]
        for hex_ in mark.hexes:
            if hex_ in on_board:
                x, y = view.centre(hex_)
                paint(draw, x - view.hex_size * 0.22, y + view.hex_size * 0.2, view.hex_size * 0.22)
                drawn.add(f"mark {mark.symbol}")
    return drawn


def _victory_hexes(
    draw: ImageDraw.ImageDraw, view: BoardView, game_map: GameMap, on_board: set[Hex]
) -> set[str]:
    """A gold star in the upper left of every victory point hex, clear of the town's mark and name."""
    drawn = set()
    for victory_hex in game_map.victory_hexes:
        if victory_hex.hex in on_board:
            x, y = view.centre(victory_hex.hex)
            star(draw, x - view.hex_size * 0.3, y - view.hex_size * 0.14, view.hex_size * 0.14)
            drawn.add("victory hex")
    return drawn


def _hex_numbers(
    draw: ImageDraw.ImageDraw, view: BoardView, game_map: GameMap, hexes: Sequence[Hex]
) -> None:
    """The printed number near the top of every hex, as on the printed maps."""
    number_font = font(max(7, round(view.hex_size / 9)), "condensed")
    for hex_ in hexes:
        x, y = view.centre(hex_)
        draw_text(
            draw,
            (x, y - view.hex_size * 0.40),
            game_map.label(hex_),
            number_font,
            GRID,
            anchor="mt",
        )
