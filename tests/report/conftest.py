"""The report's test pages and the headless browser that opens them.

Pages are written once per test session by the ``stavka report`` command itself, from the
position files of :mod:`tests.report.positions`; the browser is Debian's Chromium
(``/usr/bin/chromium``, installed by ``scripts/install``) driven by Playwright, launched
once with a fresh profile and the flags this closed network needs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, sync_playwright

from tests.cli.test_cli import run
from tests.report.positions import DOS_BLUE_TURN_3, RKS_CITY, TPS_SCENARIO_7, Changes, write_position

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
)


@dataclass(frozen=True)
class ReportCase:
    """A position, the page ``stavka report`` wrote for it, and ``stavka check``'s JSON."""

    game: str
    position: Path
    page: Path
    verdicts: list[dict[str, Any]]


CASES: dict[str, tuple[str, str, Changes, tuple[str, ...]]] = {
    "dos": ("dos", "blue", DOS_BLUE_TURN_3, ("--attack", "N2141", "--from", "N2142,N2042")),
    "dos-as-axis": ("dos", "blue", DOS_BLUE_TURN_3, ("--as", "axis", "--attack", "N2141", "--from", "N2142,N2042")),
    "tps": ("tps", "7", TPS_SCENARIO_7, ("--attack", "2913", "--from", "2914")),
    "rks": ("rks", "city", RKS_CITY, ()),
}


@pytest.fixture(scope="session")
def report_cases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ReportCase]:
    """Every case's page, written through the command line as a player writes it."""
    folder = tmp_path_factory.mktemp("reports")
    cases = {}
    for name, (game, scenario, changes, options) in CASES.items():
        position = write_position(folder / f"{name}.toml", game, scenario, changes)
        page = folder / f"{name}.html"
        code, _, error = run("report", str(position), "-o", str(page), *options)
        assert code == 0, error
        seen_by = [options[options.index("--as") + 1]] if "--as" in options else []
        verdicts: list[dict[str, Any]] = []
        if game != "rks":
            code, output, error = run("check", str(position), "--format", "json",
                                      *(["--as", *seen_by] if seen_by else []))
            assert code == 0, error
            verdicts = json.loads(output)["verdicts"]
        cases[name] = ReportCase(game, position, page, verdicts)
    return cases


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    """Headless Chromium with a fresh profile, shared by the session's tests."""
    assert CHROMIUM.exists(), "Chromium is missing: scripts/install installs Debian's chromium"
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=str(CHROMIUM),
            args=list(CHROMIUM_FLAGS[1:]), headless=True, viewport={"width": 1400, "height": 900},
        )
        yield context
        context.close()


@dataclass
class OpenedPage:
    """A report open in the browser, with what it logged and asked for while loading."""

    page: Page
    console_errors: list[str]
    requests: list[str]


def open_report(browser: BrowserContext, path: Path, width: int = 1400, height: int = 900) -> OpenedPage:
    """``path`` opened in a new tab of ``width`` × ``height``, every console error and
    request recorded."""
    page = browser.new_page()
    page.set_viewport_size({"width": width, "height": height})
    opened = OpenedPage(page, [], [])
    page.on("console", lambda message: opened.console_errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: opened.console_errors.append(str(error)))
    page.on("request", lambda request: opened.requests.append(request.url))
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    return opened
