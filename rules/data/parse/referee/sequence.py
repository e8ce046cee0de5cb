"""``[referee.sequence]`` and ``[referee.reinforcements]``: the phases with who acts in
each, the night turns, and the rule reinforcements enter by."""

from __future__ import annotations

from rules.data.fields import Table
from rules.data.parse.referee import Known, section
from rules.data.parse.referee.conditions import unit_filter
from rules.referee_data.sequence import Action, ReinforcementRule, SequencePhase, SequenceRule
from rules.model import Unit


def sequence_rule(table: Table, known: Known) -> SequenceRule:
    """The phases in order and the night turns."""
    table.only("section", "phase", "night_turns", "night_section")
    default = table.text("section")
    phases: list[SequencePhase] = []
    for item in table.tables("phase", required=True):
        item.only("name", "side", "action", "units", "section")
        name = item.text("name")
        if any(phase.name == name for phase in phases):
            raise item.error(f"phase {name!r} is listed twice", "name")
        phases.append(
            SequencePhase(
                name=name,
                side=item.choice("side", known.sides, "side"),
                action=Action(item.choice("action", [action.value for action in Action], "action")),
                units=unit_filter(item.table("units"), known) if item.has("units") else None,
                section=section(item, default),
            )
        )
    night = table.integer_list("night_turns", 0, 99) if table.has("night_turns") else []
    return SequenceRule(
        section=default,
        phases=tuple(phases),
        night_turns=frozenset(night),
        night_section=table.text("night_section", default),
    )


def reinforcement_rule(table: Table, units: dict[str, Unit]) -> ReinforcementRule:
    """The reinforcement rule; every arrival must then give its entry hexes as data."""
    table.only("section")
    for unit in units.values():
        for arrival in unit.arrivals:
            if not arrival.hexes:
                raise table.error(
                    f"unit {unit.id!r} arrives on turn {arrival.turn} with no entry hexes: "
                    'give its [[unit.arrival]] hexes = ["…"]'
                )
    return ReinforcementRule(table.text("section"))
