"""The shipped modules, built once per test run as ``stavka build`` builds them."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from lxml import etree

from builder.build import build_game
from tests.support.games import shipped_game

MODULE_GAMES = ("dos", "tps")


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """dist/<game>.vmod of both hex-map games, by game id."""
    folder = tmp_path_factory.mktemp("dist")
    return {game: build_game(shipped_game(game), folder, lambda _step: None).path for game in MODULE_GAMES}


@pytest.fixture(scope="session")
def build_files(built: dict[str, Path]) -> dict[str, etree._Element]:
    """Each built module's buildFile.xml, parsed."""
    trees = {}
    for game, path in built.items():
        with zipfile.ZipFile(path) as archive:
            trees[game] = etree.fromstring(archive.read("buildFile.xml"))
    return trees
