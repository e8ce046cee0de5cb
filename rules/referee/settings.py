"""Reading a position's ``[settings]``: the switches a game's referee reads, checked.

A setting says what the map and the counters cannot show (DoS: Taman active; TPS: each
flight's mission). Every value is a string; each game names the settings it knows, and
an unknown name is refused, so a typo cannot pass unnoticed. The parsers here are the
ones every game shares; a game's own formats are read by its settings module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.hexes import Hex
from rules.referee.engine import RefereeError
from rules.referee.position import Position


def with_settings(position: Position, given: Sequence[str]) -> Position:
    """``position`` with settings given as ``NAME=VALUE`` (the command line's ``--setting``),
    each replacing the position's own: how a save, which has no ``[settings]``, gets the
    optional rules and readings its players chose. The game's referee checks the names
    and values as it checks a position file's."""
    settings = dict(position.settings)
    lines = dict(position.setting_lines)
    for item in given:
        name, equals, value = (part.strip() for part in item.partition("="))
        if not equals or not name:
            raise RefereeError(position.source, "--setting", f"{item!r} is not NAME=VALUE")
        settings[name] = value
        lines.pop(name, None)
    return replace(position, settings=settings, setting_lines=lines)


class SettingsReader:
    """The settings of one position, refusing names the game does not know."""

    def __init__(self, position: Position, known: Sequence[str], game_title: str) -> None:
        self.position = position
        for name in position.settings:
            if name not in known:
                raise self.fail(name, f"not a {game_title} setting (known: {', '.join(known)})")

    def fail(self, name: str, message: str) -> RefereeError:
        """The error for a bad value of setting ``name``."""
        return RefereeError(
            self.position.source, self.position.setting_place(name), f"{name}: {message}"
        )

    def text(self, name: str, default: str = "") -> str:
        """The raw value, or ``default`` when the setting is not given."""
        return self.position.setting(name, default)

    def given(self, name: str) -> bool:
        """Whether the position states this setting at all."""
        return name in self.position.settings

    def choice(self, name: str, allowed: Sequence[str], default: str) -> str:
        """One of ``allowed``."""
        value = self.text(name, default)
        if value not in allowed:
            raise self.fail(name, f"{value!r} is not one of {', '.join(allowed)}")
        return value

    def yes(self, name: str) -> bool:
        """A ``yes``/``no`` switch, ``no`` by default."""
        return self.choice(name, ("yes", "no"), "no") == "yes"

    def whole_number(self, name: str, maximum: int | None = None) -> int:
        """A whole number from 0 (to ``maximum``), 0 by default."""
        value = self.text(name, "0")
        # ASCII digits only ("²" is a digit to str.isdigit but not to int), and few
        # enough that int() neither refuses nor spends time on them.
        plain = value.isascii() and value.isdigit() and len(value) <= 9
        if maximum is None:
            if not plain:
                raise self.fail(name, f"{value!r} is not a whole number")
            return int(value)
        if not plain or int(value) > maximum:
            raise self.fail(name, f"{value!r} is not a whole number from 0 to {maximum}")
        return int(value)

    def words(self, name: str) -> list[str]:
        """A list separated by spaces or commas."""
        return self.text(name).replace(",", " ").split()

    def hexes(self, name: str) -> frozenset[Hex]:
        """A list of printed hex numbers, each checked against the game's boards."""
        found = set()
        for word in self.words(name):
            parsed = self.position.spec.parse_hex(word)
            if parsed is None:
                raise self.fail(name, f"unknown hex {word!r}")
            found.add(parsed[1])
        return frozenset(found)
