"""Blocks flowed down the columns of pages: set-up lists, schedules, tracks and charts.

A page kind says what it shows as a list of blocks that know their height at a given
width and how to draw themselves; :func:`flow` decides which block goes on which page
and column, so every page is filled before the next begins. A heading marked
``keep_with_next`` never ends a column alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Protocol

from reportlab.pdfgen.canvas import Canvas

from builder.pnp.layout import POINTS_PER_MM, Rect
from builder.pnp.pages import Page
from builder.pnp.pdf import BOLD, INK, margin

COLUMN_GAP = 14.0
"""Points between columns."""
HEADING_SIZE = 12.0
FOOTER_BAND_MM = 4.0
"""Room kept above the margin at the foot of the frame, so text never meets the footer."""


class Block(Protocol):
    """Something drawn in a column: a heading, a row, a track, a chart."""

    @property
    def keep_with_next(self) -> bool:
        """True for a heading that must share its column with the block after it."""

    def height(self, width: float) -> float:
        """The height the block takes in a column ``width`` points wide."""

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        """Draw the block with its top left at (``x``, ``top``)."""


@dataclass(frozen=True)
class Placed:
    """A block where :func:`flow` put it: the column's left and the block's top."""

    block: Block
    x: float
    top: float
    width: float


def column_width(frame: Rect, columns: int) -> float:
    """The width of each of ``columns`` columns in ``frame``."""
    return (frame.width - (columns - 1) * COLUMN_GAP) / columns


TAIL_FILL = 0.5
"""A last page used less than this much makes the flow spread its blocks evenly."""


def flow(
    blocks: Sequence[Block],
    frame: Rect,
    columns: int = 1,
    gap: float = 4.0,
    first_fit: bool = False,
) -> list[list[Placed]]:
    """The blocks laid into ``frame`` column by column, page by page, ``gap`` apart.

    In order by default; with ``first_fit`` each block goes into the first column with
    room for it, so a short chart fills the gap a long one left (the order of charts
    matters less than a page carrying one small table). A block taller than a whole
    column gets a column of its own (it runs off the frame: callers make blocks that fit).
    When the last page would be nearly empty, the same number of pages is filled evenly
    instead: pages a little short read better than one all but blank.
    """
    width = column_width(frame, columns)
    heights = {id(block): block.height(width) for block in blocks}
    pages = _flow(blocks, heights, frame, columns, gap, first_fit)
    if len(pages) < 2 or used_share(pages[-1], frame, columns, heights) >= TAIL_FILL:
        return pages
    limit = sum(height + gap for height in heights.values()) / (len(pages) * columns)
    while limit < frame.height:
        even = _flow(
            blocks,
            heights,
            Rect(frame.x, frame.top - limit, frame.width, limit),
            columns,
            gap,
            first_fit,
        )
        if len(even) <= len(pages):
            return even
        limit *= 1.02
    return pages


def used_share(
    page: Sequence[Placed], frame: Rect, columns: int, heights: dict[int, float]
) -> float:
    """How much of a page's columns its blocks fill, top to lowest bottom."""
    bottoms: dict[float, float] = {}
    for item in page:
        bottoms[item.x] = min(bottoms.get(item.x, frame.top), item.top - heights[id(item.block)])
    return sum(frame.top - bottom for bottom in bottoms.values()) / (columns * frame.height)


def _flow(
    blocks: Sequence[Block],
    heights: dict[int, float],
    frame: Rect,
    columns: int,
    gap: float,
    first_fit: bool,
) -> list[list[Placed]]:
    width = column_width(frame, columns)
    tops: list[float] = [frame.top]
    placed: list[list[Placed]] = [[]]

    def place(block: Block, slot: int) -> None:
        while slot >= len(tops):
            tops.append(frame.top)
            if len(tops) > columns * len(placed):
                placed.append([])
        page, column = divmod(slot, columns)
        placed[page].append(
            Placed(block, frame.x + column * (width + COLUMN_GAP), tops[slot], width)
        )
        tops[slot] -= heights[id(block)] + gap

    for index, block in enumerate(blocks):
        needed = heights[id(block)]
        if block.keep_with_next and index + 1 < len(blocks):
            if first_fit:
                raise ValueError("first-fit flow cannot keep a heading with the block after it")
            needed += gap + heights[id(blocks[index + 1])]
        candidates = range(len(tops)) if first_fit else range(len(tops) - 1, len(tops))
        slot = next(
            (
                slot
                for slot in candidates
                if tops[slot] == frame.top or tops[slot] - needed >= frame.y
            ),
            len(tops),
        )
        place(block, slot)
    return [page for page in placed if page]


def draw_placed(canvas: Canvas, placed: Sequence[Placed]) -> None:
    """Draw one page's blocks where :func:`flow` put them."""
    for item in placed:
        item.block.draw(canvas, item.x, item.top, item.width)


def page_frame(size: tuple[float, float], heading: bool = True) -> Rect:
    """The area blocks flow into on a page of ``size``: inside the margins, below the
    page heading when there is one."""
    width, height = size
    bottom = margin() + FOOTER_BAND_MM * POINTS_PER_MM
    top = height - margin() - (HEADING_SIZE * 2 if heading else 0)
    return Rect(margin(), bottom, width - 2 * margin(), top - bottom)


def draw_heading(canvas: Canvas, size: tuple[float, float], text: str) -> None:
    """The heading at the top of a page, with a rule under it."""
    width, height = size
    y = height - margin() - HEADING_SIZE
    canvas.setFillColorRGB(*INK)
    canvas.setFont(BOLD, HEADING_SIZE)
    canvas.drawString(margin(), y, text)
    canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(0.8)
    canvas.line(margin(), y - 5, width - margin(), y - 5)


def flowed_pages(
    label: str,
    heading: str,
    blocks: Sequence[Block],
    size: tuple[float, float],
    columns: int = 1,
    first_fit: bool = False,
) -> list[Page]:
    """``blocks`` flowed onto pages of ``size`` under ``heading`` ("(continued)" after
    the first), their footers saying ``label`` and "n of N" when there are several."""
    placed_pages = flow(blocks, page_frame(size), columns, first_fit=first_fit)
    pages = []
    for number, placed in enumerate(placed_pages, start=1):
        page_heading = heading if number == 1 else f"{heading} (continued)"
        page_label = (
            label if len(placed_pages) == 1 else f"{label}, {number} of {len(placed_pages)}"
        )
        pages.append(
            Page(
                page_label,
                size,
                partial(_draw_flowed, size=size, heading=page_heading, placed=placed),
            )
        )
    return pages


def _draw_flowed(
    canvas: Canvas, size: tuple[float, float], heading: str, placed: Sequence[Placed]
) -> None:
    draw_heading(canvas, size, heading)
    draw_placed(canvas, placed)
