"""Fixtures every test folder shares: the three shipped games, loaded once."""

from __future__ import annotations

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
