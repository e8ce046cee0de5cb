"""Typed, checked reading of TOML tables, every complaint placed on its file and line.

Game data is edited by hand by people transcribing their own copy of a game, so every
reader here checks type, range and spelling (unknown keys included) and reports the
first problem as a :class:`rules.errors.DataError` naming file and line.
"""

from __future__ import annotations

import math

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules.data.source import KeyPath, TomlSource
from rules.errors import DataError

PROVENANCE_KEYS = ("source", "reconstructed", "note")


@dataclass(frozen=True)
class Provenance:
    """Where a value comes from: a rule or other source, or a reconstruction with its reason.

    Stavka rebuilds what the printed games do not give (maps, counter values, the DoS
    tables), so every value says whether it is the publisher's or ours.
    """

    source: str | None = None
    reconstructed: bool = False
    note: str | None = None

    def describe(self) -> str:
        """One phrase for reports: ``rule 7.3`` or ``reconstructed: <note>``."""
        if self.reconstructed:
            return f"reconstructed: {self.note}" if self.note else "reconstructed"
        return self.source or "unsourced"


@dataclass(frozen=True)
class Table:
    """A TOML table at ``path`` of ``source``, read through checked accessors."""

    source: TomlSource
    path: KeyPath
    values: Mapping[str, Any]

    @classmethod
    def root(cls, source: TomlSource) -> Table:
        """The whole file as a table."""
        return cls(source, (), source.data)

    def error(
        self, message: str, key: str | int | None = None, literal: str | None = None
    ) -> DataError:
        """A :class:`DataError` placed on the line of ``key`` (or of this table)."""
        path = self.path if key is None else self.path + (key,)
        return self.source.error(path, message, literal)

    def item_error(self, message: str, key: str, index: int) -> DataError:
        """A :class:`DataError` placed on the line where entry ``index`` of the array
        ``key`` starts: a bad CRT row is reported on its own line, not the array's."""
        return DataError(
            self.source.path, self.source.item_line(self.path + (key,), index), message
        )

    def where(self, key: str | None = None) -> str:
        """``file:line`` of ``key`` (or this table), for messages that point elsewhere."""
        path = self.path if key is None else self.path + (key,)
        line = self.source.line_of(path)
        return f"{self.source.path}:{line}" if line else str(self.source.path)

    def only(self, *allowed: str) -> None:
        """Reject keys outside ``allowed`` (provenance keys are always allowed): catches typos."""
        known = set(allowed) | set(PROVENANCE_KEYS)
        for key in self.values:
            if key not in known:
                raise self.error(
                    f"unknown key {key!r} (expected one of: {', '.join(sorted(known))})", key
                )

    def has(self, key: str) -> bool:
        """True when ``key`` is present."""
        return key in self.values

    def _raw(self, key: str, required: bool) -> Any:
        if key not in self.values:
            if required:
                raise self.error(f"missing key {key!r}")
            return None
        return self.values[key]

    def text(self, key: str, default: str | None = None) -> str:
        """A string value; required unless ``default`` is given."""
        value = self._raw(key, default is None)
        if value is None:
            assert default is not None
            return default
        if not isinstance(value, str):
            raise self.error(f"{key!r} must be a string, not {_kind(value)}", key)
        return value

    def optional_text(self, key: str) -> str | None:
        """A string value, or None when absent."""
        return self.text(key) if key in self.values else None

    def integer(
        self,
        key: str,
        default: int | None = None,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> int:
        """An integer within [minimum, maximum]; required unless ``default`` is given."""
        value = self._raw(key, default is None)
        if value is None:
            assert default is not None
            return default
        return self._check_integer(key, value, minimum, maximum)

    def _check_integer(
        self, key: str | int, value: Any, minimum: int | None, maximum: int | None
    ) -> int:
        if isinstance(value, float):
            raise self.error(f"{key!r} must be a whole number, not the fraction {value!r}", key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"{key!r} must be a whole number, not {_kind(value)}", key)
        if minimum is not None and value < minimum or maximum is not None and value > maximum:
            bounds = f"{'' if minimum is None else minimum}..{'' if maximum is None else maximum}"
            raise self.error(f"{key!r} = {value} is out of range {bounds}", key)
        return value

    def number(
        self,
        key: str,
        default: float | None = None,
        minimum: float | None = None,
        maximum: float | None = None,
    ) -> float:
        """A finite number (integer or float) from ``minimum`` to ``maximum``."""
        value = self._raw(key, default is None)
        if value is None:
            assert default is not None
            return default
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.error(f"{key!r} must be a number, not {_kind(value)}", key)
        if not math.isfinite(value) or abs(value) > 1e15:
            raise self.error(f"{key!r} = {value} is not a usable number", key)
        if minimum is not None and value < minimum:
            raise self.error(f"{key!r} = {value} must be at least {minimum}", key)
        if maximum is not None and value > maximum:
            raise self.error(f"{key!r} = {value} must be at most {maximum}", key)
        return float(value)

    def boolean(self, key: str, default: bool | None = None) -> bool:
        """A true/false value."""
        value = self._raw(key, default is None)
        if value is None:
            assert default is not None
            return default
        if not isinstance(value, bool):
            raise self.error(f"{key!r} must be true or false, not {_kind(value)}", key)
        return value

    def choice(
        self, key: str, allowed: Collection[str], what: str, default: str | None = None
    ) -> str:
        """A string that must be one of ``allowed``; ``what`` names the kind in the message."""
        value = self.text(key, default)
        if value not in allowed:
            raise self.error(unknown_name_message(what, value, allowed), key, f'"{value}"')
        return value

    def text_list(self, key: str, required: bool = True) -> list[str]:
        """An array of strings (empty when absent and not required)."""
        value = self._raw(key, required)
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise self.error(f"{key!r} must be an array of strings", key)
        return list(value)

    def integer_list(
        self, key: str, minimum: int | None = None, maximum: int | None = None
    ) -> list[int]:
        """An array of integers, each within [minimum, maximum]."""
        value = self._raw(key, True)
        if not isinstance(value, list):
            raise self.error(f"{key!r} must be an array of whole numbers", key)
        return [self._check_integer(key, item, minimum, maximum) for item in value]

    def table(self, key: str) -> Table:
        """A required sub-table."""
        value = self._raw(key, True)
        if not isinstance(value, dict):
            raise self.error(f"{key!r} must be a table, not {_kind(value)}", key)
        return Table(self.source, self.path + (key,), value)

    def optional_table(self, key: str) -> Table | None:
        """A sub-table, or None when absent."""
        return self.table(key) if key in self.values else None

    def tables(self, key: str, required: bool = False) -> list[Table]:
        """An array of tables (``[[key]]``), empty when absent and not required."""
        value = self._raw(key, required)
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            raise self.error(f"{key!r} must be an array of tables ([[{key}]])", key)
        return [
            Table(self.source, self.path + (key, index), item) for index, item in enumerate(value)
        ]

    def items(self) -> Iterator[tuple[str, Any]]:
        """The key/value pairs, provenance keys left out."""
        for key, value in self.values.items():
            if key not in PROVENANCE_KEYS:
                yield key, value

    def provenance(self, inherited: Provenance | None = None) -> Provenance:
        """This table's ``source``/``reconstructed``/``note``, falling back to ``inherited``.

        A reconstructed value must say why (``note``), so users know what to replace
        when they transcribe their own copy.
        """
        reconstructed = self.boolean(
            "reconstructed", inherited.reconstructed if inherited else False
        )
        source = self.optional_text("source") or (inherited.source if inherited else None)
        note = self.optional_text("note") or (inherited.note if inherited else None)
        if reconstructed and not note:
            raise self.error(
                "a reconstructed value needs a 'note' saying what it rests on", "reconstructed"
            )
        return Provenance(source, reconstructed, note)


def _kind(value: Any) -> str:
    return {
        bool: "true/false",
        int: "a whole number",
        float: "a number",
        str: "a string",
        list: "an array",
        dict: "a table",
    }.get(type(value), type(value).__name__)


def unknown_name_message(what: str, value: str, allowed: Collection[str]) -> str:
    """``unknown terrain 'forrest' (did you mean 'forest'?)`` with the nearest known names."""
    # Loaded only to word an error: no run that reads good data needs it.
    import difflib

    close = difflib.get_close_matches(value, list(allowed), n=3)
    hint = f" (did you mean {' or '.join(repr(name) for name in close)}?)" if close else ""
    if not close and len(allowed) <= 12:
        hint = f" (known: {', '.join(sorted(allowed))})"
    return f"unknown {what} {value!r}{hint}"
