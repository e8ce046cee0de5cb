"""The shipped games' print-and-play PDFs, built once per test run on both papers."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.pnp.document import write_pnp
from builder.pnp.pages import PnpOptions
from tests.support.games import shipped_game
from tests.support.once import computed_once

HEX_GAMES = ("tps", "dos")
AREA_GAMES = ("rks",)
PNP_GAMES = HEX_GAMES + AREA_GAMES
PAPERS = ("a4", "letter")


@pytest.fixture(scope="session")
def shipped_pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """``(game, paper)`` -> the PDF ``stavka pnp`` writes with default options."""

    def write(folder: Path) -> list[tuple[str, str, str]]:
        return [
            (game, paper, str(write_pnp(shipped_game(game), PnpOptions(paper=paper), folder)))
            for game in PNP_GAMES
            for paper in PAPERS
        ]

    return {
        (game, paper): Path(path)
        for game, paper, path in computed_once(tmp_path_factory, "pnp", write)
    }
