"""The report's test pages and the headless browser that opens them.

Pages are written once per test run by the ``stavka report`` command itself, from the
position files of :mod:`tests.report.positions` and, for Rattenkrieg's hidden cards, from
a dealt save of the run's built module; the browser is Debian's Chromium
(``/usr/bin/chromium``, installed by ``scripts/install``) driven by Playwright, launched
once with a fresh profile and the flags this closed network needs.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.cli.test_cli import run
from tests.report.positions import (
    DOS_BLUE_TURN_3,
    RKS_TURN_3,
    TPS_SCENARIO_7,
    write_dealt_position,
    write_position,
)
from tests.support.games import shipped_game
from tests.support.once import computed_once
from tests.support.rks_saves import dealt_save


@dataclass(frozen=True)
class ReportCase:
    """A position, the page ``stavka report`` wrote for it, and ``stavka check``'s JSON."""

    game: str
    position: Path
    page: Path
    verdicts: list[dict[str, Any]]


PositionWriter = Callable[[Path], Path]
CASES: dict[str, tuple[str, PositionWriter, tuple[str, ...]]] = {
    "dos": (
        "dos",
        lambda path: write_position(path, "dos", "blue", DOS_BLUE_TURN_3),
        ("--attack", "N2141", "--from", "N2142,N2042"),
    ),
    "dos-as-axis": (
        "dos",
        lambda path: write_position(path, "dos", "blue", DOS_BLUE_TURN_3),
        ("--as", "axis", "--attack", "N2141", "--from", "N2142,N2042"),
    ),
    "tps": (
        "tps",
        lambda path: write_position(path, "tps", "7", TPS_SCENARIO_7),
        ("--attack", "2913", "--from", "2914"),
    ),
    "rks": ("rks", lambda path: write_dealt_position(path, RKS_TURN_3), ()),
    "rks-as-german": (
        "rks",
        lambda path: write_dealt_position(path, RKS_TURN_3),
        ("--as", "german"),
    ),
    "rks-as-soviet": (
        "rks",
        lambda path: write_dealt_position(path, RKS_TURN_3),
        ("--as", "soviet"),
    ),
}
RKS_SAVE_SEED = 23
RKS_SAVE_TURNED_OVER = {
    "Rifle division 2": "Isolated",
    "Rifle division 3": "Acted",
    "orlovka": "Side",
}
"""In the dealt save: rifle2 marked isolated, rifle3 turned over, Orlovka's control marker
on its German side."""


MACHINE_FIELDS = ("places", "mark", "line")


def write_case(
    folder: Path, name: str, game: str, position: Path, options: tuple[str, ...]
) -> ReportCase:
    """The page ``stavka report`` writes for ``position`` with ``options``, and what
    ``stavka check --format json`` says of it for the same reader."""
    page = folder / f"{name}.html"
    code, _, error = run("report", str(position), "-o", str(page), *options)
    assert code == 0, error
    seen_by = ["--as", options[options.index("--as") + 1]] if "--as" in options else []
    code, output, error = run("check", str(position), "--format", "json", *seen_by)
    assert code == 0, error
    return ReportCase(
        game,
        position,
        page,
        [verdict_fields(verdict) for verdict in json.loads(output)["verdicts"]],
    )


def verdict_fields(verdict: dict[str, Any]) -> dict[str, Any]:
    """A verdict of ``check --format json`` without what the machine interface adds for
    programs (``places``, ``mark``, ``line``): the fields the page embeds."""
    return {key: value for key, value in verdict.items() if key not in MACHINE_FIELDS}


def _cases_once(
    factory: pytest.TempPathFactory, name: str, write: Callable[[Path], dict[str, ReportCase]]
) -> dict[str, ReportCase]:
    """The cases ``write`` writes into a folder, written once per test run
    (:func:`~tests.support.once.computed_once`); read the pages, never write over them."""

    def written(folder: Path) -> dict[str, list[object]]:
        return {
            case_name: [case.game, str(case.position), str(case.page), case.verdicts]
            for case_name, case in write(folder).items()
        }

    return {
        case_name: ReportCase(game, Path(position), Path(page), verdicts)
        for case_name, (game, position, page, verdicts) in computed_once(
            factory, name, written
        ).items()
    }


@pytest.fixture(scope="session")
def report_cases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ReportCase]:
    """Every case's page, written through the command line as a player writes it."""

    def write(folder: Path) -> dict[str, ReportCase]:
        return {
            name: write_case(folder, name, game, writer(folder / f"{name}.toml"), options)
            for name, (game, writer, options) in CASES.items()
        }

    return _cases_once(tmp_path_factory, "report-cases", write)


@pytest.fixture(scope="session")
def rks_save_cases(
    built: dict[str, Path], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, ReportCase]:
    """A dealt Rattenkrieg game saved as the module saves it (every card in the file),
    reported for the referee and for each player."""

    def write(folder: Path) -> dict[str, ReportCase]:
        save = folder / "dealt.vsav"
        save.write_bytes(
            dealt_save(shipped_game("rks"), built["rks"], RKS_SAVE_SEED, RKS_SAVE_TURNED_OVER)
        )
        return {
            name: write_case(folder, name, "rks", save, options)
            for name, options in (
                ("save", ()),
                ("save-as-german", ("--as", "german")),
                ("save-as-soviet", ("--as", "soviet")),
            )
        }

    return _cases_once(tmp_path_factory, "report-rks-save-cases", write)


@dataclass
class OpenedPage:
    """A report open in the browser, with what it logged and asked for while loading."""

    page: Page
    console_errors: list[str]
    requests: list[str]


def open_report(
    browser: BrowserContext, path: Path, width: int = 1400, height: int = 900
) -> OpenedPage:
    """``path`` opened in a new tab of ``width`` × ``height``, every console error and
    request recorded."""
    page = browser.new_page()
    page.set_viewport_size({"width": width, "height": height})
    opened = OpenedPage(page, [], [])
    page.on(
        "console",
        lambda message: (
            opened.console_errors.append(message.text) if message.type == "error" else None
        ),
    )
    page.on("pageerror", lambda error: opened.console_errors.append(str(error)))
    page.on("request", lambda request: opened.requests.append(request.url))
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    return opened
