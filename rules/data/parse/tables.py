"""``tables.toml``: combat results tables and victory points and levels."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

from rules.data.fields import Provenance, Table, unknown_name_message
from rules.data.parse.shared import only_each, unique
from rules.data.source import TomlSource
from rules.tables import (
    Column,
    Difference,
    Odds,
    OddsTable,
    Tables,
    VictoryLevel,
    VictoryPointAward,
)

ODDS = re.compile(r"([0-9]{1,4})[-:]([0-9]{1,4})")
DIFFERENCE = re.compile(r"[+-][0-9]{1,4}|0")


def read_tables(source: TomlSource | None) -> Tables:
    if source is None:
        return Tables({}, (), (), Provenance())
    root = Table.root(source)
    root.only("odds_table", "victory_point", "victory_level", "victory")
    odds_tables = {}
    seen: dict[str, str] = {}
    for table in root.tables("odds_table"):
        odds_table = _odds_table(table)
        unique(table, "id", seen, "table")
        odds_tables[table.text("id")] = odds_table
    awards = []
    for table in only_each(
        root.tables("victory_point"), "id", "points", "per", "beneficiary", "description"
    ):
        awards.append(
            VictoryPointAward(
                id=unique(table, "id", seen, "victory point award"),
                points=table.integer("points", minimum=0, maximum=1000),
                per=table.text("per"),
                beneficiary=table.text("beneficiary"),
                description=table.text("description"),
                provenance=table.provenance(),
            )
        )
    levels = []
    for table in only_each(root.tables("victory_level"), "minimum", "maximum", "result"):
        levels.append(
            VictoryLevel(
                table.integer("minimum") if table.has("minimum") else None,
                table.integer("maximum") if table.has("maximum") else None,
                table.text("result"),
            )
        )
    _check_levels(root, levels)
    victory = root.optional_table("victory")
    provenance = victory.provenance() if victory is not None else Provenance()
    return Tables(odds_tables, tuple(awards), tuple(levels), provenance)


def _check_levels(root: Table, levels: list[VictoryLevel]) -> None:
    """Victory bands must run from unbounded to unbounded without gaps or overlaps."""
    if not levels:
        return
    tables = root.tables("victory_level")
    if levels[0].minimum is not None or levels[-1].maximum is not None:
        raise tables[0].error(
            "victory levels must start and end unbounded (omit the first minimum and last maximum)"
        )
    for index, (lower, upper) in enumerate(pairwise(levels)):
        if lower.maximum is None or upper.minimum != lower.maximum + 1:
            raise tables[index + 1].error(
                f"victory level {upper.result!r} must start at {None if lower.maximum is None else lower.maximum + 1}",
                "minimum",
            )


def _columns(table: Table) -> list[Column]:
    """A results table's columns: all odds (``3-1``) or all differences (``-2``, ``0``, ``+3``)."""
    names = table.text_list("columns")
    if not names:
        raise table.error("a results table needs at least one column", "columns")
    columns: list[Column] = []
    differential = DIFFERENCE.fullmatch(names[0]) is not None
    for name in names:
        odds, difference = ODDS.fullmatch(name), DIFFERENCE.fullmatch(name)
        if differential and difference is not None:
            columns.append(Difference(int(name)))
        elif not differential and odds is not None:
            attack, defence = int(odds.group(1)), int(odds.group(2))
            if attack == 0 or defence == 0:
                # 1-0 or 0-0 has no ratio to rank or to compare an attack's odds with.
                raise table.error(
                    f"column {_shown(name)} must have a whole number from 1 on each side (odds "
                    "of attack to defence strength, like '3-1')",
                    "columns",
                    name,
                )
            columns.append(Odds(attack, defence))
        else:
            shape = (
                "a difference like '-2', '0' or '+3'"
                if differential
                else "odds like '3-1' (at most 4 digits a side)"
            )
            raise table.error(
                f"column {_shown(name)} must be {shape}, like the table's first column",
                "columns",
                name,
            )
    ranks = [column.rank for column in columns]
    if sorted(ranks) != ranks or len(set(ranks)) != len(ranks):
        raise table.error(
            "columns must be distinct and run from the lowest to the highest", "columns"
        )
    return columns


def _shown(name: str) -> str:
    """A column's name in an error, cut short: the line names it, whatever its length."""
    return repr(name if len(name) <= 20 else f"{name[:20]}…")


def _odds_table(table: Table) -> OddsTable:
    table.only("id", "name", "columns", "rolls", "results", "codes", "notes")
    columns = _columns(table)
    rolls = table.integer_list("rolls", minimum=-20, maximum=40)
    if rolls != sorted(rolls) or len(set(rolls)) != len(rolls):
        raise table.error("rolls must be distinct and increasing", "rolls")
    rows: Any = table.values.get("results")
    if not isinstance(rows, list) or len(rows) != len(rolls):
        raise table.error(f"'results' needs one row per roll ({len(rolls)} rows)", "results")
    codes_table = table.table("codes")
    codes = {key: codes_table.text(key) for key, _ in codes_table.items()}
    results: dict[tuple[int, Column], str] = {}
    for index, (roll, row) in enumerate(zip(rolls, rows, strict=True)):
        if not isinstance(row, list) or len(row) != len(columns):
            raise table.item_error(
                f"the row for roll {roll} needs {len(columns)} results", "results", index
            )
        for column, code in zip(columns, row, strict=True):
            if code not in codes:
                raise table.item_error(
                    unknown_name_message("result code", str(code), codes), "results", index
                )
            results[(roll, column)] = code
    return OddsTable(
        name=table.text("name"),
        columns=tuple(columns),
        rolls=tuple(rolls),
        results=results,
        codes=codes,
        provenance=table.provenance(),
        notes=tuple(table.text_list("notes", required=False)),
    )
