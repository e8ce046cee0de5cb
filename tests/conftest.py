"""Fixtures every test folder shares: the three shipped games, loaded once, and a game
data cache of the test run's own."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from rules.model import GameSpec
from tests.support.games import shipped_game


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
    """Game data cached by the tests (and the commands they start) stays in the run's folder."""
    previous = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if previous is None:
        del os.environ["XDG_CACHE_HOME"]
    else:
        os.environ["XDG_CACHE_HOME"] = previous
