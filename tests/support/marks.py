"""Every test says what it needs, so the fast loop can leave it out: a pytest plugin
that fails a test which starts a program, or uses a shared fixture, needing a mark the
test does not carry.

- ``engine``: the VASSAL engine (the shared ``vcheck``; each run is a JVM);
- ``browser``: Chromium (directly, or through Playwright's driver);
- ``pdf``: the print-and-play PDFs made for the run, or pages rasterised by ``pdftoppm``;
- ``slow``: the wheel built or installed (``python -m build``, ``pip``, ``venv``), and
  the README's commands run as a newcomer types them.

Every process a test starts (in its set-up, its call or its teardown, a shared fixture's
work included) is looked at as it starts (``subprocess.Popen``); a fixture that makes a
shared artefact is judged by the table :data:`FIXTURE_MARKS` before the test runs, since
only the first test to ask for it would start anything.
"""

from __future__ import annotations

import subprocess
from collections.abc import Generator, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.support.engine import VCHECK

MARKS = {
    "engine": "runs the real VASSAL engine through ../shared/tools/vassal-engine/vcheck",
    "browser": "drives a page in the system's headless Chromium",
    "pdf": "reads the print-and-play PDFs made for the run, or rasterises pages (pdftoppm)",
    "slow": "builds or installs the wheel, or runs the README's commands as a newcomer",
}
"""Each mark and what a test that carries it needs."""
FIXTURE_MARKS = {
    "engine_reports": "engine",
    "browser": "browser",
    "shipped_pdfs": "pdf",
    "pnp_build": "pdf",
    "pdf_pages": "pdf",
}
"""Shared fixtures that start what a mark names, and the mark."""
BROWSERS = {"chromium", "chromium-browser", "chrome", "google-chrome", "headless_shell"}
RASTERISERS = {"pdftoppm", "pdftocairo"}
PACKAGING = {"build", "pip", "venv"}
"""``python -m NAME`` that builds, installs or makes an environment for the wheel."""


def _paths(arguments: Sequence[str]) -> list[Path]:
    """The arguments that can name a file, resolved."""
    paths = []
    for argument in arguments:
        try:
            paths.append(Path(argument).resolve())
        except (OSError, ValueError):
            continue
    return paths


def needed_mark(arguments: Sequence[str]) -> str | None:
    """The mark a test needs to start the program ``arguments`` names, if any."""
    if not arguments:
        return None
    program = Path(arguments[0])
    tool = VCHECK.resolve().parent
    if any(tool in (found, found.parent) for found in _paths(arguments[:3])):
        return "engine"
    if program.name in BROWSERS or "run-driver" in arguments[1:3]:
        return "browser"
    if program.name in RASTERISERS:
        return "pdf"
    if program.name.startswith("python") and list(arguments[1:2]) == ["-m"]:
        return "slow" if list(arguments[2:3]) and arguments[2] in PACKAGING else None
    return None


def _arguments(args: Any) -> list[str]:
    """``Popen``'s ``args`` as a list of strings (a string is a shell line or a program)."""
    if isinstance(args, str | bytes | Path):
        text = args.decode() if isinstance(args, bytes) else str(args)
        return text.split()
    return [
        argument.decode() if isinstance(argument, bytes) else str(argument) for argument in args
    ]


class MarkMissing(Exception):
    """A test started what a mark names without carrying the mark."""


_VIOLATIONS = pytest.StashKey[list[str]]()
"""What a test started without its mark, kept so that it fails even if the error was caught."""
_running: list[pytest.Item] = []
"""The tests running in this process, innermost last (a test may run a session of its own)."""


def _missing(item: pytest.Item, mark: str) -> str:
    return (
        f"{item.nodeid} needs the '{mark}' mark ({MARKS[mark]}): "
        f"add @pytest.mark.{mark} (or pytestmark) so the fast loop leaves it out"
    )


def _guarded(start: Any) -> Any:
    def execute_child(self: subprocess.Popen[Any], args: Any, *rest: Any, **named: Any) -> Any:
        if _running:
            item = _running[-1]
            mark = needed_mark(_arguments(args))
            if mark is not None and item.get_closest_marker(mark) is None:
                item.stash.setdefault(_VIOLATIONS, []).append(_missing(item, mark))
                raise MarkMissing(_missing(item, mark))
        return start(self, args, *rest, **named)

    execute_child.guarded = True  # type: ignore[attr-defined]
    return execute_child


def pytest_configure(config: pytest.Config) -> None:
    for mark, meaning in MARKS.items():
        config.addinivalue_line("markers", f"{mark}: {meaning}")
    execute = subprocess.Popen._execute_child  # type: ignore[attr-defined]
    if not getattr(execute, "guarded", False):
        subprocess.Popen._execute_child = _guarded(execute)  # type: ignore[attr-defined]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, object, object]:
    _running.append(item)
    try:
        return (yield)
    finally:
        _running.remove(item)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    fixtures = getattr(item, "fixturenames", ())
    for fixture, mark in FIXTURE_MARKS.items():
        if fixture in fixtures and item.get_closest_marker(mark) is None:
            pytest.fail(_missing(item, mark) + f" (it uses the fixture '{fixture}')", pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A start that code under test caught and swallowed still fails the test."""
    report = yield
    violations = item.stash.get(_VIOLATIONS, [])
    if violations and report.passed:
        report.outcome = "failed"
        report.longrepr = "\n".join(violations)
        violations.clear()
    return report
