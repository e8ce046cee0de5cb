"""Readers that every data file's parser shares: ids used once, tables with known keys."""

from __future__ import annotations

from collections.abc import Iterable

from rules.data.fields import Table


def unique(table: Table, key: str, seen: dict[str, str], what: str) -> str:
    """Read ``key`` as an id and refuse one already used (naming where it was first)."""
    value = table.text(key)
    if value in seen:
        raise table.error(f"duplicate {what} {value!r} (first defined at {seen[value]})", key)
    seen[value] = table.where(key)
    return value


def only_each(tables: Iterable[Table], *allowed: str) -> list[Table]:
    result = list(tables)
    for table in result:
        table.only(*allowed)
    return result
