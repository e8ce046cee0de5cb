"""The order pytest-xdist hands the test files out in: the longest first.

Under ``--dist loadfile`` (with ``--no-loadscope-reorder``, in pyproject.toml) a file runs
whole in one worker, in the order given here, so a long file handed out last keeps one
worker busy while the others wait. The ``slow`` files go first, since they are long and
start no engine, so they never trail the run; then the files by the seconds their tests
took the last time they ran (set-up, call and teardown, kept in pytest's cache,
``.pytest_cache``), longest first; then the files never timed, those with the most tests
first, as pytest-xdist would order them itself.

The controlling process times the files and keeps the times when the run ends, for the
files it ran (a run of a few files keeps the others' times); every process of the next
run reads the same times, so all order the files alike, as pytest-xdist requires.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping

import pytest

FILE_SECONDS = "stavka/file-seconds"
"""The pytest cache's key of the seconds each test file took when it last ran."""


def file_of(nodeid: str) -> str:
    return nodeid.split("::")[0]


def file_order(
    files: list[str], slow: set[str], seconds: Mapping[str, float]
) -> dict[str, tuple[bool, float, int]]:
    """Each file's sort key: the ``slow`` ones first, then the longest last time, then
    those with the most tests (``files`` holds a file once per test)."""
    counts = Counter(files)
    return {file: (file not in slow, -seconds.get(file, 0.0), -counts[file]) for file in counts}


def kept_seconds(config: pytest.Config) -> dict[str, float]:
    """The seconds each file took when it last ran, as the cache keeps them (none
    without the cache plugin, or before a first run)."""
    cache = getattr(config, "cache", None)
    kept = cache.get(FILE_SECONDS, {}) if cache is not None else {}
    return kept if isinstance(kept, dict) else {}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    files = [file_of(item.nodeid) for item in items]
    slow = {file_of(item.nodeid) for item in items if item.get_closest_marker("slow")}
    order = file_order(files, slow, kept_seconds(config))
    items.sort(key=lambda item: order[file_of(item.nodeid)])


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
