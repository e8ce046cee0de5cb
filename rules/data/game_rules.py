"""Reading the ``[referee]`` table of ``game.toml`` into :class:`rules.game_rules.GameRules`.

Every name the table uses (arms, terrains, supply source kinds, the odds table) must be
one the game's data defines, so a typo is an error on its line, never a rule that
silently applies to nothing.
"""

from __future__ import annotations

from collections.abc import Collection

from rules.data.fields import Table, unknown_name_message
from rules.errors import DataError
from rules.game_rules import (
    OUT_OF_SUPPLY_EFFECTS,
    CombatRule,
    GameRules,
    KindModifier,
    MovementRule,
    Role,
    Rounding,
    StackingRule,
    SupplyRule,
    ZocRule,
)


def game_rules(
    game: Table,
    arms: Collection[str],
    terrains: Collection[str],
    source_kinds: Collection[str],
    odds_tables: Collection[str],
    hex_game: bool,
) -> GameRules | None:
    """The game's ``[referee]`` table, or None when it has none (the referee is code)."""
    table = game.optional_table("referee")
    if table is None:
        return None
    if not hex_game:
        raise table.error("a [referee] table referees a hex game; this game is played on areas")
    table.only("stacking", "zoc", "movement", "combat", "supply")
    zoc = table.optional_table("zoc")
    supply = table.optional_table("supply")
    return GameRules(
        stacking=_stacking(table.table("stacking"), arms),
        zoc=None if zoc is None else _zoc(zoc, arms),
        movement=_movement(table.table("movement")),
        combat=_combat(table.table("combat"), arms, terrains, odds_tables),
        supply=None if supply is None else _supply(supply, source_kinds),
    )


def _names(table: Table, key: str, known: Collection[str], what: str) -> frozenset[str]:
    """A list of names that must each be one of ``known``."""
    names = table.text_list(key, required=False)
    for name in names:
        if name not in known:
            raise table.error(unknown_name_message(what, name, known), key)
    return frozenset(names)


def _stacking(table: Table, arms: Collection[str]) -> StackingRule:
    table.only("section", "limit", "not_counted")
    return StackingRule(
        section=table.text("section"),
        limit=table.integer("limit", minimum=1, maximum=20),
        not_counted=_names(table, "not_counted", arms, "arm"),
    )


def _zoc(table: Table, arms: Collection[str]) -> ZocRule:
    table.only("section", "not_exerted_by", "entry_cost", "exit_cost", "stop")
    return ZocRule(
        section=table.text("section"),
        not_exerted_by=_names(table, "not_exerted_by", arms, "arm"),
        entry_cost=table.integer("entry_cost", default=0, minimum=0, maximum=20),
        exit_cost=table.integer("exit_cost", default=0, minimum=0, maximum=20),
        stop=table.boolean("stop", default=False),
    )


def _movement(table: Table) -> MovementRule:
    table.only("section")
    return MovementRule(section=table.text("section"))


def _combat(
    table: Table, arms: Collection[str], terrains: Collection[str], odds_tables: Collection[str]
) -> CombatRule:
    table.only("section", "table", "rounding", "modifier")
    odds_table = table.text("table", default="crt")
    if not odds_tables:
        raise DataError(
            table.source.path.with_name("tables.toml"),
            None,
            f"no odds table {odds_table!r}, which game.toml's [referee.combat] resolves attacks on",
        )
    if odds_table not in odds_tables:
        raise table.error(unknown_name_message("odds table", odds_table, odds_tables), "table")
    section = table.text("section")
    return CombatRule(
        section=section,
        table=odds_table,
        rounding=Rounding(
            table.choice("rounding", [item.value for item in Rounding], "rounding", "down")
        ),
        modifiers=tuple(
            _modifier(item, arms, terrains, section) for item in table.tables("modifier")
        ),
    )


def _modifier(
    table: Table, arms: Collection[str], terrains: Collection[str], section: str
) -> KindModifier:
    table.only("arm", "role", "column_shift", "die_modifier", "terrain", "section")
    arm = table.text("arm")
    if arm not in arms:
        raise table.error(unknown_name_message("arm", arm, arms), "arm")
    modifier = KindModifier(
        arm=arm,
        role=Role(table.choice("role", [item.value for item in Role], "role")),
        column_shift=table.integer("column_shift", default=0, minimum=-6, maximum=6),
        die_modifier=table.integer("die_modifier", default=0, minimum=-6, maximum=6),
        terrain=_names(table, "terrain", terrains, "terrain"),
        section=table.text("section", default=section),
    )
    if not modifier.column_shift and not modifier.die_modifier:
        raise table.error("a modifier needs a column_shift or a die_modifier")
    return modifier


def _supply(table: Table, source_kinds: Collection[str]) -> SupplyRule:
    table.only("section", "length", "source_kind", "blocked_by_zoc", "out_of_supply")
    kind = table.text("source_kind")
    if kind not in source_kinds:
        raise table.error(
            unknown_name_message("supply source kind", kind, source_kinds), "source_kind"
        )
    return SupplyRule(
        section=table.text("section"),
        length=table.integer("length", minimum=1, maximum=99),
        source_kind=kind,
        blocked_by_zoc=table.boolean("blocked_by_zoc", default=True),
        out_of_supply=_names(table, "out_of_supply", OUT_OF_SUPPLY_EFFECTS, "supply effect"),
    )
