"""A pytest plugin for what a test run reports besides pytest's own: where its time went,
by test file, and what the VASSAL engines did.

``--file-durations=N`` adds up the set-up, call and teardown time of the tests of each
file and lists the N slowest files (0: every file). A shared fixture's work counts in
the set-up of the first test that asked for it, so the file of that test carries it.

The run's controller makes the folder its engines are counted in
(:mod:`tests.support.engine_slots`) before its workers start, names it in the
environment they inherit, and at the end says how many JVMs started (by engine, and by
file with their engine-seconds), the most that ran at once, and how often a run was made
again because vcheck read a dialog before it was drawn or a referee answer came after
its wait (:mod:`tests.support.answer_waits`).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections import defaultdict
from pathlib import Path

import pytest

from tests.support.answer_waits import LATE_ANSWER
from tests.support.engine_slots import RUN_FOLDER, UNREAD_DIALOG, engine_slots, tally


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--file-durations",
        type=int,
        default=None,
        metavar="N",
        help="show the N slowest test files, set-up and teardown included (0: all)",
    )


class RunReport:
    """The run's file times, and in the controller its engine folder."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.file_times: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
        self.controller = not hasattr(config, "workerinput")
        self.folder: Path | None = None
        self.previous: str | None = None
        if self.controller:
            self.folder = Path(tempfile.mkdtemp(prefix="stavka-engines-"))
            self.previous = os.environ.get(RUN_FOLDER)
            os.environ[RUN_FOLDER] = str(self.folder)

    def close(self) -> None:
        """The environment as it was, and the engine folder gone."""
        if self.folder is not None:
            if self.previous is None:
                os.environ.pop(RUN_FOLDER, None)
            else:
                os.environ[RUN_FOLDER] = self.previous
            shutil.rmtree(self.folder, ignore_errors=True)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        times = self.file_times[report.nodeid.split("::")[0]]
        times[0] += report.duration
        if report.when == "call":
            times[1] += 1

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if not self.controller:
            return
        shown = self.config.getoption("file_durations")
        if shown is not None:
            files = sorted(self.file_times.items(), key=lambda item: -item[1][0])
            title = "every test file" if shown == 0 else f"slowest {shown} test files"
            terminalreporter.write_sep("=", f"{title} (set-up, call and teardown)")
            for path, (seconds, tests) in files[: shown or None]:
                terminalreporter.write_line(f"{seconds:9.2f}s {tests:5.0f} tests  {path}")
        if self.folder is None:
            return
        engines = tally(self.folder)
        terminalreporter.write_sep("=", "VASSAL engines")
        by_engine = ", ".join(f"{count} on {engine}" for engine, count in engines.by_engine.items())
        terminalreporter.write_line(
            f"{engines.jvms} JVMs started ({by_engine or 'none'}) for {engines.saves} saves, "
            f"{engines.engine_seconds:.0f} s in all; at most {engines.most_at_once} at once "
            f"({engine_slots()} engine slots)"
        )
        for reason in (UNREAD_DIALOG, LATE_ANSWER):
            again = engines.retried.get(reason, ())
            terminalreporter.write_line(
                f"{len(again)} runs made again for {reason}"
                + (f": {', '.join(again)}" if again else "")
            )
        for path, (count, seconds) in engines.by_file.items():
            terminalreporter.write_line(
                f"{count:5d} JVMs {seconds:7.0f} s  {path or '(outside a test)'}"
            )


_REPORT = pytest.StashKey[RunReport]()


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    config.stash[_REPORT] = RunReport(config)
    config.pluginmanager.register(config.stash[_REPORT], "stavka-run-report")


def pytest_unconfigure(config: pytest.Config) -> None:
    if _REPORT in config.stash:
        config.stash[_REPORT].close()
