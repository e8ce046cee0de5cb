"""Probe modules and saves for asking the real VASSAL engine how it names hexes.

A probe module has imageless boards (VASSAL draws a plain rectangle of the board's size)
with the grid and numbering Stavka computes; a probe save puts one piece at the centre
of each chosen hex. vcheck then reports, for every piece, the location name the engine
itself computed, which must equal our label.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import zipfile
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import pytest

from lxml import etree

from builder.module.maps import MAP_HELPERS
from builder.module.grid import hex_grid_element
from rules.hexgrid import HexMap
from tests.support.engine_slots import engine_slots, note_retry, start_engine

SHARED = (
    Path(os.environ["STAVKA_SHARED"])
    if "STAVKA_SHARED" in os.environ
    else next(
        (
            folder / "shared"
            for folder in Path(__file__).resolve().parents[3:]
            if (folder / "shared" / "tools").is_dir()
        ),
        Path(__file__).resolve().parents[3] / "shared",
    )
)
"""``../shared`` beside the checkout, or beside a folder of worktrees holding it;
``$STAVKA_SHARED`` names it for a checkout elsewhere."""
VCHECK = SHARED / "tools" / "vassal-engine" / "vcheck"
MODULE_NAME = "Stavka grid probe"
ESC = "\x1b"


@dataclass(frozen=True)
class ProbePiece:
    """A piece named ``name`` placed at map pixel (x, y) of map ``map_name``."""

    map_name: str
    x: int
    y: int
    name: str


def _moduledata() -> bytes:
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<data version="1">'
        "<version>1.0</version><VassalVersion>3.6.0</VassalVersion>"
        f"<dateSaved>0</dateSaved><description/><name>{MODULE_NAME}</name></data>"
    ).encode()


def _layout(hex_map: HexMap) -> list[tuple[str, int, int]]:
    """Board name and (column, row) slot of each board in the board picker layout."""
    slots: list[tuple[str, int, int]] = []
    origins_x = sorted({board.origin[0] for board in hex_map.boards})
    origins_y = sorted({board.origin[1] for board in hex_map.boards})
    for board in hex_map.boards:
        slots.append(
            (board.name, origins_x.index(board.origin[0]), origins_y.index(board.origin[1]))
        )
    return slots


def write_probe_module(path: Path, maps: Sequence[HexMap]) -> None:
    """A minimal module with one VASSAL map per :class:`HexMap`, boards drawn without images."""
    root = etree.Element(
        "VASSAL.build.GameModule",
        ModuleOther1="",
        ModuleOther2="",
        VassalVersion="3.6.0",
        description="",
        name=MODULE_NAME,
        nextPieceSlotId="1",
        version="1.0",
    )
    etree.SubElement(root, "VASSAL.build.module.BasicCommandEncoder")
    for hex_map in maps:
        map_element = etree.SubElement(
            root,
            "VASSAL.build.module.Map",
            mapName=hex_map.name,
            launch="false",
            edgeWidth="0",
            edgeHeight="0",
            allowMultiple="true",
        )
        picker = etree.SubElement(map_element, "VASSAL.build.module.map.BoardPicker")
        setup = etree.SubElement(picker, "setup")
        setup.text = f"{hex_map.name}BoardPicker\t" + "\t".join(
            f"{name}\t{column}\t{row}" for name, column, row in _layout(hex_map)
        )
        for board in hex_map.boards:
            board_element = etree.SubElement(
                picker,
                "VASSAL.build.module.map.boardPicker.Board",
                name=board.name,
                image="",
                width=str(board.size[0]),
                height=str(board.size[1]),
                color="255,255,255",
                reversible="false",
            )
            board_element.append(hex_grid_element(board))
        for child in MAP_HELPERS:
            etree.SubElement(map_element, f"VASSAL.build.module.map.{child}")
    build_file = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("buildFile.xml", build_file)
        archive.writestr("moduledata", _moduledata())


def write_probe_save(path: Path, maps: Sequence[HexMap], pieces: Sequence[ProbePiece]) -> None:
    """A plain-text save holding each probe piece alone in a stack at its pixel."""
    adds = [""]
    for number, piece in enumerate(pieces):
        piece_id, stack_id = f"p{number}", f"s{number}"
        position = f"{piece.map_name};{piece.x};{piece.y}"
        adds.append(f"+/{piece_id}/piece;;;;{piece.name}/{position};0;0")
        adds.append(f"+/{stack_id}/stack/{position};{piece_id};@@0")
    pieces_group = ("\\" + ESC).join(adds)
    commands = ["begin_save", "", pieces_group]
    for hex_map in maps:
        commands.append(
            f"{hex_map.name}BoardPicker\t"
            + "\t".join(f"{name}\t{column}\t{row}" for name, column, row in _layout(hex_map))
        )
    commands.append("end_save")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("savedGame", ESC.join(commands).encode())
        archive.writestr("moduledata", _moduledata())


def vcheck_available() -> bool:
    """True when the shared VASSAL engine checker and a Java-capable set-up can run here."""
    return VCHECK.exists() and shutil.which("sh") is not None


NEEDS_VCHECK = pytest.mark.skipif(
    not vcheck_available(), reason="../shared/tools/vassal-engine/vcheck is not here"
)
"""Skips a test where the shared engine checker is missing (it always runs in CI)."""
IN_ENGINE = [pytest.mark.engine, NEEDS_VCHECK]
"""The marks of a test file that drives the real engine: ``pytestmark = IN_ENGINE``."""


MAIN_ENGINE = "3.7"
"""The VASSAL line players run (3.7.27 is the current release): every engine test runs
on it unless it names another engine."""
OTHER_ENGINES = ("3.6", "3.8")
"""Also checked, on one set-up per module: the oldest engine the modules are built for
(a 3.6.0 pre-release of October 2021) and the next line (3.8.0-beta1)."""
ENGINES = (MAIN_ENGINE, *OTHER_ENGINES)
"""Every engine a test runs on; vcheck's ``--engine`` values."""


def engine_option(engine: str) -> tuple[str, str]:
    """vcheck's option for ``engine``, always given: a ``$VCHECK_ENGINE`` in the
    environment must not change which engine a test runs on."""
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}: one of {', '.join(ENGINES)}")
    return ("--engine", engine)


ENGINE_ATTEMPTS = 3
"""How many times a run is made while vcheck reads a dialog before it is drawn."""

T = TypeVar("T")
Report = dict[str, Any]
"""vcheck's JSON report of one module with at most one save."""
FINDINGS = ("errors", "warnings", "info", "lint")
"""The lists of a report that judge the run."""
SAVE_OWN = (*FINDINGS, "chat", "dialogs", "ok", "seconds", "view", "screenshots")
"""What an entry of a several-save report (``saved_games``) holds of its own: the rest
of the entry is what a one-save report has under ``saved_game``."""


def unread_dialogs(report: dict[str, object]) -> bool:
    """True when vcheck harvested a modal dialog with neither title nor text: one it
    read before the engine had put its contents in (issue 21, item 18).

    At every game start VASSAL 3.6 asks "New Session Beginning. Start new Logfile?" in
    an untitled question dialog (BasicLogger; the PromptNewLogAtStart preference is on
    in every fresh profile, and vcheck makes one per run). vcheck collects modal dialogs
    from a thread of its own and reads each once; on a loaded machine it can read this
    one while its option pane is still empty, and reports the warning ":". Such a run
    says nothing about the module, so it is made again; nothing else is excused. A
    several-save report is judged save by save (``saved_games``)."""
    dialogs = report.get("dialogs")
    entries = report.get("saved_games")
    return (
        isinstance(dialogs, list)
        and any(
            isinstance(dialog, dict) and not dialog.get("title") and not dialog.get("text")
            for dialog in dialogs
        )
    ) or (
        isinstance(entries, list)
        and any(isinstance(entry, dict) and unread_dialogs(entry) for entry in entries)
    )


def vcheck_report(completed: subprocess.CompletedProcess[str]) -> Report:
    """The JSON report a vcheck run printed; a run that printed none fails the test with
    the end of what it wrote to stderr."""
    try:
        report: Report = json.loads(completed.stdout)
    except json.JSONDecodeError as error:
        raise AssertionError(
            f"vcheck printed no JSON (exit {completed.returncode}): {completed.stderr[-2000:]}"
        ) from error
    return report


def run_timeout(saves: int) -> int:
    """Seconds a vcheck run of ``saves`` saves may take before it counts as hung: ten
    minutes, and two more for each save after the first (on a quiet machine a save
    after the first takes 1.5-4 s, a load of 8 makes that five times as long; vcheck's
    own ``--timeout`` bounds each engine step)."""
    return 600 + 120 * max(0, saves - 1)


def _vcheck(
    module: Path, saves: Sequence[Path], extra: Sequence[str], engine: str
) -> tuple[int, Report]:
    """One vcheck run (one JVM, in one of the run's engine slots), made again while it
    read a dialog too early (:func:`unread_dialogs`)."""
    command = [
        str(VCHECK),
        *engine_option(engine),
        str(module),
        *(str(save) for save in saves),
        *extra,
    ]
    for attempt in range(ENGINE_ATTEMPTS):
        if attempt:
            note_retry(engine, len(saves))
        completed = start_engine(
            command, engine, len(saves), timeout=run_timeout(len(saves)), check=False
        )
        report = vcheck_report(completed)
        if not unread_dialogs(report):
            break
    return completed.returncode, report


def run_vcheck(
    module: Path, save: Path | None = None, *extra: str, engine: str = MAIN_ENGINE
) -> tuple[int, Report]:
    """Run vcheck on ``engine`` and return its exit status and parsed JSON report; a run
    in which vcheck read a dialog too early (:func:`unread_dialogs`) is made again."""
    return _vcheck(module, [] if save is None else [save], extra, engine)


def _save_reports(code: int, report: Report, count: int, strict: bool) -> list[tuple[int, Report]]:
    """A several-save report as one report per save, each as a one-save run reports it:
    the module's own findings and each save's, its ``saved_game``, ``view`` and
    ``screenshots``; its exit status 0 when the module and it are clean (with
    ``strict`` of warnings and lint too), else 1, or the run's when it did not load."""
    entries = report.get("saved_games")
    if not isinstance(entries, list) or len(entries) != count:
        raise AssertionError(
            f"vcheck reported {len(entries) if isinstance(entries, list) else 'no'} of "
            f"{count} saves (exit {code}): {report.get('errors')}"
        )
    # The run's lists are the module's findings, then each save's prefixed with its name.
    module_findings = {
        key: report[key][: len(report[key]) - sum(len(entry[key]) for entry in entries)]
        for key in FINDINGS
    }
    module_bad = bool(
        module_findings["errors"]
        or (strict and (module_findings["warnings"] or module_findings["lint"]))
    )
    shared = {
        key: value for key, value in report.items() if key not in ("saved_games", "ok", *FINDINGS)
    }
    reports = []
    for entry in entries:
        own = {key: value for key, value in entry.items() if key in SAVE_OWN}
        one: Report = {
            **shared,
            **{key: value for key, value in own.items() if key not in (*FINDINGS, "ok")},
            **{key: module_findings[key] + entry[key] for key in FINDINGS},
            "ok": bool(entry["ok"]) and not module_bad,
            "saved_game": {key: value for key, value in entry.items() if key not in SAVE_OWN},
        }
        reports.append((code if code not in (0, 1) else 0 if one["ok"] else 1, one))
    return reports


def run_vcheck_saves(
    module: Path, saves: Sequence[Path], *extra: str, engine: str = MAIN_ENGINE
) -> list[tuple[int, Report]]:
    """Each of ``saves`` loaded in ``module`` in turn in one engine (one JVM: a save
    after the first costs about 1.5 s instead of a JVM's 8-10 s), as :func:`run_vcheck`
    reports each alone: exit status and report, in the order of ``saves``."""
    if not saves:
        raise ValueError("run_vcheck_saves needs at least one save (run_vcheck loads New Game)")
    if len(saves) == 1:
        return [run_vcheck(module, saves[0], *extra, engine=engine)]
    code, report = _vcheck(module, saves, extra, engine)
    return _save_reports(code, report, len(saves), "--strict" in extra)


def at_once(calls: Sequence[Callable[[], T]]) -> list[T]:
    """What each of ``calls`` returns, in order, the calls made side by side: as many
    engines run at once as the run's engine slots allow
    (:func:`tests.support.engine_slots.engine_slots`)."""
    with ThreadPoolExecutor(max_workers=engine_slots()) as pool:
        return list(pool.map(lambda call: call(), calls))


def run_vcheck_many(
    jobs: Sequence[tuple[Path, Path | None]],
    *extra: str,
    options: Sequence[Sequence[str]] = (),
    engines: Sequence[str] = (),
) -> list[tuple[int, Report]]:
    """:func:`run_vcheck` on each (module, save) of ``jobs`` with ``extra``, and with
    ``options[index]`` and on ``engines[index]`` for the job at ``index`` when given
    (else on :data:`MAIN_ENGINE`), as many at once as the run's engine slots allow; the
    reports come back in the order of ``jobs``. Several saves of one module go to
    :func:`run_vcheck_saves` instead, one JVM for them all."""
    own = list(options) + [()] * (len(jobs) - len(options))
    engine_of = list(engines) + [MAIN_ENGINE] * (len(jobs) - len(engines))
    return at_once(
        [
            partial(run_vcheck, module, save, *extra, *own[index], engine=engine_of[index])
            for index, (module, save) in enumerate(jobs)
        ]
    )
