"""Render the print-and-play sample pages under docs/images at 100 dpi, as a printed page
looks: the cover, a set-up sheet, a reinforcement schedule, the turn and VP tracks, a
map's assembly index and one of its tiles; and Rattenkrieg's set-up sheet, a player aid
and a tile of its area map.

Run by hand after changing the print-and-play pages
(``.venv/bin/python scripts/render_pnp_samples.py``); it needs poppler's ``pdftoppm``.
The images document the look; the build never reads them.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from PIL import Image

from builder.art.drawing import png_bytes
from builder.output import write_output
from builder.pnp.document import write_pnp
from builder.pnp.pages import PnpOptions
from rules.data.loader import load_game

OUTPUT = Path(__file__).resolve().parents[1] / "docs" / "images"
DPI = 100
COLOURS = 128

SAMPLES = (
    # file name, game, paper, the words in the footer of the page
    ("pnp-tps-cover.png", "tps", "a4", "page 1 of"),
    ("pnp-dos-setup.png", "dos", "a4", "set-up sheets, 1 of"),
    ("pnp-tps-reinforcements.png", "tps", "a4", "reinforcement schedules, 1 of"),
    ("pnp-tps-tracks.png", "tps", "a4", "tracks and charts, 1 of"),
    ("pnp-dos-index.png", "dos", "letter", "North map, assembly index"),
    ("pnp-dos-tile.png", "dos", "letter", "North map, tile B2"),
    ("pnp-rks-setup.png", "rks", "a4", "Set-up: The battle for the city"),
    ("pnp-rks-aid.png", "rks", "a4", "Soviet player aid, 1 of"),
    ("pnp-rks-tile.png", "rks", "a4", "Stalingrad map, tile A2"),
)


def page_number(pdf: Path, label: str) -> int:
    """The number of the first page whose text (its footer) says ``label``."""
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    for number, page in enumerate(text.split("\f"), start=1):
        if label in page:
            return number
    raise ValueError(f"{pdf}: no page {label!r}")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        pdfs: dict[tuple[str, str], Path] = {}
        for name, game, paper, label in SAMPLES:
            if (game, paper) not in pdfs:
                pdfs[(game, paper)] = write_pnp(
                    load_game(game), PnpOptions(paper=paper), Path(folder)
                )
            number = page_number(pdfs[(game, paper)], label)
            stem = Path(folder) / name.removesuffix(".png")
            subprocess.run(
                [
                    "pdftoppm",
                    "-r",
                    str(DPI),
                    "-png",
                    "-singlefile",
                    "-f",
                    str(number),
                    "-l",
                    str(number),
                    str(pdfs[(game, paper)]),
                    str(stem),
                ],
                check=True,
            )
            with Image.open(stem.with_suffix(".png")) as page:
                write_output(OUTPUT / name, png_bytes(page, COLOURS))
            print(OUTPUT / name)


if __name__ == "__main__":
    main()
