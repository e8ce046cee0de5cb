"""``[[referee.combat.result]]`` and ``[referee.combat.retreat]``: what each code of the
combat table does, and how units retreat."""

from __future__ import annotations

from rules.data.fields import Table, unknown_name_message
from rules.data.parse.referee import section
from rules.referee_data.results import Blocked, ResultEffect, RetreatRule, RetreatZoc
from rules.tables import OddsTable


def results(combat: Table, table: OddsTable, default_section: str) -> dict[str, ResultEffect]:
    """Each code's effects; when any is given, every code the table holds must be."""
    codes = sorted(set(table.results.values()))
    found: dict[str, ResultEffect] = {}
    for item in combat.tables("result"):
        item.only(
            "code",
            "attacker_steps",
            "defender_steps",
            "attacker_retreat",
            "defender_retreat",
            "attackers_eliminated",
            "defenders_eliminated",
            "exchange",
            "advance",
            "section",
        )
        code = item.text("code")
        if code not in codes:
            raise item.error(unknown_name_message(f"code of {table.name}", code, codes), "code")
        if code in found:
            raise item.error(f"result {code!r} is described twice", "code")
        found[code] = ResultEffect(
            code=code,
            attacker_steps=item.integer("attacker_steps", 0, 0, 9),
            defender_steps=item.integer("defender_steps", 0, 0, 9),
            attacker_retreat=item.integer("attacker_retreat", 0, 0, 9),
            defender_retreat=item.integer("defender_retreat", 0, 0, 9),
            attackers_eliminated=item.boolean("attackers_eliminated", False),
            defenders_eliminated=item.boolean("defenders_eliminated", False),
            exchange=item.boolean("exchange", False),
            advance=item.integer("advance", 0, 0, 9),
            section=section(item, default_section),
        )
    missing = [code for code in codes if found and code not in found]
    if missing:
        raise combat.error(
            f"{table.name} result {missing[0]!r} has no [[referee.combat.result]]", "result"
        )
    return found


def retreat_rule(combat: Table, effects: dict[str, ResultEffect]) -> RetreatRule | None:
    """How units retreat; needed when a result makes them."""
    table = combat.optional_table("retreat")
    if table is None:
        retreating = [
            code
            for code, effect in effects.items()
            if effect.attacker_retreat or effect.defender_retreat
        ]
        if retreating:
            raise combat.error(
                f"result {retreating[0]!r} retreats units: say how in [referee.combat.retreat]",
                "result",
            )
        return None
    table.only("section", "blocked", "enemy_zoc", "friendly_cancels_zoc")
    return RetreatRule(
        section=table.text("section"),
        blocked=Blocked(
            table.choice(
                "blocked", [item.value for item in Blocked], "blocked-retreat rule", "eliminated"
            )
        ),
        enemy_zoc=RetreatZoc(
            table.choice(
                "enemy_zoc", [item.value for item in RetreatZoc], "retreat ZOC rule", "allowed"
            )
        ),
        friendly_cancels_zoc=table.boolean("friendly_cancels_zoc", False),
    )
