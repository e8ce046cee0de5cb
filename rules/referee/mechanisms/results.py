"""What a combat result does in a position (``[[referee.combat.result]]``): each side's
step losses, exchanges, advances, and every retreating unit's way out — or why it has
none and what that costs it (``[referee.combat.retreat]``).

Pure: the position's facts come in as containers of hexes and a step test, so the odds
report and the log audit word the same result the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass

from rules.hexes import Hex, distance, neighbours
from rules.referee_data.results import Blocked, ResultEffect, RetreatRule, RetreatZoc
from rules.referee.odds import ResultMeaning
from rules.referee.prose import Prose, unit_ref
from rules.referee.results import Fate
from rules.referee.wording import count
from rules.referee.position import UnitState

StepAllowed = Callable[[UnitState, Hex, Hex], bool]
"""Whether a unit may step from one hex into the next at all (terrain, hexsides, map)."""


@dataclass(frozen=True)
class RetreatOutcome:
    """Where a unit can retreat and what it costs it: the best ``path`` (its hex
    first; empty when it has none), the steps it loses on the way or for want of one,
    and whether it is eliminated."""

    unit: str
    path: tuple[Hex, ...]
    lost_steps: int
    eliminated: bool


@dataclass(frozen=True)
class Surroundings:
    """What a retreat meets: enemy units, enemy zones of control, friendly units."""

    enemy_units: Container[Hex]
    enemy_zoc: Container[Hex]
    friendly_units: Container[Hex]
    playable: Container[Hex]


def retreat(
    state: UnitState, hexes: int, rule: RetreatRule, around: Surroundings, may_step: StepAllowed
) -> RetreatOutcome:
    """The best retreat of ``hexes`` hexes for ``state``: each hex one farther from where
    it stood, never into an enemy unit or where it may not step; of the ways left, the
    one through the fewest enemy-ZOC hexes (a friendly unit's hex is free of ZOC when the
    rule says so), the lowest hexes first when several tie."""
    assert state.hex is not None
    start = state.hex

    def in_zoc(hex_: Hex) -> bool:
        if hex_ not in around.enemy_zoc:
            return False
        return not (rule.friendly_cancels_zoc and hex_ in around.friendly_units)

    best: tuple[int, tuple[Hex, ...]] | None = None
    paths: list[tuple[Hex, ...]] = [(start,)]
    for step in range(1, hexes + 1):
        paths = [
            (*path, following)
            for path in paths
            for following in sorted(neighbours(path[-1]))
            if following in around.playable
            and distance(start, following) == step
            and following not in around.enemy_units
            and may_step(state, path[-1], following)
            and not (rule.enemy_zoc is RetreatZoc.PROHIBITED and in_zoc(following))
        ]
    for path in paths:
        zoc = sum(1 for hex_ in path[1:] if in_zoc(hex_))
        if best is None or zoc < best[0]:
            best = (zoc, path)
    if best is None:
        lost = 1 if rule.blocked is Blocked.STEP else state.steps
        return RetreatOutcome(state.unit.id, (), lost, lost >= state.steps)
    zoc, path = best
    if not zoc or rule.enemy_zoc is RetreatZoc.ALLOWED:
        return RetreatOutcome(state.unit.id, path, 0, False)
    lost = zoc if rule.enemy_zoc is RetreatZoc.STEP else state.steps
    return RetreatOutcome(state.unit.id, path, min(lost, state.steps), lost >= state.steps)


def _steps(count: int) -> str:
    return "one step" if count == 1 else f"{count} steps"


def _retreats(
    outcomes: Sequence[RetreatOutcome], hexes: int, label: Callable[[Hex], str]
) -> list[str]:
    words = []
    for outcome in outcomes:
        way = " ".join(label(hex_) for hex_ in outcome.path[1:])
        if not outcome.path:
            fate = "eliminated" if outcome.eliminated else f"loses {_steps(outcome.lost_steps)}"
            words.append(
                f"{outcome.unit} cannot retreat {hexes} hex{'es' if hexes > 1 else ''}: {fate}"
            )
        elif outcome.eliminated:
            words.append(f"{outcome.unit} retreats only through enemy ZOC ({way}): eliminated")
        elif outcome.lost_steps:
            words.append(
                f"{outcome.unit} retreats only through enemy ZOC ({way}): loses "
                f"{_steps(outcome.lost_steps)}"
            )
        else:
            words.append(f"{outcome.unit} can retreat ({way})")
    return words


def meaning(
    effect: ResultEffect,
    rule: RetreatRule | None,
    retreats: Callable[[bool, int], Sequence[RetreatOutcome]] | None,
    label: Callable[[Hex], str],
    attacker_results: bool = True,
) -> ResultMeaning:
    """What ``effect`` does to this attack: ``retreats(attackers, hexes)`` gives each
    retreating unit's outcome (None: the result in general, naming no unit); without
    ``attacker_results`` (a bombardment) nothing befalls the attackers."""
    parts = []
    rules = [effect.section]
    if effect.defenders_eliminated:
        parts.append("the defenders are eliminated")
    if effect.defender_steps:
        parts.append(f"the defenders lose {_steps(effect.defender_steps)}")
    if effect.defender_retreat and rule is not None:
        parts.append(
            f"the defenders retreat {effect.defender_retreat} hex{'es' if effect.defender_retreat > 1 else ''}"
        )
        if retreats is not None:
            parts += _retreats(
                retreats(False, effect.defender_retreat), effect.defender_retreat, label
            )
        rules.append(rule.section)
    attacker_parts = []
    if effect.attackers_eliminated:
        attacker_parts.append("the attackers are eliminated")
    if effect.attacker_steps:
        attacker_parts.append(f"the attackers lose {_steps(effect.attacker_steps)}")
    if effect.exchange:
        attacker_parts.append("the attackers lose as many steps as the defenders lost")
    if effect.attacker_retreat and rule is not None:
        attacker_parts.append(
            f"the attackers retreat {effect.attacker_retreat} hex{'es' if effect.attacker_retreat > 1 else ''}"
        )
        if retreats is not None:
            attacker_parts += _retreats(
                retreats(True, effect.attacker_retreat), effect.attacker_retreat, label
            )
        if attacker_results:
            rules.append(rule.section)
    if attacker_results:
        parts += attacker_parts
    elif attacker_parts:
        parts.append("nothing befalls the bombarding units")
    if (
        attacker_results
        and effect.advance
        and (effect.defenders_eliminated or effect.defender_retreat)
    ):
        parts.append(
            f"the attackers may advance {effect.advance} hex{'es' if effect.advance > 1 else ''}"
        )
    return ResultMeaning(effect.code, "; ".join(parts) or "no effect", tuple(dict.fromkeys(rules)))


def misapplied(
    effect: ResultEffect,
    rule: RetreatRule | None,
    defenders: Sequence[Fate],
    attackers: Sequence[Fate],
    target: Hex,
    emptied: bool,
    attacker_results: bool = True,
) -> list[Prose | str]:
    """What in the units' fates the result does not allow (empty: applied as it allows).

    A log shows where each unit ended, not a retreat's path: a retreat is held to its
    length, and steps or units lost on the way (a blocked retreat, enemy ZOC) are left
    to the retreat rule the log cannot show. An advance ends in the emptied hex
    (``target``) or within ``advance`` hexes of it, through it."""
    wrong: list[Prose | str] = []
    lost = sum(fate.steps_lost for fate in defenders)
    for fate in defenders:
        if problem := _fate_problem(
            fate, effect.defenders_eliminated, effect.defender_retreat, rule
        ):
            wrong.append(problem)
    if effect.defender_steps and not effect.defenders_eliminated and lost < effect.defender_steps:
        wrong.append(f"the defenders lost {count(lost, 'step')}, not {effect.defender_steps}")
    if (
        not (effect.defender_steps or effect.defender_retreat or effect.defenders_eliminated)
        and lost
    ):
        wrong.append(f"the defenders lost {count(lost, 'step')}")
    attacker_lost = sum(fate.steps_lost for fate in attackers)
    may_advance = effect.advance if attacker_results and emptied else 0
    for fate in attackers:
        from_target = distance(target, fate.hex) if fate.hex is not None else 0
        advanced = may_advance and fate.moved and from_target < may_advance
        if not attacker_results:
            if fate.moved or fate.steps_lost:
                wrong.append(
                    unit_ref(fate.unit) + " changed, but bombarding units suffer no result"
                )
        elif problem := _fate_problem(
            fate, effect.attackers_eliminated, effect.attacker_retreat, rule, bool(advanced)
        ):
            wrong.append(problem)
    if attacker_results and not effect.attackers_eliminated:
        owed = effect.attacker_steps + (lost if effect.exchange else 0)
        if attacker_lost < owed or not effect.attacker_retreat and attacker_lost > owed:
            wrong.append(f"the attackers lost {count(attacker_lost, 'step')}, not {owed}")
    return wrong


def _fate_problem(
    fate: Fate,
    all_eliminated: bool,
    retreat: int,
    rule: RetreatRule | None,
    advanced: bool = False,
) -> Prose | str | None:
    """What one unit's fate does wrong under its side of a result (None: as it allows):
    every unit eliminated, or each retreating ``retreat`` hexes, or staying put unless it
    ``advanced`` into the emptied hex."""
    if all_eliminated and not fate.eliminated:
        return unit_ref(fate.unit) + " survived"
    if fate.eliminated or all_eliminated:
        return None
    if retreat and fate.moved not in (0, retreat):
        return unit_ref(fate.unit) + f" moved {count(fate.moved, 'hex', 'hexes')}, not {retreat}"
    if retreat and fate.moved == 0 and not _stayed(rule, fate):
        return unit_ref(fate.unit) + " did not retreat"
    if not retreat and fate.moved and not advanced:
        return unit_ref(fate.unit) + f" moved {count(fate.moved, 'hex', 'hexes')}"
    return None


def _stayed(rule: RetreatRule | None, fate: Fate) -> bool:
    """A unit that did not retreat may stay only where its rule has a blocked retreat
    cost a step, and it lost one."""
    return rule is not None and rule.blocked is Blocked.STEP and fate.steps_lost > 0
