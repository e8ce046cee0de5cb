"""Attacks in a log: the odds when the die was rolled, and whether the result was applied.

A declared attack (:mod:`rules.audit.declarations`) claims the next die roll; its odds,
shifts and die modifier are the referee's own (:meth:`HexReferee.odds`) on the position
as it stood at that roll, and the table's row for the roll is the result. What happens
to the attack's units from the roll until the next declaration or the end of the phase
is its result applied: eliminations, step losses and hexes moved are held against what
the result allows. A log shows where a unit ended, not the path of its retreat nor who
chose which unit lost a step; those are said, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.audit.declarations import Declaration
from rules.audit.trail import Roll
from rules.referee.engine import RefereeError
from rules.game_rules import GameRules
from rules.hexes import distance
from rules.referee.games import hex_referee_for
from rules.referee.odds import OddsReport
from rules.referee.position import Position
from rules.referee.prose import Prose, unit_ref, unit_refs
from rules.referee.mechanisms.results import meaning, misapplied
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
)
from rules.referee.verdict import Verdict
from rules.referee_data.results import ResultEffect

UNKNOWN_FROM_LOG = (
    "the log shows where each unit ended, not a retreat's path or which player chose what"
)


@dataclass
class Attack:
    """A declared attack while the audit follows it: who takes part (the units in its
    hexes when declared, in ``declared_in``), and once rolled, the position then, the
    odds and the result."""

    declaration: Declaration
    declared_in: Position
    side: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    roll: Roll | None = None
    at_roll: Position | None = None
    report: OddsReport | None = None
    result: str | None = None

    @property
    def units(self) -> tuple[str, ...]:
        return self.attackers + self.defenders


def declared(declaration: Declaration, position: Position) -> tuple[Attack | None, Verdict]:
    """The attack ``declaration`` makes in ``position`` and the ledger's note of it; no
    attack when the hex attacked holds no unit."""
    rules = hex_referee_for(position).combat_rules
    defenders = [state for state in position.units if state.hex == declaration.defender_hex]
    label = position.label(declaration.defender_hex)
    if not defenders:
        return None, Verdict(
            f"attack on {label}",
            "attack",
            "illegal",
            rules,
            f"declared on {label}, where no unit stands: “{declaration.text}”",
            violation=True,
        )
    side = declaration.side or position.other_side(defenders[0].side)
    attackers = [
        state
        for state in position.units
        if state.hex in declaration.attacker_hexes and state.side == side
    ]
    attack = Attack(
        declaration,
        position,
        side,
        tuple(state.unit.id for state in attackers),
        tuple(state.unit.id for state in defenders),
    )
    claim = (
        f", claiming {declaration.claimed_column}"
        + (f" die {declaration.claimed_die:+d}" if declaration.claimed_die is not None else "")
        if declaration.claimed_column
        else ""
    )
    return attack, Verdict(
        f"attack on {label}",
        "declaration",
        "declared",
        rules,
        (unit_refs(attack.attackers) or "no unit")
        + " on "
        + unit_refs(attack.defenders)
        + f"{claim}; judged when it is resolved",
        details={"units": unit_refs(attack.units, ",")},
    )


def rolled(attack: Attack, roll: Roll | None, position: Position) -> Verdict:
    """The odds of ``attack`` in ``position`` (where the die was rolled), the result
    of ``roll`` on them, and whether they are the odds the declaration claimed."""
    label = position.label(attack.declaration.defender_hex)
    referee = hex_referee_for(position)
    rules = referee.combat_rules
    subject = f"attack on {label}"
    details: dict[str, str] = {"units": unit_refs(attack.units, ",")}
    try:
        report = referee.odds(
            attack.declaration.defender_hex, attack.declaration.attacker_hexes, attack.side
        )
    except RefereeError as error:
        return Verdict(
            subject, "attack", "illegal", rules, error.message, details=details, violation=True
        )
    attack.at_roll, attack.report, attack.roll = position, report, roll
    if not report.allowed:
        problems = report.verdicts
        return Verdict(
            subject,
            "attack",
            "illegal",
            tuple(rule for verdict in problems for rule in verdict.rules) or rules,
            Prose("; ").join(verdict.explanation for verdict in problems),
            details=details,
            violation=True,
        )
    modifiers = [
        modifier.name
        + (f" {modifier.column_shift:+d} column" if modifier.column_shift else "")
        + (f" {modifier.die_modifier:+d} die" if modifier.die_modifier else "")
        for modifier in report.modifiers
    ]
    rules = tuple(
        dict.fromkeys(
            rules + tuple(rule for modifier in report.modifiers for rule in modifier.rules)
        )
    )
    working = (
        f"{report.attack}:{report.defence}, "
        + (
            f"{report.automatic} without a roll"
            if report.automatic
            else f"odds {report.final_column}, die {report.die_modifier:+d}"
        )
        + (f" ({'; '.join(modifiers)})" if modifiers else "")
    )
    results = dict(report.results)
    attack.result = report.automatic or (results.get(roll.value) if roll is not None else None)
    details |= {
        "odds": str(report.final_column) if report.final_column else "",
        "die_modifier": str(report.die_modifier),
        "result": attack.result or "",
    }
    rolled_text = (
        f"; rolled {roll.value}: {attack.result}"
        if roll is not None and not report.automatic
        else ""
    )
    claimed = attack.declaration
    wrong = []
    if claimed.claimed_column is not None and claimed.claimed_column != str(
        report.final_column or report.automatic
    ):
        wrong.append(f"declared at {claimed.claimed_column}")
    if claimed.claimed_die is not None and claimed.claimed_die != report.die_modifier:
        wrong.append(f"declared with die {claimed.claimed_die:+d}")
    if wrong:
        return Verdict(
            subject,
            "attack",
            "wrong odds",
            rules,
            f"{' and '.join(wrong)}, but the position when rolled gives {working}{rolled_text}",
            details=details,
            violation=True,
        )
    outcome = "automatic" if report.automatic else "rolled" if roll is not None else "not rolled"
    return Verdict(subject, "attack", outcome, rules, f"{working}{rolled_text}", details=details)


def unclaimed(roll: Roll, position: Position) -> Verdict:
    """A die roll no declared attack claims: listed, never assigned to an attack."""
    return Verdict(
        f"roll {roll.value}",
        "roll",
        "unclaimed",
        hex_referee_for(position).combat_rules,
        f"“{roll.text}”: no declared attack waits for a roll; the audit does not guess what it was for",
    )


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


def applied(attack: Attack, after: Position) -> Verdict | None:
    """Whether what happened to ``attack``'s units from its roll to ``after`` is what its
    result allows; None when it was never rolled or its result is not known."""
    if attack.at_roll is None or attack.result is None or attack.report is None:
        return None
    referee = hex_referee_for(after)
    effect = referee.result_effects().get(attack.result)
    label = after.label(attack.declaration.defender_hex)
    subject = f"attack on {label}"
    details = {"units": unit_refs(attack.units, ","), "result": attack.result}
    if effect is None:
        return Verdict(
            subject,
            "combat result",
            "recorded, not judged",
            referee.combat_rules,
            f"{attack.result}: a result the audit does not know how to apply",
            details=details,
        )
    if isinstance(effect, ResultEffect):
        return _as_data_says(attack, after, effect, referee.rules)
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
    done = _done(defender_fates + attacker_fates)
    demanded = f"{attack.result}: defenders {effect.defenders}, attackers {effect.attackers}" + (
        ", who may advance into the emptied hex" if effect.advance else ""
    )
    if wrong:
        return Verdict(
            subject,
            "combat result",
            "misapplied",
            effect.rules,
            f"{demanded}; but " + Prose("; ").join(wrong) + f" ({UNKNOWN_FROM_LOG})",
            details=details,
            violation=True,
        )
    return Verdict(
        subject,
        "combat result",
        "applied as the table allows",
        effect.rules,
        f"{demanded}; " + (done or "no unit changed") + f" ({UNKNOWN_FROM_LOG})",
        details=details,
    )


def _done(fates: list[Fate]) -> Prose:
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
    attack: Attack, after: Position, effect: ResultEffect, rules: GameRules
) -> Verdict:
    """A result held to what the game's data says it does (``[[referee.combat.result]]``,
    :func:`rules.referee.mechanisms.results.misapplied`): steps, retreats of so many hexes,
    exchanges of steps and advances; a bombardment's units suffer none when the data says so."""
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
    subject = f"attack on {after.label(target)}"
    details = {"units": unit_refs(attack.units, ","), "result": attack.result or ""}
    if wrong:
        return Verdict(
            subject,
            "combat result",
            "misapplied",
            said.rules,
            f"{demanded}; but " + Prose("; ").join(wrong) + f" ({UNKNOWN_FROM_LOG})",
            details=details,
            violation=True,
        )
    return Verdict(
        subject,
        "combat result",
        "applied as the table allows",
        said.rules,
        f"{demanded}; "
        + (_done(list(fates.values())) or "no unit changed")
        + f" ({UNKNOWN_FROM_LOG})",
        details=details,
    )
