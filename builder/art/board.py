"""Map boards drawn from the game data, in the look of a classic hex-and-counter map.

Everything is drawn from what the referee uses — each hex's terrain, each hexside's
features, rails as chains of hex centres, towns in their hexes — through the board's own
:class:`rules.hexgrid.HexGrid`, so the art cannot show a river where the rules have
none. The module stores boards as palette PNGs (:data:`BOARD_COLOURS` shades): VASSAL
holds board images at 4 bytes a pixel in memory, but the module stays small.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from PIL import Image, ImageDraw, ImageFont

from builder.art.fonts import font

# The look's defaults, still importable from here, where the board's users find them.
from builder.art.look import INK as INK
from builder.art.look import LEGEND_SUBTITLE as LEGEND_SUBTITLE
from builder.art.look import LINE_STYLES as LINE_STYLES
from builder.art.look import SIDE_COLOURS as SIDE_COLOURS
from builder.art.look import TERRAIN_FILL as TERRAIN_FILL
from builder.art.look import WATER as WATER
from builder.art.look import BoardLook, Colour, look_of
from builder.art.scaled_drawing import Window, board_canvas
from builder.art.text import draw_text, overlapping
from rules.errors import StavkaError
from rules.hexes import Hex, HexSide, direction_between
from rules.hexgrid import Board
from rules.model import GameMap, GameSpec

Point = tuple[float, float]
Box = tuple[float, float, float, float]

BOARD_COLOURS = 128
PAPER: Colour = (236, 231, 214)
GRID: Colour = (120, 112, 96)
VICTORY_GOLD: Colour = (226, 176, 40)
DRAWN_LINES = ("blue_start", "uranus_start", "start_19nov", "start_16dec")
WATER_TERRAIN = frozenset({"sea", "lake"})
SUPPLY_STYLES = ("solid", "dashed", "double", "dotted")
"""How a side's kinds of supply source are told apart, in the order the data lists them."""
TOWN_KINDS = {"city": "City", "town": "Town", "port": "Port"}
LEGEND_MARGIN = 12
LEGEND_ROW = 30
LEGEND_SWATCH = (46, 24)
LEGEND_LABEL_PX = 16


@dataclass(frozen=True)
class BoardView:
    """One board of a map and the lattice hexes it draws (its own playable hexes)."""

    game_map: GameMap
    board_index: int

    @property
    def board(self) -> Board:
        assert self.game_map.hex_map is not None
        return self.game_map.hex_map.boards[self.board_index]

    def hexes(self) -> list[Hex]:
        hex_map = self.game_map.hex_map
        assert hex_map is not None
        return [
            hex_
            for hex_ in hex_map.hexes()
            if (found := hex_map.to_board(hex_)) and found[0] == self.board_index
        ]

    def visible_hexes(self) -> list[Hex]:
        """The map's hexes that show on this board's image, its own and the edges of the
        boards beside it (so where two boards meet the hexes run on without a seam)."""
        hex_map = self.game_map.hex_map
        assert hex_map is not None
        width, height = self.board.size
        visible = []
        for hex_ in hex_map.hexes():
            xs, ys = zip(*self.corners(hex_), strict=True)
            if max(xs) > 0 and min(xs) < width and max(ys) > 0 and min(ys) < height:
                visible.append(hex_)
        return visible

    def raw(self, hex_: Hex) -> tuple[int, int]:
        hex_map = self.game_map.hex_map
        assert hex_map is not None
        offset = hex_map.lattice_offsets[self.board_index]
        return hex_.column - offset[0], hex_.row - offset[1]

    def centre(self, hex_: Hex) -> Point:
        return self.board.grid.centre(*self.raw(hex_))

    def corners(self, hex_: Hex) -> list[Point]:
        return self.board.grid.corners(*self.raw(hex_))

    @property
    def hex_size(self) -> float:
        return self.board.grid.dy


@dataclass(frozen=True)
class LegendEntry:
    """One line of the legend: the symbol it explains (``key``), its words, and how to
    draw its swatch into a box ``(draw, box)``."""

    key: str
    label: str
    swatch: Callable[[ImageDraw.ImageDraw, Box], None]


@dataclass(frozen=True)
class Legend:
    """The map's title and legend: on which board, where, and what it lists."""

    board_index: int
    box: Box
    columns: int
    entries: tuple[LegendEntry, ...]


class LegendPlacementError(StavkaError):
    """No corner of the map has room for its legend off the playable hexes."""


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
        _terrain_symbol(
            draw, x, y, view.hex_size, look, terrain, _scaled(view, 6), view.corners(hex_)
        )
        drawn.add(f"terrain {terrain}")
    for hex_ in visible:
        draw.polygon(view.corners(hex_), outline=GRID)
    drawn |= _hexsides(draw, view, game_map, look, on_board)
    drawn |= _rails(draw, view, game_map, on_board)
    drawn |= _supply_sources(draw, view, game_map, look, on_board)
    drawn |= _marks(draw, view, game_map, on_board)
    drawn |= _towns(draw, view, game_map, on_board)
    drawn |= _victory_hexes(draw, view, game_map, on_board)
    _hex_numbers(draw, view, game_map, hexes)
    legend = place_legend(spec, game_map)
    if legend.board_index == board_index:
        _draw_legend(draw, spec, legend, look.subtitle)
    return image, drawn


def _scaled(view: BoardView, fraction: float) -> int:
    return max(1, round(view.hex_size * fraction / 100))


def _terrain_symbol(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    size: float,
    look: BoardLook,
    terrain: str,
    edge: int,
    corners: Sequence[Point] | None = None,
) -> None:
    """Small map symbols so terrain reads without colour: trees, hill hachures, peaks,
    reeds, dots (as the game's look names them), and a fortified hex's edge in its side's
    colour. ``size`` is the hex's."""
    unit = size / 10
    symbol = look.symbol(terrain)
    if symbol == "trees":
        for dx, dy in ((-1.8, 0.8), (0, -1.2), (1.8, 0.8)):
            cx, cy = x + dx * unit, y + dy * unit
            draw.polygon(
                [
                    (cx, cy - 1.2 * unit),
                    (cx - 0.8 * unit, cy + 0.6 * unit),
                    (cx + 0.8 * unit, cy + 0.6 * unit),
                ],
                fill=(70, 120, 60),
            )
    elif symbol == "hachures":
        for dx in (-1.6, 1.2):
            draw.arc(
                [x + (dx - 1.2) * unit, y - 0.8 * unit, x + (dx + 1.2) * unit, y + 1.6 * unit],
                200,
                340,
                fill=(120, 90, 50),
                width=max(1, round(unit / 3)),
            )
    elif symbol == "peaks":
        for dx, height in ((-1.4, 1.8), (1.0, 2.4)):
            draw.polygon(
                [
                    (x + dx * unit, y - height * unit),
                    (x + (dx - 1.4) * unit, y + 1.2 * unit),
                    (x + (dx + 1.4) * unit, y + 1.2 * unit),
                ],
                fill=(120, 84, 52),
            )
    elif symbol == "reeds":
        for dy in (-0.8, 0.6):
            draw.line(
                [(x - 2 * unit, y + dy * unit), (x + 2 * unit, y + dy * unit)],
                fill=(60, 120, 110),
                width=max(1, round(unit / 4)),
            )
    elif symbol == "dots":
        for dx, dy in ((-1.5, -0.5), (0.2, 0.8), (1.5, -0.7), (-0.4, -1.6), (0.9, 1.9)):
            radius = unit / 4
            draw.ellipse(
                [
                    x + dx * unit - radius,
                    y + dy * unit - radius,
                    x + dx * unit + radius,
                    y + dy * unit + radius,
                ],
                fill=(180, 150, 90),
            )
    elif terrain.startswith("fortified"):
        side = terrain.split("_", 1)[1]
        outline = (
            corners
            if corners is not None
            else [
                (
                    x + size * 0.5 * math.cos(math.pi / 3 * k),
                    y + size * 0.5 * math.sin(math.pi / 3 * k),
                )
                for k in range(6)
            ]
        )
        draw.polygon(list(outline), outline=look.side(side), width=edge)
        # A dot inside each corner as well, so the two sides differ in more than colour.
        for corner in outline:
            draw.ellipse(
                [
                    corner[0] * 0.75 + x * 0.25 - unit * 0.45,
                    corner[1] * 0.75 + y * 0.25 - unit * 0.45,
                    corner[0] * 0.75 + x * 0.25 + unit * 0.45,
                    corner[1] * 0.75 + y * 0.25 + unit * 0.45,
                ],
                fill=look.side(side),
            )


def _line_features(game_map: GameMap, look: BoardLook) -> list[str]:
    """The hexside features and named lines this map draws, in drawing order."""
    present = []
    for feature in look.lines:
        if _sides_drawn(game_map, feature) or (
            feature in DRAWN_LINES and feature in game_map.lines
        ):
            present.append(feature)
    return present


def _sides_drawn(game_map: GameMap, feature: str) -> list[HexSide]:
    """The hexsides that show ``feature``. A coast shows by the sea's fill, so a lake side is
    drawn only between two land hexes: a lake too narrow to fill a hex (DoS's Manych lake)."""
    sides = sorted(
        side for side, features in game_map.hexside_features.items() if feature in features
    )
    if feature == "lake_side":
        sides = [
            side
            for side in sides
            if not {game_map.terrain_of(hex_) for hex_ in side.hexes} & WATER_TERRAIN
        ]
    return sides


def _hexsides(
    draw: ImageDraw.ImageDraw,
    view: BoardView,
    game_map: GameMap,
    look: BoardLook,
    on_board: set[Hex],
) -> set[str]:
    """Features on hexsides, then named lines (start lines) on top."""
    drawn = set()
    for feature in _line_features(game_map, look):
        sides = _sides_drawn(game_map, feature)
        if feature in DRAWN_LINES and feature in game_map.lines:
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
        _line(draw, start, end, colour, _scaled(view, width), dashed)
        drawn = True
    return drawn


def _line(
    draw: ImageDraw.ImageDraw, start: Point, end: Point, colour: Colour, width: int, dashed: bool
) -> None:
    if dashed:
        _dashed_line(draw, start, end, colour, width)
        return
    draw.line([start, end], fill=colour, width=width)
    for point in (start, end):
        radius = width / 2
        draw.ellipse(
            [point[0] - radius, point[1] - radius, point[0] + radius, point[1] + radius],
            fill=colour,
        )


def _segment_from(view: BoardView, owner: Hex, other: Hex) -> tuple[Point, Point]:
    """A hexside's segment measured from the hex on this board (the other may be on the next board)."""
    corners = view.corners(owner)
    direction = direction_between(owner, other)
    # corner i lies between hexside directions i and i+1 (see HexGrid.corners)
    return corners[(direction - 1) % 6], corners[direction % 6]


def _dashed_line(
    draw: ImageDraw.ImageDraw, start: Point, end: Point, colour: Colour, width: int
) -> None:
    length = math.dist(start, end)
    pieces = max(1, round(length / (width * 3)))
    for index in range(0, pieces, 2):
        a = index / pieces
        b = min(1.0, (index + 1) / pieces)
        draw.line(
            [
                (start[0] + (end[0] - start[0]) * a, start[1] + (end[1] - start[1]) * a),
                (start[0] + (end[0] - start[0]) * b, start[1] + (end[1] - start[1]) * b),
            ],
            fill=colour,
            width=width,
        )


def _rail_segment(
    draw: ImageDraw.ImageDraw, start: Point, end: Point, width: int, tie: float
) -> None:
    """A stretch of railway: a black line with a cross tie in its middle."""
    draw.line([start, end], fill=INK, width=width)
    middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    angle = math.atan2(end[1] - start[1], end[0] - start[0]) + math.pi / 2
    draw.line(
        [
            (middle[0] - math.cos(angle) * tie, middle[1] - math.sin(angle) * tie),
            (middle[0] + math.cos(angle) * tie, middle[1] + math.sin(angle) * tie),
        ],
        fill=INK,
        width=max(1, width // 2),
    )


def _rails(
    draw: ImageDraw.ImageDraw, view: BoardView, game_map: GameMap, on_board: set[Hex]
) -> set[str]:
    """Rails as black lines through hex centres with cross ties."""
    drawn = set()
    for rail in game_map.rails:
        for first, second in pairwise(rail.hexes):
            if first not in on_board and second not in on_board:
                continue
            _rail_segment(
                draw, view.centre(first), view.centre(second), _scaled(view, 3), view.hex_size / 12
            )
            drawn.add("rail")
    return drawn


def _town_symbol(
    draw: ImageDraw.ImageDraw, x: float, y: float, hex_size: float, kind: str
) -> float:
    """A city's red block, a town's dot or a port's blue dot; returns its half height."""
    size = town_symbol_size(hex_size, kind)
    if kind == "city":
        draw.rectangle([x - size, y - size, x + size, y + size], fill=(190, 40, 36), outline=INK)
    else:
        draw.ellipse(
            [x - size, y - size, x + size, y + size], fill=INK if kind != "port" else WATER
        )
    return size


TOWN_LABEL_GAP = 2
"""Pixels between a town's symbol and its name."""


def town_symbol_size(hex_size: float, kind: str) -> float:
    """Half the height of a town's symbol: a city's block is larger than a town's dot."""
    return hex_size / (6 if kind == "city" else 10)


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
        size = _town_symbol(draw, x, y, view.hex_size, town.kind)
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


def _supply_style(game_map: GameMap, side: str, kind: str) -> str:
    kinds = list(
        dict.fromkeys(source.kind for source in game_map.supply_sources if source.side == side)
    )
    return SUPPLY_STYLES[kinds.index(kind) % len(SUPPLY_STYLES)]


def _supply_ring(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    radius: float,
    colour: Colour,
    width: int,
    style: str,
) -> None:
    """A supply source's ring: solid, dashed, double or dotted, so kinds stay apart."""
    box = [x - radius, y - radius, x + radius, y + radius]
    if style == "solid":
        draw.ellipse(box, outline=colour, width=width)
    elif style == "double":
        draw.ellipse(box, outline=colour, width=max(1, width // 2))
        inner = radius - 2.2 * width
        draw.ellipse(
            [x - inner, y - inner, x + inner, y + inner], outline=colour, width=max(1, width // 2)
        )
    else:
        steps = 16 if style == "dashed" else 32
        sweep = 360 / steps
        for step in range(0, steps, 2):
            draw.arc(
                box,
                step * sweep,
                step * sweep + sweep * (1.0 if style == "dashed" else 0.5),
                fill=colour,
                width=width,
            )


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
        style = _supply_style(game_map, source.side, source.kind)
        for hex_ in source.hexes:
            if hex_ not in on_board:
                continue
            x, y = view.centre(hex_)
            _supply_ring(draw, x, y, view.hex_size * SUPPLY_RADIUS, colour, _scaled(view, 3), style)
            drawn.add(f"supply {source.side} {source.kind}")
    return drawn


def _german_cross(draw: ImageDraw.ImageDraw, x: float, y: float, size: float) -> None:
    """The Balkenkreuz: a black cross with white edges."""
    arm, bar = size * 0.5, size * 0.17
    for colour, grow in (((255, 255, 255), size * 0.07), (INK, 0.0)):
        draw.rectangle(
            [x - arm - grow, y - bar - grow, x + arm + grow, y + bar + grow], fill=colour
        )
        draw.rectangle(
            [x - bar - grow, y - arm - grow, x + bar + grow, y + arm + grow], fill=colour
        )


MARK_SYMBOLS: dict[str, Callable[[ImageDraw.ImageDraw, float, float, float], None]] = {
    "german_cross": _german_cross
}
"""How each kind of map mark (``[[map.mark]]``) is drawn: at (x, y), ``size`` across."""


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


def _star(draw: ImageDraw.ImageDraw, x: float, y: float, radius: float) -> None:
    """A five-pointed gold star, the victory point mark."""
    points = [
        (
            x + (radius if index % 2 == 0 else radius * 0.45) * math.sin(index * math.pi / 5),
            y - (radius if index % 2 == 0 else radius * 0.45) * math.cos(index * math.pi / 5),
        )
        for index in range(10)
    ]
    draw.polygon(points, fill=VICTORY_GOLD, outline=INK)


def _victory_hexes(
    draw: ImageDraw.ImageDraw, view: BoardView, game_map: GameMap, on_board: set[Hex]
) -> set[str]:
    """A gold star in the upper left of every victory point hex, clear of the town's mark and name."""
    drawn = set()
    for victory_hex in game_map.victory_hexes:
        if victory_hex.hex in on_board:
            x, y = view.centre(victory_hex.hex)
            _star(draw, x - view.hex_size * 0.3, y - view.hex_size * 0.14, view.hex_size * 0.14)
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


def legend_entries(spec: GameSpec, game_map: GameMap) -> tuple[LegendEntry, ...]:
    """An entry for every kind of symbol the map's boards draw, in reading order:
    terrain, lines, railways, towns, supply sources, marks, victory point hexes."""
    assert game_map.hex_map is not None
    size = game_map.hex_map.boards[0].grid.dy
    symbol = LEGEND_SWATCH[1] * 1.7  # the hex size a swatch's symbol is drawn for: it fits its row
    look = look_of(spec)
    entries: list[LegendEntry] = []
    used = [
        terrain
        for terrain in spec.terrain_types
        if spec.terrain_types[terrain].kind == "hex" and terrain in _terrains_on(game_map)
    ]

    def terrain_swatch(terrain: str) -> Callable[[ImageDraw.ImageDraw, Box], None]:
        def paint(draw: ImageDraw.ImageDraw, box: Box) -> None:
            x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            half = (box[3] - box[1]) / 2
            corners = [
                (
                    x + half * 1.6 * math.cos(math.pi / 3 * k),
                    y + half * 1.1 * math.sin(math.pi / 3 * k),
                )
                for k in range(6)
            ]
            draw.polygon(corners, fill=look.fill(terrain), outline=GRID)
            _terrain_symbol(draw, x, y, half * 2.2, look, terrain, 3, corners)

        return paint

    for terrain in used:
        entries.append(
            LegendEntry(
                f"terrain {terrain}", spec.terrain_types[terrain].name, terrain_swatch(terrain)
            )
        )

    def line_swatch(
        colour: Colour, width: int, dashed: bool
    ) -> Callable[[ImageDraw.ImageDraw, Box], None]:
        def paint(draw: ImageDraw.ImageDraw, box: Box) -> None:
            middle = (box[1] + box[3]) / 2
            _line(
                draw,
                (box[0], middle),
                (box[2], middle),
                colour,
                max(2, round(size * width / 100)),
                dashed,
            )

        return paint

    def centred(
        paint_at: Callable[[ImageDraw.ImageDraw, float, float], None],
    ) -> Callable[[ImageDraw.ImageDraw, Box], None]:
        def paint(draw: ImageDraw.ImageDraw, box: Box) -> None:
            paint_at(draw, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2)

        return paint

    def rail_swatch(draw: ImageDraw.ImageDraw, box: Box) -> None:
        middle = (box[1] + box[3]) / 2
        _rail_segment(
            draw, (box[0], middle), (box[2], middle), max(2, round(size * 0.03)), size / 12
        )

    def town(kind: str) -> Callable[[ImageDraw.ImageDraw, float, float], None]:
        def paint(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
            _town_symbol(draw, x, y, symbol, kind)

        return paint

    def ring(colour: Colour, style: str) -> Callable[[ImageDraw.ImageDraw, float, float], None]:
        return lambda draw, x, y: _supply_ring(
            draw, x, y, symbol * 0.4, colour, max(2, round(size * 0.03)), style
        )

    def mark(kind: str) -> Callable[[ImageDraw.ImageDraw, float, float], None]:
        return lambda draw, x, y: MARK_SYMBOLS[kind](draw, x, y, symbol * 0.5)

    for feature in _line_features(game_map, look):
        name = spec.labels.get(feature) or (
            spec.terrain_types[feature].name
            if feature in spec.terrain_types
            else feature.replace("_", " ").capitalize()
        )
        entries.append(LegendEntry(f"line {feature}", name, line_swatch(*look.lines[feature])))
    if game_map.rails:
        entries.append(LegendEntry("rail", spec.labels.get("rail", "Railway"), rail_swatch))
    for kind in TOWN_KINDS:
        if any(town_.kind == kind for town_ in game_map.towns):
            entries.append(
                LegendEntry(
                    f"town {kind}",
                    spec.labels.get(f"town {kind}", TOWN_KINDS[kind]),
                    centred(town(kind)),
                )
            )
    for source in game_map.supply_sources:
        key = f"supply {source.side} {source.kind}"
        if any(entry.key == key for entry in entries):
            continue
        side_name = next((side.name for side in spec.sides if side.id == source.side), source.side)
        label = spec.labels.get(key, f"{side_name} {source.kind.replace('_', ' ')} supply source")
        style = _supply_style(game_map, source.side, source.kind)
        entries.append(LegendEntry(key, label, centred(ring(look.side(source.side), style))))
    for map_mark in game_map.marks:
        key = f"mark {map_mark.symbol}"
        if not any(entry.key == key for entry in entries):
            label = spec.labels.get(map_mark.symbol, map_mark.symbol.replace("_", " ").capitalize())
            entries.append(LegendEntry(key, label, centred(mark(map_mark.symbol))))
    if game_map.victory_hexes:
        scenarios = [
            spec.scenarios[name].name if name in spec.scenarios else name
            for name in sorted({name for item in game_map.victory_hexes for name in item.scenarios})
        ]
        label = "Victory point hex" + (f" ({', '.join(scenarios)})" if scenarios else "")
        entries.append(
            LegendEntry(
                "victory hex",
                spec.labels.get("victory hex", label),
                centred(lambda draw, x, y: _star(draw, x, y, symbol * 0.35)),
            )
        )
    return tuple(entries)


def _terrains_on(game_map: GameMap) -> set[str]:
    assert game_map.hex_map is not None
    return {game_map.terrain_of(hex_) for hex_ in game_map.hex_map.hexes()}


def _legend_column(entries: Sequence[LegendEntry]) -> int:
    """The width of a legend column: a swatch and the longest label."""
    label_font = font(LEGEND_LABEL_PX, "condensed")
    return (
        LEGEND_SWATCH[0]
        + 10
        + round(max(label_font.getlength(entry.label) for entry in entries))
        + 24
    )


def _legend_size(spec: GameSpec, entries: Sequence[LegendEntry], columns: int) -> tuple[int, int]:
    rows = (len(entries) + columns - 1) // columns
    header = 84
    width = max(
        columns * _legend_column(entries) + 16,
        round(font(30, "serif-bold").getlength(spec.title)) + 40,
        round(font(14, "condensed").getlength(look_of(spec).subtitle)) + 32,
    )
    return width, header + rows * LEGEND_ROW + 16


def _playable(spec: GameSpec, terrain: str) -> bool:
    """A hex a unit can be in: not all-sea or all-lake (movement prohibited to all)."""
    movement = spec.terrain_types[terrain].movement
    return not movement or any(cost is not None for cost in movement.values())


def place_legend(spec: GameSpec, game_map: GameMap) -> Legend:
    """Where the map's title and legend go: a board corner where they cover no playable
    hex, with the fewest columns that fit. :class:`LegendPlacementError` if none has room
    (a board's ``size`` in map.toml can give it a margin)."""
    assert game_map.hex_map is not None
    entries = legend_entries(spec, game_map)
    playable_boxes: list[list[Box]] = []
    for index in range(len(game_map.hex_map.boards)):
        view = BoardView(game_map, index)
        boxes = []
        for hex_ in view.visible_hexes():
            if _playable(spec, game_map.terrain_of(hex_)):
                xs, ys = zip(*view.corners(hex_), strict=True)
                boxes.append((min(xs), min(ys), max(xs), max(ys)))
        playable_boxes.append(boxes)
    for columns in (1, 2, 3):
        width, height = _legend_size(spec, entries, columns)
        for index, board in enumerate(game_map.hex_map.boards):
            board_width, board_height = board.size
            for left in (LEGEND_MARGIN, board_width - width - LEGEND_MARGIN):
                for top in (LEGEND_MARGIN, board_height - height - LEGEND_MARGIN):
                    box = (left, top, left + width, top + height)
                    if (
                        left >= 0
                        and top >= 0
                        and not any(overlapping(box, hex_box) for hex_box in playable_boxes[index])
                    ):
                        return Legend(index, box, columns, entries)
    width, height = _legend_size(spec, entries, 1)
    raise LegendPlacementError(
        f"{spec.folder}/map.toml",
        f"map {game_map.name}",
        f"no board corner has room for the legend ({width} x {height} px in one column) off the playable hexes; "
        "widen a board's size",
    )


def _draw_legend(draw: ImageDraw.ImageDraw, spec: GameSpec, legend: Legend, subtitle: str) -> None:
    """The title, a line on what the map is, and every legend entry with its swatch."""
    left, top = legend.box[0], legend.box[1]
    draw.rectangle(legend.box, fill=(248, 245, 234), outline=INK, width=3)
    draw_text(draw, (left + 16, top + 40), spec.title, font(30, "serif-bold"), INK, anchor="ls")
    draw_text(draw, (left + 16, top + 66), subtitle, font(14, "condensed"), INK, anchor="ls")
    label_font = font(LEGEND_LABEL_PX, "condensed")
    rows = (len(legend.entries) + legend.columns - 1) // legend.columns
    for number, entry in enumerate(legend.entries):
        column, row = divmod(number, rows)
        x = left + 16 + column * _legend_column(legend.entries)
        y = top + 84 + row * LEGEND_ROW
        swatch = (x, y + 2, x + LEGEND_SWATCH[0], y + 2 + LEGEND_SWATCH[1])
        entry.swatch(draw, swatch)
        draw_text(
            draw,
            (x + LEGEND_SWATCH[0] + 10, y + 2 + LEGEND_SWATCH[1] / 2),
            entry.label,
            label_font,
            INK,
            anchor="lm",
        )
