"""Prose that names units as values, so each reader can be told a unit by its own name.

A verdict's English is for people, but a unit it names is a fact: the referee reads
``b13a-rd1``, a player who may not know that untried unit (DoS 2.14) reads ``untried-3``.
:class:`Prose` keeps the unit references it was written with as :class:`UnitName` parts,
and :meth:`Prose.named` renders them again by a namer, so hiding a unit never searches
the finished English for its id.

A :class:`Prose` is the ``str`` of its referee's rendering (each unit by its id), so
every consumer that reads a verdict's text reads it unchanged. Text joined by an
f-string or ``str.join`` is plain text again and forgets its units: join prose with
``+`` or ``Prose(", ").join(items)``. The test over every position
(tests/referee/test_verdicts_as_data.py) fails when a verdict writes a unit id into
plain text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class UnitName:
    """A unit named in prose, by its id; how it reads is the reader's namer's choice."""

    id: str


Part = str | UnitName


class Prose(str):
    """Text whose parts are strings and unit references; its ``str`` names each unit by
    its id (the referee's rendering)."""

    parts: tuple[Part, ...]

    def __new__(cls, *parts: Part) -> Prose:
        flat: list[Part] = []
        for part in parts:
            flat.extend(part.parts if isinstance(part, Prose) else (part,))
        prose = super().__new__(cls, "".join(_rendered(part, _by_id) for part in flat))
        prose.parts = tuple(flat)
        return prose

    def named(self, namer: Callable[[str], str]) -> Prose:
        """The same prose with each unit renamed by ``namer`` (its id in, its name out)."""
        return Prose(
            *(
                UnitName(namer(part.id)) if isinstance(part, UnitName) else part
                for part in self.parts
            )
        )

    def rendered(self, namer: Callable[[str], str]) -> str:
        """The text as a reader whose names for units are ``namer``'s reads it."""
        return "".join(_rendered(part, namer) for part in self.parts)

    @property
    def units(self) -> tuple[str, ...]:
        """The ids of the units this prose names, in order."""
        return tuple(part.id for part in self.parts if isinstance(part, UnitName))

    def __add__(self, other: str) -> Prose:
        return Prose(self, other)

    def __radd__(self, other: str) -> Prose:
        return Prose(other, self)

    def join(self, items: Iterable[str], /) -> Prose:
        """``items`` joined by this prose, keeping the units of items that are prose."""
        parts: list[Part] = []
        for index, item in enumerate(items):
            parts.extend((self, item) if index else (item,))
        return Prose(*parts)


def unit_ref(unit_id: str) -> Prose:
    """A unit named in prose: ``Prose(UnitName(unit_id))``."""
    return Prose(UnitName(unit_id))


def unit_refs(unit_ids: Iterable[str], separator: str = ", ") -> Prose:
    """Units named in a list: ``a, b, c`` with each a unit reference."""
    return Prose(separator).join(unit_ref(unit_id) for unit_id in unit_ids)


def named(text: str, namer: Callable[[str], str]) -> str:
    """``text`` with its units renamed by ``namer``; plain text names no unit."""
    return text.named(namer) if isinstance(text, Prose) else text


def _by_id(unit_id: str) -> str:
    return unit_id


def _rendered(part: Part, namer: Callable[[str], str]) -> str:
    return namer(part.id) if isinstance(part, UnitName) else part
