"""A game's whole print-and-play PDF: what goes in it, in what order, at what size.

Counters come first (units by side and nationality, then markers as many times as the
game has them), then the charts, then the map boards tiled over pages at a scale where
a hex is a little larger than a counter.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from builder.art.board import render_board
from builder.art.charts import PRINT_PPI, game_charts, render_table
from builder.art.counters import print_format, unit_faces
from builder.art.markers import marker_faces
from builder.area_build import is_area_game
from builder.output import write_output
from builder.pnp.area_document import area_pnp_pdf
from builder.pnp.layout import LayoutError, counter_sheet, map_tiles
from builder.pnp.pdf import (
    DuplexOptions,
    MapImage,
    PrintedCounter,
    draw_chart_pages,
    draw_counter_sheets,
    draw_map_tiles,
    new_canvas,
)
from rules.model import GameSpec

HEX_TO_COUNTER = 1.3
"""Printed distance between hex centres over counter size: room for a counter and its hex number."""


@dataclass(frozen=True)
class PnpOptions:
    """The choices of ``stavka pnp``."""

    paper: str = "a4"
    counter_inches: float = 0.625
    duplex: DuplexOptions = DuplexOptions()


def printed_counters(game: GameSpec, counter_inches: float, bleed_mm: float) -> list[PrintedCounter]:
    """Every counter of the game: units sorted by side and nationality, then markers."""
    counter = print_format(counter_inches, bleed_mm)
    side_order = {side.id: index for index, side in enumerate(game.sides)}
    nationality_order = {nationality: index for index, nationality in enumerate(game.nationalities)}
    units = sorted(game.units.values(), key=lambda unit: (side_order[unit.side], nationality_order[unit.nationality]))
    counters = []
    for unit in units:
        faces = unit_faces(unit, game, counter)
        counters.append(PrintedCounter(faces.front, faces.back))
    for marker in game.markers.values():
        faces_of_marker = marker_faces(marker, game, counter)
        counters += [PrintedCounter(faces_of_marker.front, faces_of_marker.back)] * marker.count
    return counters


def map_images(game: GameSpec, counter_inches: float) -> list[MapImage]:
    """Each hex board drawn by the board renderer, with the resolution that prints its
    hexes :data:`HEX_TO_COUNTER` times the counter size apart."""
    images = []
    for game_map in game.maps:
        if game_map.hex_map is None:
            continue
        for index, board in enumerate(game_map.hex_map.boards):
            ppi = board.grid.dy / (counter_inches * HEX_TO_COUNTER)
            images.append(MapImage(f"{game_map.name} {board.name}".strip(), render_board(game, game_map, index), ppi))
    return images


def pnp_pdf(game: GameSpec, options: PnpOptions) -> bytes:
    """The print-and-play PDF of ``game`` as bytes."""
    if is_area_game(game):
        return area_pnp_pdf(game, options)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, options.paper, f"{game.title}: print and play")
    sheet = counter_sheet(options.paper, options.counter_inches, options.duplex.bleed_mm)
    counters = printed_counters(game, options.counter_inches, options.duplex.bleed_mm)
    if counters:
        draw_counter_sheets(canvas, sheet, counters, game.title, options.duplex)
    charts = [render_table(chart, PRINT_PPI) for chart in game_charts(game).values()]
    draw_chart_pages(canvas, options.paper, charts, PRINT_PPI, game.title)
    for map_image in map_images(game, options.counter_inches):
        tiles = map_tiles(map_image.image.width, map_image.image.height, map_image.pixels_per_inch, options.paper)
        draw_map_tiles(canvas, options.paper, map_image, tiles, game.title)
    canvas.save()
    return buffer.getvalue()


def pnp_path(output_directory: Path, game: GameSpec, paper: str) -> Path:
    """``<output>/<game>-pnp-<paper>.pdf``."""
    return output_directory / f"{game.id}-pnp-{paper}.pdf"


def write_pnp(game: GameSpec, options: PnpOptions, output_directory: Path) -> Path:
    """Write the PDF atomically under ``output_directory`` and return its path."""
    if options.counter_inches <= 0:
        raise LayoutError(None, None, f"counter size must be positive, not {options.counter_inches}")
    path = pnp_path(output_directory, game, options.paper)
    write_output(path, pnp_pdf(game, options))
    return path
