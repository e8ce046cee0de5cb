"""A player installs Stavka from a fresh clone, with no JDK and without ``scripts/install``
(issue 39).

A fresh clone of this commit gives an sdist and a wheel (``python -m build``, on a PATH
holding only Python, git and pipx); each is installed into a new virtual environment away from
the checkout, builds a module whose referee plugin is the checkout's, byte for byte, and
answers the plugin's service. A newer commit's wheel then replaces the pipx install of an
older one. The README's "Install to play" is run as written. The committed jar those
installs carry is what ``plugin/src`` compiles to.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from builder.module.plugin import JAR, plugin_classes
from builder.vassal.metadata import parse_metadata

pytestmark = pytest.mark.slow
"""Builds, installs, upgrades and compiles in subprocesses: minutes, off the fast loop."""

ROOT = Path(__file__).resolve().parents[1]
NEWER = "<!-- a newer Stavka -->\n"
"""What the newer commit adds to the referee's help page, to be seen in its modules."""
PIP_CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pip"
"""The user's pip cache, shared so that each new environment does not download again."""


@dataclass(frozen=True)
class Player:
    """A player's machine in a folder: a home, a PATH with Python, git and pipx but no JDK,
    and pipx's folders, all of the folder's own."""

    folder: Path

    @property
    def environment(self) -> dict[str, str]:
        inherited = {
            key: value
            for key, value in os.environ.items()
            if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "STAVKA_GAMES", "JAVA_HOME")
            and not key.startswith("PIPX_")
        }
        return inherited | {
            "PATH": f"{self.folder / 'pipx-bin'}:{self.folder / 'bin'}",
            "HOME": str(self.folder / "home"),
            "XDG_CACHE_HOME": str(self.folder / "cache"),
            "PIP_CACHE_DIR": str(PIP_CACHE),
            "PIPX_HOME": str(self.folder / "pipx"),
            "PIPX_BIN_DIR": str(self.folder / "pipx-bin"),
        }

    def run(self, *command: str | Path, cwd: Path | None = None) -> str:
        """What ``command`` prints, run as this player; it must succeed."""
        completed = subprocess.run(
            [str(part) for part in command],
            cwd=cwd or self.folder,
            env=self.environment,
            capture_output=True,
            text=True,
            check=False,
        )
        assert completed.returncode == 0, (
            f"{' '.join(map(str, command))}: {completed.stdout[-1500:]} {completed.stderr[-1500:]}"
        )
        return completed.stdout


def new_player(folder: Path) -> Player:
    """A player with a fresh clone of this commit in ``folder / 'stavka'``."""
    (folder / "home").mkdir(parents=True)
    (folder / "bin").mkdir()
    for program in ("python3", "git", "pipx"):
        found = shutil.which(program)
        assert found is not None, f"{program} is missing: bash scripts/install installs it"
        (folder / "bin" / program).symlink_to(found)
    player = Player(folder)
    assert shutil.which("javac", path=player.environment["PATH"]) is None
    commit = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    player.run("git", "clone", "--quiet", ROOT, folder / "stavka")
    player.run("git", "-C", folder / "stavka", "checkout", "--quiet", commit)
    return player


def commit_newer(player: Player) -> None:
    """A commit in the player's clone that changes a shipped template."""
    clone = player.folder / "stavka"
    template = clone / "templates" / "module-referee.html.j2"
    template.write_text(template.read_text(encoding="utf-8") + NEWER, encoding="utf-8")
    player.run(
        "git",
        "-C",
        clone,
        "-c",
        "user.name=t",
        "-c",
        "user.email=t@example.org",
        "commit",
        "--quiet",
        "-am",
        "newer",
    )


@dataclass(frozen=True)
class Built:
    """An sdist and a wheel built from a fresh clone."""

    player: Player
    sdist: Path
    wheel: Path
    version: str


def build(player: Player, folder: str) -> Built:
    """The sdist and the wheel of the player's clone, as ``python -m build`` makes them."""
    out = player.folder / folder
    player.run(sys.executable, "-m", "build", "--outdir", out, player.folder / "stavka")
    (sdist,) = out.glob("stavka-*.tar.gz")
    (wheel,) = out.glob("stavka-*.whl")
    version = wheel.name.split("-")[1]
    return Built(player, sdist, wheel, version)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return build(new_player(tmp_path_factory.mktemp("install")), "dist")


def _installed(built: Built, what: Path, name: str) -> Path:
    """``what`` (the sdist or the wheel) installed into a new virtual environment; its
    ``stavka``."""
    venv = built.player.folder / name
    built.player.run(sys.executable, "-m", "venv", venv)
    built.player.run(venv / "bin" / "python", "-m", "pip", "install", "--quiet", what)
    return venv / "bin" / "stavka"


@pytest.fixture(scope="module", params=["wheel", "sdist"])
def installed(request: pytest.FixtureRequest, built: Built) -> Path:
    return _installed(built, getattr(built, request.param), f"venv-{request.param}")


def test_the_sdist_and_the_wheel_carry_the_committed_plugin_and_a_version_from_git(
    built: Built,
) -> None:
    committed = (ROOT / "plugin" / JAR).read_bytes()
    with zipfile.ZipFile(built.wheel) as wheel:
        assert wheel.read(f"rules/shipped/plugin/{JAR}") == committed
    with tarfile.open(built.sdist) as sdist:
        member = sdist.extractfile(f"stavka-{built.version}/rules/shipped/plugin/{JAR}")
        assert member is not None and member.read() == committed
    assert re.fullmatch(r"0\.1\.dev\d+\+g[0-9a-f]+", built.version), built.version
    assert built.sdist.name == f"stavka-{built.version}.tar.gz"


def test_an_install_builds_modules_with_the_checkouts_plugin_and_serves_the_referee(
    built: Built, installed: Path
) -> None:
    player = built.player
    folder = installed.parents[1] / "play"
    folder.mkdir()
    assert player.run(installed, "--version") == f"stavka, version {built.version}\n"
    player.run(installed, "build", "rks", "--dist", folder, cwd=folder)
    with zipfile.ZipFile(folder / "rks.vmod") as module:
        classes = {name: module.read(name) for name in module.namelist() if name.endswith(".class")}
        assert classes == dict(plugin_classes())
        assert parse_metadata(module.read("moduledata"), "moduledata").version == built.version
        (folder / "game.vsav").write_bytes(module.read("setups/rks-city.vsav"))
    request = {"args": ["check", str(folder / "game.vsav"), "--as", "German", "--format", "json"]}
    served = subprocess.run(
        [str(installed), "machine", "--serve"],
        input=json.dumps(request) + "\n",
        cwd=folder,
        env=player.environment,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    (line,) = served.stdout.splitlines()
    answer = json.loads(line)
    assert (answer["exit"], answer["stavka"]) == (0, built.version), answer
    assert answer["answer"]["version"] >= 1 and answer["answer"]["verdicts"]


def test_pipx_replaces_an_older_install_with_a_newer_wheel(built: Built) -> None:
    player = built.player
    player.run("pipx", "install", built.wheel)
    stavka = player.folder / "pipx-bin" / "stavka"
    assert player.run(stavka, "--version") == f"stavka, version {built.version}\n"
    commit_newer(player)
    newer = build(player, "dist-newer")
    assert newer.version != built.version
    player.run("pipx", "install", "--force", newer.wheel)
    assert player.run(stavka, "--version") == f"stavka, version {newer.version}\n"
    player.run(stavka, "build", "rks", "--dist", player.folder / "newer")
    with zipfile.ZipFile(player.folder / "newer" / "rks.vmod") as module:
        assert module.read("help/referee.html").decode().endswith(NEWER)
    site = next((player.folder / "pipx" / "venvs" / "stavka" / "lib").glob("python*/site-packages"))
    assert [path.name for path in site.glob("stavka-*.dist-info")] == [
        f"stavka-{newer.version}.dist-info"
    ]


def _readme_commands() -> list[str]:
    """The commands of the README's "Install to play", in order, as written."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("### Install to play\n", 1)[1].split("\n#", 1)[0]
    return [
        line[4:].split("  #", 1)[0].strip()
        for line in section.splitlines()
        if line.startswith("    ") and line.strip()
    ]


def test_the_readmes_install_to_play_works_as_written(tmp_path: Path) -> None:
    player = new_player(tmp_path)
    commands = _readme_commands()
    assert commands and any(command.startswith("pipx install") for command in commands)
    bash = shutil.which("bash")
    assert bash is not None
    for command in commands:
        player.run(bash, "-c", command, cwd=tmp_path / "stavka")
    assert (tmp_path / "pipx-bin" / "stavka").is_file()


def test_the_committed_jar_is_what_the_plugin_sources_compile_to(tmp_path: Path) -> None:
    fresh = tmp_path / JAR
    completed = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "plugin_jar.py"), "--out", str(fresh)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    committed = subprocess.run(
        ["git", "show", f"HEAD:plugin/{JAR}"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    assert fresh.read_bytes() == committed, (
        "plugin/stavka-referee.jar is not what plugin/src compiles to: run "
        ".venv/bin/python scripts/plugin_jar.py and commit the jar"
    )
