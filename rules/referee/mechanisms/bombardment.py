"""Bombardment (``[referee.bombardment]``): an attack made only by units of the
bombarding arms, on a hex within their range, resolved on its table without the
hexsides between.

An attack counts as a bombardment when every attacker is of a bombarding arm; those
arms never join an ordinary attack.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.hexes import Hex, distance
from rules.referee_data.bombardment import BombardmentRule
from rules.referee.odds import AttackProblem
from rules.referee.position import UnitState
from rules.referee.prose import unit_ref


def bombards(rule: BombardmentRule | None, states: Sequence[UnitState]) -> bool:
    """Whether an attack by ``states`` is a bombardment."""
    return (
        rule is not None and bool(states) and all(state.unit.arm in rule.arms for state in states)
    )


def bombardment_problems(
    rule: BombardmentRule,
    target: Hex,
    attackers: Sequence[UnitState],
    label: str,
    night: tuple[str, ...] | None,
) -> list[AttackProblem]:
    """What forbids this bombardment: a unit out of range, or a night turn (``night``
    holds the night rule's section on a night turn)."""
    problems = []
    for state in attackers:
        assert state.hex is not None
        away = distance(state.hex, target)
        if away > rule.range:
            problems.append(
                AttackProblem(
                    unit_ref(state.unit.id)
                    + f" in {label_of(state)} is {away} hexes from {label}, beyond its range of {rule.range}",
                    (rule.section,),
                )
            )
    if night is not None and not rule.at_night:
        problems.append(AttackProblem("no bombardment on a night turn", (*night, rule.section)))
    return problems


def mixed_problems(rule: BombardmentRule, attackers: Sequence[UnitState]) -> list[AttackProblem]:
    """Bombarding units in an ordinary attack: they bombard alone."""
    return [
        AttackProblem(
            unit_ref(state.unit.id)
            + f" ({state.unit.arm}) bombards alone and takes no part in an attack",
            (rule.section,),
        )
        for state in attackers
        if state.unit.arm in rule.arms
    ]


def label_of(state: UnitState) -> str:
    """Where a unit stands, as the position names it."""
    return state.location
