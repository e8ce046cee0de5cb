"""The symbols a hex map is drawn with, each a small painter: terrain, lines and
railways, towns, supply sources, marks and victory stars.

The board draws them on its hexes (:mod:`builder.art.board`) and the legend draws the
same painters in its swatches (:mod:`builder.art.legend`), so a key always shows what
the map shows.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import ImageDraw

from builder.art.board_view import Point
from builder.art.look import INK, WATER, BoardLook, Colour
from rules.hexes import HexSide
from rules.model import GameMap

PAPER: Colour = (236, 231, 214)
GRID: Colour = (120, 112, 96)
VICTORY_GOLD: Colour = (226, 176, 40)
WATER_TERRAIN = frozenset({"sea", "lake"})
SUPPLY_STYLES = ("solid", "dashed", "double", "dotted")
"""How a side's kinds of supply source are told apart, in the order the data lists them."""
TOWN_KINDS = {"city": "City", "town": "Town", "port": "Port"}


def terrain_symbol(
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


def line_features(game_map: GameMap, look: BoardLook) -> list[str]:
    """The hexside features and named lines this map draws, in drawing order."""
    present = []
    for feature in look.lines:
        if sides_drawn(game_map, feature) or (
            feature in look.named_lines and feature in game_map.lines
        ):
            present.append(feature)
    return present


def sides_drawn(game_map: GameMap, feature: str) -> list[HexSide]:
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


def draw_line(
    draw: ImageDraw.ImageDraw, start: Point, end: Point, colour: Colour, width: int, dashed: bool
) -> None:
    if dashed:
        dashed_line(draw, start, end, colour, width)
        return
    draw.line([start, end], fill=colour, width=width)
    for point in (start, end):
        radius = width / 2
        draw.ellipse(
            [point[0] - radius, point[1] - radius, point[0] + radius, point[1] + radius],
            fill=colour,
        )


def dashed_line(
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


ROAD_CASING: Colour = (92, 62, 34)
ROAD_FILL: Colour = (236, 206, 146)
"""A road is a light band edged in brown, as on a road map; a lane or track (any other
road kind) a dashed brown line."""


def road_segment(
    draw: ImageDraw.ImageDraw, start: Point, end: Point, width: int, kind: str
) -> None:
    """A stretch of road from hex centre to hex centre: a ``road`` as a cased band, any
    other kind (a lane, a track) as a dashed line."""
    if kind == "road":
        draw.line([start, end], fill=ROAD_CASING, width=width + 2)
        draw.line([start, end], fill=ROAD_FILL, width=max(1, width - 1))
    else:
        draw_line(draw, start, end, ROAD_CASING, max(1, width // 2 + 1), True)


def rail_segment(
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


def town_symbol(draw: ImageDraw.ImageDraw, x: float, y: float, hex_size: float, kind: str) -> float:
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


def supply_style(game_map: GameMap, side: str, kind: str) -> str:
    kinds = list(
        dict.fromkeys(source.kind for source in game_map.supply_sources if source.side == side)
    )
    return SUPPLY_STYLES[kinds.index(kind) % len(SUPPLY_STYLES)]


def supply_ring(
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


def german_cross(draw: ImageDraw.ImageDraw, x: float, y: float, size: float) -> None:
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
    "german_cross": german_cross
}
"""How each kind of map mark (``[[map.mark]]``) is drawn: at (x, y), ``size`` across."""


def star(draw: ImageDraw.ImageDraw, x: float, y: float, radius: float) -> None:
    """A five-pointed gold star, the victory point mark."""
    points = [
        (
            x + (radius if index % 2 == 0 else radius * 0.45) * math.sin(index * math.pi / 5),
            y - (radius if index % 2 == 0 else radius * 0.45) * math.cos(index * math.pi / 5),
        )
        for index in range(10)
    ]
    draw.polygon(points, fill=VICTORY_GOLD, outline=INK)
