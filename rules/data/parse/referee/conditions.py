"""``[[referee.combat.modifier]]``: a shift or die modifier and the conditions it needs;
and the unit filters a modifier or a phase names (``{ arm = […], mobility = […] }``)."""

from __future__ import annotations

from rules.data.fields import Table, unknown_name_message
from rules.data.parse.referee import Known, names, section, sequence_or_table
from rules.game_rules import Role
from rules.referee_data.conditions import CombatModifier, Conditions, UnitFilter, Which

FILTER_KEYS = ("arm", "mobility", "nationality", "size")


def unit_filter(table: Table, known: Known) -> UnitFilter:
    """Units of the kinds named, each key a list of names the game defines."""
    table.only(*FILTER_KEYS)
    found = UnitFilter(
        arms=names(table, "arm", known.arms, "arm"),
        mobility=names(table, "mobility", known.mobilities, "mobility class"),
        nationalities=names(table, "nationality", known.nationalities, "nationality"),
        sizes=names(table, "size", known.sizes, "unit size"),
    )
    if found == UnitFilter():
        raise table.error(f"a unit filter names at least one of {', '.join(FILTER_KEYS)}")
    return found


def _which(table: Table, key: str) -> Which | None:
    if not table.has(key):
        return None
    return Which(table.choice(key, [item.value for item in Which], f"{key!r} value"))


def combat_modifier(
    table: Table, known: Known, default_section: str, has_night: bool, has_supply: bool
) -> CombatModifier:
    """One modifier: its effect, its conditions and its section."""
    table.only(
        "name",
        "column_shift",
        "die_modifier",
        "section",
        "arm",
        "role",
        "attackers_include",
        "attackers_all",
        "defenders_include",
        "defenders_all",
        "terrain",
        "across",
        "across_by",
        "attackers_out_of_supply",
        "defenders_out_of_supply",
        "night",
    )
    include = {
        role: tuple(
            unit_filter(item, known) for item in sequence_or_table(table, f"{role}_include")
        )
        for role in ("attackers", "defenders")
    }
    name = table.optional_text("name")
    if table.has("arm") or table.has("role"):
        # The short form: one arm taking part on one side (The Ford's 7.5).
        arm = table.text("arm")
        if arm not in known.arms:
            raise table.error(unknown_name_message("arm", arm, known.arms), "arm")
        role = Role(table.choice("role", [item.value for item in Role], "role"))
        side = "attackers" if role is Role.ATTACKER else "defenders"
        include[side] += (UnitFilter(arms=frozenset({arm})),)
        name = name or f"{arm} {role}"
    conditions = Conditions(
        attackers_include=include["attackers"],
        attackers_all=_optional_filter(table, "attackers_all", known),
        defenders_include=include["defenders"],
        defenders_all=_optional_filter(table, "defenders_all", known),
        terrain=names(table, "terrain", known.terrain_ids("hex"), "hex terrain"),
        across=names(table, "across", known.terrain_ids("hexside"), "hexside terrain"),
        across_by=Which(
            table.choice("across_by", [item.value for item in Which], "'across_by' value", "all")
        ),
        attackers_out_of_supply=_which(table, "attackers_out_of_supply"),
        defenders_out_of_supply=_which(table, "defenders_out_of_supply"),
        night=table.boolean("night") if table.has("night") else None,
    )
    if conditions.night is not None and not has_night:
        raise table.error(
            "a night condition needs night turns: give [referee.sequence] night_turns", "night"
        )
    for key in ("attackers_out_of_supply", "defenders_out_of_supply"):
        if table.has(key) and not has_supply:
            raise table.error(f"{key!r} needs a [referee.supply] table", key)
    if table.has("across_by") and not conditions.across:
        raise table.error("'across_by' needs 'across', the hexside features crossed", "across_by")
    if name is None:
        raise table.error("a modifier needs a 'name', which the odds report shows")
    modifier = CombatModifier(
        name=name,
        conditions=conditions,
        column_shift=table.integer("column_shift", default=0, minimum=-6, maximum=6),
        die_modifier=table.integer("die_modifier", default=0, minimum=-6, maximum=6),
        section=section(table, default_section),
    )
    if not modifier.column_shift and not modifier.die_modifier:
        raise table.error("a modifier needs a column_shift or a die_modifier")
    return modifier


def _optional_filter(table: Table, key: str, known: Known) -> UnitFilter | None:
    return unit_filter(table.table(key), known) if table.has(key) else None
