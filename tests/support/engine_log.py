"""Game logs written by the real engine: vcheck plays the steps as a player would, and
VASSAL's own logger (:mod:`tests.support.vcheck_logger`) writes them to a .vlog."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tests.support.answer_waits import played_in_time
from tests.support.engine import MAIN_ENGINE, VCHECK, engine_option, vcheck_report
from tests.support.engine_slots import start_engine

LOGGER_DRIVER = Path(__file__).with_name("vcheck_logger.py")


def vcheck_home() -> Path:
    """Where vcheck keeps its set-up (its ``vcheck`` script's rule)."""
    if "VCHECK_HOME" in os.environ:
        return Path(os.environ["VCHECK_HOME"])
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return cache / "vcheck"


def engine_log(
    module: Path, save: Path, steps: list[dict[str, object]], log: Path, engine: str = MAIN_ENGINE
) -> tuple[int, dict[str, object]]:
    """Play ``steps`` (vcheck ``--actions``) on ``save`` in the engine, logging them to
    ``log``; vcheck's exit status and report. Answer waits are brief, and the steps are
    played again patiently, into a new log, when an answer came late
    (:func:`tests.support.answer_waits.played_in_time`)."""
    home = vcheck_home()
    codes: list[int] = []

    def played(paced: list[dict[str, object]]) -> dict[str, Any]:
        actions = log.with_suffix(".actions.json")
        actions.write_text(json.dumps(paced))
        completed = start_engine(
            [
                str(home / "venv" / "bin" / "python"),
                str(LOGGER_DRIVER),
                str(VCHECK.parent),
                str(log),
                *engine_option(engine),
                str(module),
                str(save),
                "--no-state",
                "--compact",
                "--actions",
                str(actions),
            ],
            engine,
            1,
            timeout=600,
            env={**os.environ, "VCHECK_HOME": str(home)},
        )
        report = vcheck_report(completed)
        codes.append(completed.returncode)
        return report

    report = played_in_time(played, steps, engine, before_again=lambda: log.unlink(missing_ok=True))
    return codes[-1], report
