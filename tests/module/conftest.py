"""The shipped modules, built once per test run as ``stavka build`` builds them, and
their set-ups loaded once in the real engine for every test that reads them."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from builder.build import build_game
from tests.support.engine import run_vcheck_many, vcheck_available
from tests.support.games import shipped_game
from tests.support.once import computed_once

MODULE_GAMES = ("dos", "rks", "tps")


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """dist/<game>.vmod of every shipped game, by game id."""

    def build(folder: Path) -> dict[str, str]:
        return {
            game: str(build_game(shipped_game(game), folder, lambda _step: None).path)
            for game in MODULE_GAMES
        }

    return {
        game: Path(path) for game, path in computed_once(tmp_path_factory, "dist", build).items()
    }


@pytest.fixture(scope="session")
def build_files(built: dict[str, Path]) -> dict[str, etree._Element]:
    """Each built module's buildFile.xml, parsed."""
    trees = {}
    for game, path in built.items():
        with zipfile.ZipFile(path) as archive:
            trees[game] = etree.fromstring(archive.read("buildFile.xml"))
    return trees


EngineReport = dict[str, Any]


@pytest.fixture(scope="session")
def setup_saves(
    built: dict[str, Path], tmp_path_factory: pytest.TempPathFactory
) -> dict[tuple[str, str], Path]:
    """Every predefined set-up, taken out of its module, by (game, scenario)."""
    folder = tmp_path_factory.mktemp("setups")
    saves = {}
    for game in MODULE_GAMES:
        spec = shipped_game(game)
        with zipfile.ZipFile(built[game]) as archive:
            for scenario in (scenario for scenario in spec.scenarios.values() if scenario.setup):
                save = folder / f"{game}-{scenario.id}.vsav"
                save.write_bytes(archive.read(f"setups/{game}-{scenario.id}.vsav"))
                saves[(game, scenario.id)] = save
    return saves


@pytest.fixture(scope="session")
def engine_reports(
    built: dict[str, Path],
    setup_saves: dict[tuple[str, str], Path],
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[tuple[str, str | None], tuple[int, EngineReport]]:
    """vcheck --view --strict on each module alone (New Game) and with each set-up, on
    the main engine (VASSAL 3.7, :data:`~tests.support.engine.MAIN_ENGINE`), as many at
    once as the machine allows (:func:`run_vcheck_many`)."""
    if not vcheck_available():
        pytest.skip("../shared/tools/vassal-engine/vcheck is not here")
    keys: list[tuple[str, str | None]] = [(game, None) for game in MODULE_GAMES] + list(setup_saves)

    def load(_folder: Path) -> list[tuple[int, EngineReport]]:
        jobs = [
            (built[game], None if scenario is None else setup_saves[(game, scenario)])
            for game, scenario in keys
        ]
        return run_vcheck_many(jobs, "--view", "--strict")

    reports = computed_once(tmp_path_factory, "engine-reports", load)
    return {key: (code, report) for key, (code, report) in zip(keys, reports, strict=True)}
