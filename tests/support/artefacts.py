"""What Stavka writes that many tests read, made once per test run as a player makes it.

``stavka build all`` (the modules and their set-ups in ``dist/``) and ``stavka pnp GAME``
on both papers (the print-and-play PDFs) run as the README says, with the checkout's
``stavka``, each in a folder of the run's own: the first process of the run to need them
runs them (:func:`tests.support.once.computed_once`), every other reads the same files.
Each command's run is kept (:class:`CommandRun`), so the tests of the README's commands
and of the wheel judge these runs rather than run the same commands again; a copy of
the modules goes to each folder in which a test runs further commands
(:func:`newcomer_folder`), so no test writes into the shared one.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

import pytest

from tests.support.once import computed_once

ROOT = Path(__file__).resolve().parents[2]
STAVKA = Path(sys.executable).with_name("stavka")
TIMEOUT = 900
MODULE_GAMES = ("dos", "rks", "tps")
"""The shipped games whose modules the module tests load (The Ford is the data referee's)."""
PNP_GAMES = ("tps", "dos", "rks")
PAPERS = ("a4", "letter")
BUILD_ALL = "stavka build all"


def pnp_command(game: str, paper: str) -> str:
    """The command that prints ``game`` on ``paper``, as a player types it (A4 is the default)."""
    return f"stavka pnp {game}" + ("" if paper == "a4" else f" --paper {paper}")


@dataclass(frozen=True)
class CommandRun:
    """A ``stavka`` command run in a folder: what it printed and how it ended."""

    command: str
    returncode: int
    stdout: str
    stderr: str
    changed_game_data: tuple[str, ...]
    """Files under the checkout's ``games/`` whose bytes the command changed."""


def game_data() -> dict[str, str]:
    """A digest of every file of the checkout's game data, by path."""
    return {
        str(path.relative_to(ROOT)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted((ROOT / "games").rglob("*"))
        if path.is_file()
    }


def run_stavka(command: str, folder: Path) -> CommandRun:
    """``command`` (``stavka …``) as a player types it in ``folder``, ``stavka`` being the
    checkout's."""
    arguments = shlex.split(command)
    assert arguments[0] == "stavka", command
    before = game_data()
    completed = subprocess.run(
        [str(STAVKA), *arguments[1:]],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    after = game_data()
    changed = tuple(
        path for path in sorted(before.keys() | after.keys()) if before.get(path) != after.get(path)
    )
    return CommandRun(command, completed.returncode, completed.stdout, completed.stderr, changed)


@dataclass(frozen=True)
class Made:
    """A folder in which commands ran, and their runs by command."""

    folder: Path
    runs: dict[str, CommandRun]

    def clean(self) -> Made:
        """These outputs, once every command is known to have ended well."""
        for run in self.runs.values():
            assert run.returncode == 0 and not run.changed_game_data, (
                run.command,
                run.stderr[-2000:],
                run.changed_game_data,
            )
        return self


def _made(factory: pytest.TempPathFactory, name: str, commands: list[str]) -> Made:
    """The runs of ``commands`` in a folder of the run's own, made once per run, as many
    at once as there are cores."""

    def run_all(folder: Path) -> dict[str, object]:
        with ThreadPoolExecutor(max_workers=len(os.sched_getaffinity(0))) as pool:
            runs = list(pool.map(lambda command: run_stavka(command, folder), commands))
        return {"folder": str(folder), "runs": [asdict(run) for run in runs]}

    made = computed_once(factory, name, run_all)
    runs = [
        CommandRun(**{**run, "changed_game_data": tuple(run["changed_game_data"])})
        for run in made["runs"]
    ]
    return Made(Path(made["folder"]), {run.command: run for run in runs})


def modules_made(factory: pytest.TempPathFactory) -> Made:
    """``stavka build all``, run once per test run: ``dist/`` in its folder holds every
    shipped game's module and ``dist/setups/`` their set-ups."""
    return _made(factory, "dist", [BUILD_ALL])


def pdfs_made(factory: pytest.TempPathFactory) -> Made:
    """``stavka pnp GAME`` of every shipped game on both papers, run once per test run:
    ``dist/GAME-pnp-PAPER.pdf`` in its folder."""
    return _made(
        factory, "pnp", [pnp_command(game, paper) for game in PNP_GAMES for paper in PAPERS]
    )


def newcomer_folder(folder: Path, dist: Path) -> Path:
    """``folder`` as a newcomer's checkout has it after ``bash scripts/install``: the
    checkout's ``tests`` (the positions the README names) and a copy of the ``dist``
    ``stavka build all`` wrote, for commands that write beside it."""
    (folder / "tests").symlink_to(ROOT / "tests", target_is_directory=True)
    shutil.copytree(dist, folder / "dist")
    return folder
