"""``[referee.victory]``: VP for hexes and for enemy losses, levels and sudden death."""

from __future__ import annotations

from rules.data.fields import Table, unknown_name_message
from rules.data.parse.referee import Known, hexes, section
from rules.referee_data.victory import (
    EliminationAward,
    Hold,
    Per,
    SuddenDeath,
    VictoryHexes,
    VictoryLevel,
    VictoryRule,
)


def victory_rule(table: Table, known: Known) -> VictoryRule:
    """The awards, the levels of the VP difference and the sudden deaths."""
    table.only(
        "section", "difference", "control_section", "hex", "elimination", "level", "sudden_death"
    )
    default = table.text("section")
    difference = table.text_list("difference")
    if len(difference) != 2 or difference[0] == difference[1]:
        raise table.error(
            "'difference' names two sides: the first's VP minus the second's", "difference"
        )
    for side in difference:
        if side not in known.sides:
            raise table.error(unknown_name_message("side", side, known.sides), "difference")
    holds = [item.value for item in Hold]
    awards = []
    for item in table.tables("hex"):
        item.only("name", "hexes", "side", "points", "hold", "owner", "section")
        hold = Hold(item.choice("hold", holds, "hold", Hold.OCCUPIED.value))
        owner = item.choice("owner", known.sides, "side") if item.has("owner") else None
        if hold is Hold.CONTROLLED and owner is None:
            raise item.error(
                "a controlled hex needs an 'owner': who controls it when empty", "hold"
            )
        awards.append(
            VictoryHexes(
                name=item.text("name"),
                hexes=hexes(item, "hexes", known),
                side=item.choice("side", known.sides, "side"),
                points=item.integer("points", minimum=1, maximum=999),
                hold=hold,
                owner=owner,
                section=section(item, default),
            )
        )
    eliminations = []
    for item in table.tables("elimination"):
        item.only("side", "per", "points", "section")
        eliminations.append(
            EliminationAward(
                side=item.choice("side", known.sides, "side"),
                per=Per(item.choice("per", [per.value for per in Per], "step or unit")),
                points=item.integer("points", minimum=1, maximum=999),
                section=section(item, default),
            )
        )
    levels: list[VictoryLevel] = []
    for item in table.tables("level", required=True):
        item.only("minimum", "maximum", "result", "section")
        level = VictoryLevel(
            minimum=item.integer("minimum", minimum=-9999, maximum=9999)
            if item.has("minimum")
            else None,
            maximum=item.integer("maximum", minimum=-9999, maximum=9999)
            if item.has("maximum")
            else None,
            result=item.text("result"),
            section=section(item, default),
        )
        if (
            level.minimum is not None
            and level.maximum is not None
            and level.minimum > level.maximum
        ):
            raise item.error("'minimum' is above 'maximum'", "minimum")
        for other in levels:
            if _overlap(level, other):
                raise item.error(f"this band overlaps {other.result!r}")
        levels.append(level)
    deaths = []
    for item in table.tables("sudden_death"):
        item.only("side", "hexes", "hold", "section")
        deaths.append(
            SuddenDeath(
                side=item.choice("side", known.sides, "side"),
                hexes=hexes(item, "hexes", known),
                hold=Hold(item.choice("hold", holds, "hold", Hold.OCCUPIED.value)),
                section=section(item, default),
            )
        )
    return VictoryRule(
        section=default,
        difference=(difference[0], difference[1]),
        control_section=table.text("control_section", default),
        hexes=tuple(awards),
        eliminations=tuple(eliminations),
        levels=tuple(levels),
        sudden_deaths=tuple(deaths),
    )


def _overlap(first: VictoryLevel, second: VictoryLevel) -> bool:
    low = max(
        first.minimum if first.minimum is not None else -(10**9),
        second.minimum if second.minimum is not None else -(10**9),
    )
    high = min(
        first.maximum if first.maximum is not None else 10**9,
        second.maximum if second.maximum is not None else 10**9,
    )
    return low <= high
