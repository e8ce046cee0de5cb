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
        return sorted(
            {box.x for box in self._first_row()} | {box.right for box in self._first_row()}
        )

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
        raise LayoutError(
            None, None, f"a {counter_inches} in counter does not fit on {paper} paper"
        )
    left = (width - columns * pitch) / 2
    top = height - (height - rows * pitch) / 2
    return CounterSheet(width, height, counter, bleed, columns, rows, left, top)


@dataclass(frozen=True)
class MapTile:
    """One page of a map: the part of the map it shows and where that goes on its page.

    ``source`` is (left, top, right, bottom) in points of the printed map, measured from
    its top left; ``placed`` is the same box on the page, the same size.
    """

    row: int
    column: int
    source: tuple[float, float, float, float]
    placed: Rect

    @property
    def name(self) -> str:
        """The tile's name as printed on it and on the assembly index: row letter, column number."""
        return f"{chr(ord('A') + self.row)}{self.column + 1}"


@dataclass(frozen=True)
class TilePlan:
    """How a map is cut into pages: orientation, rows and columns of equal tiles."""

    page_width: float
    page_height: float
    rows: int
    columns: int
    overlap: float
    tiles: tuple[MapTile, ...]

    @property
    def landscape(self) -> bool:
        return self.page_width > self.page_height

    def tile(self, row: int, column: int) -> MapTile | None:
        """The tile at ``row``, ``column``, or None beyond the plan."""
        if 0 <= row < self.rows and 0 <= column < self.columns:
            return self.tiles[row * self.columns + column]
        return None

    def fill(self) -> float:
        """The share of a page's printable area that each tile covers."""
        margin = MARGIN_MM * POINTS_PER_MM
        tile = self.tiles[0].placed
        return (tile.width * tile.height) / (
            (self.page_width - 2 * margin) * (self.page_height - 2 * margin)
        )


def plan_map_tiles(
    map_width: float, map_height: float, paper: str, overlap_mm: float = 10.0
) -> TilePlan:
    """Cut a map of ``map_width`` x ``map_height`` points into equal tiles that overlap by
    ``overlap_mm``, in whichever orientation of ``paper`` needs fewer pages.

    Equal tiles instead of full pages and a sliver: each tile is as large as the page
    count allows, so no page carries a thin strip of map. Ties go to the orientation
    whose tiles fill more of the page. Tiles are centred on their pages; each tile's
    name goes in the margin above it.
    """
    portrait = paper_size(paper)
    overlap = overlap_mm * POINTS_PER_MM
    margin = MARGIN_MM * POINTS_PER_MM
    candidates = []
    for page_width, page_height in (portrait, (portrait[1], portrait[0])):
        usable_w = page_width - 2 * margin
        usable_h = page_height - 2 * margin
        if overlap >= min(usable_w, usable_h) / 2:
            raise LayoutError(
                None, None, f"an overlap of {overlap_mm} mm leaves too little of a {paper} page"
            )
        columns = _pieces(map_width, usable_w, overlap)
        rows = _pieces(map_height, usable_h, overlap)
        tile_w = (map_width + (columns - 1) * overlap) / columns
        tile_h = (map_height + (rows - 1) * overlap) / rows
        candidates.append(
            (
                rows * columns,
                -(tile_w * tile_h) / (usable_w * usable_h),
                page_width,
                page_height,
                rows,
                columns,
                tile_w,
                tile_h,
            )
        )
    _, _, page_width, page_height, rows, columns, tile_w, tile_h = min(candidates)
    left = (page_width - tile_w) / 2
    bottom = margin + (page_height - 2 * margin - tile_h) / 2
    tiles = []
    for row in range(rows):
        for column in range(columns):
            x, y = column * (tile_w - overlap), row * (tile_h - overlap)
            tiles.append(
                MapTile(
                    row, column, (x, y, x + tile_w, y + tile_h), Rect(left, bottom, tile_w, tile_h)
                )
            )
    return TilePlan(page_width, page_height, rows, columns, overlap, tuple(tiles))


def _pieces(length: float, usable: float, overlap: float) -> int:
    """How many tiles of at most ``usable`` overlapping by ``overlap`` cover ``length``."""
    if length <= usable:
        return 1
    return math.ceil((length - overlap) / (usable - overlap) - 1e-9)
