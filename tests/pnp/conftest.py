"""The shipped games' print-and-play PDFs (``shipped_pdfs``, made once per test run:
tests/conftest.py), and their pages rasterised once."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pnp.pdf_pages import render_pages
from tests.support.artefacts import PAPERS, PNP_GAMES
from tests.support.once import computed_once

__all__ = ["PAPERS", "PNP_GAMES"]

HEX_GAMES = ("tps", "dos")
AREA_GAMES = ("rks",)
BLANK_DPI = 50
"""The resolution pages are rasterised at to judge how blank they are."""


@pytest.fixture(scope="session")
def pdf_pages(
    shipped_pdfs: dict[tuple[str, str], Path], tmp_path_factory: pytest.TempPathFactory
) -> dict[tuple[str, str], list[Path]]:
    """``(game, paper)`` -> every page of its PDF as a PNG at :data:`BLANK_DPI`, in page
    order, rasterised by ``pdftoppm`` once per test run."""

    def render(folder: Path) -> list[list[object]]:
        return [
            [
                game,
                paper,
                [str(page) for page in render_pages(pdf, folder / f"{game}-{paper}", BLANK_DPI)],
            ]
            for (game, paper), pdf in shipped_pdfs.items()
        ]

    return {
        (game, paper): [Path(page) for page in pages]
        for game, paper, pages in computed_once(tmp_path_factory, "pdf-pages", render)
    }
