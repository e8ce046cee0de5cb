"""The wheel a player installs carries everything Stavka needs (issue 25).

The wheel is built from the checkout as ``README.md`` says (``python -m build``), installed
into a new virtual environment in a temporary folder, and run from there, away from the
checkout. A player's first session — list the games, build the modules, print Rattenkrieg,
check and report a set-up save — must answer as the checkout's ``stavka`` does and write
the same bytes: the shipped games, fonts and templates must all have come along. The
checkout's ``stavka build all`` and ``stavka pnp rks`` are the test run's own runs of
them, made once for every test (:mod:`tests.support.artefacts`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.release import stavka_version
from builder.vassal.metadata import parse_metadata
from tests.support.artefacts import Made

pytestmark = [pytest.mark.slow, pytest.mark.pdf]

ROOT = Path(__file__).resolve().parents[1]
VERSION = stavka_version()
"""The checkout's version, git's, which a wheel built from it records too."""
GAMES = ("dos", "ford", "lanner", "rks", "tps")
SETUP_SAVE = "setups/tps-1.vsav"
"""Turning Point's first scenario as its module sets it up."""


@dataclass(frozen=True)
class Session:
    """What one ``stavka`` printed and wrote in a player's first session, in its own folder."""

    program: Path
    folder: Path
    printed: dict[str, str]

    def file(self, name: str) -> bytes:
        """The bytes of a file the session wrote."""
        return (self.folder / name).read_bytes()


def _play(program: Path, folder: Path, made: Mapping[str, Made] | None = None) -> Session:
    """Run a player's first session with ``program`` in ``folder``, nothing of the checkout's
    on its path and a game data cache of its own; a command ``made`` holds already ran
    for the test run (``stavka`` being the checkout's): what it printed is taken, and what
    it wrote linked into ``folder``."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "PYTHONHOME", "STAVKA_GAMES", "VIRTUAL_ENV")
    }
    environment["XDG_CACHE_HOME"] = str(folder / "cache")
    printed = {}

    def stavka(*arguments: str) -> None:
        command = " ".join(arguments)
        if made is not None and command in made:
            run = made[command].runs[f"stavka {command}"]
            assert run.returncode == 0, f"stavka {command}: {run.stderr[-2000:]}"
            shutil.copytree(
                made[command].folder / "dist",
                folder / "dist",
                copy_function=os.link,
                dirs_exist_ok=True,
            )
            printed[command] = run.stdout
            return
        completed = subprocess.run(
            [str(program), *arguments],
            cwd=folder,
            env=environment,
            capture_output=True,
            text=True,
            check=False,
        )
        assert completed.returncode == 0, (
            f"{program} {' '.join(arguments)}: {completed.stderr[-2000:]}"
        )
        printed[" ".join(arguments)] = completed.stdout

    stavka("--version")
    stavka("games")
    stavka("build", "all")
    stavka("pnp", "rks")
    with zipfile.ZipFile(folder / "dist" / "tps.vmod") as module:
        (folder / "game.vsav").write_bytes(module.read(SETUP_SAVE))
    stavka("check", "game.vsav")
    stavka("report", "game.vsav", "-o", "game.html")
    return Session(program, folder, printed)


def _succeed(*command: str) -> None:
    completed = subprocess.run(command, capture_output=True, text=True, check=False)
    assert completed.returncode == 0, f"{' '.join(command)}: {completed.stderr[-2000:]}"


def _install_and_play(work: Path) -> Session:
    """The session run by ``stavka`` from a fresh virtual environment in ``work`` holding only
    the wheel and its dependencies."""
    _succeed(sys.executable, "-m", "build", "--outdir", str(work / "wheel"), str(ROOT))
    (wheel,) = (work / "wheel").glob("stavka-*.whl")
    _succeed(sys.executable, "-m", "venv", str(work / "venv"))
    _succeed(str(work / "venv" / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel))
    (work / "player").mkdir()
    return _play(work / "venv" / "bin" / "stavka", work / "player")


@pytest.fixture(scope="module")
def sessions(
    dist_build: Made, pnp_build: Made, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Session, Session]:
    """The session with the installed wheel, and the same session with the checkout's own
    ``stavka`` in a temporary folder too."""
    checkout = _play(
        Path(sys.executable).with_name("stavka"),
        tmp_path_factory.mktemp("checkout"),
        {"build all": dist_build, "pnp rks": pnp_build},
    )
    return _install_and_play(tmp_path_factory.mktemp("wheel")), checkout


@pytest.fixture(scope="module")
def installed(sessions: tuple[Session, Session]) -> Session:
    return sessions[0]


@pytest.fixture(scope="module")
def checkout(sessions: tuple[Session, Session]) -> Session:
    return sessions[1]


def test_the_installed_stavka_runs_the_wheels_code(installed: Session) -> None:
    probe = subprocess.run(
        [
            str(installed.program.with_name("python")),
            "-c",
            "import rules, builder; print(rules.__file__); print(builder.__file__)",
        ],
        cwd=installed.folder,
        capture_output=True,
        text=True,
        check=True,
    )
    venv = installed.program.parents[1]
    assert [Path(line).is_relative_to(venv) for line in probe.stdout.splitlines()] == [True, True]
    assert installed.printed["--version"] == f"stavka, version {VERSION}\n"


def test_it_prints_what_the_checkout_prints(installed: Session, checkout: Session) -> None:
    assert [line.split()[0] for line in installed.printed["games"].splitlines()] == list(GAMES)
    assert "Turning Point" in installed.printed["check game.vsav"]
    assert installed.printed == checkout.printed


def test_its_modules_are_the_checkouts_byte_for_byte(installed: Session, checkout: Session) -> None:
    for game in GAMES:
        module = installed.file(f"dist/{game}.vmod")
        assert module == checkout.file(f"dist/{game}.vmod"), game
        with zipfile.ZipFile(installed.folder / "dist" / f"{game}.vmod") as archive:
            assert parse_metadata(archive.read("moduledata"), "moduledata").version == VERSION


def test_its_print_and_play_is_the_checkouts_byte_for_byte(
    installed: Session, checkout: Session
) -> None:
    assert installed.file("dist/rks-pnp-a4.pdf") == checkout.file("dist/rks-pnp-a4.pdf")
    metadata = PdfReader(installed.folder / "dist" / "rks-pnp-a4.pdf").metadata
    assert metadata is not None and metadata.creator == f"Stavka {VERSION}"


def test_its_report_is_the_checkouts_byte_for_byte(installed: Session, checkout: Session) -> None:
    page = installed.file("game.html")
    assert page == checkout.file("game.html")
    assert f'<meta name="generator" content="Stavka report {VERSION}">'.encode() in page
