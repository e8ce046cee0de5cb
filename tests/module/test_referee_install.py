"""How the referee plugin finds Stavka, in the real engine (issue 39; 35.13): where pipx
puts it when it is not on the PATH, saying on its first answer which one answered, and
what a player without Stavka, or with one too old, is told to install."""

from __future__ import annotations

import re
import subprocess
import zipfile
from pathlib import Path

from builder.cli.machine import INTERFACE_VERSION
from builder.release import wheel_name
from builder.vassal.metadata import parse_metadata
from tests.support.engine import IN_ENGINE
from tests.support.plugin import STAVKA, answer_time, play, plugin_lines
from tests.support.answer_waits import ANSWER, FIRST_ANSWER
from tests.support.plugin_scenes import move_step

pytestmark = IN_ENGINE

SAVE = ("rks", "city")
SIDE: dict[str, object] = {"side": "German"}
PIPX_HOME_FOLDER = r"/\S+/home/\.local/bin"
"""pipx's folder in the home vcheck gives each Player it runs (a new one each time)."""


def _module_version(module: Path) -> str:
    with zipfile.ZipFile(module) as archive:
        return parse_metadata(archive.read("moduledata"), "moduledata").version


def test_stavka_in_pipxs_folder_is_found_off_the_path_and_named_once(
    built: dict[str, Path], setup_saves: dict[tuple[str, str], Path], tmp_path: Path
) -> None:
    pipx_folder = tmp_path / "pipx-bin"
    pipx_folder.mkdir()
    (pipx_folder / "stavka").symlink_to(STAVKA)
    steps: list[dict[str, object]] = [
        SIDE,
        {"button": "Referee"},
        FIRST_ANSWER,
        {"button": "Referee"},
        ANSWER,
    ]
    report = play(
        built["rks"],
        setup_saves[SAVE],
        steps,
        tmp_path,
        with_stavka=False,
        environment={"PIPX_BIN_DIR": str(pipx_folder)},
    )
    actions = report["actions"]
    assert all(action["errors"] == [] for action in actions)
    first, second = plugin_lines(actions[1:3]), plugin_lines(actions[3:5])
    named = re.fullmatch(
        rf"asking Stavka (\S+) at {re.escape(str(pipx_folder / 'stavka'))} \(in pipx's folder\)\.",
        first[0],
    )
    assert named is not None, first
    version = subprocess.run(
        [STAVKA, "--version"], capture_output=True, text=True, check=True
    ).stdout
    assert version == f"stavka, version {named.group(1)}\n"
    assert answer_time(first) > 0 and answer_time(second) > 0
    assert not any(line.startswith("asking ") for line in second)


def test_without_stavka_what_to_install_once_and_the_player_keeps_working(
    built: dict[str, Path], setup_saves: dict[tuple[str, str], Path], tmp_path: Path
) -> None:
    steps: list[dict[str, object]] = [
        SIDE,
        {"button": "Referee"},
        FIRST_ANSWER,
        {"button": "Referee"},
        ANSWER,
        move_step("14pz", "Orlovka"),
    ]
    report = play(
        built["rks"],
        setup_saves[SAVE],
        steps,
        tmp_path,
        with_stavka=False,
        environment={"PIPX_BIN_DIR": str(tmp_path / "pipx-bin")},
    )
    actions = report["actions"]
    assert all(action["errors"] == [] for action in actions)
    first, second = plugin_lines(actions[1:3]), plugin_lines(actions[3:5])
    looked = re.escape(f"not on the PATH nor in {tmp_path / 'pipx-bin'} or ") + PIPX_HOME_FOLDER
    wheel = re.escape(wheel_name(_module_version(built["rks"])))
    assert len(first) == 1 and re.fullmatch(
        rf"this button asks Stavka, the referee program, which is not installed \({looked}\)\. "
        rf"Install it with one line, pipx install --force {wheel}, and press again; the game "
        r"plays on without it\. Help > Referee says more\.",
        first[0],
    ), first
    assert len(second) == 1 and re.fullmatch(
        rf"Stavka is not installed \({looked}\); Help > Referee says more\.", second[0]
    ), second
    assert actions[5]["changed"]


def test_a_stavka_too_old_for_the_module_is_named_with_the_version_wanted(
    built: dict[str, Path], setup_saves: dict[tuple[str, str], Path], tmp_path: Path
) -> None:
    folder = tmp_path / "bin"
    folder.mkdir()
    # A Stavka from before the referee service: it names its version, and has no machine command.
    old = folder / "stavka"
    old.write_text(
        "#!/bin/sh\n"
        'if [ "$1" = --version ]; then echo "stavka, version 0.0.1"; exit 0; fi\n'
        "echo \"stavka: No such command 'machine'.\" >&2\nexit 2\n",
        encoding="utf-8",
    )
    old.chmod(0o755)
    steps: list[dict[str, object]] = [SIDE, {"button": "Referee"}, FIRST_ANSWER]
    report = play(
        built["rks"],
        setup_saves[SAVE],
        steps,
        tmp_path,
        stavka_folder=folder,
    )
    version = _module_version(built["rks"])
    assert plugin_lines(report["actions"]) == [
        f"this module's referee needs Stavka {version} or newer (machine interface {INTERFACE_VERSION}); "
        f"{old} (on the PATH) is Stavka 0.0.1 (no referee service). Install it with one line, "
        f"pipx install --force {wheel_name(version)}, and press again. Help > Referee says more."
    ]
