"""The shipped modules' set-ups loaded once in the real engine for every test that reads
them. The modules themselves (``built``, ``build_files``, ``setup_saves``) are the
run's shared ones (tests/conftest.py)."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tests.support.artefacts import MODULE_GAMES
from tests.support.engine import at_once, run_vcheck, run_vcheck_saves, vcheck_available
from tests.support.once import computed_once

__all__ = ["MODULE_GAMES"]

EngineReport = dict[str, Any]


@pytest.fixture(scope="session")
def engine_reports(
    built: dict[str, Path],
    setup_saves: dict[tuple[str, str], Path],
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[tuple[str, str | None], tuple[int, EngineReport]]:
    """vcheck --view --strict on each module alone (New Game) and with each set-up, on
    the main engine (VASSAL 3.7, :data:`~tests.support.engine.MAIN_ENGINE`): two JVMs a
    module, one for New Game and one loading its set-ups one after another, as many at
    once as the run's engine slots allow. Each set-up's report is as if it had been
    loaded alone (:func:`~tests.support.engine.run_vcheck_saves`)."""
    if not vcheck_available():
        pytest.skip("../shared/tools/vassal-engine/vcheck is not here")
    options = ("--view", "--strict")
    scenarios = {
        game: [scenario for key, scenario in setup_saves if key == game] for game in MODULE_GAMES
    }

    def new_game(game: str) -> list[tuple[int, EngineReport]]:
        return [run_vcheck(built[game], None, *options)]

    def set_ups(game: str) -> list[tuple[int, EngineReport]]:
        saves = [setup_saves[(game, scenario)] for scenario in scenarios[game]]
        return run_vcheck_saves(built[game], saves, *options)

    def load(_folder: Path) -> list[list[object]]:
        # The longest runs first: the set-ups (TPS has 16), then the new games.
        keys: list[tuple[str, str | None]] = [
            (game, scenario) for game in MODULE_GAMES for scenario in scenarios[game]
        ]
        keys += [(game, None) for game in MODULE_GAMES]
        runs = [partial(set_ups, game) for game in MODULE_GAMES]
        runs += [partial(new_game, game) for game in MODULE_GAMES]
        reports = [report for run in at_once(runs) for report in run]
        return [[*key, code, report] for key, (code, report) in zip(keys, reports, strict=True)]

    return {
        (game, scenario): (code, report)
        for game, scenario, code, report in computed_once(tmp_path_factory, "engine-reports", load)
    }
