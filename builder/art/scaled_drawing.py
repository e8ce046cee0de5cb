"""Drawing a picture laid out at one size onto a larger canvas, or onto one window of it.

Boards are laid out in the module's pixels (a hex is the VASSAL grid's size), which
print at about 106 ppi; paper needs 300. :class:`ScaledDraw` is a Pillow ``ImageDraw``
that takes the same coordinates, widths and fonts as the module's drawing and draws
them ``scale`` times larger, with the window's top left at the image's origin. The
drawing code stays one piece of code for screen and print, so the printed map shows
exactly what the module's board shows, only sharper; and a print tile is drawn on its
own, so a 300 ppi map never has to sit in memory whole.

Calls whose shapes fall wholly outside the window are skipped: a tile then costs the
Python work of walking the board, not the rasterising of all of it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, AnyStr

from PIL import Image, ImageDraw, ImageFont, ImageText

Window = tuple[int, int, int, int]
Point = tuple[float, float]

_TEXT_HEIGHT_IN_SIZES = 2.0
"""How far, in font sizes, text may reach above or below its anchor (for skipping)."""


def board_canvas(
    size: tuple[int, int],
    background: tuple[int, int, int],
    scale: float = 1.0,
    window: Window | None = None,
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """An image and a drawing context for a picture laid out at ``size``.

    At scale 1 with no window this is a plain ``ImageDraw`` on an image of ``size``, so
    the module's images do not change by a byte. Otherwise the image is ``window``
    (left, top, right, bottom in pixels of the picture drawn at ``scale``; the whole
    picture when None) and the context scales and shifts every call into it.
    """
    if scale == 1.0 and window is None:
        image = Image.new("RGB", size, background)
        return image, ImageDraw.Draw(image)
    if window is None:
        window = (0, 0, round(size[0] * scale), round(size[1] * scale))
    left, top, right, bottom = window
    if right <= left or bottom <= top:
        raise ValueError(f"empty window {window}")
    image = Image.new("RGB", (right - left, bottom - top), background)
    return image, ScaledDraw(image, scale, (left, top))


class ScaledDraw(ImageDraw.ImageDraw):
    """An ``ImageDraw`` whose coordinates, line widths, radii and fonts are multiplied
    by ``scale`` and then shifted by ``-offset`` (the window's top left, in scaled pixels).

    Pillow's circles, regular polygons and multiline text call the simple shapes on
    ``self`` with the caller's coordinates, so they are scaled there; rounded rectangles
    and curved joints draw some parts directly and some through ``self``, so they are
    scaled on the way in and their inner calls pass straight through. Text is measured
    (``textbbox``, ``textlength``) in the caller's coordinates, so layout decisions come
    out the same at every scale. A drawing call this class does not know how to scale
    (bitmaps, shapes, pre-built text objects) raises rather than drawing at the wrong size.
    """

    def __init__(self, image: Image.Image, scale: float, offset: tuple[int, int] = (0, 0)) -> None:
        super().__init__(image)
        self.scale = scale
        self.offset = offset
        self._inner_call = False
        self._fonts: dict[tuple[str, float, int], ImageFont.FreeTypeFont] = {}

    @contextmanager
    def _scaled_call(self) -> Iterator[None]:
        self._inner_call = True
        try:
            yield
        finally:
            self._inner_call = False

    def _point(self, x: float, y: float) -> Point:
        return x * self.scale - self.offset[0], y * self.scale - self.offset[1]

    def _points(self, xy: Any) -> list[Point]:
        """Pillow's coordinate forms (pairs, or a flat list of numbers) as scaled pairs."""
        values = list(xy)
        if values and isinstance(values[0], (int, float)):
            values = [(values[index], values[index + 1]) for index in range(0, len(values), 2)]
        return [self._point(float(x), float(y)) for x, y in values]

    def _width(self, width: float) -> int:
        return 0 if width == 0 else max(1, round(width * self.scale))

    def _outside(self, points: Sequence[Point], reach: float) -> bool:
        """True when every point lies more than ``reach`` pixels beyond the image."""
        xs = [x for x, _ in points]
        ys = [y for _, y in points]
        width, height = self._image.size
        return (
            max(xs) < -reach
            or min(xs) > width + reach
            or max(ys) < -reach
            or min(ys) > height + reach
        )

    def _font(
        self, font: ImageFont.BaseImageFont | ImageFont.TransposedFont | None
    ) -> ImageFont.FreeTypeFont:
        if not isinstance(font, ImageFont.FreeTypeFont):
            raise TypeError("ScaledDraw draws text only in a TrueType font it can scale")
        key = (str(font.path), font.size, font.index)
        if key not in self._fonts:
            self._fonts[key] = font.font_variant(size=font.size * self.scale)
        return self._fonts[key]

    def arc(self, xy: Any, start: float, end: float, fill: Any = None, width: int = 1) -> None:
        if self._inner_call:
            return super().arc(xy, start, end, fill, width)
        points = self._points(xy)
        if not self._outside(points, self._width(width)):
            with self._scaled_call():
                super().arc(points, start, end, fill, self._width(width))

    def chord(
        self,
        xy: Any,
        start: float,
        end: float,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
    ) -> None:
        if self._inner_call:
            return super().chord(xy, start, end, fill, outline, width)
        points = self._points(xy)
        if not self._outside(points, self._width(width)):
            with self._scaled_call():
                super().chord(points, start, end, fill, outline, self._width(width))

    def pieslice(
        self,
        xy: Any,
        start: float,
        end: float,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
    ) -> None:
        if self._inner_call:
            return super().pieslice(xy, start, end, fill, outline, width)
        points = self._points(xy)
        if not self._outside(points, self._width(width)):
            with self._scaled_call():
                super().pieslice(points, start, end, fill, outline, self._width(width))

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        if self._inner_call:
            return super().ellipse(xy, fill, outline, width)
        points = self._points(xy)
        if not self._outside(points, self._width(width)):
            with self._scaled_call():
                super().ellipse(points, fill, outline, self._width(width))

    def line(self, xy: Any, fill: Any = None, width: int = 1, joint: str | None = None) -> None:
        if self._inner_call:
            return super().line(xy, fill, width, joint)
        points = self._points(xy)
        if not self._outside(points, self._width(width)):
            with self._scaled_call():
                super().line(points, fill, self._width(width), joint)

    def point(self, xy: Any, fill: Any = None) -> None:
        if self._inner_call:
            return super().point(xy, fill)
        points = self._points(xy)
        if not self._outside(points, 1):
            with self._scaled_call():
                super().point(points, fill)

    def polygon(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        if self._inner_call:
            return super().polygon(xy, fill, outline, width)
        points = self._points(xy)
        if not self._outside(points, self._width(width)):
            with self._scaled_call():
                super().polygon(points, fill, outline, self._width(width))

    def rectangle(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        if self._inner_call:
            return super().rectangle(xy, fill, outline, width)
        points = self._points(xy)
        if not self._outside(points, self._width(width)):
            with self._scaled_call():
                super().rectangle(points, fill, outline, self._width(width))

    def rounded_rectangle(
        self,
        xy: Any,
        radius: float = 0,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
        *,
        corners: tuple[bool, bool, bool, bool] | None = None,
    ) -> None:
        if self._inner_call:
            return super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
        points = self._points(xy)
        if not self._outside(points, self._width(width)):
            with self._scaled_call():
                super().rounded_rectangle(
                    points, radius * self.scale, fill, outline, self._width(width), corners=corners
                )

    def text(
        self,
        xy: tuple[float, float],
        text: AnyStr | ImageText.Text[AnyStr],
        fill: Any = None,
        font: ImageFont.BaseImageFont | None = None,
        anchor: str | None = None,
        spacing: float = 4,
        align: str = "left",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        stroke_fill: Any = None,
        embedded_color: bool = False,
        *args: Any,
        **kwargs: Any,
    ) -> None:
        if self._inner_call:
            return super().text(
                xy,
                text,
                fill,
                font,
                anchor,
                spacing,
                align,
                direction,
                features,
                language,
                stroke_width,
                stroke_fill,
                embedded_color,
                *args,
                **kwargs,
            )
        if isinstance(text, ImageText.Text):
            raise TypeError("ScaledDraw cannot scale a pre-built ImageText.Text")
        scaled_font = self._font(font)
        (anchor_point,) = self._points([xy])
        lines = len(text.splitlines()) or 1
        reach = scaled_font.size * (len(text) + _TEXT_HEIGHT_IN_SIZES * lines)
        if self._outside([anchor_point], reach):
            return
        with self._scaled_call():
            super().text(
                anchor_point,
                text,
                fill,
                scaled_font,
                anchor,
                spacing * self.scale,
                align,
                direction,
                features,
                language,
                stroke_width * self.scale,
                stroke_fill,
                embedded_color,
            )

    def bitmap(self, xy: Sequence[int], bitmap: Image.Image, fill: Any = None) -> None:
        raise NotImplementedError("ScaledDraw cannot scale a bitmap; paste a scaled image instead")

    def shape(self, shape: Any, fill: Any = None, outline: Any = None) -> None:
        raise NotImplementedError("ScaledDraw cannot scale a Path shape")
