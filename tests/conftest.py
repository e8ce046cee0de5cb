"""Fixtures every test folder shares: the three shipped games, loaded once, and a game
data cache of the test run's own."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.model import GameSpec
from tests.support.engine import VCHECK, vcheck_available
from tests.support.games import shipped_game

pytest_plugins = ("tests.support.marks", "tests.support.run_report")


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist, let vcheck install itself once, before the workers start.

    Its first call runs its set-up (Debian packages, a venv); two workers making their
    first calls at once would run two set-ups against one package lock."""
    parallel = config.pluginmanager.hasplugin("xdist") and config.getoption("numprocesses")
    if parallel and not hasattr(config, "workerinput") and vcheck_available():
        subprocess.run([str(VCHECK), "--help"], capture_output=True, check=False, timeout=1800)


@pytest.fixture
def dos() -> GameSpec:
    return shipped_game("dos")


@pytest.fixture
def tps() -> GameSpec:
    return shipped_game("tps")


@pytest.fixture
def rks() -> GameSpec:
    return shipped_game("rks")


@pytest.fixture(autouse=True, scope="session")
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Game data cached by the tests (and the commands they start) stays in the run's folder.

    The VASSAL engine checker keeps its installed engine where the cache folder was, by
    naming it in ``VCHECK_HOME``: under the run's own cache folder it would install the
    engine again."""
    previous = os.environ.get("XDG_CACHE_HOME")
    engine_home = os.environ.get("VCHECK_HOME")
    os.environ["VCHECK_HOME"] = engine_home or str(
        Path(previous or Path.home() / ".cache") / "vcheck"
    )
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("cache"))
    yield
    for name, value in (("XDG_CACHE_HOME", previous), ("VCHECK_HOME", engine_home)):
        if value is None:
            del os.environ[name]
        else:
            os.environ[name] = value
