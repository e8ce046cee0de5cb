"""Map boards drawn from the game data, in the look of a classic hex-and-counter map.

Everything is drawn from what the referee uses — each hex's terrain, each hexside's
features, rails as chains of hex centres, towns in their hexes — through the board's own
:class:`rules.hexgrid.HexGrid`, so the art cannot show a river where the rules have
none. The module stores boards as palette PNGs (:data:`BOARD_COLOURS` shades): VASSAL
holds board images at 4 bytes a pixel in memory, but the module stays small.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from builder.art.fonts import font
from rules.hexes import Hex, HexSide, direction_between
from rules.hexgrid import Board
from rules.model import GameMap, GameSpec

Colour = tuple[int, int, int]
Point = tuple[float, float]

BOARD_COLOURS = 128
PAPER: Colour = (236, 231, 214)
GRID: Colour = (120, 112, 96)
INK: Colour = (30, 28, 24)
TERRAIN_FILL: dict[str, Colour] = {
    "clear": (233, 226, 196),
    "forest": (160, 190, 130),
    "hills": (214, 190, 140),
    "mountain": (176, 140, 104),
    "swamp": (176, 206, 190),
    "desert_steppe": (236, 214, 160),
    "sea": (140, 180, 214),
    "lake": (166, 202, 228),
    "fortified_axis": (222, 214, 186),
    "fortified_soviet": (222, 214, 186),
}
WATER: Colour = (46, 104, 178)
VICTORY_GOLD: Colour = (226, 176, 40)
SIDE_COLOURS: dict[str, Colour] = {"axis": (70, 70, 70), "soviet": (176, 36, 30), "german": (70, 70, 70)}
LINE_STYLES: dict[str, tuple[Colour, int, bool]] = {
    # hexside feature or named line: colour, width (fraction of 100 of the hex size), dashed
    "river": (WATER, 5, False),
    "volga": (WATER, 11, False),
    "lake_side": ((84, 140, 206), 12, False),
    "impassable_mountain": ((92, 58, 30), 7, False),
    "don_volga_line": ((196, 40, 40), 6, True),
    "stalingrad_ring": ((196, 40, 40), 6, True),
    "blue_start": ((40, 60, 160), 5, True),
    "uranus_start": ((170, 30, 120), 5, True),
    "start_19nov": ((40, 60, 160), 5, True),
    "start_16dec": ((170, 30, 120), 5, True),
}
DRAWN_LINES = ("blue_start", "uranus_start", "start_19nov", "start_16dec")
WATER_TERRAIN = frozenset({"sea", "lake"})


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
        return [hex_ for hex_ in hex_map.hexes() if (found := hex_map.to_board(hex_)) and found[0] == self.board_index]

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


def render_board(spec: GameSpec, game_map: GameMap, board_index: int) -> Image.Image:
    """The board image at 100 % zoom, in RGB (encode it with ``drawing.png_bytes``)."""
    view = BoardView(game_map, board_index)
    image = Image.new("RGB", view.board.size, PAPER)
    draw = ImageDraw.Draw(image)
    hexes = view.hexes()
    on_board = set(hexes)
    for hex_ in hexes:
        terrain = game_map.terrain_of(hex_)
        draw.polygon(view.corners(hex_), fill=TERRAIN_FILL.get(terrain, TERRAIN_FILL["clear"]))
        _terrain_symbol(draw, view, hex_, terrain)
    for hex_ in hexes:
        draw.polygon(view.corners(hex_), outline=GRID)
    _hexsides(draw, view, game_map, on_board)
    _rails(draw, view, game_map, on_board)
    _supply_sources(draw, view, game_map, on_board)
    _towns(draw, view, game_map, on_board)
    _victory_hexes(draw, view, game_map, on_board)
    _hex_numbers(draw, view, game_map, hexes)
    _title_box(draw, view, spec, game_map, on_board)
    return image


def _scaled(view: BoardView, fraction: float) -> int:
    return max(1, round(view.hex_size * fraction / 100))


def _terrain_symbol(draw: ImageDraw.ImageDraw, view: BoardView, hex_: Hex, terrain: str) -> None:
    """Small map symbols so terrain reads without colour: trees, hill hachures, peaks, reeds, dots."""
    x, y = view.centre(hex_)
    unit = view.hex_size / 10
    if terrain == "forest":
        for dx, dy in ((-1.8, 0.8), (0, -1.2), (1.8, 0.8)):
            cx, cy = x + dx * unit, y + dy * unit
            draw.polygon([(cx, cy - 1.2 * unit), (cx - 0.8 * unit, cy + 0.6 * unit), (cx + 0.8 * unit, cy + 0.6 * unit)],
                         fill=(70, 120, 60))
    elif terrain == "hills":
        for dx in (-1.6, 1.2):
            draw.arc([x + (dx - 1.2) * unit, y - 0.8 * unit, x + (dx + 1.2) * unit, y + 1.6 * unit], 200, 340,
                     fill=(120, 90, 50), width=max(1, round(unit / 3)))
    elif terrain == "mountain":
        for dx, height in ((-1.4, 1.8), (1.0, 2.4)):
            draw.polygon([(x + dx * unit, y - height * unit), (x + (dx - 1.4) * unit, y + 1.2 * unit),
                          (x + (dx + 1.4) * unit, y + 1.2 * unit)], fill=(120, 84, 52))
    elif terrain == "swamp":
        for dy in (-0.8, 0.6):
            draw.line([(x - 2 * unit, y + dy * unit), (x + 2 * unit, y + dy * unit)], fill=(60, 120, 110),
                      width=max(1, round(unit / 4)))
    elif terrain == "desert_steppe":
        for dx, dy in ((-1.5, -0.5), (0.2, 0.8), (1.5, -0.7), (-0.4, -1.6), (0.9, 1.9)):
            radius = unit / 4
            draw.ellipse([x + dx * unit - radius, y + dy * unit - radius, x + dx * unit + radius, y + dy * unit + radius],
                         fill=(180, 150, 90))
    elif terrain.startswith("fortified"):
        side = terrain.split("_", 1)[1]
        draw.polygon(view.corners(hex_), outline=SIDE_COLOURS.get(side, INK), width=_scaled(view, 6))


def _hexsides(draw: ImageDraw.ImageDraw, view: BoardView, game_map: GameMap, on_board: set[Hex]) -> None:
    """Features on hexsides, then named lines (start lines) on top."""
    ordered = sorted(game_map.hexside_features.items(), key=lambda item: item[0])
    for feature in LINE_STYLES:
        sides = [side for side, features in ordered if feature in features]
        if feature == "lake_side":
            # A coast shows by the sea's fill; a lake too narrow to fill a hex runs between land hexes.
            sides = [side for side in sides if not {game_map.terrain_of(hex_) for hex_ in side.hexes} & WATER_TERRAIN]
        if feature in DRAWN_LINES and feature in game_map.lines:
            sides = sorted(game_map.lines[feature])
        _draw_sides(draw, view, sides, on_board, *LINE_STYLES[feature])


def _draw_sides(
    draw: ImageDraw.ImageDraw,
    view: BoardView,
    sides: Iterable[HexSide],
    on_board: set[Hex],
    colour: Colour,
    width: int,
    dashed: bool,
) -> None:
    for side in sides:
        if side.first not in on_board and side.second not in on_board:
            continue
        owner = side.first if side.first in on_board else side.second
        other = side.other(owner)
        try:
            start, end = _segment_from(view, owner, other)
        except ValueError:
            continue
        if dashed:
            _dashed_line(draw, start, end, colour, _scaled(view, width))
        else:
            draw.line([start, end], fill=colour, width=_scaled(view, width))
            for point in (start, end):
                radius = _scaled(view, width) / 2
                draw.ellipse([point[0] - radius, point[1] - radius, point[0] + radius, point[1] + radius], fill=colour)


def _segment_from(view: BoardView, owner: Hex, other: Hex) -> tuple[Point, Point]:
    """A hexside's segment measured from the hex on this board (the other may be on the next board)."""
    corners = view.corners(owner)
    direction = direction_between(owner, other)
    # corner i lies between hexside directions i and i+1 (see HexGrid.corners)
    return corners[(direction - 1) % 6], corners[direction % 6]


def _dashed_line(draw: ImageDraw.ImageDraw, start: Point, end: Point, colour: Colour, width: int) -> None:
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


def _rails(draw: ImageDraw.ImageDraw, view: BoardView, game_map: GameMap, on_board: set[Hex]) -> None:
    """Rails as black lines through hex centres with cross ties."""
    width = _scaled(view, 3)
    for rail in game_map.rails:
        for first, second in zip(rail.hexes, rail.hexes[1:]):
            if first not in on_board and second not in on_board:
                continue
            start, end = view.centre(first), view.centre(second)
            draw.line([start, end], fill=INK, width=width)
            middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
            angle = math.atan2(end[1] - start[1], end[0] - start[0]) + math.pi / 2
            tie = view.hex_size / 12
            draw.line(
                [
                    (middle[0] - math.cos(angle) * tie, middle[1] - math.sin(angle) * tie),
                    (middle[0] + math.cos(angle) * tie, middle[1] + math.sin(angle) * tie),
                ],
                fill=INK,
                width=max(1, width // 2),
            )


def _towns(draw: ImageDraw.ImageDraw, view: BoardView, game_map: GameMap, on_board: set[Hex]) -> None:
    """Cities as red blocks, towns and ports as dots, each named under its symbol."""
    label_font = font(max(9, round(view.hex_size / 7)), "condensed-bold")
    for town in sorted(game_map.towns, key=lambda town: town.name):
        if town.hex not in on_board:
            continue
        x, y = view.centre(town.hex)
        size = view.hex_size / (6 if town.kind == "city" else 10)
        if town.kind == "city":
            draw.rectangle([x - size, y - size, x + size, y + size], fill=(190, 40, 36), outline=INK)
        else:
            draw.ellipse([x - size, y - size, x + size, y + size], fill=INK if town.kind != "port" else WATER)
        draw.text((x, y + size + 2), town.name, font=label_font, fill=INK, anchor="ma",
                  stroke_width=2, stroke_fill=PAPER)


def _star(draw: ImageDraw.ImageDraw, centre: Point, radius: float) -> None:
    """A five-pointed gold star, the victory point mark."""
    x, y = centre
    points = [
        (x + (radius if index % 2 == 0 else radius * 0.45) * math.sin(index * math.pi / 5),
         y - (radius if index % 2 == 0 else radius * 0.45) * math.cos(index * math.pi / 5))
        for index in range(10)
    ]
    draw.polygon(points, fill=VICTORY_GOLD, outline=INK)


def _victory_hexes(draw: ImageDraw.ImageDraw, view: BoardView, game_map: GameMap, on_board: set[Hex]) -> None:
    """A gold star in the upper left of every victory point hex, clear of the town's mark and name."""
    for victory_hex in game_map.victory_hexes:
        if victory_hex.hex in on_board:
            x, y = view.centre(victory_hex.hex)
            _star(draw, (x - view.hex_size * 0.3, y - view.hex_size * 0.14), view.hex_size * 0.14)


def _supply_sources(draw: ImageDraw.ImageDraw, view: BoardView, game_map: GameMap, on_board: set[Hex]) -> None:
    """Supply source hexes ringed in their side's colour with a small "S"."""
    mark_font = font(max(8, round(view.hex_size / 8)), "bold")
    for source in game_map.supply_sources:
        colour = SIDE_COLOURS.get(source.side, INK)
        for hex_ in source.hexes:
            if hex_ not in on_board:
                continue
            x, y = view.centre(hex_)
            radius = view.hex_size * 0.36
            draw.ellipse([x - radius, y - radius, x + radius, y + radius], outline=colour, width=_scaled(view, 3))
            draw.text((x + radius * 0.7, y - radius * 0.95), "S", font=mark_font, fill=colour, anchor="mm")


def _hex_numbers(draw: ImageDraw.ImageDraw, view: BoardView, game_map: GameMap, hexes: Sequence[Hex]) -> None:
    """The printed number near the top of every hex, as on the printed maps."""
    number_font = font(max(7, round(view.hex_size / 9)), "condensed")
    for hex_ in hexes:
        x, y = view.centre(hex_)
        draw.text((x, y - view.hex_size * 0.40), game_map.label(hex_), font=number_font, fill=GRID, anchor="mt")


def _free_corner(view: BoardView, on_board: set[Hex]) -> tuple[int, int, int, int]:
    """The largest title box (left, top, width, height) that fits in a board corner without
    covering a playable hex; the full-size box over the emptiest corner if none fits."""
    width, height = view.board.size
    full_width, full_height, margin = min(width // 3, 760), min(height // 3, 430), 10
    corners = [point for hex_ in on_board for point in view.corners(hex_)]

    def box_at(corner: int, scale: float) -> tuple[int, int, int, int]:
        box_width, box_height = round(full_width * scale), round(full_height * scale)
        left = margin if corner % 2 == 0 else width - box_width - margin
        top = margin if corner < 2 else height - box_height - margin
        return left, top, box_width, box_height

    def covered(box: tuple[int, int, int, int]) -> int:
        left, top, box_width, box_height = box
        return sum(1 for x, y in corners if left < x < left + box_width and top < y < top + box_height)

    best: tuple[float, int] | None = None
    for corner in range(4):
        scale = 1.0
        while scale >= 0.45 and covered(box_at(corner, scale)):
            scale -= 0.05
        if scale >= 0.45 and (best is None or scale > best[0]):
            best = (scale, corner)
    if best is not None:
        return box_at(best[1], best[0])
    return min((box_at(corner, 1.0) for corner in range(4)), key=covered)


def _title_box(draw: ImageDraw.ImageDraw, view: BoardView, spec: GameSpec, game_map: GameMap, on_board: set[Hex]) -> None:
    """Title and legend where they cover the fewest playable hexes (a cut corner if any)."""
    left, top, box_width, box_height = _free_corner(view, on_board)
    draw.rectangle([left, top, left + box_width, top + box_height], fill=(248, 245, 234), outline=INK, width=3)
    title_font = font(max(14, box_height // 9), "serif-bold")
    text_font = font(max(10, box_height // 20), "condensed")
    draw.text((left + 16, top + 12), spec.title, font=title_font, fill=INK)
    draw.text((left + 16, top + 14 + box_height // 8), f"{view.board.name} map — rebuilt by Stavka", font=text_font,
              fill=INK)
    row = top + 24 + box_height // 8 + box_height // 14
    swatch = box_height // 16
    if any(item.hex in on_board for item in game_map.victory_hexes):
        scenarios = sorted({name for item in game_map.victory_hexes for name in item.scenarios})
        _star(draw, (left + 16 + swatch, row + swatch / 2), swatch * 0.7)
        draw.text((left + 24 + 2 * swatch, row - 2), "Victory point hex" + (f" ({', '.join(scenarios)})" if scenarios
                  else ""), font=text_font, fill=INK)
        row += swatch + 6
    used = {game_map.terrain_of(hex_) for hex_ in on_board}
    for terrain_id in spec.terrain_types:
        if terrain_id not in used or row + swatch > top + box_height - 8:
            continue
        draw.rectangle([left + 16, row, left + 16 + 2 * swatch, row + swatch],
                       fill=TERRAIN_FILL.get(terrain_id, TERRAIN_FILL["clear"]), outline=GRID)
        draw.text((left + 24 + 2 * swatch, row - 2), spec.terrain_types[terrain_id].name, font=text_font, fill=INK)
        row += swatch + 6
    for feature, (colour, line_width, dashed) in LINE_STYLES.items():
        present = any(feature in features for features in game_map.hexside_features.values()) or (
            feature in DRAWN_LINES and feature in game_map.lines
        )
        if not present or row + swatch > top + box_height - 8:
            continue
        start, end = (left + 16, row + swatch / 2), (left + 16 + 2 * swatch, row + swatch / 2)
        if dashed:
            _dashed_line(draw, start, end, colour, _scaled(view, line_width))
        else:
            draw.line([start, end], fill=colour, width=_scaled(view, line_width))
        name = spec.terrain_types[feature].name if feature in spec.terrain_types else feature.replace("_", " ")
        draw.text((left + 24 + 2 * swatch, row - 2), name, font=text_font, fill=INK)
        row += swatch + 6
