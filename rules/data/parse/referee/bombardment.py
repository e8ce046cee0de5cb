"""``[referee.bombardment]``: which arms bombard, how far, on which table and column."""

from __future__ import annotations

from rules.data.fields import Table, unknown_name_message
from rules.data.parse.referee import Known, names
from rules.referee_data.bombardment import BombardmentRule


def bombardment_rule(table: Table, known: Known, combat_table: str) -> BombardmentRule:
    """The bombarding arms, range, table and column."""
    table.only(
        "section",
        "arms",
        "range",
        "table",
        "column",
        "column_shift",
        "at_night",
        "attacker_results",
    )
    arms = names(table, "arms", known.arms, "arm")
    if not arms:
        raise table.error("'arms' names the arms that bombard", "arms")
    table_id = table.text("table", combat_table)
    if table_id not in known.odds_tables:
        raise table.error(unknown_name_message("odds table", table_id, known.odds_tables), "table")
    column = table.optional_text("column")
    columns = [str(item) for item in known.odds_tables[table_id].columns]
    if column is not None and column not in columns:
        raise table.error(
            unknown_name_message(f"column of {table_id!r}", column, columns), "column"
        )
    return BombardmentRule(
        section=table.text("section"),
        arms=arms,
        range=table.integer("range", minimum=1, maximum=30),
        table=table_id,
        column=column,
        column_shift=table.integer("column_shift", 0, -6, 6),
        at_night=table.boolean("at_night", True),
        attacker_results=table.boolean("attacker_results", True),
    )
