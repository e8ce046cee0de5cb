"""The PDF canvas and the small drawing tools every print-and-play page uses.

reportlab places images and lines at exact point positions, which a duplex sheet needs
(a back 1 mm off is a ruined counter). All text in the PDF uses the shipped DejaVu files,
embedded, so no page depends on the fonts of the machine that prints it, and the
document is written in reportlab's invariant mode, so the same input gives the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PIL import Image
from reportlab import rl_config
from reportlab.lib.utils import ImageReader, simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from builder.art.fonts import FONT_DIRECTORY, FONT_FILES, Style, font
from builder.art.text import check_drawable
from builder.pnp.layout import MARGIN_MM, POINTS_PER_MM, Rect, paper_size
from builder.release import stavka_version

PDF_FONTS: dict[Style, tuple[str, Style]] = {
    "regular": ("StavkaSans", "regular"),
    "bold": ("StavkaSans-Bold", "bold"),
    "condensed": ("StavkaSansCondensed", "condensed"),
    "condensed-bold": ("StavkaSansCondensed-Bold", "condensed-bold"),
}
"""reportlab's names for the shipped faces the pages use, by style."""
REGULAR, BOLD, CONDENSED, CONDENSED_BOLD = (PDF_FONTS[style][0] for style in PDF_FONTS)
_STYLES: dict[str, Style] = {name: style for name, style in PDF_FONTS.values()}
PDF_FONT = REGULAR

INK = (0.1, 0.1, 0.1)
GREY = (0.45, 0.45, 0.45)
RULE = (0.7, 0.7, 0.7)
SHADE = (0.93, 0.91, 0.86)
RECONSTRUCTED_MARK = "\u2020"

FOOTER_MM = 5.0
"""Height of the footer's baseline above the bottom edge (inside the margin)."""


def register_pdf_fonts() -> str:
    """Register the shipped DejaVu faces with reportlab (once) and return the regular face's name."""
    registered = pdfmetrics.getRegisteredFontNames()
    for name, style in PDF_FONTS.values():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIRECTORY / FONT_FILES[style])))
    return REGULAR


class CheckedCanvas(Canvas):
    """A canvas that refuses text its font has no glyph for.

    reportlab writes a character missing from the embedded font as an empty box in
    print (and a NUL in the text layer), so every string is checked against the shipped
    face's character map first, as :func:`builder.art.text.check_drawable` checks text
    drawn into images: a Japanese word leaking from the data stops ``stavka pnp`` with
    the text it was in, rather than printing boxes.
    """

    style: Style = "regular"
    """The shipped face of the current font (the canvas starts in the regular one)."""

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:
        self.style = _STYLES[psfontname]
        super().setFont(psfontname, size, leading)

    def _check(self, text: str) -> None:
        check_drawable(text, font(10, self.style))

    def drawString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        self._check(text)
        super().drawString(x, y, text, *args, **kwargs)

    def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        self._check(text)
        super().drawCentredString(x, y, text, *args, **kwargs)

    def drawRightString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        self._check(text)
        super().drawRightString(x, y, text, *args, **kwargs)


def new_canvas(buffer: io.BytesIO, paper: str, title: str) -> Canvas:
    """A checked reportlab canvas in invariant mode (no dates or random ids in the file)
    whose default font is the shipped one, so not even an empty page names Helvetica."""
    font_name = register_pdf_fonts()
    # types-reportlab declares initialFontName as a float; reportlab takes the font's name.
    canvas = CheckedCanvas(
        buffer,
        pagesize=paper_size(paper),
        invariant=True,
        pageCompression=1,
        initialFontName=font_name,  # type: ignore[arg-type]
    )
    canvas.setTitle(title)
    canvas.setCreator(f"Stavka {stavka_version()}")
    return canvas


def margin() -> float:
    """The page margin in points."""
    return MARGIN_MM * POINTS_PER_MM


def place_image(canvas: Canvas, image: Image.Image, box: Rect) -> None:
    """``image`` stretched to ``box`` (callers keep the aspect ratio)."""
    canvas.drawImage(ImageReader(image), box.x, box.y, box.width, box.height)


def footer(canvas: Canvas, page_width: float, left: str, middle: str, right: str) -> None:
    """The line at the foot of every page: game, what the page is, page n of N."""
    canvas.setFont(REGULAR, 7)
    canvas.setFillColorRGB(*GREY)
    y = FOOTER_MM * POINTS_PER_MM
    canvas.drawString(margin(), y, left)
    canvas.drawCentredString(page_width / 2, y, middle)
    canvas.drawRightString(page_width - margin(), y, right)


def fitted_size(
    text: str, font_name: str, max_width: float, max_size: float, min_size: float = 4.0
) -> float:
    """The largest size up to ``max_size`` at which ``text`` fits ``max_width`` (not below ``min_size``)."""
    width = pdfmetrics.stringWidth(text, font_name, max_size)
    if width <= max_width:
        return max_size
    return max(min_size, max_size * max_width / width)


def draw_fitted(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    font_name: str,
    max_width: float,
    size: float,
    centred: bool = False,
) -> None:
    """``text`` at its largest size up to ``size`` that fits ``max_width``."""
    canvas.setFont(font_name, fitted_size(text, font_name, max_width, size))
    if centred:
        canvas.drawCentredString(x, y, text)
    else:
        canvas.drawString(x, y, text)


def wrapped(text: str, font_name: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (paragraphs kept apart)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(simpleSplit(paragraph, font_name, size, width) or [""])
    return lines


def text_block(
    canvas: Canvas,
    x: float,
    top: float,
    width: float,
    text: str,
    size: float = 9.0,
    font_name: str = REGULAR,
    leading: float | None = None,
) -> float:
    """Draw ``text`` wrapped to ``width`` with its first line's top at ``top``; return the
    y below the last line."""
    leading = leading or size * 1.3
    canvas.setFont(font_name, size)
    y = top - size
    for line in wrapped(text, font_name, size, width):
        canvas.drawString(x, y, line)
        y -= leading
    return y + leading - size * 0.3


def text_height(
    text: str,
    width: float,
    size: float = 9.0,
    font_name: str = REGULAR,
    leading: float | None = None,
) -> float:
    """The height :func:`text_block` takes for ``text``."""
    leading = leading or size * 1.3
    lines = len(wrapped(text, font_name, size, width))
    return size + (lines - 1) * leading + size * 0.3


def bullet_list(
    canvas: Canvas, x: float, top: float, width: float, items: Sequence[str], size: float = 9.0
) -> float:
    """Numbered steps, each wrapped under its number; returns the y below the last."""
    y = top
    indent = size * 1.6
    for number, item in enumerate(items, start=1):
        canvas.setFont(BOLD, size)
        canvas.drawString(x, y - size, f"{number}.")
        y = text_block(canvas, x + indent, y, width - indent, item, size) - size * 0.5
    return y


def registration_mark(canvas: Canvas, x: float, y: float, radius_mm: float = 1.6) -> None:
    """A circle with a cross through it, centred on ``x``, ``y``."""
    radius = radius_mm * POINTS_PER_MM
    canvas.circle(x, y, radius, stroke=1, fill=0)
    canvas.line(x - 1.6 * radius, y, x + 1.6 * radius, y)
    canvas.line(x, y - 1.6 * radius, x, y + 1.6 * radius)


register_pdf_fonts()
"""Registered on import: pages measure text while they are planned, before any canvas exists."""

rl_config.useA85 = 0
"""Binary streams, not ASCII85 text: a quarter smaller, and reportlab's pure-Python
ASCII85 encoder took most of the time of a PDF with 300 ppi map tiles."""
