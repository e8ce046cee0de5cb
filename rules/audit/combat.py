"""Attacks in a log: who takes part, and the odds when the die was rolled.

A declared attack (:mod:`rules.audit.declarations`) claims the next die roll; its odds,
shifts and die modifier are the referee's own (:meth:`HexReferee.odds`) on the position
as it stood at that roll, and the table's row for the roll is the result. What happens
to the attack's units from the roll until the next declaration or the end of the phase
is its result applied, judged in :mod:`rules.audit.applied`; a result the file ends
before applying is applied in the next file of the game and judged there (:func:`carried`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.audit.declarations import Declaration
from rules.audit.trail import Roll
from rules.referee.engine import RefereeError
from rules.referee.games import hex_referee_for
from rules.referee.odds import OddsReport
from rules.referee.position import Position
from rules.referee.prose import Prose, unit_refs
from rules.referee.verdict import Place, Verdict


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
    referee = hex_referee_for(position)
    rules = referee.combat_rules
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
    rules = tuple(
        dict.fromkeys(
            rules + tuple(rule for modifier in report.modifiers for rule in modifier.rules)
        )
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
        hex_referee_for(position).combat_rules,
        f"“{roll.text}”: no declared attack waits for a roll; the audit does not guess what it was for",
    )


def carried(attack: Attack, start: Position) -> Verdict:
    """The note that ``attack``'s result, rolled in the file before and left pending, is
    judged in this one (``start`` its first position)."""
    label = start.label(attack.declaration.defender_hex)
    roll = attack.roll
    return Verdict(
        f"attack on {label}",
        "combat result",
        "pending from the previous file",
        hex_referee_for(start).combat_rules,
        f"{attack.result}"
        + (f", rolled at step {roll.step} of the previous file" if roll is not None else "")
        + ": its result is applied in this file and judged here",
        details={"units": unit_refs(attack.units, ","), "result": attack.result or ""},
        place=Place("hex", label),
    )
