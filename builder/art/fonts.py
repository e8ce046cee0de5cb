"""The fonts every image is drawn with, shipped from ``art/fonts`` (DejaVu, open licence).

Text baked into images with the repository's own font files looks the same on every
machine; the machine's installed fonts are never used.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from PIL import ImageFont

from rules.resources import shipped

FONT_DIRECTORY = shipped("fonts")

Style = Literal["regular", "bold", "condensed", "condensed-bold", "serif-bold", "serif-italic"]

FONT_FILES: dict[str, str] = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
    "condensed-bold": "DejaVuSansCondensed-Bold.ttf",
    "serif-bold": "DejaVuSerif-Bold.ttf",
    "serif-italic": "DejaVuSerif-Italic.ttf",
}


@lru_cache(maxsize=256)
def font(size: int, style: Style = "regular") -> ImageFont.FreeTypeFont:
    """The shipped font of ``style`` at ``size`` pixels."""
    return ImageFont.truetype(str(FONT_DIRECTORY / FONT_FILES[style]), size)
