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

from dataclasses import dataclass, replace
from fractions import Fraction

from rules.audit.declarations import Declaration
from rules.audit.trail import Roll
from rules.referee.engine import RefereeError
from rules.hexes import Hex, distance
from rules.referee.games import referee_for
from rules.referee.hexgame import HexReferee, Retreat
from rules.referee.odds import OddsReport
from rules.referee.position import Position
from rules.referee.prose import Prose, unit_ref, unit_refs
from rules.referee.tps.combat import kampfgruppe_for
from rules.referee.tps.sections import RULES as TPS_RULES
from rules.referee.tps.units import printed_strength
from rules.referee.verdict import Place, Verdict

COMBAT_RULES: dict[str, tuple[str, ...]] = {"tps": (TPS_RULES["combat"],), "dos": ("11.29",)}
"""The rule that makes an attack's final odds in each game."""
UNKNOWN_FROM_LOG = (
    "the log shows where each unit ended, not a retreat's path or which player chose what"
)

STAY = "stay"
ELIMINATED = "all eliminated"
RETREAT = "retreat 1 hex"
STEP_EACH = "each lose a step"
ONE_STEP = "lose 1 step in all"
MATCH_STEPS = "lose as many steps as the defender"
EXCHANGE = "remove at least the defenders' printed strength (half of it for 1/2Ex)"


@dataclass(frozen=True)
class Effect:
    """What a result code demands of the defenders and of the attackers, whether the
    attackers may advance into the emptied hex, the share of the defender's printed
    strength an exchange costs (TPS Ex, 1/2Ex), whether a defender that cannot retreat
    loses a step instead (DoS 11.34), and the rules that say so."""

    defenders: str
    attackers: str
    advance: bool
    rules: tuple[str, ...]
    share: Fraction = Fraction(1)
    step_instead: bool = False


_TPS_RESULTS = (TPS_RULES["combat"], TPS_RULES["crt"])
EFFECTS: dict[str, dict[str, Effect]] = {
    "tps": {
        "Ae": Effect(STAY, ELIMINATED, False, _TPS_RESULTS),
        "Ar": Effect(STAY, RETREAT, False, _TPS_RESULTS),
        "Dr": Effect(RETREAT, STAY, True, _TPS_RESULTS),
        "Br": Effect(RETREAT, RETREAT, False, _TPS_RESULTS),
        "Ex": Effect(ELIMINATED, EXCHANGE, True, _TPS_RESULTS + (TPS_RULES["kampfgruppe"],)),
        "1/2Ex": Effect(
            ELIMINATED, EXCHANGE, True, _TPS_RESULTS + (TPS_RULES["kampfgruppe"],), Fraction(1, 2)
        ),
        "De": Effect(ELIMINATED, STAY, True, _TPS_RESULTS),
    },
    "dos": {
        "AS": Effect(STAY, STAY, False, ("11.31",)),
        "AL1": Effect(STAY, ONE_STEP, False, ("11.32",)),
        "DR": Effect(RETREAT, STAY, True, ("11.33", "11.34", "11.38"), step_instead=True),
        "DE": Effect(STEP_EACH, STAY, True, ("11.36", "11.38")),
        "EX": Effect(STEP_EACH, MATCH_STEPS, True, ("11.37", "11.38")),
    },
}
"""What each result of the games' combat results tables does (TPS: the table's
explanation of results; DoS 11.31-11.38)."""


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
    game = position.spec.id
    rules = COMBAT_RULES.get(game, ("combat",))
    defenders = [state for state in position.units if state.hex == declaration.defender_hex]
    label = position.label(declaration.defender_hex)
    place = Place("hex", label)
    if not defenders:
        return None, Verdict(
            f"attack on {label}",
            "attack",
            "illegal",
            rules,
            f"declared on {label}, where no unit stands: “{declaration.text}”",
            violation=True,
            place=place,
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
        place=place,
    )


def rolled(attack: Attack, roll: Roll | None, position: Position) -> Verdict:
    """The odds of ``attack`` in ``position`` (where the die was rolled), the result
    of ``roll`` on them, and whether they are the odds the declaration claimed."""
    label = position.label(attack.declaration.defender_hex)
    rules: tuple[str, ...] = COMBAT_RULES.get(position.spec.id, ("combat",))
    referee = referee_for(position)
    assert isinstance(referee, HexReferee)
    subject = f"attack on {label}"
    place = Place("hex", label)
    details: dict[str, str] = {"units": unit_refs(attack.units, ",")}
    try:
        report = referee.odds(
            attack.declaration.defender_hex, attack.declaration.attacker_hexes, attack.side
        )
    except RefereeError as error:
        return Verdict(
            subject,
            "attack",
            "illegal",
            rules,
            error.message,
            details=details,
            violation=True,
            place=place,
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
            place=place,
        )
    modifiers = [
        modifier.name
        + (f" {modifier.column_shift:+d} column" if modifier.column_shift else "")
        + (f" {modifier.die_modifier:+d} die" if modifier.die_modifier else "")
        for modifier in report.modifiers
    ]
    rules = rules + tuple(
        rule for modifier in report.modifiers for rule in modifier.rules if rule not in rules
    )
    working = (
        f"strength {report.attack} to {report.defence}, "
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
            place=place,
        )
    outcome = "automatic" if report.automatic else "rolled" if roll is not None else "not rolled"
    return Verdict(
        subject, "attack", outcome, rules, f"{working}{rolled_text}", details=details, place=place
    )


def unclaimed(roll: Roll, position: Position) -> Verdict:
    """A die roll no declared attack claims: listed, never assigned to an attack."""
    return Verdict(
        f"roll {roll.value}",
        "roll",
        "unclaimed",
        COMBAT_RULES.get(position.spec.id, ("combat",)),
        f"“{roll.text}”: no declared attack waits for a roll; the audit does not guess what it was for",
    )


@dataclass(frozen=True)
class Fate:
    """What became of one unit of an attack from the roll to the end of its result:
    where it ended (None: off the map, eliminated), hexes from where it stood, steps lost."""

    unit: str
    hex: Hex | None
    location: str | None
    moved: int
    steps_lost: int

    @property
    def eliminated(self) -> bool:
        return self.location is None


def _fates(attack: Attack, before: Position, after: Position) -> dict[str, Fate]:
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
    """TPS Ex and 1/2Ex: the attacker removes at least the defender's printed strength
    (half for 1/2Ex), counted from a German motorised unit's original strength."""
    assert attack.at_roll is not None
    units = attack.at_roll.spec.units
    owed = sum(
        (
            kampfgruppe_for(units[unit], code).exchange_loss
            or Fraction(printed_strength(units[unit])) * effect.share
            for unit in attack.defenders
        ),
        Fraction(0),
    )
    removed = sum(
        (
            Fraction(printed_strength(units[unit]))
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
    breach, said apart), and the rules they rest on. The defenders retreat from the position of the roll; the
    attackers (TPS Ar, Br) from that position with the defenders already where they ended."""
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
        referee = referee_for(start)
        assert isinstance(referee, HexReferee)
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


PENDING = "pending when the file ends"
"""A result the file ends before any of it is applied: play-by-e-mail's handover."""


def carried(attack: Attack, start: Position) -> Verdict:
    """The note that ``attack``'s result, rolled in the file before and left pending, is
    judged in this one (``start`` its first position)."""
    label = start.label(attack.declaration.defender_hex)
    roll = attack.roll
    return Verdict(
        f"attack on {label}",
        "combat result",
        "pending from the previous file",
        COMBAT_RULES.get(start.spec.id, ("combat",)),
        f"{attack.result}"
        + (f", rolled at step {roll.step} of the previous file" if roll is not None else "")
        + ": its result is applied in this file and judged here",
        details={"units": unit_refs(attack.units, ","), "result": attack.result or ""},
        place=Place("hex", label),
    )


def applied(attack: Attack, after: Position, file_ends: bool = False) -> Verdict | None:
    """Whether what happened to ``attack``'s units from its roll to ``after`` is what its
    result allows; None when it was never rolled or its result is not known. When the
    file ends (``file_ends``) before any of a result that asks something is applied, it
    is pending: sent right after the roll, it is applied in the next file, which judges it."""
    if attack.at_roll is None or attack.result is None or attack.report is None:
        return None
    game = after.spec.id
    effect = EFFECTS.get(game, {}).get(attack.result)
    label = after.label(attack.declaration.defender_hex)
    subject = f"attack on {label}"
    place = Place("hex", label)
    details = {"units": unit_refs(attack.units, ","), "result": attack.result}
    if effect is None:
        return Verdict(
            subject,
            "combat result",
            "recorded, not judged",
            COMBAT_RULES.get(game, ("combat",)),
            f"{attack.result}: a result the audit does not know how to apply",
            details=details,
            place=place,
        )
    fates = _fates(attack, attack.at_roll, after)
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
    rules = effect.rules + tuple(rule for rule in retreat_rules if rule not in effect.rules)
    done = Prose(", ").join(
        (
            unit_ref(fate.unit)
            + " "
            + (
                "eliminated"
                if fate.eliminated
                else f"{fate.location}" + (f" (-{fate.steps_lost} step)" if fate.steps_lost else "")
            )
            for fate in defender_fates + attacker_fates
        ),
    )
    demanded = f"{attack.result}: defenders {effect.defenders}, attackers {effect.attackers}" + (
        ", who may advance into the emptied hex" if effect.advance else ""
    )
    untouched = all(
        not fate.moved and not fate.steps_lost and not fate.eliminated for fate in fates.values()
    )
    if wrong and file_ends and untouched:
        return Verdict(
            subject,
            "combat result",
            PENDING,
            rules,
            f"{demanded}; nothing of it is applied when the file ends: it is applied in the next "
            "file of the game, which judges it when audited after this one",
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
            place=place,
            violation=True,
        )
    return Verdict(
        subject,
        "combat result",
        "applied as the table allows",
        rules,
        f"{demanded}; " + (done or "no unit changed") + f" ({UNKNOWN_FROM_LOG})",
        details=details,
        place=place,
    )
