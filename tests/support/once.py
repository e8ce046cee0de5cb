"""Work done once per test run, however many processes pytest-xdist runs it in.

A session fixture runs once in each worker process, so under ``pytest -n 2`` the modules
would be built, and every set-up loaded in the engine, twice. The first worker to ask
does the work in a folder of the run's shared temporary directory, under a file lock,
and writes its JSON result there; the others wait for the lock and read the result.
"""

from __future__ import annotations

import fcntl
import json
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest


def run_folder(factory: pytest.TempPathFactory) -> Path:
    """The temporary folder every process of this run shares.

    An xdist worker's base folder (``pytest-N/popen-gw0``) is inside the run's own
    (``pytest-N``); without xdist the single process's base folder is the run's."""
    base = factory.getbasetemp()
    return base.parent if base.name.startswith("popen-gw") else base


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    with path.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def computed_once(
    factory: pytest.TempPathFactory, name: str, compute: Callable[[Path], Any]
) -> Any:
    """What ``compute(folder)`` returns, computed by the first process of the run to ask.

    ``compute`` writes its files into ``folder`` and returns a JSON value (paths as
    strings). A process whose ``compute`` failed leaves no result, so the next to ask
    starts again in an empty folder and meets the same failure itself."""
    root = run_folder(factory)
    folder = root / f"once-{name}"
    result = folder / "result.json"
    with _locked(root / f"once-{name}.lock"):
        if result.exists():
            return json.loads(result.read_text(encoding="utf-8"))
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        value = compute(folder)
        result.write_text(json.dumps(value), encoding="utf-8")
        return value
