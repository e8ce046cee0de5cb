"""Whether a combat result was applied as its table allows, as a log shows it.

What happens to an attack's units (:mod:`rules.audit.combat`) from its roll until the
next declaration or the end of the phase is its result applied: eliminations, step
losses and hexes moved are held against what the result allows — a Stalingrad game's
table of demands (:mod:`rules.referee.results`), with the game's own retreat rules
(:meth:`HexReferee.retreat_problems`), or what a game's data says each code does. A log
shows where a unit ended, not the path of its retreat nor who chose which unit lost a
step; those are said, never guessed. A result the file ends before any of it is applied
is pending: play-by-e-mail's handover, applied and judged in the next file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from rules.audit.combat import Attack
from rules.game_rules import GameRules
from rules.hexes import distance
from rules.referee.games import hex_referee_for
from rules.referee.mechanisms.results import meaning, misapplied
from rules.referee.position import Position
from rules.referee.prose import Prose, unit_ref, unit_refs
from rules.referee.results import (
    ELIMINATED,
    EXCHANGE,
    MATCH_STEPS,
    ONE_STEP,
    RETREAT,
    STAY,
    STEP_EACH,
    Effect,
    Fate,
    Retreat,
)
from rules.referee.verdict import Place, Verdict
from rules.referee_data.results import ResultEffect

UNKNOWN_FROM_LOG = (
    "the log shows where each unit ended, not a retreat's path or which player chose what"
)
PENDING = "pending when the file ends"
"""A result the file ends before any of it is applied: play-by-e-mail's handover."""


def fates_of(attack: Attack, before: Position, after: Position) -> dict[str, Fate]:
    """What became of each unit of ``attack`` from ``before`` (its roll) to ``after``."""
    was = {state.unit.id: state for state in before.units}
    now = {state.unit.id: state for state in after.units}
    fates = {}
    for unit in attack.units:
        start = was.get(unit)
        if start is None:
            continue
        end = now.get(unit)
        moved = (
            distance(start.hex, end.hex)
            if end is not None and end.hex is not None and start.hex is not None
            else 0
        )
        fates[unit] = Fate(
            unit,
            None if end is None else end.hex,
            None if end is None else end.location,
            moved,
            start.steps - (0 if end is None else end.steps),
        )
    return fates


def _group(
    demand: str, fates: list[Fate], attack: Attack, effect: Effect, emptied: bool, owed: int
) -> list[str]:
    """What in ``fates`` the demand does not allow (empty: all as allowed); ``emptied``
    says the defender's hex was left empty, ``owed`` the steps the defender lost."""
    wrong: list[str] = []
    lost = sum(fate.steps_lost for fate in fates)
    for fate in fates:
        advanced = (
            effect.advance
            and emptied
            and fate.unit in attack.attackers
            and fate.hex == attack.declaration.defender_hex
        )
        if demand == ELIMINATED and not fate.eliminated:
            wrong.append(unit_ref(fate.unit) + " survived")
        elif demand == RETREAT and not fate.eliminated and fate.moved != 1:
            # DoS 11.34: a defender whose only retreat would over-stack takes DE instead.
            if not (fate.moved == 0 and fate.steps_lost == 1 and effect.step_instead):
                wrong.append(unit_ref(fate.unit) + f" moved {fate.moved} hexes, not 1")
        elif demand == STEP_EACH and fate.steps_lost != 1:
            wrong.append(unit_ref(fate.unit) + f" lost {fate.steps_lost} steps, not 1")
        elif demand in (STAY, ONE_STEP, MATCH_STEPS, EXCHANGE) and fate.moved and not advanced:
            wrong.append(unit_ref(fate.unit) + f" moved {fate.moved} hexes")
        if (
            not fate.eliminated
            and fate.steps_lost
            and (demand == STAY or (demand == RETREAT and fate.moved))
        ):
            wrong.append(unit_ref(fate.unit) + f" lost {fate.steps_lost} steps")
        if demand == STAY and fate.eliminated:
            wrong.append(unit_ref(fate.unit) + " was eliminated")
        if demand == STEP_EACH and fate.moved and not fate.eliminated:
            wrong.append(unit_ref(fate.unit) + f" moved {fate.moved} hexes")
    if demand == ONE_STEP and lost != 1:
        wrong.append(f"the attackers lost {lost} steps, not 1")
    if demand == MATCH_STEPS and lost != owed:
        wrong.append(f"the attackers lost {lost} steps, the defender {owed}")
    return wrong


def _exchange(attack: Attack, effect: Effect, fates: dict[str, Fate], code: str) -> list[str]:
    """An exchange (TPS Ex and 1/2Ex): the attacker removes at least the printed strength
    the referee says the defenders cost (TPS: half for 1/2Ex, counted from a German
    motorised unit's original strength)."""
    assert attack.at_roll is not None
    referee = hex_referee_for(attack.at_roll)
    units = attack.at_roll.spec.units
    owed = sum(
        (referee.exchange_owed(units[unit], code, effect.share) for unit in attack.defenders),
        Fraction(0),
    )
    removed = sum(
        (
            referee.exchange_strength(units[unit])
            for unit in attack.attackers
            if unit in fates and fates[unit].eliminated
        ),
        Fraction(0),
    )
    if removed < owed:
        return [f"the attacker removed {removed} printed strength points of at least {owed}"]
    return []


def _retreats(
    attack: Attack, effect: Effect, fates: dict[str, Fate], after: Position
) -> tuple[list[Prose], tuple[str, ...]]:
    """What the game's retreat rules do not allow in the retreats the result demands (each
    unit eliminated or moved the one hex the table asks; another distance is the table's
    breach, said apart), and the rules they rest on. The defenders retreat from the
    position of the roll; the attackers (TPS Ar, Br) from that position with the
    defenders already where they ended."""
    assert attack.at_roll is not None
    problems: list[Prose] = []
    rules: tuple[str, ...] = ()
    ended = {state.unit.id: state for state in after.units}
    defenders_moved = replace(
        attack.at_roll,
        units=tuple(
            ended[state.unit.id] if state.unit.id in attack.defenders else state
            for state in attack.at_roll.units
            if state.unit.id not in attack.defenders or state.unit.id in ended
        ),
    )
    for demand, units, start in (
        (effect.defenders, attack.defenders, attack.at_roll),
        (effect.attackers, attack.attackers, defenders_moved),
    ):
        if demand != RETREAT:
            continue
        referee = hex_referee_for(start)
        rules += referee.retreat_rules
        began = {state.unit.id: state.hex for state in start.units}
        retreats = [
            Retreat(unit, hex_, fates[unit].hex)
            for unit in units
            if unit in fates
            and (hex_ := began.get(unit)) is not None
            and (fates[unit].eliminated or fates[unit].moved == 1)
        ]
        problems += referee.retreat_problems(after, retreats)
    return problems, rules


def _judged(
    attack: Attack,
    after: Position,
    demanded: str,
    rules: tuple[str, ...],
    wrong: Sequence[str],
    fates: Sequence[Fate],
    file_ends: bool,
) -> Verdict:
    """The entry on ``attack``'s result as ``after`` shows it applied: pending when the
    file ends before any of it is applied, misapplied with what the result does not
    allow (``wrong``), else applied as the table allows, with what became of ``fates``
    in their order."""
    label = after.label(attack.declaration.defender_hex)
    subject, place = f"attack on {label}", Place("hex", label)
    details = {"units": unit_refs(attack.units, ","), "result": attack.result or ""}
    untouched = all(
        not fate.moved and not fate.steps_lost and not fate.eliminated for fate in fates
    )
    if wrong and file_ends and untouched:
        return Verdict(
            subject,
            "combat result",
            PENDING,
            rules,
            f"{demanded}; nothing of it is applied when the file ends: it is applied in the "
            "next file of the game, which judges it when audited after this one",
            details=details,
            place=place,
        )
    if wrong:
        return Verdict(
            subject,
            "combat result",
            "misapplied",
            rules,
            f"{demanded}; but " + Prose("; ").join(wrong) + f" ({UNKNOWN_FROM_LOG})",
            details=details,
            violation=True,
            place=place,
        )
    return Verdict(
        subject,
        "combat result",
        "applied as the table allows",
        rules,
        f"{demanded}; " + (_done(fates) or "no unit changed") + f" ({UNKNOWN_FROM_LOG})",
        details=details,
        place=place,
    )


def applied(attack: Attack, after: Position, file_ends: bool = False) -> Verdict | None:
    """Whether what happened to ``attack``'s units from its roll to ``after`` is what its
    result allows; None when it was never rolled or its result is not known. When the
    file ends (``file_ends``) before any of a result that asks something is applied, it
    is pending: sent right after the roll, it is applied in the next file, which judges it."""
    if attack.at_roll is None or attack.result is None or attack.report is None:
        return None
    referee = hex_referee_for(after)
    effect = referee.result_effects().get(attack.result)
    label = after.label(attack.declaration.defender_hex)
    if effect is None:
        return Verdict(
            f"attack on {label}",
            "combat result",
            "recorded, not judged",
            referee.combat_rules,
            f"{attack.result}: a result the audit does not know how to apply",
            details={"units": unit_refs(attack.units, ","), "result": attack.result},
            place=Place("hex", label),
        )
    if isinstance(effect, ResultEffect):
        return _as_data_says(attack, after, effect, referee.rules, file_ends)
    fates = fates_of(attack, attack.at_roll, after)
    defender_fates = [fates[unit] for unit in attack.defenders if unit in fates]
    attacker_fates = [fates[unit] for unit in attack.attackers if unit in fates]
    emptied = not any(
        state.hex == attack.declaration.defender_hex and state.side != attack.side
        for state in after.units
    )
    owed = sum(fate.steps_lost for fate in defender_fates)
    wrong = _group(effect.defenders, defender_fates, attack, effect, emptied, 0)
    wrong += _group(effect.attackers, attacker_fates, attack, effect, emptied, owed)
    if effect.attackers == EXCHANGE:
        wrong += _exchange(attack, effect, fates, attack.result)
    retreat_wrong, retreat_rules = _retreats(attack, effect, fates, after)
    wrong += retreat_wrong
    rules = tuple(dict.fromkeys(effect.rules + retreat_rules))
    demanded = f"{attack.result}: defenders {effect.defenders}, attackers {effect.attackers}" + (
        ", who may advance into the emptied hex" if effect.advance else ""
    )
    return _judged(
        attack, after, demanded, rules, wrong, defender_fates + attacker_fates, file_ends
    )


def _done(fates: Sequence[Fate]) -> Prose:
    """What became of the units, as the log shows it."""
    return Prose(", ").join(
        (
            unit_ref(fate.unit)
            + " "
            + (
                "eliminated"
                if fate.eliminated
                else f"{fate.location}" + (f" (-{fate.steps_lost} step)" if fate.steps_lost else "")
            )
            for fate in fates
        ),
    )


def _as_data_says(
    attack: Attack, after: Position, effect: ResultEffect, rules: GameRules, file_ends: bool
) -> Verdict:
    """A result held to what the game's data says it does (``[[referee.combat.result]]``,
    :func:`rules.referee.mechanisms.results.misapplied`): steps, retreats of so many hexes,
    exchanges of steps and advances; a bombardment's units suffer none when the data says
    so. Pending, as any result, when the file ends before any of it is applied."""
    assert attack.at_roll is not None and attack.report is not None
    target = attack.declaration.defender_hex
    fates = fates_of(attack, attack.at_roll, after)
    emptied = not any(state.hex == target and state.side != attack.side for state in after.units)
    bombardment = rules.bombardment
    attacker_results = (
        attack.report.kind != "bombardment" or bombardment is None or bombardment.attacker_results
    )
    wrong = misapplied(
        effect,
        rules.combat.retreat,
        [fates[unit] for unit in attack.defenders if unit in fates],
        [fates[unit] for unit in attack.attackers if unit in fates],
        target,
        emptied,
        attacker_results,
    )
    said = meaning(effect, rules.combat.retreat, None, after.label, attacker_results)
    demanded = f"{attack.result}: {said.text}"
    return _judged(attack, after, demanded, said.rules, wrong, list(fates.values()), file_ends)
