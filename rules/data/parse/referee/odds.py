"""``[referee.combat]``'s rounding and limits: ``rounding``, ``halving``,
``odds_rounding``, ``below_table`` and ``shift_limit``."""

from __future__ import annotations

from rules.data.fields import Table, unknown_name_message
from rules.referee_data.odds import HALVED_EFFECTS, BelowTable, OddsRule, Rounding

ODDS_ROUNDINGS = (Rounding.DOWN, Rounding.UP, Rounding.NEAREST)
"""How odds between two columns may be rounded (never kept as a fraction)."""


def rounding(table: Table) -> Rounding:
    """``rounding``: how every halving is rounded unless ``halving`` says otherwise."""
    return Rounding(table.choice("rounding", [item.value for item in Rounding], "rounding", "down"))


def odds_rule(table: Table) -> OddsRule:
    """The rounding of each halving and of the odds, and the limits on columns."""
    halving = {}
    halving_table = table.optional_table("halving")
    if halving_table is not None:
        for effect, _ in halving_table.items():
            if effect not in HALVED_EFFECTS:
                raise halving_table.error(
                    unknown_name_message("halved effect", effect, HALVED_EFFECTS), effect
                )
            halving[effect] = Rounding(
                halving_table.choice(effect, [item.value for item in Rounding], "rounding")
            )
    return OddsRule(
        halving=halving,
        odds=Rounding(
            table.choice(
                "odds_rounding", [item.value for item in ODDS_ROUNDINGS], "odds rounding", "down"
            )
        ),
        below_table=BelowTable(
            table.choice(
                "below_table",
                [item.value for item in BelowTable],
                "below-table rule",
                BelowTable.LOWEST_COLUMN.value,
            )
        ),
        shift_limit=(
            table.integer("shift_limit", minimum=0, maximum=12)
            if table.has("shift_limit")
            else None
        ),
    )
