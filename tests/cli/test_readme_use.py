"""Every command of the README's "Use" section runs as written (issue 21).

A newcomer has the checkout after ``bash scripts/install``: ``stavka`` on the path, the
modules and their set-up saves in ``dist/``, and the referee tests' positions. Each
command runs in a fresh folder holding the checkout's ``tests`` (the positions) and the
``dist`` that the section's own ``stavka build all`` wrote, so outputs such as
``checked.vsav`` never land in the checkout. ``stavka build all`` and the ``stavka pnp``
commands are the ones the test run makes its modules and PDFs with, once
(:mod:`tests.support.artefacts`): their runs are judged here, not made again. A
command must exit 0; an example shown with ``$`` and the line it prints must print
exactly that line and exit 2 (bad input). No command may change the game data in the
checkout: ``stavka map project dos`` rewrites ``games/dos/terrain.toml``, and must write
the same bytes back.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.artefacts import (
    BUILD_ALL,
    PAPERS,
    PNP_GAMES,
    CommandRun,
    Made,
    newcomer_folder,
    pnp_command,
)

ROOT = Path(__file__).resolve().parents[2]
STAVKA = Path(sys.executable).parent / "stavka"
BUILD = BUILD_ALL
TIMEOUT = 900
PRINTED = {pnp_command(game, paper) for game in PNP_GAMES for paper in PAPERS}
"""The ``stavka pnp`` commands whose runs the test run keeps (:func:`pdfs_made`)."""

pytestmark = pytest.mark.slow


def use_section() -> list[str]:
    """The lines of the README's "Use" section, up to the next section."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    start = lines.index("## Use")
    end = next(index for index in range(start + 1, len(lines)) if lines[index].startswith("## "))
    return lines[start + 1 : end]


def commands() -> list[str]:
    """Each command of the section's command block, without its comment."""
    return [
        re.sub(r"\s+#.*$", "", line.strip())
        for line in use_section()
        if line.startswith("    stavka ")
    ]


def bad_input_examples() -> list[tuple[str, str]]:
    """Each ``$ stavka …`` example and the one line it shows."""
    lines = use_section()
    return [
        (line.strip()[2:], lines[index + 1].strip())
        for index, line in enumerate(lines)
        if line.startswith("    $ stavka ")
    ]


def run(command: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """``command`` as a newcomer types it in ``folder``, ``stavka`` being the installed one."""
    arguments = shlex.split(command)
    assert arguments[0] == "stavka", command
    return subprocess.run(
        [str(STAVKA), *arguments[1:]],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def game_data() -> dict[Path, bytes]:
    return {
        path: path.read_bytes() for path in sorted((ROOT / "games").rglob("*")) if path.is_file()
    }


@pytest.fixture(scope="module")
def newcomer(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the checkout's positions and the ``dist`` ``stavka build all`` wrote."""
    return newcomer_folder(tmp_path_factory.mktemp("newcomer"), dist)


def _made_once(request: pytest.FixtureRequest, command: str) -> CommandRun | None:
    """The test run's own run of ``command``, if it is one of those the run makes once."""
    if command == BUILD:
        made: Made = request.getfixturevalue("dist_build")
    elif command in PRINTED:
        made = request.getfixturevalue("pnp_build")
    else:
        return None
    return made.runs[command]


def test_the_section_has_its_commands() -> None:
    assert BUILD in commands() and len(commands()) >= 20
    assert bad_input_examples()


@pytest.mark.parametrize(
    "command",
    [
        pytest.param(command, marks=pytest.mark.pdf) if command in PRINTED else command
        for command in commands()
    ],
)
def test_each_command_runs_as_written(
    newcomer: Path, request: pytest.FixtureRequest, command: str
) -> None:
    once = _made_once(request, command)
    if once is not None:
        assert once.returncode == 0, (command, once.stderr[-2000:])
        assert "Traceback" not in once.stderr
        assert not once.changed_game_data, (
            f"{command} changed the checkout's game data: {once.changed_game_data}"
        )
        return
    before = game_data()
    try:
        done = run(command, newcomer)
        assert done.returncode == 0, (command, done.stderr[-2000:])
        assert "Traceback" not in done.stderr
    finally:
        after = game_data()
        changed = [
            path
            for path in sorted(before.keys() | after.keys())
            if before.get(path) != after.get(path)
        ]
        for path in changed:
            if path in before:
                path.write_bytes(before[path])
            else:
                path.unlink()
    assert not changed, f"{command} changed the checkout's game data: {changed}"


@pytest.mark.parametrize(("command", "shown"), bad_input_examples())
def test_each_bad_input_example_prints_its_line_and_exits_2(
    newcomer: Path, command: str, shown: str
) -> None:
    done = run(command, newcomer)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", shown + "\n")
