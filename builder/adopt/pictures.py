"""Pictures taken from a module someone else made: checked before they are decoded.

A board scan or a counter is kept byte for byte as the module has it (a board is never
redrawn); only its format and size are read first, from its header, so a picture that
claims a billion pixels is refused before any memory is spent on it.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from rules.errors import StavkaError

FORMATS = {"PNG": ".png", "JPEG": ".jpg", "GIF": ".gif"}
"""The formats VASSAL shows, and the file suffix each is kept under."""


@dataclass(frozen=True)
class Picture:
    """A picture's bytes as they were, its format's suffix and its size in pixels."""

    data: bytes
    suffix: str
    size: tuple[int, int]

    def rgb(self) -> Image.Image:
        """The picture decoded, as RGB on white (transparent parts read as paper)."""
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(self.data)) as opened:
                image = opened.convert("RGBA")
        paper = Image.new("RGBA", image.size, (255, 255, 255, 255))
        paper.alpha_composite(image)
        return paper.convert("RGB")


def _too_large(what: str, max_side: int, max_pixels: int) -> str:
    return f"{what}; at most {max_side:,} a side and {max_pixels:,} in all"


def read_picture(
    data: bytes,
    path: Path | str,
    place: str | None,
    max_side: int,
    max_pixels: int,
    error: type[StavkaError],
) -> Picture:
    """``data`` as a :class:`Picture`; anything else, or a picture over ``max_side``
    pixels a side or ``max_pixels`` in all, raises ``error`` naming ``path`` and ``place``."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=list(FORMATS)) as opened:
                size = opened.size
                kind = opened.format or ""
    except (Image.DecompressionBombWarning, Image.DecompressionBombError) as failure:
        raise error(
            path,
            place,
            _too_large("a picture of hundreds of millions of pixels", max_side, max_pixels),
        ) from failure
    except (OSError, ValueError, SyntaxError) as failure:
        raise error(
            path, place, f"not a picture VASSAL shows (PNG, JPEG or GIF): {failure}"
        ) from failure
    width, height = size
    if width < 1 or height < 1 or max(size) > max_side or width * height > max_pixels:
        raise error(
            path,
            place,
            _too_large(f"a picture of {width:,} × {height:,} pixels", max_side, max_pixels),
        )
    return Picture(data=data, suffix=FORMATS[kind], size=size)
