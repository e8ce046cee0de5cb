"""Reading the ``[referee]`` table of ``game.toml`` into :class:`rules.game_rules.GameRules`.

Every name the table uses (arms, mobility classes, terrains, supply source kinds, the
odds table, sides, hexes, result codes) must be one the game's data defines, so a typo
is an error on its line, never a rule that silently applies to nothing. The mechanisms
beyond stacking, zones of control and supply are read by :mod:`rules.data.parse.referee`.
"""

from __future__ import annotations

from collections.abc import Collection

from rules.data.fields import Table, unknown_name_message
from rules.data.parse.referee import Known, names
from rules.data.parse.referee.bombardment import bombardment_rule
from rules.data.parse.referee.conditions import combat_modifier
from rules.data.parse.referee.odds import odds_rule, rounding
from rules.data.parse.referee.results import results, retreat_rule
from rules.data.parse.referee.routes import routes
from rules.data.parse.referee.sequence import reinforcement_rule, sequence_rule
from rules.data.parse.referee.victory import victory_rule
from rules.errors import DataError
from rules.game_rules import (
    OUT_OF_SUPPLY_EFFECTS,
    CombatRule,
    GameRules,
    MovementRule,
    StackingRule,
    SupplyRule,
    ZocRule,
)
from rules.model import Unit


def game_rules(
    game: Table, known: Known, units: dict[str, Unit], hex_game: bool
) -> GameRules | None:
    """The game's ``[referee]`` table, or None when it has none (the referee is code)."""
    table = game.optional_table("referee")
    if table is None:
        return None
    if not hex_game:
        raise table.error("a [referee] table referees a hex game; this game is played on areas")
    table.only(
        "stacking",
        "zoc",
        "movement",
        "combat",
        "supply",
        "sequence",
        "reinforcements",
        "victory",
        "bombardment",
    )
    zoc = table.optional_table("zoc")
    supply = table.optional_table("supply")
    sequence = table.optional_table("sequence")
    reinforcements = table.optional_table("reinforcements")
    victory = table.optional_table("victory")
    bombardment = table.optional_table("bombardment")
    sequence_read = None if sequence is None else sequence_rule(sequence, known)
    combat = _combat(
        table.table("combat"),
        known,
        has_night=sequence_read is not None and bool(sequence_read.night_turns),
        has_supply=supply is not None,
    )
    return GameRules(
        stacking=_stacking(table.table("stacking"), known.arms),
        zoc=None if zoc is None else _zoc(zoc, known.arms),
        movement=_movement(table.table("movement"), known),
        combat=combat,
        supply=None if supply is None else _supply(supply, known.source_kinds),
        sequence=sequence_read,
        reinforcements=None
        if reinforcements is None
        else reinforcement_rule(reinforcements, units),
        victory=None if victory is None else victory_rule(victory, known),
        bombardment=None
        if bombardment is None
        else bombardment_rule(bombardment, known, combat.table),
    )


def _stacking(table: Table, arms: Collection[str]) -> StackingRule:
    table.only("section", "limit", "not_counted")
    return StackingRule(
        section=table.text("section"),
        limit=table.integer("limit", minimum=1, maximum=20),
        not_counted=names(table, "not_counted", arms, "arm"),
    )


def _zoc(table: Table, arms: Collection[str]) -> ZocRule:
    table.only("section", "not_exerted_by", "entry_cost", "exit_cost", "stop")
    return ZocRule(
        section=table.text("section"),
        not_exerted_by=names(table, "not_exerted_by", arms, "arm"),
        entry_cost=table.integer("entry_cost", default=0, minimum=0, maximum=20),
        exit_cost=table.integer("exit_cost", default=0, minimum=0, maximum=20),
        stop=table.boolean("stop", default=False),
    )


def _movement(table: Table, known: Known) -> MovementRule:
    table.only("section", "route")
    section = table.text("section")
    return MovementRule(section=section, routes=routes(table, known, section))


def _combat(table: Table, known: Known, has_night: bool, has_supply: bool) -> CombatRule:
    table.only(
        "section",
        "table",
        "rounding",
        "halving",
        "odds_rounding",
        "below_table",
        "shift_limit",
        "modifier",
        "result",
        "retreat",
    )
    odds_table = table.text("table", default="crt")
    if not known.odds_tables:
        raise DataError(
            table.source.path.with_name("tables.toml"),
            None,
            f"no odds table {odds_table!r}, which game.toml's [referee.combat] resolves attacks on",
        )
    if odds_table not in known.odds_tables:
        raise table.error(
            unknown_name_message("odds table", odds_table, known.odds_tables), "table"
        )
    section = table.text("section")
    effects = results(table, known.odds_tables[odds_table], section)
    return CombatRule(
        section=section,
        table=odds_table,
        rounding=rounding(table),
        modifiers=tuple(
            combat_modifier(item, known, section, has_night, has_supply)
            for item in table.tables("modifier")
        ),
        odds=odds_rule(table),
        results=effects,
        retreat=retreat_rule(table, effects),
    )


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
        out_of_supply=names(table, "out_of_supply", OUT_OF_SUPPLY_EFFECTS, "supply effect"),
    )
