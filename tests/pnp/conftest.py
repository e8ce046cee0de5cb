"""The shipped games' print-and-play PDFs, built once per test run on both papers."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.pnp.document import write_pnp
from builder.pnp.pages import PnpOptions
from tests.support.games import shipped_game

HEX_GAMES = ("tps", "dos")
AREA_GAMES = ("rks",)
PNP_GAMES = HEX_GAMES + AREA_GAMES
PAPERS = ("a4", "letter")


@pytest.fixture(scope="session")
def shipped_pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """``(game, paper)`` -> the PDF ``stavka pnp`` writes with default options."""
    folder = tmp_path_factory.mktemp("pnp")
    return {
        (game, paper): write_pnp(shipped_game(game), PnpOptions(paper=paper), folder)
        for game in PNP_GAMES
        for paper in PAPERS
    }
