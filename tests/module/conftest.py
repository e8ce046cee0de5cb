"""The shipped modules' set-ups loaded once in the real engine for every test that reads
them. The modules themselves (``built``, ``build_files``, ``setup_saves``) are the
run's shared ones (tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.artefacts import MODULE_GAMES
from tests.support.engine import run_vcheck_many, vcheck_available
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
