"""Reading the ``[referee]`` table's mechanisms beyond stacking, zones of control and
supply (:mod:`rules.referee_data`), each module one mechanism.

Every name a mechanism uses — an arm, a mobility class, a terrain, a hexside feature, a
side, a hex, a result code, a phase — must be one the game's data defines, checked here
against :class:`Known`, so a typo is an error on its own line, never a rule that
silently applies to nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
import re
from dataclasses import dataclass
from fractions import Fraction

from rules.data.fields import Table, unknown_name_message
from rules.data.parse.hexes import HexReader
from rules.hexes import Hex
from rules.model import TerrainType
from rules.tables import OddsTable


FRACTION = re.compile(r"([0-9]{1,3})\s*/\s*([0-9]{1,3})")
"""A fraction of a movement point as written in the data: ``"1/2"``."""


@dataclass(frozen=True)
class Known:
    """The names a game's data defines, which its ``[referee]`` table may use."""

    arms: Collection[str]
    mobilities: Collection[str]
    nationalities: Collection[str]
    sizes: Collection[str]
    sides: Collection[str]
    terrains: Mapping[str, TerrainType]
    source_kinds: Collection[str]
    odds_tables: Mapping[str, OddsTable]
    road_kinds: Collection[str]
    has_rail: bool
    hexes: HexReader | None

    def terrain_ids(self, kind: str) -> list[str]:
        """The terrains of ``kind`` (``hex`` or ``hexside``)."""
        return [key for key, value in self.terrains.items() if value.kind == kind]


def names(table: Table, key: str, known: Collection[str], what: str) -> frozenset[str]:
    """A list of names that must each be one of ``known``."""
    found = table.text_list(key, required=False)
    for name in found:
        if name not in known:
            raise table.error(unknown_name_message(what, name, known), key, f'"{name}"')
    return frozenset(found)


def section(table: Table, default: str) -> str:
    """The rule section a part cites: its own ``section``, else the mechanism's."""
    return table.text("section", default=default)


def hexes(table: Table, key: str, known: Known) -> tuple[Hex, ...]:
    """Printed hex numbers on the game's hex map."""
    if known.hexes is None:
        raise table.error("hexes need a hex map", key)
    found = tuple(known.hexes.read_list(table, key))
    if not found:
        raise table.error(f"{key!r} names no hex", key)
    return found


def mp(table: Table, key: str) -> Fraction:
    """A cost in movement points: a whole number or a fraction written ``"1/2"``."""
    value = table.values[key]
    if not isinstance(value, str):
        return Fraction(table.integer(key, minimum=0, maximum=99))
    found = FRACTION.fullmatch(value.strip())
    if found is not None and int(found[2]) > 0 and Fraction(int(found[1]), int(found[2])) <= 99:
        return Fraction(int(found[1]), int(found[2]))
    raise table.error(
        f'{key!r} = {value!r} is no cost: write a whole number or a fraction like "1/2"', key
    )


def sequence_or_table(table: Table, key: str) -> list[Table]:
    """``key = { … }`` or ``key = [{ … }, { … }]``: one table or several."""
    if isinstance(table.values.get(key), dict):
        return [table.table(key)]
    return table.tables(key)
