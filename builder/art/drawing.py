"""Small drawing helpers shared by counters, markers and charts.

Pillow draws lines without anti-aliasing, so counters are painted on a canvas several
times larger and shrunk once at the end (:func:`supersampled`); text is fitted with the
shipped fonts' own metrics (:func:`fitted_font`, :func:`wrap`), never measured by eye.
Everything here is a pure function of its arguments, so the same input gives the same
pixels and, through :func:`png_bytes`, the same file bytes.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from PIL import Image, ImageColor, ImageDraw, ImageFont

from builder.art.fonts import Style, font

RGB = tuple[int, int, int]

PNG_COMPRESS_LEVEL = 6
"""The zlib level of every PNG, chosen by measurement (``bench/bench_png.py``, its figures
in docs/developers/benchmarks.md): on the palette images the modules hold, Pillow's
``optimize`` gives the same bytes as level 9 and level 9 costs four times the processor
time of level 6 for 6 % fewer bytes once packed into a module."""


def rgb(colour: str) -> RGB:
    """A ``#rrggbb`` (or any CSS) colour as an RGB triple."""
    red, green, blue, *_ = ImageColor.getrgb(colour)
    return red, green, blue


def mix(first: RGB, second: RGB, share_of_second: float) -> RGB:
    """``first`` blended toward ``second`` by ``share_of_second`` (0 to 1)."""
    r1, g1, b1 = first
    r2, g2, b2 = second
    t = share_of_second
    return round(r1 + (r2 - r1) * t), round(g1 + (g2 - g1) * t), round(b1 + (b2 - b1) * t)


def supersampling(size_px: int) -> int:
    """How many times larger to paint an image whose short side is ``size_px``.

    Four times gives smooth strokes on a 60 px counter; large print images need less.
    """
    return 4 if size_px < 160 else 2


def supersampled(
    width: int,
    height: int,
    background: RGB,
    paint: Callable[[ImageDraw.ImageDraw, int], None],
    factor: int | None = None,
) -> Image.Image:
    """An RGB image of ``width`` x ``height`` painted by ``paint(draw, factor)`` at
    ``factor`` times the size (by default :func:`supersampling`'s) and shrunk with a
    Lanczos filter."""
    factor = factor or supersampling(min(width, height))
    canvas = Image.new("RGB", (width * factor, height * factor), background)
    paint(ImageDraw.Draw(canvas), factor)
    return canvas.resize((width, height), Image.Resampling.LANCZOS)


def fitted_font(
    text: str, style: Style, max_width: float, max_size: float
) -> ImageFont.FreeTypeFont:
    """The largest shipped font of ``style``, at most ``max_size`` px, in which ``text``
    is no wider than ``max_width``."""
    size = max(1, int(max_size))
    while size > 1 and font(size, style).getlength(text) > max_width:
        size -= max(1, size // 12)
    return font(size, style)


def wrap(text: str, typeface: ImageFont.FreeTypeFont, max_width: float) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``max_width`` (a single word
    longer than that keeps a line of its own)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and typeface.getlength(candidate) > max_width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def quantized(
    image: Image.Image, colours: int = 64, method: Image.Quantize = Image.Quantize.MEDIANCUT
) -> Image.Image:
    """``image`` as a palette image of at most ``colours`` shades, without dithering.

    Counters and charts are a few flat colours plus anti-aliased edges, so a 64-colour
    palette keeps them sharp at a fraction of the RGB file size; median-cut (or the
    faster octree) without dithering is deterministic, so the same image always gives the
    same palette.
    """
    return image.convert("RGB").quantize(colors=colours, method=method, dither=Image.Dither.NONE)


def png_bytes(
    image: Image.Image, colours: int = 64, method: Image.Quantize = Image.Quantize.MEDIANCUT
) -> bytes:
    """``image`` as palette PNG bytes of at most ``colours`` shades (:func:`quantized` by
    ``method``), encoded at :data:`PNG_COMPRESS_LEVEL`."""
    buffer = io.BytesIO()
    quantized(image, colours, method).save(buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


def rgba_png_bytes(image: Image.Image) -> bytes:
    """``image`` as an RGBA PNG, for pictures drawn over others (transparency kept);
    Pillow's encoder is deterministic, so the same image gives the same bytes."""
    buffer = io.BytesIO()
    image.convert("RGBA").save(buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()
