"""The Rattenkrieg module with a game just dealt, which every Rattenkrieg log starts
from. The hex games' logs start from the set-ups of the run's shared ``dist``
(tests/conftest.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support.once import computed_once


@pytest.fixture(scope="session")
def rks_dist(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A dist folder with the run's rks.vmod and, as ``setups/rks-dealt.vsav``, a game
    just dealt (seed 7), which every Rattenkrieg log starts from."""
    from rules.data.loader import load_game
    from tests.support.rks_saves import dealt_save

    def deal(folder: Path) -> str:
        shutil.copyfile(dist / "rks.vmod", folder / "rks.vmod")
        (folder / "setups").mkdir()
        dealt = dealt_save(load_game("rks"), folder / "rks.vmod", 7)
        (folder / "setups" / "rks-dealt.vsav").write_bytes(dealt)
        return str(folder)

    return Path(computed_once(tmp_path_factory, "audit-rks-dist", deal))
