"""What every position file shares, hex game or area game: a unit placed once, flags the
game knows, the ``[settings]`` table."""

from __future__ import annotations

from collections.abc import Sequence

from rules.data.fields import Table
from rules.model import GameSpec, Unit


def placed_unit(table: Table, spec: GameSpec, placed: dict[str, str]) -> Unit:
    """The unit a ``[[unit]]`` table names; a unit placed twice is refused, and ``placed``
    remembers where each was placed first."""
    unit_id = table.choice("id", spec.units, "unit")
    if unit_id in placed:
        raise table.error(f"unit {unit_id!r} is placed twice (first at {placed[unit_id]})", "id")
    placed[unit_id] = table.where("id")
    return spec.units[unit_id]


def unit_flags(table: Table, known: Sequence[str]) -> frozenset[str]:
    """A unit's ``flags``, each one the game knows."""
    flags = table.text_list("flags", required=False)
    for flag in flags:
        if flag not in known:
            raise table.error(f"unknown flag {flag!r} (known: {', '.join(known)})", "flags", flag)
    return frozenset(flags)


def position_settings(root: Table) -> dict[str, str]:
    """The ``[settings]`` table: every value a string, checked by the game's referee."""
    table = root.optional_table("settings")
    return {} if table is None else {key: table.text(key) for key, _ in table.items()}
