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
import tempfile
import zipfile
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from lxml import etree

from builder.module.maps import MAP_HELPERS
from builder.module.grid import hex_grid_element
from rules.hexgrid import HexMap

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


def unread_dialogs(report: dict[str, object]) -> bool:
    """True when vcheck harvested a modal dialog with neither title nor text: one it
    read before the engine had put its contents in (issue 21, item 18).

    At every game start VASSAL 3.6 asks "New Session Beginning. Start new Logfile?" in
    an untitled question dialog (BasicLogger; the PromptNewLogAtStart preference is on
    in every fresh profile, and vcheck makes one per run). vcheck collects modal dialogs
    from a thread of its own and reads each once; on a loaded machine it can read this
    one while its option pane is still empty, and reports the warning ":". Such a run
    says nothing about the module, so it is made again; nothing else is excused."""
    dialogs = report.get("dialogs")
    return isinstance(dialogs, list) and any(
        isinstance(dialog, dict) and not dialog.get("title") and not dialog.get("text")
        for dialog in dialogs
    )


def engine_process(
    command: Sequence[str], timeout: float, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``command`` (vcheck, or a driver of it) run in a working folder of its own, which
    is removed after it.

    VASSAL writes where its working folder is: a ``save`` step (``GameState.saveGame``)
    puts an empty error log at ``CONF_DIR_IS_UNDEFINED/errorLog-VERSION``, relative to
    it: VASSAL's own logback.xml names its log ``${CONF_DIR}/errorLog-VERSION``, and the
    logback 1.2 vcheck runs, without janino, skips the ``<if>`` that defines CONF_DIR.
    Run from the checkout, that folder was committed once (issue 35, item 23)."""
    with tempfile.TemporaryDirectory(prefix="stavka-engine-") as folder:
        return subprocess.run(
            list(command),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
            cwd=folder,
            env=None if env is None else dict(env),
        )


def run_vcheck(
    module: Path, save: Path | None = None, *extra: str, engine: str = MAIN_ENGINE
) -> tuple[int, dict[str, object]]:
    """Run vcheck on ``engine`` and return its exit status and parsed JSON report; a run
    in which vcheck read a dialog too early (:func:`unread_dialogs`) is made again."""
    command = (
        [str(VCHECK), *engine_option(engine), str(module)]
        + ([str(save)] if save else [])
        + list(extra)
    )
    for _attempt in range(ENGINE_ATTEMPTS):
        completed = engine_process(command, timeout=600)
        try:
            report: dict[str, object] = json.loads(completed.stdout)
        except json.JSONDecodeError as error:
            raise AssertionError(
                f"vcheck printed no JSON (exit {completed.returncode}): {completed.stderr[-2000:]}"
            ) from error
        if not unread_dialogs(report):
            break
    return completed.returncode, report


ENGINE_WORKERS = max(1, min(4, os.cpu_count() or 1))
"""vcheck runs at once: each is a JVM of its own (300-400 MB), so one per core, two on
the 2-core machine the suite is written on, and never more than four."""


def run_vcheck_many(
    jobs: Sequence[tuple[Path, Path | None]],
    *extra: str,
    options: Sequence[Sequence[str]] = (),
    engines: Sequence[str] = (),
) -> list[tuple[int, dict[str, object]]]:
    """:func:`run_vcheck` on each (module, save) of ``jobs`` with ``extra``, and with
    ``options[index]`` and on ``engines[index]`` for the job at ``index`` when given
    (else on :data:`MAIN_ENGINE`), :data:`ENGINE_WORKERS` at a time; the reports come
    back in the order of ``jobs``."""
    own = list(options) + [()] * (len(jobs) - len(options))
    engine_of = list(engines) + [MAIN_ENGINE] * (len(jobs) - len(engines))

    def run(index: int) -> tuple[int, dict[str, object]]:
        module, save = jobs[index]
        return run_vcheck(module, save, *extra, *own[index], engine=engine_of[index])

    with ThreadPoolExecutor(max_workers=ENGINE_WORKERS) as pool:
        return list(pool.map(run, range(len(jobs))))
