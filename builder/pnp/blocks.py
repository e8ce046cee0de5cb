"""Blocks shared by the flowed pages: wrapped text, shaded headings, images.

Each is a small frozen value that measures itself at a column width and draws itself;
see :mod:`builder.pnp.flow` for how they are laid out.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from builder.pnp.layout import POINTS_PER_INCH, Rect
from builder.pnp.pdf import BOLD, INK, REGULAR, SHADE, place_image, text_block, text_height

PARAGRAPH_PAD = 2.0


@dataclass(frozen=True)
class TextBlock:
    """A paragraph of wrapped text, optionally a shaded heading kept with what follows."""

    text: str
    size: float = 8.5
    font_name: str = REGULAR
    shaded: bool = False
    keep_with_next: bool = False

    def height(self, width: float) -> float:
        pad = PARAGRAPH_PAD * 2 if self.shaded else 0
        return text_height(self.text, width - pad * 2, self.size, self.font_name) + pad * 2

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        pad = PARAGRAPH_PAD * 2 if self.shaded else 0
        if self.shaded:
            canvas.setFillColorRGB(*SHADE)
            canvas.rect(x, top - self.height(width), width, self.height(width), stroke=0, fill=1)
        canvas.setFillColorRGB(*INK)
        text_block(
            canvas, x + pad, top - pad, width - 2 * pad, self.text, self.size, self.font_name
        )


def heading(text: str, size: float = 9.5) -> TextBlock:
    """A shaded heading that never ends a column alone."""
    return TextBlock(text, size, BOLD, shaded=True, keep_with_next=True)


@dataclass(frozen=True)
class TitledBlock:
    """A shaded heading and the block under it, as one block (for first-fit flows)."""

    title: str
    body: TextBlock
    keep_with_next: bool = False

    def height(self, width: float) -> float:
        return heading(self.title).height(width) + PARAGRAPH_PAD + self.body.height(width)

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        title = heading(self.title)
        title.draw(canvas, x, top, width)
        self.body.draw(canvas, x, top - title.height(width) - PARAGRAPH_PAD, width)


def title_block(text: str) -> TextBlock:
    """The title of a sheet within a section (a set-up, a schedule), kept with what follows."""
    return TextBlock(text, 11.5, BOLD, keep_with_next=True)


@dataclass(frozen=True)
class ImageBlock:
    """An image at ``pixels_per_inch`` (shrunk to the column if wider), centred."""

    image: Image.Image
    pixels_per_inch: float
    keep_with_next: bool = False

    def _size(self, width: float) -> tuple[float, float]:
        natural_w = self.image.width / self.pixels_per_inch * POINTS_PER_INCH
        natural_h = self.image.height / self.pixels_per_inch * POINTS_PER_INCH
        scale = min(1.0, width / natural_w)
        return natural_w * scale, natural_h * scale

    def height(self, width: float) -> float:
        return self._size(width)[1]

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        image_w, image_h = self._size(width)
        place_image(
            canvas, self.image, Rect(x + (width - image_w) / 2, top - image_h, image_w, image_h)
        )
