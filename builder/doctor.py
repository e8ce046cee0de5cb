"""``stavka doctor``: whether this Stavka is installed so that a player can use it, and
for each thing that is not, the one command (or the one step) that fixes it.

It checks what a player's trouble comes from: the Python running Stavka, the install
(its version, its shipped files and plugin, and which ``stavka`` a module's referee
plugin would find, looking where the plugin looks: the PATH, then pipx's folder), the
shipped games' data, a module's referee plugin against this install's, the game data
cache folder, and Java and VASSAL where they are found (neither is needed to build,
check or audit; the Player needs both).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from builder.module.plugin import plugin_classes
from builder.release import install_lines, stavka_version
from builder.saves.names import module_name
from builder.vassal.savefile import read_module_entries_at
from rules.data.cache import cache_directory
from rules.data.loader import games_directory, load_game, shipped_games
from rules.errors import StavkaError
from rules.referee.games import check_game_data
from rules.resources import checkout, shipped

PYTHON_NEEDED = (3, 11)
JAVA_NEEDED = 11
"""VASSAL 3.6, the oldest engine the plugin supports, runs on Java 11."""
VASSAL_NEEDED = (3, 6)
PROGRAM_LIMIT_SECONDS = 10
WINDOWS = os.name == "nt"
PROGRAM = "stavka.exe" if WINDOWS else "stavka"
VASSAL_SITE = "https://vassalengine.org"


@dataclass(frozen=True)
class Finding:
    """One thing checked: what was found, and the fix when something is wrong."""

    subject: str
    found: str
    fix: str | None = None

    @property
    def wrong(self) -> bool:
        return self.fix is not None


def reinstall() -> str:
    """The one command that makes this install whole again."""
    root = checkout()
    if root is not None:
        return f"bash {root / 'scripts' / 'install'}"
    return next(line.install for line in install_lines(stavka_version()) if line.system == system())


def system() -> str:
    """This system as the install lines name it."""
    return "Windows" if WINDOWS else "macOS" if sys.platform == "darwin" else "Linux"


def python_finding(version: Sequence[int] = sys.version_info[:3]) -> Finding:
    found = f"{'.'.join(map(str, version))} at {sys.executable}"
    if tuple(version[:2]) >= PYTHON_NEEDED:
        return Finding("Python", found)
    return Finding(
        "Python",
        f"{found}; Stavka needs {'.'.join(map(str, PYTHON_NEEDED))} or newer",
        "pipx reinstall --python python3.11 stavka",
    )


def this_program() -> Path:
    """The ``stavka`` program of the environment running this Stavka."""
    folder = Path(sys.executable).parent
    return folder / PROGRAM


def pipx_folders() -> list[Path]:
    """pipx's bin folders as the plugin looks in them: ``PIPX_BIN_DIR``, then
    ``.local/bin`` in the home folder (``USERPROFILE`` on Windows, else ``HOME``)."""
    pipx = os.environ.get("PIPX_BIN_DIR")
    home = os.environ.get("USERPROFILE" if WINDOWS else "HOME") or str(Path.home())
    return [*([Path(pipx)] if pipx else []), Path(home) / ".local" / "bin"]


def plugin_finds() -> tuple[Path, str] | None:
    """The ``stavka`` a module's referee plugin runs when its preference is empty, and
    where it found it: the first on the PATH, else in pipx's folder (StavkaProgram.java)."""
    on_path = [Path(folder) for folder in os.environ.get("PATH", "").split(os.pathsep) if folder]
    for folders, where in ((on_path, "on the PATH"), (pipx_folders(), "in pipx's folder")):
        for folder in folders:
            candidate = folder / PROGRAM
            if candidate.is_file() and os.access(candidate, os.X_OK):
                return candidate, where
    return None


def program_version(program: Path) -> str | None:
    """What ``program --version`` names, or None."""
    try:
        completed = subprocess.run(
            [str(program), "--version"],
            capture_output=True,
            text=True,
            timeout=PROGRAM_LIMIT_SECONDS,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    match = re.match(r"stavka, version (\S+)", completed.stdout)
    return match.group(1) if match else None


def install_findings() -> list[Finding]:
    """This Stavka's version and kind of install, its shipped files, and the ``stavka``
    a module's referee would ask."""
    root = checkout()
    kind = f"a checkout at {root}" if root is not None else f"installed in {sys.prefix}"
    findings = [Finding("Stavka", f"{stavka_version()}, {kind}")]
    missing = [kind for kind in ("games", "fonts", "templates") if not shipped(kind).is_dir()]
    try:
        classes = len(plugin_classes())
    except StavkaError as error:
        findings.append(Finding("plugin", error.one_line(), reinstall()))
    else:
        findings.append(Finding("plugin", f"the referee plugin, {classes} classes"))
    if missing:
        findings.append(Finding("files", f"missing: {', '.join(missing)}", reinstall()))
    findings.append(_referee_finding())
    return findings


def _referee_finding() -> Finding:
    mine = this_program()
    found = plugin_finds()
    if found is None:
        return Finding(
            "referee",
            f"a module's referee will not find stavka: it is not on the PATH nor in "
            f"{' or '.join(str(folder) for folder in pipx_folders())}",
            f"in VASSAL, name {mine} in File > Preferences > Stavka",
        )
    program, where = found
    if program.resolve() == mine.resolve():
        return Finding("referee", f"a module's referee will ask this Stavka: {program} ({where})")
    version = program_version(program)
    if version == stavka_version():
        return Finding("referee", f"a module's referee will ask {program} ({where}), {version}")
    return Finding(
        "referee",
        f"a module's referee will ask {program} ({where}), which is "
        f"{'Stavka ' + version if version else 'not a working Stavka'}, not this one",
        f"in VASSAL, name {mine} in File > Preferences > Stavka",
    )


def game_findings() -> list[Finding]:
    """Each shipped game's data, loaded and checked as the referee reads it."""
    names = shipped_games()
    if not names:
        return [Finding("games", f"no games under {games_directory()}", reinstall())]
    findings = []
    for name in names:
        try:
            spec = load_game(name)
            check_game_data(spec)
        except StavkaError as error:
            fix = reinstall() if checkout() is None else f"edit it, then: stavka validate {name}"
            findings.append(Finding(f"game {name}", error.one_line(), fix))
        else:
            findings.append(Finding(f"game {name}", f"{spec.title}: its data loads and checks"))
    return findings


def module_finding(module: Path) -> Finding:
    """Whether ``module`` carries this install's referee plugin; bad input raises."""
    classes = dict(plugin_classes())
    metadata, entries = read_module_entries_at(module, classes)
    name = f"{metadata.name} {metadata.version}".strip()
    if not entries:
        return Finding(
            "module",
            f"{module} ({name}) has no Stavka referee plugin; its saves can still be "
            f"checked in a terminal: stavka check SAVE --module {module}",
        )
    if entries == classes:
        return Finding("module", f"{module} ({name}) carries this Stavka's referee plugin")
    game = next(
        (game for game in shipped_games() if module_name(load_game(game)) == metadata.name), None
    )
    return Finding(
        "module",
        f"{module} ({name}) carries another Stavka's referee plugin (built by "
        f"{metadata.version or 'an unknown version'}; this is {stavka_version()})",
        f"stavka build {game} -o '{module}'" if game else "build it again with this Stavka",
    )


def cache_finding(folder: Path | None = None) -> Finding:
    """Whether the game data cache folder can be written (only copies live there)."""
    cache = cache_directory() if folder is None else folder
    remove = f'rmdir /s /q "{cache}"' if WINDOWS else f"rm -rf '{cache}'"
    if not cache.exists():
        return Finding("cache", f"{cache} (made on first use)")
    if not cache.is_dir():
        return Finding("cache", f"{cache} is not a folder", remove)
    try:
        with tempfile.TemporaryFile(dir=cache):
            pass
    except OSError as error:
        return Finding("cache", f"{cache} cannot be written ({error.strerror})", remove)
    entries = sum(1 for _ in cache.iterdir())
    return Finding("cache", f"{cache}, {entries} entries")


def java_finding() -> Finding:
    """The Java on the PATH, if any: VASSAL 3.6 and later need Java 11."""
    java = shutil.which("java")
    if java is None:
        return Finding(
            "Java", "none on the PATH (VASSAL's installers for Windows and macOS bring their own)"
        )
    try:
        completed = subprocess.run(
            [java, "-version"],
            capture_output=True,
            text=True,
            timeout=PROGRAM_LIMIT_SECONDS,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return Finding("Java", f"{java} does not run ({error})", _java_fix())
    match = re.search(r'version "(\d+)(?:\.(\d+))?', completed.stderr + completed.stdout)
    if match is None:
        return Finding("Java", f"{java} names no version", _java_fix())
    major = int(match.group(1)) if match.group(1) != "1" else int(match.group(2) or 0)
    if major < JAVA_NEEDED:
        return Finding("Java", f"{java} is Java {major}; VASSAL needs {JAVA_NEEDED}", _java_fix())
    return Finding("Java", f"Java {major} at {java}")


def _java_fix() -> str:
    if system() == "Linux":
        return "sudo apt install default-jre"
    return f"install VASSAL from {VASSAL_SITE}, which brings its own Java"


def vassal_places() -> list[Path]:
    """Where VASSAL's installers put it on this system, one pattern each."""
    home = Path.home()
    if WINDOWS:
        roots = [
            os.environ.get("ProgramFiles", r"C:\Program Files"),
            os.environ.get("LOCALAPPDATA"),
        ]
        return [Path(root) for root in roots if root]
    if sys.platform == "darwin":
        return [Path("/Applications"), home / "Applications"]
    return [home, Path("/opt"), Path("/usr/local")]


def vassal_finding(places: Sequence[Path] | None = None) -> Finding:
    """The newest VASSAL found where its installers put it (a ``VASSAL-3.7.15`` folder or
    ``VASSAL.app``); none found is no fault: it may be elsewhere."""
    versions: list[tuple[tuple[int, ...], Path]] = []
    for place in vassal_places() if places is None else places:
        try:
            children = list(place.iterdir())
        except OSError:
            continue
        for child in children:
            match = re.fullmatch(r"VASSAL-(\d+(?:\.\d+)*)(?:\.app)?", child.name, re.IGNORECASE)
            if match and child.is_dir():
                versions.append((tuple(int(part) for part in match.group(1).split(".")), child))
    if not versions:
        return Finding(
            "VASSAL", f"not found in the usual folders (VASSAL 3.6 or newer: {VASSAL_SITE})"
        )
    version, folder = max(versions)
    named = ".".join(map(str, version))
    if version[:2] < VASSAL_NEEDED:
        return Finding(
            "VASSAL",
            f"{named} at {folder}; the referee plugin needs 3.6 or newer",
            f"install VASSAL 3.7 or newer from {VASSAL_SITE}",
        )
    return Finding("VASSAL", f"{named} at {folder}")


def examine(module: Path | None) -> list[Finding]:
    """Everything ``stavka doctor`` checks, in the order it prints them."""
    return [
        python_finding(),
        *install_findings(),
        *game_findings(),
        *([module_finding(module)] if module is not None else []),
        cache_finding(),
        java_finding(),
        vassal_finding(),
    ]


def report_lines(findings: Sequence[Finding]) -> list[str]:
    """One line per finding, and under each wrong one the fix; then the verdict."""
    lines = []
    for finding in findings:
        lines.append(f"{'fix ' if finding.wrong else 'ok  '} {finding.subject}: {finding.found}")
        if finding.fix is not None:
            lines.append(f"       {finding.fix}")
    wrong = sum(1 for finding in findings if finding.wrong)
    lines.append("all is well" if not wrong else f"{wrong} to fix")
    return lines
