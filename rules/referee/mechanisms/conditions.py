"""Whether a conditioned combat modifier applies to an attack: the kinds of units on
each side, the defender's terrain, the hexsides attacked across, supply and night.

Pure: :class:`AttackFacts` holds what the attack is, built once per attack by
:mod:`~rules.referee.mechanisms.combat`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from rules.referee_data.conditions import Conditions, UnitFilter, Which
from rules.referee.mechanisms.hexsides import across
from rules.referee.position import UnitState


@dataclass(frozen=True)
class AttackFacts:
    """One attack as conditions read it: its units, the defender's terrain, the
    hexside features each attacker attacks across (none in a bombardment), who is out of
    supply, and whether the turn is a night turn."""

    attackers: Sequence[UnitState]
    defenders: Sequence[UnitState]
    terrain: str
    crossed: Sequence[Collection[str]]
    out_of_supply: Callable[[UnitState], bool]
    night: bool


def _includes(states: Sequence[UnitState], filters: Sequence[UnitFilter]) -> bool:
    return all(any(item.matches(state.unit) for state in states) for item in filters)


def _all(states: Sequence[UnitState], item: UnitFilter | None) -> bool:
    return item is None or bool(states) and all(item.matches(state.unit) for state in states)


def _supply(
    states: Sequence[UnitState], which: Which | None, out: Callable[[UnitState], bool]
) -> bool:
    if which is None:
        return True
    found = [out(state) for state in states]
    return bool(found) and (all(found) if which is Which.ALL else any(found))


def holds(conditions: Conditions, facts: AttackFacts) -> bool:
    """Whether every condition given holds of the attack."""
    return (
        _includes(facts.attackers, conditions.attackers_include)
        and _all(facts.attackers, conditions.attackers_all)
        and _includes(facts.defenders, conditions.defenders_include)
        and _all(facts.defenders, conditions.defenders_all)
        and (not conditions.terrain or facts.terrain in conditions.terrain)
        and (
            not conditions.across
            or across(facts.crossed, conditions.across, conditions.across_by is Which.ALL)
        )
        and _supply(facts.attackers, conditions.attackers_out_of_supply, facts.out_of_supply)
        and _supply(facts.defenders, conditions.defenders_out_of_supply, facts.out_of_supply)
        and (conditions.night is None or conditions.night == facts.night)
    )
