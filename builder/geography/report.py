"""``stavka map-report``: each board of a classified map drawn for checking by eye.

A map made of thousands of classified hexes can only be reviewed as a picture: a coast
on the wrong side, a Volga that wanders off its towns or a Caucasus in the steppe shows
at once. The picture draws what the referee will read — the loaded game, terrain.toml
under map.toml — plus the calibration's anchors with arrows from where geography puts
them to the hexes the rules name.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw

from rules.data.loader import load_game
from rules.hexes import Hex
from rules.model import GameMap

from builder.art.fonts import font
from builder.art.text import draw_text
from builder.geography.calibration import Calibration
from builder.geography.generate import Prepared, prepare
from builder.geography.lattice import Lattice, Point
from builder.geography.theatre import load_theatre
from builder.output import write_outputs

SCALE = 0.5
"""Report pixels per map pixel: a whole board fits a screen and the file stays small."""
RESIDUAL_EXAGGERATION = 3.0
"""Residual arrows are drawn three times their length so half a hex is visible."""

TERRAIN_COLOURS = {
    "clear": (236, 230, 204),
    "forest": (104, 160, 92),
    "hills": (196, 166, 118),
    "mountain": (142, 112, 86),
    "swamp": (126, 176, 160),
    "desert_steppe": (232, 214, 160),
    "sea": (118, 160, 212),
    "lake": (156, 196, 232),
    "fortified_axis": (150, 150, 150),
    "fortified_soviet": (226, 150, 140),
}
HEXSIDE_STYLES = {
    "river": ((50, 100, 220), 3),
    "volga": ((10, 40, 150), 7),
    "lake_side": ((20, 50, 110), 2),
    "sea_side": ((20, 50, 110), 2),
    "impassable_mountain": ((0, 0, 0), 6),
    "don_volga_line": ((200, 0, 0), 5),
    "stalingrad_ring": ((220, 0, 200), 5),
}
LINE_COLOURS = [
    (255, 130, 0),
    (0, 170, 60),
    (170, 0, 170),
    (0, 170, 190),
    (120, 60, 0),
    (255, 60, 120),
]
TOWN_COLOUR, CITY_COLOUR, RAIL_COLOUR, SUPPLY_COLOUR = (
    (20, 20, 20),
    (200, 0, 0),
    (60, 60, 60),
    (0, 150, 0),
)
ANCHOR_COLOUR = (230, 0, 120)
LEGEND_WIDTH = 340


def write_report(game: str, root: Path) -> list[Path]:
    """Draw every board of ``game`` and its town list into ``root/<game id>``; the paths written."""
    ready = prepare(game, load_theatre())
    output = root / ready.spec.id
    loaded = load_game(ready.spec.folder)
    game_map = next(game_map for game_map in loaded.maps if game_map.name == ready.game_map.name)
    assert game_map.hex_map is not None
    files: dict[Path, bytes] = {}
    for index, board in enumerate(game_map.hex_map.boards):
        image = draw_board(game_map, ready, index)
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", optimize=True)
        files[output / f"{_file_name(board.name)}.png"] = buffer.getvalue()
    files[output / "towns.txt"] = town_list(game_map, ready.calibration).encode("utf-8")
    # All or nothing: a full disk must not leave a report that mixes two runs.
    write_outputs(files)
    return list(files)


def draw_board(game_map: GameMap, ready: Prepared, board_index: int) -> Image.Image:
    """One board: terrain, hexsides, lines, rails, towns, supply, anchors and a legend."""
    assert game_map.hex_map is not None
    board = game_map.hex_map.boards[board_index]
    lattice = ready.lattice
    left, top = board.origin

    def at(point: Point) -> Point:
        return (point[0] - left) * SCALE, (point[1] - top) * SCALE

    board_width = int(board.size[0] * SCALE)
    image = Image.new(
        "RGB", (board_width + LEGEND_WIDTH, int(board.size[1] * SCALE)), (255, 255, 255)
    )
    pen = ImageDraw.Draw(image)
    hexes = [
        hex_
        for hex_ in lattice.playable
        if (found := game_map.hex_map.to_board(hex_)) and found[0] == board_index
    ]
    on_board = set(hexes)
    for hex_ in sorted(hexes):
        outline = [at((x, y)) for x, y in lattice.polygon(hex_).exterior.coords]
        colour = TERRAIN_COLOURS.get(game_map.terrain_of(hex_), (200, 200, 200))
        pen.polygon(outline, fill=colour, outline=(190, 184, 160))
    for side, features in sorted(game_map.hexside_features.items()):
        if side.first in on_board or side.second in on_board:
            a, b = (at(point) for point in lattice.side_points(side))
            for feature in sorted(
                features, key=lambda name: -HEXSIDE_STYLES.get(name, ((0, 0, 0), 2))[1]
            ):
                colour, width = HEXSIDE_STYLES.get(feature, ((90, 90, 90), 2))
                pen.line([a, b], fill=colour, width=width)
    for number, name in enumerate(sorted(game_map.lines)):
        colour = LINE_COLOURS[number % len(LINE_COLOURS)]
        for side in game_map.lines[name]:
            if side.first in on_board or side.second in on_board:
                a, b = (at(point) for point in lattice.side_points(side))
                pen.line([a, b], fill=colour, width=3)
    for rail in game_map.rails:
        points = [at(lattice.centre(hex_)) for hex_ in rail.hexes if hex_ in on_board]
        if len(points) > 1:
            pen.line(points, fill=RAIL_COLOUR, width=2)
    supplied = {hex_ for source in game_map.supply_sources for hex_ in source.hexes}
    for hex_ in sorted(supplied & on_board):
        x, y = at(lattice.centre(hex_))
        pen.ellipse([x - 14, y - 14, x + 14, y + 14], outline=SUPPLY_COLOUR, width=3)
    label_font = font(11, "condensed")
    for town in game_map.towns:
        if town.hex not in on_board:
            continue
        x, y = at(lattice.centre(town.hex))
        colour = CITY_COLOUR if town.kind == "city" else TOWN_COLOUR
        radius = 6 if town.kind == "city" else 4
        pen.rectangle([x - radius, y - radius, x + radius, y + radius], fill=colour)
        draw_text(pen, (x + radius + 2, y - 7), town.name, label_font, colour)
    _anchors(pen, ready.calibration, on_board, lattice, at)
    _legend(pen, board_width, game_map, board.name, ready.calibration)
    return image


def _anchors(
    pen: ImageDraw.ImageDraw,
    calibration: Calibration,
    on_board: set[Hex],
    lattice: Lattice,
    at: Callable[[Point], Point],
) -> None:
    """Each anchor's rule hexes ringed, with an arrow from where geography puts it (exaggerated)."""
    for residual in calibration.residuals:
        if not any(hex_ in on_board for hex_ in residual.anchor.hexes):
            continue
        tx, ty = at(residual.target)
        px, py = at(residual.projected)
        sx = tx + (px - tx) * RESIDUAL_EXAGGERATION
        sy = ty + (py - ty) * RESIDUAL_EXAGGERATION
        pen.ellipse([tx - 20, ty - 20, tx + 20, ty + 20], outline=ANCHOR_COLOUR, width=3)
        pen.line([(sx, sy), (tx, ty)], fill=ANCHOR_COLOUR, width=3)
        heading = math.atan2(ty - sy, tx - sx)
        for turn in (2.6, -2.6):
            pen.line(
                [
                    (tx, ty),
                    (tx + 12 * math.cos(heading + turn), ty + 12 * math.sin(heading + turn)),
                ],
                fill=ANCHOR_COLOUR,
                width=3,
            )
        draw_text(
            pen,
            (tx + 22, ty + 6),
            f"{residual.anchor.name} {residual.hexes:.2f}",
            font(13, "bold"),
            ANCHOR_COLOUR,
        )


def _legend(
    pen: ImageDraw.ImageDraw,
    left: int,
    game_map: GameMap,
    board_name: str,
    calibration: Calibration,
) -> None:
    """A key in a panel right of the board: terrain swatches, hexside and line styles, markers."""
    rows: list[tuple[str, tuple[int, int, int], str]] = []
    present = set(game_map.terrain.values()) | set(game_map.default_terrain.values())
    rows += [("fill", TERRAIN_COLOURS.get(name, (200, 200, 200)), name) for name in sorted(present)]
    features = {feature for features in game_map.hexside_features.values() for feature in features}
    rows += [
        ("line", HEXSIDE_STYLES.get(name, ((90, 90, 90), 2))[0], name) for name in sorted(features)
    ]
    rows += [
        ("line", LINE_COLOURS[number % len(LINE_COLOURS)], f"line {name}")
        for number, name in enumerate(sorted(game_map.lines))
    ]
    rows += [
        ("line", RAIL_COLOUR, "rail"),
        ("ring", SUPPLY_COLOUR, "supply source"),
        ("box", CITY_COLOUR, "city"),
        ("box", TOWN_COLOUR, "town"),
    ]
    if calibration.residuals:
        rows.append(
            (
                "line",
                ANCHOR_COLOUR,
                f"anchor residual x{RESIDUAL_EXAGGERATION:g} (RMS {calibration.rms_hexes:.2f} hex)",
            )
        )
    text_font = font(13)
    draw_text(pen, (left + 16, 12), f"{game_map.name}: {board_name}", font(14, "bold"), (0, 0, 0))
    for number, (kind, colour, name) in enumerate(rows):
        x, y = left + 16, 34 + 18 * number
        if kind == "fill":
            pen.rectangle([x, y, x + 24, y + 12], fill=colour, outline=(0, 0, 0))
        elif kind == "ring":
            pen.ellipse([x + 6, y, x + 18, y + 12], outline=colour, width=2)
        elif kind == "box":
            pen.rectangle([x + 8, y + 2, x + 16, y + 10], fill=colour)
        else:
            pen.line([(x, y + 6), (x + 24, y + 6)], fill=colour, width=4)
        draw_text(pen, (x + 32, y - 2), name, text_font, (0, 0, 0))


def town_list(game_map: GameMap, calibration: Calibration) -> str:
    """Every town by board with its hex number, kind and provenance; the anchors' residuals."""
    assert game_map.hex_map is not None
    lines = [f"{game_map.name}: towns by board"]
    by_board: dict[str, list[str]] = {}
    for town in game_map.towns:
        found = game_map.hex_map.to_board(town.hex)
        assert found is not None
        board = game_map.hex_map.boards[found[0]].name
        by_board.setdefault(board, []).append(
            f"  {game_map.label(town.hex):<6} {town.name:<28} {town.kind:<5} {town.provenance.describe()}"
        )
    for board in sorted(by_board):
        lines += ["", f"{board} ({len(by_board[board])} towns)", *sorted(by_board[board])]
    if calibration.residuals:
        lines += ["", f"Anchors (RMS {calibration.rms_hexes:.3f} hex)"]
        lines += [
            f"  {residual.anchor.name:<20} {residual.hexes:.2f} hex"
            for residual in calibration.residuals
        ]
    return "\n".join(lines) + "\n"


def _file_name(name: str) -> str:
    return "".join(character if character.isalnum() else "-" for character in name.lower()).strip(
        "-"
    )
