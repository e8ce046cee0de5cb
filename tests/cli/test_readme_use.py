"""Every command of the README's "Use" section runs as written (issue 21).

A newcomer has the checkout after ``bash scripts/install``: ``stavka`` on the path, the
modules and their set-up saves in ``dist/``, and the referee tests' positions. Each
command runs in a fresh folder holding the checkout's ``tests`` (the positions) and the
``dist`` that the section's own ``stavka build all`` writes there, so outputs such as
``checked.vsav`` never land in the checkout. A command must exit 0; an example shown
with ``$`` and the line it prints must print exactly that line and exit 2 (bad input).
No command may change the game data in the checkout: ``stavka map project dos``
rewrites ``games/dos/terrain.toml``, and must write the same bytes back.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STAVKA = Path(sys.executable).parent / "stavka"
BUILD = "stavka build all"
TIMEOUT = 900

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
def newcomer(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """A folder with the checkout's positions, in which ``stavka build all`` has run."""
    folder = tmp_path_factory.mktemp("newcomer")
    (folder / "tests").symlink_to(ROOT / "tests", target_is_directory=True)
    return folder, run(BUILD, folder)


def test_the_section_has_its_commands() -> None:
    assert BUILD in commands() and len(commands()) >= 20
    assert bad_input_examples()


@pytest.mark.parametrize("command", commands())
def test_each_command_runs_as_written(
    newcomer: tuple[Path, subprocess.CompletedProcess[str]], command: str
) -> None:
    folder, built = newcomer
    before = game_data()
    try:
        done = built if command == BUILD else run(command, folder)
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
    newcomer: tuple[Path, subprocess.CompletedProcess[str]], command: str, shown: str
) -> None:
    folder, _ = newcomer
    done = run(command, folder)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", shown + "\n")
