"""How pytest-xdist hands the test files out: the longest first, the engine files to one
worker per engine slot, and the rest to the others beside them.

Under ``--dist loadfile`` (with ``--no-loadscope-reorder``, in pyproject.toml) a file runs
whole in one worker, so a long file handed out last keeps one worker busy while the
others wait. The files are queued the ``slow`` ones first, since they are long and start
no engine; then by the seconds their tests took the last time they ran (set-up, call and
teardown, kept in pytest's cache, ``.pytest_cache``), longest first; then the files never
timed, those with the most tests first, as pytest-xdist would order them itself.

No more engines run at once than there are engine slots
(:mod:`tests.support.engine_slots`), and two engines keep two cores only about a third
busy (each vcheck step waits for the Player to settle). So ``-n auto`` starts one worker
more than there are slots, and the scheduler (:class:`EngineFilesBeside`) gives an
``engine`` file to a worker only while fewer workers than slots have one: the other
worker runs the files that need only Python beside the engines, and never waits for a
slot. Handed out in plain queue order, three workers took three engine files at the
start, one of them waiting for a slot, and the engine files trailed the run.

The workers tell the controller which files start an engine in the run's engine folder
(``engine-files.json``), since only they collect the tests. The controller times the
files and keeps the times when the run ends, for the files it ran (a run of a few files
keeps the others' times); every process of the next run reads the same times, so all
order the files alike, as pytest-xdist requires.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter, defaultdict
from collections.abc import Collection, Mapping, Sequence
from typing import Any

import pytest
from xdist.scheduler import LoadFileScheduling

from tests.support.engine_slots import engine_slots, run_folder

FILE_SECONDS = "stavka/file-seconds"
"""The pytest cache's key of the seconds each test file took when it last ran."""
ENGINE_FILES = "engine-files.json"
"""The file of the run's engine folder that lists the test files which start an engine."""


def file_of(nodeid: str) -> str:
    return nodeid.split("::")[0]


def file_order(
    files: list[str], slow: set[str], seconds: Mapping[str, float]
) -> dict[str, tuple[bool, float, int]]:
    """Each file's sort key: the ``slow`` ones first, then the longest last time, then
    those with the most tests (``files`` holds a file once per test)."""
    counts = Counter(files)
    return {file: (file not in slow, -seconds.get(file, 0.0), -counts[file]) for file in counts}


def next_file(
    queue: Sequence[str], engine_files: Collection[str], with_engine_files: int, slots: int
) -> str | None:
    """The file of ``queue`` to hand a worker when ``with_engine_files`` other workers
    have an engine file unfinished: the first engine file while they are fewer than the
    engine ``slots``, else the first other file; whatever comes first when none is of
    the kind wanted."""
    wants_engine = with_engine_files < slots
    wanted = [file for file in queue if (file in engine_files) == wants_engine]
    return wanted[0] if wanted else (queue[0] if queue else None)


def kept_seconds(config: pytest.Config) -> dict[str, float]:
    """The seconds each file took when it last ran, as the cache keeps them (none
    without the cache plugin, or before a first run)."""
    cache = getattr(config, "cache", None)
    kept = cache.get(FILE_SECONDS, {}) if cache is not None else {}
    return kept if isinstance(kept, dict) else {}


def _tell_engine_files(items: Sequence[pytest.Item]) -> None:
    """Write the files that start an engine to the run's engine folder, whole or not at
    all (every worker writes the same list)."""
    folder = run_folder()
    if folder is None:
        return
    files = sorted({file_of(item.nodeid) for item in items if item.get_closest_marker("engine")})
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".engine-files-")
    with os.fdopen(handle, "w", encoding="utf-8") as written:
        json.dump(files, written)
    os.replace(temporary, folder / ENGINE_FILES)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    files = [file_of(item.nodeid) for item in items]
    slow = {file_of(item.nodeid) for item in items if item.get_closest_marker("slow")}
    order = file_order(files, slow, kept_seconds(config))
    items.sort(key=lambda item: order[file_of(item.nodeid)])
    if hasattr(config, "workerinput"):
        _tell_engine_files(items)


class EngineFilesBeside(LoadFileScheduling):
    """``--dist loadfile``, but each file handed out is the one :func:`next_file` picks
    from the queue."""

    def __init__(self, config: pytest.Config, log: Any = None) -> None:
        super().__init__(config, log)
        self.engine_files: frozenset[str] | None = None

    def _engine_files(self) -> frozenset[str]:
        """The files the workers said start an engine (none if they said nothing)."""
        if self.engine_files is None:
            folder = run_folder()
            listed = None if folder is None else folder / ENGINE_FILES
            if listed is None or not listed.is_file():
                return frozenset()
            self.engine_files = frozenset(json.loads(listed.read_text(encoding="utf-8")))
        return self.engine_files

    def _assign_work_unit(self, node: Any) -> None:
        engine = self._engine_files()
        with_engine_files = sum(
            1
            for other, work in self.assigned_work.items()
            if other is not node
            and any(file in engine and not all(unit.values()) for file, unit in work.items())
        )
        chosen = next_file(list(self.workqueue), engine, with_engine_files, engine_slots())
        if chosen is not None:
            self.workqueue.move_to_end(chosen, last=False)
        super()._assign_work_unit(node)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker per engine slot, and one more for the files that need
    only Python."""
    return engine_slots() + 1


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> LoadFileScheduling | None:
    """:class:`EngineFilesBeside` for ``--dist loadfile``; pytest-xdist's own otherwise."""
    return EngineFilesBeside(config, log) if config.getoption("dist") == "loadfile" else None


class FileTimes:
    """The seconds of each file's tests in this run, kept in the cache at its end."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.seconds[file_of(report.nodeid)] += report.duration

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        cache = getattr(session.config, "cache", None)
        if cache is None or not self.seconds:
            return
        root = session.config.rootpath
        kept = {
            file: seconds
            for file, seconds in kept_seconds(session.config).items()
            if (root / file).is_file()
        }
        cache.set(FILE_SECONDS, {**kept, **self.seconds})


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):
        config.pluginmanager.register(FileTimes(), "stavka-file-times")
