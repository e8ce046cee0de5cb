"""Swatches for the terrain effects chart, cut from the map itself.

A swatch is a real hex (or hexside) of the board drawn by the board renderer, so the
chart shows each terrain exactly as the map prints it, colour and symbol, whatever the
board's art becomes. For each kind the quietest example is chosen: a hex of that
terrain among neighbours of the same terrain, with no town, rail, supply source or
hexside feature, nearest the board's middle (away from the title box); for a hexside,
one between two hexes of the board's default terrain.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from PIL import Image, ImageDraw

from builder.art.board import render_board
from builder.art.board_view import BoardView
from rules.hexes import Hex, HexSide, neighbours
from rules.model import GameMap, GameSpec

SUPERSAMPLING = 4
"""Swatches are drawn this many times larger and shrunk, so their lines are smooth."""
HEX_SHARE = 1.08
"""The swatch's side over the hex's height: the hex with a hair of its neighbours."""


def _views(game: GameSpec) -> Iterator[BoardView]:
    for game_map in game.maps:
        if game_map.hex_map is not None:
            for index in range(len(game_map.hex_map.boards)):
                yield BoardView(game_map, index)


def _busy_hexes(game_map: GameMap) -> set[Hex]:
    """Hexes with something drawn on them besides their terrain."""
    busy = {town.hex for town in game_map.towns}
    busy |= {hex_ for rail in game_map.rails for hex_ in rail.hexes}
    busy |= {hex_ for source in game_map.supply_sources for hex_ in source.hexes}
    busy |= {hex_ for side in game_map.hexside_features for hex_ in side.hexes}
    busy |= {hex_ for sides in game_map.lines.values() for side in sides for hex_ in side.hexes}
    return busy


def _hex_sample(game: GameSpec, terrain: str) -> tuple[BoardView, Hex] | None:
    """The quietest hex of ``terrain`` on any board."""
    best: tuple[tuple[int, float], BoardView, Hex] | None = None
    for view in _views(game):
        game_map = view.game_map
        busy = _busy_hexes(game_map)
        on_board = view.hexes()
        board_set = set(on_board)
        width, height = view.board.size
        for hex_ in on_board:
            if hex_ in busy or game_map.terrain_of(hex_) != terrain:
                continue
            alike = sum(
                1
                for other in neighbours(hex_)
                if other in board_set and game_map.terrain_of(other) == terrain
            )
            x, y = view.centre(hex_)
            score = (-alike, math.dist((x, y), (width / 2, height / 2)))
            if best is None or score < best[0]:
                best = (score, view, hex_)
    return None if best is None else (best[1], best[2])


def _side_sample(game: GameSpec, feature: str) -> tuple[BoardView, HexSide] | None:
    """The quietest hexside with ``feature`` on any board."""
    best: tuple[tuple[int, float], BoardView, HexSide] | None = None
    for view in _views(game):
        game_map = view.game_map
        board_set = set(view.hexes())
        default = game_map.default_terrain[view.board.name]
        towns = {town.hex for town in game_map.towns}
        width, height = view.board.size
        for side, features in game_map.hexside_features.items():
            first, second = side.hexes
            if feature not in features or first not in board_set or second not in board_set:
                continue
            plain = sum(
                1
                for hex_ in (first, second)
                if game_map.terrain_of(hex_) == default and hex_ not in towns
            )
            (x1, y1), (x2, y2) = view.centre(first), view.centre(second)
            score = (-plain, math.dist(((x1 + x2) / 2, (y1 + y2) / 2), (width / 2, height / 2)))
            if best is None or score < best[0]:
                best = (score, view, side)
    return None if best is None else (best[1], best[2])


def _render_around(
    game: GameSpec, view: BoardView, centre: tuple[float, float], size_px: int
) -> Image.Image:
    """The board around ``centre`` (board pixels) as a ``size_px`` square swatch."""
    side = view.hex_size * HEX_SHARE
    scale = size_px * SUPERSAMPLING / side
    left = round((centre[0] - side / 2) * scale)
    top = round((centre[1] - side / 2) * scale)
    big = size_px * SUPERSAMPLING
    image = render_board(
        game, view.game_map, view.board_index, scale, (left, top, left + big, top + big)
    )
    return image.resize((size_px, size_px), Image.Resampling.LANCZOS)


def terrain_swatch(game: GameSpec, terrain: str, size_px: int) -> Image.Image | None:
    """A ``size_px`` square picture of ``terrain`` as the map draws it, or None when no
    board shows it (a hex outside the hex is white; a hexside keeps its two hexes)."""
    kind = game.terrain_types[terrain].kind
    if kind == "hex":
        found = _hex_sample(game, terrain)
        if found is None:
            return None
        view, hex_ = found
        swatch = _render_around(game, view, view.centre(hex_), size_px)
        side = view.hex_size * HEX_SHARE
        x0, y0 = view.centre(hex_)
        to_swatch = size_px / side
        corners = [
            ((x - x0) * to_swatch + size_px / 2, (y - y0) * to_swatch + size_px / 2)
            for x, y in view.corners(hex_)
        ]
        mask = Image.new("L", (size_px, size_px), 0)
        ImageDraw.Draw(mask).polygon(corners, fill=255)
        return Image.composite(swatch, Image.new("RGB", swatch.size, (255, 255, 255)), mask)
    if kind == "hexside":
        found_side = _side_sample(game, terrain)
        if found_side is None:
            return None
        view, hexside_ = found_side
        (x1, y1), (x2, y2) = (view.centre(hex_) for hex_ in hexside_.hexes)
        return _render_around(game, view, ((x1 + x2) / 2, (y1 + y2) / 2), size_px)
    return None


def terrain_swatches(game: GameSpec, size_px: int) -> dict[str, Image.Image]:
    """A swatch for every terrain type some board shows, by terrain id."""
    swatches = {}
    for terrain in game.terrain_types:
        swatch = terrain_swatch(game, terrain, size_px)
        if swatch is not None:
            swatches[terrain] = swatch
    return swatches
