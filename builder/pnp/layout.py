"""Page geometry for print-and-play sheets, in PDF points with the origin bottom left.

Kept apart from drawing so the numbers that make a sheet work — where each counter is
cut, where its back lands when the page is printed duplex, where map tiles overlap —
are plain values a test can check without reading a PDF.

Counters sit in a grid with a gutter of twice the bleed, so every counter has its own
bleed and a back that drifts by up to the bleed still shows its own colour at the cut.
Duplex printers flip the sheet about its long edge, which mirrors the page left to
right: the back of the counter at x lies at ``page width - x - counter width``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from rules.errors import StavkaError

POINTS_PER_INCH = 72.0
POINTS_PER_MM = POINTS_PER_INCH / 25.4

Paper = Literal["a4", "letter"]
PAPER_SIZES: dict[str, tuple[float, float]] = {
    "a4": (210 * POINTS_PER_MM, 297 * POINTS_PER_MM),
    "letter": (8.5 * POINTS_PER_INCH, 11 * POINTS_PER_INCH),
}
COUNTER_SIZES_INCHES = (0.5, 0.625, 0.75)

MARGIN_MM = 12.0
"""Page margin: outside most printers' unprintable edge, room for cut and registration marks."""


class LayoutError(StavkaError):
    """A print-and-play option that cannot be laid out (unknown paper, counter too big)."""


@dataclass(frozen=True)
class Rect:
    """A rectangle in points: left, bottom, width, height."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height


@dataclass(frozen=True)
class CounterSheet:
    """A page of counters: the page, counter and bleed sizes and the grid of cut boxes."""

    page_width: float
    page_height: float
    counter: float
    bleed: float
    columns: int
    rows: int
    left: float
    top: float

    @property
    def pitch(self) -> float:
        """Distance between neighbouring counters' cut lines: the counter and two bleeds."""
        return self.counter + 2 * self.bleed

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def front_box(self, index: int) -> Rect:
        """The cut box of the ``index``-th counter on the fronts page, row by row from top left."""
        row, column = divmod(index, self.columns)
        x = self.left + self.bleed + column * self.pitch
        y = self.top - self.bleed - self.counter - row * self.pitch
        return Rect(x, y, self.counter, self.counter)

    def back_box(self, index: int, offset_x_mm: float = 0.0, offset_y_mm: float = 0.0) -> Rect:
        """Where the back of the ``index``-th counter goes on the backs page: mirrored left
        to right, then moved by the measured printer drift (positive = right and up)."""
        front = self.front_box(index)
        return Rect(
            self.page_width - front.right + offset_x_mm * POINTS_PER_MM,
            front.y + offset_y_mm * POINTS_PER_MM,
            front.width,
            front.height,
        )

    def cut_lines_x(self) -> list[float]:
        """Every vertical cut line of the grid (both edges of each column)."""
        return sorted({box.x for box in self._first_row()} | {box.right for box in self._first_row()})

    def cut_lines_y(self) -> list[float]:
        """Every horizontal cut line of the grid (both edges of each row)."""
        boxes = [self.front_box(row * self.columns) for row in range(self.rows)]
        return sorted({box.y for box in boxes} | {box.top for box in boxes})

    def grid(self) -> Rect:
        """The printed area: every counter with its bleed."""
        width, height = self.columns * self.pitch, self.rows * self.pitch
        return Rect(self.left, self.top - height, width, height)

    def _first_row(self) -> list[Rect]:
        return [self.front_box(column) for column in range(self.columns)]


def paper_size(paper: str) -> tuple[float, float]:
    """Width and height in points of a paper name."""
    if paper not in PAPER_SIZES:
        raise LayoutError(None, None, f"unknown paper {paper!r} (choose {', '.join(PAPER_SIZES)})")
    return PAPER_SIZES[paper]


def counter_sheet(paper: str, counter_inches: float, bleed_mm: float = 1.0) -> CounterSheet:
    """The densest centred grid of ``counter_inches`` counters that fits inside the margins.

    Centring matters: a centred grid mirrors onto itself, so the backs page uses the
    same area of paper as the fronts page.
    """
    width, height = paper_size(paper)
    counter = counter_inches * POINTS_PER_INCH
    bleed = bleed_mm * POINTS_PER_MM
    pitch = counter + 2 * bleed
    margin = MARGIN_MM * POINTS_PER_MM
    columns = math.floor((width - 2 * margin) / pitch)
    rows = math.floor((height - 2 * margin) / pitch)
    if columns < 1 or rows < 1:
        raise LayoutError(None, None, f"a {counter_inches} in counter does not fit on {paper} paper")
    left = (width - columns * pitch) / 2
    top = height - (height - rows * pitch) / 2
    return CounterSheet(width, height, counter, bleed, columns, rows, left, top)


@dataclass(frozen=True)
class MapTile:
    """One page of a map: the pixel box of the image it shows and where it goes on the page."""

    row: int
    column: int
    source: tuple[int, int, int, int]
    placed: Rect


def map_tiles(
    image_width: int, image_height: int, pixels_per_inch: float, paper: str, overlap_mm: float = 10.0
) -> list[MapTile]:
    """Split an image printed at ``pixels_per_inch`` into page tiles that overlap by
    ``overlap_mm``, row by row from the top left, each tile placed at the top left of
    the printable area so every page's marks fall in the same places."""
    width, height = paper_size(paper)
    margin = MARGIN_MM * POINTS_PER_MM
    usable_w, usable_h = width - 2 * margin, height - 2 * margin
    to_px = pixels_per_inch / POINTS_PER_INCH
    tile_w, tile_h = math.floor(usable_w * to_px), math.floor(usable_h * to_px)
    overlap = round(overlap_mm * POINTS_PER_MM * to_px)
    if overlap >= min(tile_w, tile_h):
        raise LayoutError(None, None, f"an overlap of {overlap_mm} mm leaves nothing of a {paper} page")
    tiles = []
    for row, top in enumerate(_starts(image_height, tile_h, overlap)):
        for column, left in enumerate(_starts(image_width, tile_w, overlap)):
            box = (left, top, min(left + tile_w, image_width), min(top + tile_h, image_height))
            placed_w = (box[2] - box[0]) / to_px
            placed_h = (box[3] - box[1]) / to_px
            tiles.append(MapTile(row, column, box, Rect(margin, height - margin - placed_h, placed_w, placed_h)))
    return tiles


def _starts(length: int, tile: int, overlap: int) -> list[int]:
    """Start offsets of tiles of ``tile`` px overlapping by ``overlap`` that cover ``length``."""
    starts = [0]
    while starts[-1] + tile < length:
        starts.append(starts[-1] + tile - overlap)
    return starts
