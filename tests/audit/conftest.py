"""The hex games' modules, built once per test run, whose set-up saves start every log."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.build import build_game
from tests.support.games import shipped_game
from tests.support.once import computed_once


@pytest.fixture(scope="session")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A dist folder as ``stavka build`` writes it: dos.vmod, tps.vmod and ford.vmod (The
    Ford, refereed from its data alone), and their set-ups in ``setups/``."""

    def build(folder: Path) -> str:
        for game in ("dos", "tps", "ford"):
            build_game(shipped_game(game), folder, lambda _step: None)
        return str(folder)

    return Path(computed_once(tmp_path_factory, "audit-dist", build))


@pytest.fixture(scope="session")
def rks_dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A dist folder with rks.vmod and, as ``setups/rks-dealt.vsav``, a game just dealt
    (seed 7), which every Rattenkrieg log starts from."""
    from rules.data.loader import load_game
    from tests.support.rks_saves import dealt_save

    def build(folder: Path) -> str:
        build_game(shipped_game("rks"), folder, lambda _step: None)
        (folder / "setups").mkdir(exist_ok=True)
        dealt = dealt_save(load_game("rks"), folder / "rks.vmod", 7)
        (folder / "setups" / "rks-dealt.vsav").write_bytes(dealt)
        return str(folder)

    return Path(computed_once(tmp_path_factory, "audit-rks-dist", build))
