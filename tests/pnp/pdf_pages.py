"""Reading a print-and-play PDF as a printer and a player would: with poppler's tools.

``pdftoppm`` renders pages to pictures, ``pdftotext`` gives the text layer page by page,
``pdfimages -list`` the resolution each image is placed at and ``pdffonts`` the fonts.
These are independent of reportlab, which wrote the PDF. (For glyphs the tests read the
text with pypdf, which keeps the NUL reportlab writes for a character its font lacks;
``pdftotext`` turns it into a space.)
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from builder.art.fonts import font
from builder.art.text import missing_characters
from builder.pnp.pdf import PDF_FONTS

CELL_MM = 10.0
"""Blankness is judged on a grid of 1 cm squares: a square with any ink is used."""
INK_LEVEL = 240
"""A pixel darker than this (of 255) is ink."""


def poppler_available() -> bool:
    return all(shutil.which(tool) for tool in ("pdftoppm", "pdftotext", "pdfimages", "pdffonts"))


def _run(*arguments: str) -> str:
    return subprocess.run(arguments, check=True, capture_output=True, text=True).stdout


def page_texts(pdf: Path) -> list[str]:
    """The text layer of each page."""
    return _run("pdftotext", "-layout", str(pdf), "-").split("\f")[:-1]


def render_pages(pdf: Path, folder: Path, dpi: int) -> list[Path]:
    """Every page as a PNG at ``dpi``, in page order."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(pdf), str(folder / "page")], check=True)
    return sorted(folder.glob("page-*.png"))


def blank_share(png: Path, dpi: int) -> float:
    """The share of the page's 1 cm squares with no ink at all."""
    image = Image.open(png).convert("L")
    cell = max(1, round(CELL_MM / 25.4 * dpi))
    columns, rows = image.width // cell, image.height // cell
    inked = image.point(lambda value: 255 if value < INK_LEVEL else 0).resize(
        (columns, rows), Image.Resampling.BOX
    )
    used = sum(1 for value in inked.tobytes() if value > 0)
    return 1 - used / (columns * rows)


@dataclass(frozen=True)
class PlacedImage:
    """One image as ``pdfimages -list`` reports it."""

    page: int
    width: int
    height: int
    x_ppi: int
    y_ppi: int


def placed_images(pdf: Path) -> list[PlacedImage]:
    """Every image drawn on every page, with the resolution it is placed at."""
    images = []
    for line in _run("pdfimages", "-list", str(pdf)).splitlines()[2:]:
        fields = line.split()
        if fields[2] == "image":
            images.append(
                PlacedImage(
                    int(fields[0]), int(fields[3]), int(fields[4]), int(fields[12]), int(fields[13])
                )
            )
    return images


def embedded_fonts(pdf: Path) -> list[tuple[str, bool]]:
    """Each font's name and whether it is embedded."""
    fonts = []
    for line in _run("pdffonts", str(pdf)).splitlines()[2:]:
        fields = line.split()
        embedded = fields[-5] == "yes"
        fonts.append((fields[0], embedded))
    return fonts


def undrawable_characters(text: str) -> str:
    """Characters of ``text`` some shipped face the PDF uses has no glyph for (the
    embedded fonts are subsets of these files), by the module's own character-map check."""
    missing = (
        character
        for _, style in PDF_FONTS.values()
        for character in missing_characters(text, font(10, style))
    )
    return "".join(dict.fromkeys(missing))
