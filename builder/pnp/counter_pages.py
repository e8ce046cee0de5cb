"""Counter sheets: fronts, then backs mirrored left to right, for duplex printing.

Units come sorted by side and nationality, then markers as many times as the game has
them. A last sheet under half full is topped up with spare memory-aid markers (those a
game has several of), which replace the counters players lose; a game without them gets
no filler (blank counters are nobody's counters). A sheet prints only the rows it fills,
with their cut and registration marks, so a small game's sheet ends where its counters do.
"""

from __future__ import annotations

import itertools
import math
from functools import partial
from collections.abc import Sequence
from dataclasses import dataclass, replace

from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from builder.pnp.counter_art import CounterArt
from builder.pnp.layout import POINTS_PER_MM, CounterSheet, Rect, counter_sheet
from builder.pnp.pages import DuplexOptions, Page, PrintContext, Section
from builder.pnp.pdf import place_image, registration_mark
from rules.model import GameSpec

MARK_GAP_MM = 1.5
MARK_LENGTH_MM = 4.5
REGISTRATION_DISTANCE_MM = 6.0


@dataclass(frozen=True)
class PrintedCounter:
    """A counter's two faces as print images (bleed included), front and back."""

    front: Image.Image
    back: Image.Image


def printed_counters(game: GameSpec, art: CounterArt) -> list[PrintedCounter]:
    """Every counter of the game: units sorted by side and nationality, then markers."""
    side_order = {side.id: index for index, side in enumerate(game.sides)}
    nationality_order = {nationality: index for index, nationality in enumerate(game.nationalities)}
    units = sorted(
        game.units.values(),
        key=lambda unit: (side_order[unit.side], nationality_order[unit.nationality]),
    )
    counters = [PrintedCounter(*art.unit(unit)) for unit in units]
    for marker in game.markers.values():
        counters += [PrintedCounter(*art.marker(marker))] * marker.count
    return counters


def spare_counters(game: GameSpec, art: CounterArt, count: int) -> list[PrintedCounter]:
    """``count`` spares: the memory-aid markers in turn; none in a game without them."""
    spares = [
        PrintedCounter(*art.marker(marker)) for marker in game.markers.values() if marker.count > 1
    ]
    if count <= 0 or not spares:
        return []
    return list(itertools.islice(itertools.cycle(spares), count))


def spares_needed(counters: int, sheet: CounterSheet) -> int:
    """How many spares bring a last sheet under half full up to half (in whole rows)."""
    last = counters % sheet.per_page
    half = math.ceil(sheet.rows / 2) * sheet.columns
    return half - last if 0 < last < half else 0


def counter_section(context: PrintContext) -> Section | None:
    """Pairs of pages, fronts then backs, every counter of the game."""
    game, options = context.game, context.options
    duplex = options.duplex
    sheet = counter_sheet(options.paper, options.counter_inches, duplex.bleed_mm)
    counters = printed_counters(game, context.art)
    if not counters:
        return None
    counters += spare_counters(game, context.art, spares_needed(len(counters), sheet))
    sheets = [
        counters[start : start + sheet.per_page]
        for start in range(0, len(counters), sheet.per_page)
    ]
    size = (sheet.page_width, sheet.page_height)
    pages: list[Page] = []
    for number, on_sheet in enumerate(sheets, start=1):
        label = f"counter sheet {number} of {len(sheets)}"
        filled = replace(sheet, rows=math.ceil(len(on_sheet) / sheet.columns))
        pages.append(
            Page(f"{label}, fronts", size, partial(_draw_fronts, sheet=filled, counters=on_sheet))
        )
        pages.append(
            Page(
                f"{label}, backs",
                size,
                partial(_draw_backs, sheet=filled, counters=on_sheet, options=duplex),
            )
        )
    return Section(
        "Counters", tuple(pages), duplex=True, how_to_print="two-sided, flip on the long edge"
    )


def _draw_fronts(canvas: Canvas, sheet: CounterSheet, counters: Sequence[PrintedCounter]) -> None:
    for index, counter in enumerate(counters):
        place_image(canvas, counter.front, _with_bleed(sheet.front_box(index), sheet.bleed))
    _cut_marks(canvas, sheet, 0.0, 0.0)


def _draw_backs(
    canvas: Canvas, sheet: CounterSheet, counters: Sequence[PrintedCounter], options: DuplexOptions
) -> None:
    for index, counter in enumerate(counters):
        box = sheet.back_box(index, options.back_offset_x_mm, options.back_offset_y_mm)
        place_image(canvas, counter.back, _with_bleed(box, sheet.bleed))
    dx, dy = options.back_offset_x_mm * POINTS_PER_MM, options.back_offset_y_mm * POINTS_PER_MM
    _cut_marks(canvas, sheet, dx, dy, mirrored=True)


def _with_bleed(box: Rect, bleed: float) -> Rect:
    return Rect(box.x - bleed, box.y - bleed, box.width + 2 * bleed, box.height + 2 * bleed)


def _cut_marks(
    canvas: Canvas, sheet: CounterSheet, dx: float, dy: float, mirrored: bool = False
) -> None:
    """Cut lines outside the printed grid and a registration mark beyond each corner."""
    grid = sheet.grid()
    gap, length = MARK_GAP_MM * POINTS_PER_MM, MARK_LENGTH_MM * POINTS_PER_MM
    canvas.setLineWidth(0.3)
    canvas.setStrokeColorRGB(0, 0, 0)
    xs = [sheet.page_width - x if mirrored else x for x in sheet.cut_lines_x()]
    for x in xs:
        canvas.line(x + dx, grid.top + gap + dy, x + dx, grid.top + gap + length + dy)
        canvas.line(x + dx, grid.y - gap + dy, x + dx, grid.y - gap - length + dy)
    for y in sheet.cut_lines_y():
        canvas.line(grid.x - gap + dx, y + dy, grid.x - gap - length + dx, y + dy)
        canvas.line(grid.right + gap + dx, y + dy, grid.right + gap + length + dx, y + dy)
    distance = REGISTRATION_DISTANCE_MM * POINTS_PER_MM
    for x in (grid.x - distance, grid.right + distance):
        for y in (grid.y - distance, grid.top + distance):
            registration_mark(canvas, x + dx, y + dy)
