"""The one path by which text gets into Stavka's images, and the fitting of labels.

Every board, counter, marker and chart draws its words through :func:`draw_text`, which
refuses a character the shipped font has no glyph for: Pillow would draw an empty box
("tofu") and a player would see nothing wrong until the module is open. The font's own
character map (read with fontTools) decides, not a guess about scripts.

Counter labels share a small face, so :func:`fit_row` places the labels of one row at
the largest common size at which none overflows its band or touches its neighbour, and
refuses to go below a legible minimum: data that cannot fit must say it shorter.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from fontTools.ttLib import TTFont
from PIL import ImageDraw, ImageFont

from builder.art.fonts import Style, font
from rules.errors import StavkaError

Align = Literal["left", "centre", "right"]
Box = tuple[float, float, float, float]


class UndrawableText(StavkaError):
    """Text with a character the shipped font cannot draw."""


class LabelOverflow(StavkaError):
    """Labels that do not fit their band even at the legible minimum size."""


@lru_cache(maxsize=16)
def _character_map(path: str) -> frozenset[int]:
    with TTFont(path, lazy=True) as typeface:
        return frozenset(typeface.getBestCmap())


def missing_characters(text: str, typeface: ImageFont.FreeTypeFont) -> str:
    """The characters of ``text`` (line breaks aside) that ``typeface`` has no glyph for."""
    path = typeface.path
    if not isinstance(path, (str, bytes, os.PathLike)):
        raise TypeError("a font opened from a file object has no character map to check")
    covered = _character_map(os.fsdecode(path))
    return "".join(
        dict.fromkeys(char for char in text if char != "\n" and ord(char) not in covered)
    )


def check_drawable(text: str, typeface: ImageFont.FreeTypeFont) -> None:
    """Raise :class:`UndrawableText` if the font cannot draw every character of ``text``."""
    missing = missing_characters(text, typeface)
    if missing:
        codes = ", ".join(f"{char!r} U+{ord(char):04X}" for char in missing)
        name = " ".join(part for part in typeface.getname() if part)
        raise UndrawableText(
            None, None, f"text {text!r} has characters {name} cannot draw: {codes}"
        )


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    typeface: ImageFont.FreeTypeFont,
    fill: tuple[int, ...],
    anchor: str = "la",
    stroke_width: int = 0,
    stroke_fill: tuple[int, int, int] | None = None,
) -> None:
    """Draw ``text`` after checking that every character has a glyph in ``typeface``."""
    check_drawable(text, typeface)
    draw.text(
        xy,
        text,
        font=typeface,
        fill=fill,
        anchor=anchor,
        stroke_width=stroke_width,
        stroke_fill=stroke_fill,
    )


@dataclass(frozen=True)
class Label:
    """A piece of text placed on an image: where its anchor is and the box its ink fills."""

    text: str
    style: Style
    size: int
    x: float
    y: float
    anchor: str
    box: Box

    @property
    def typeface(self) -> ImageFont.FreeTypeFont:
        return font(self.size, self.style)

    def draw(self, draw: ImageDraw.ImageDraw, fill: tuple[int, int, int]) -> None:
        draw_text(draw, (self.x, self.y), self.text, self.typeface, fill, anchor=self.anchor)


def place(text: str, style: Style, size: int, x: float, y: float, anchor: str) -> Label:
    """``text`` at ``size`` with its ``anchor`` at (x, y), and the box its ink covers."""
    left, top, right, bottom = font(size, style).getbbox(text, anchor=anchor)
    return Label(text, style, size, x, y, anchor, (left + x, top + y, right + x, bottom + y))


def fit_row(
    items: Sequence[tuple[str, Align]],
    left: float,
    right: float,
    baseline: float,
    max_size: float,
    min_size: float,
    style: Style,
    gap: float,
) -> list[Label]:
    """Labels for ``items`` on one baseline between ``left`` and ``right``, all at the
    largest size from ``max_size`` down to ``min_size`` at which each stays inside the
    band and ``gap`` clear of its neighbours (a centred item may slide aside to make
    room). Empty texts take no room. :class:`LabelOverflow` if even ``min_size`` fails.
    """
    present = [(text, align) for text, align in items if text]
    size = int(max_size)
    while size >= min_size:
        placed = _arrange(present, left, right, baseline, size, style, gap)
        if placed is not None:
            return placed
        size -= 1
    texts = " / ".join(repr(text) for text, _ in present)
    raise LabelOverflow(None, None, f"{texts} do not fit side by side at the legible minimum size")


def _arrange(
    items: Sequence[tuple[str, Align]],
    left: float,
    right: float,
    baseline: float,
    size: int,
    style: Style,
    gap: float,
) -> list[Label] | None:
    typeface = font(size, style)
    widths = [typeface.getlength(text) for text, _ in items]
    lefts: list[float] = []
    for (_, align), width in zip(items, widths, strict=True):
        if align == "left":
            lefts.append(left)
        elif align == "right":
            lefts.append(right - width)
        else:
            lefts.append((left + right - width) / 2)
    for index in range(1, len(items)):
        # A centred item may slide right to clear the one before it; others stay put.
        clear = lefts[index - 1] + widths[index - 1] + gap
        if lefts[index] < clear:
            if items[index][1] != "centre":
                return None
            lefts[index] = clear
    if any(
        start < left - 0.5 or start + width > right + 0.5
        for start, width in zip(lefts, widths, strict=True)
    ):
        return None
    return [
        place(text, style, size, start, baseline, "ls")
        for (text, _), start in zip(items, lefts, strict=True)
    ]


def overlapping(first: Box, second: Box) -> bool:
    """True when two boxes share area (touching edges do not count)."""
    return (
        first[0] < second[2]
        and second[0] < first[2]
        and first[1] < second[3]
        and second[1] < first[3]
    )
