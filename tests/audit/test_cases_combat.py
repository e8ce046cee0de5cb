"""The audit's numbered cases for attacks, results, reveals, arrivals and turn ends (TPS and
DoS), in the manner of the Diplomacy adjudicator test cases.

Odds and results were worked out by hand from the set-ups and the games' tables:

- TPS scenario 1, 3212 (de-71id) attacked from 3312 (su-62a-rc1, su-62a-rc3) and 3213
  (su-62a-rc2): 9 against 3, 3-1, one column up for the first-turn surprise, 4-1, and -2
  on the die for the river; a 5 is row 3 of the 4-1 column, Dr, and a 1 is row -1, Ar.
  A Dr retreats de-71id one hex by the attacker's hand (Retreat (Q)): 3211 holds three
  Axis units already (24pd, 94id, 305id), so a fourth over-stacks it and is eliminated;
  3313 is empty and in the ZOC of the Soviet units in 3312 and 3213, with no Axis unit,
  so a unit retreated there is eliminated; 3112 holds 100jd alone, a safe retreat. Since
  the attacker may retreat it into 3313 or 3211, de-71id eliminated is what (Q) allows.
  3110 (de-14pd) from 3010 (su-24a-rc2): 3 against 5, 1-2, with the surprise 1-1; a 1
  there is Ae.
- TPS scenario 1, the Soviet flight vvs-8va-iad-flight on its ground echelon in 3411,
  range 6 (Air units): 3417 is 6 hexes away, 3418 seven. It flies only in its own
  side's phases, each with its missions: interception at the start and air superiority
  at the end of the first movement phase, close support in the combat phase,
  interdiction and combat air patrol at the end of the motorised movement phase (Air
  missions (1)-(5)); it returns to its ground echelon when its mission ends.
- DoS Blue, N1542 (untried b40a-rd5) from N1443 (de-24pd, de-gd, de-16mid): 3-1 with no
  modifier; 2 gives EX, 3 DR, 5 AS, 6 AL1. N1442 (untried b40a-rd4) from N1443 is 7-1 or
  more: DE without a roll (11.10, 11.29). A DR retreats b40a-rd5 one hex into a hex
  without enemy units (11.33): N1543, N1541, N1642 (two Soviet units, well under the
  eight of 6.1) or N1442, never N1643 or N1443. The nearest Soviet supply source is the
  network town N1641, next to N1541 and N1642 (a line of 1 hex); from N1543, whose way
  past N1643 is barred by the Axis units there, a line runs 3 hexes (N1542, N1541 or
  N1642, N1641). So N1541 or N1642, toward the source, and not N1543.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.audit_trail import read_trail
from rules.audit.ledger import NOT_JUDGED, Entry, Ledger, audit
from rules.data.loader import load_game
from tests.audit.logs import LogWriter
from tests.audit.rulings import unjudged_rulings
from tests.support.unit_names import unnamed_ids
from tests.audit.test_cases import Case, Expected

TPS_ODDS = ("Combat", "Terrain effects table", "First-turn surprise")
TPS_SURPRISE = ("Combat", "First-turn surprise")
TPS_RESULT = ("Combat", "CRT note")
TPS_RETREAT = ("Combat", "CRT note", "Retreat (Q)")
TPS_ARRIVAL = ("Scenarios",)
TPS_RAIL_ARRIVAL = ("Scenarios", "Movement (K)")
TPS_FLIGHT = ("Air units",)
TPS_FLIGHT_FIRST = (
    "Air units",
    "Air missions (5) interception",
    "Air missions (4) air superiority",
)
TPS_FLIGHT_COMBAT = ("Air units", "Air missions (1) close support")
TPS_FLIGHT_MOTORISED = (
    "Air units",
    "Air missions (2) interdiction",
    "Air missions (3) combat air patrol",
)
TPS_ATTACK = "su-62a-rc1, su-62a-rc3, su-62a-rc2 on de-71id in 3212"
DOS_ATTACK = "de-24pd, de-gd, de-16mid on untried-3 in N1542"
DOS_AUTOMATIC = "de-24pd, de-gd, de-16mid on untried-2 in N1442 (DE)"


def _tps_attack(dist: Path, claim: str = "odds 4-1, die -2", roll: int = 5) -> LogWriter:
    return (
        LogWriter.on(dist, "tps-1")
        .phase(1, "Soviet combat")
        .declare("Soviet", f"{TPS_ATTACK} ({claim})")
        .roll(roll)
    )


def _dos_attack(dist: Path, roll: int, claim: str = "odds 3-1, die +0") -> LogWriter:
    return (
        LogWriter.on(dist, "dos-blue")
        .declare("Axis", f"{DOS_ATTACK} ({claim})")
        .layer("b40a-rd5", "Untried", -1)
        .roll(roll)
    )


CASES = [
    Case(
        "TPS-17",
        "an attack rolled at the odds it was declared at is judged with its result",
        lambda dist: _tps_attack(dist),
        (Expected(3, "attack on 3212", "rolled", TPS_ODDS, None, "odds 4-1, die -2"),),
    ),
    Case(
        "TPS-18",
        "an attack declared at odds better than the position gives is rolled at the wrong odds",
        lambda dist: _tps_attack(dist, "odds 5-1, die -2"),
        (Expected(3, "attack on 3212", "wrong odds", TPS_ODDS, None, "declared at 5-1"),),
    ),
    Case(
        "TPS-19",
        "an attack declared without its die modifier is rolled at the wrong odds",
        lambda dist: _tps_attack(dist, "odds 4-1, die +0"),
        (Expected(3, "attack on 3212", "wrong odds", TPS_ODDS, None, "declared with die +0"),),
    ),
    Case(
        "TPS-20",
        "an attack a player typed in the chat is judged as the plugin's line is",
        lambda dist: (
            LogWriter.on(dist, "tps-1")
            .phase(1, "Soviet combat")
            .chat("<Bob> attack 3212 from 3312, 3213 at 4-1")
            .roll(5)
        ),
        (Expected(3, "attack on 3212", "rolled", TPS_ODDS, None, "rolled 5: Dr"),),
    ),
    Case(
        "TPS-21",
        "Dr: a defender retreated into a hex its side already fills to three over-stacks it "
        "and is eliminated (Q), so surviving there breaks the result",
        lambda dist: _tps_attack(dist).move("de-71id", "3211").move("su-62a-rc2", "3212"),
        (
            Expected(4, "de-71id", "part of a result", ("Combat",), None, "3212 → 3211"),
            Expected(
                5,
                "attack on 3212",
                "misapplied",
                TPS_RETREAT,
                None,
                "de-71id retreated into 3211, over-stacking it (4 units, at most 3)",
            ),
        ),
    ),
    Case(
        "TPS-47",
        "Dr: a defender retreated into an enemy ZOC with no friendly unit is eliminated (Q)",
        lambda dist: _tps_attack(dist).move("de-71id", "3313"),
        (
            Expected(
                4,
                "attack on 3212",
                "misapplied",
                TPS_RETREAT,
                None,
                "de-71id retreated into 3313, an enemy ZOC with no friendly unit, and survived",
            ),
        ),
    ),
    Case(
        "TPS-48",
        "Dr: the defender retreats a hex to a friendly unit and an attacker advances into "
        "the emptied hex",
        lambda dist: _tps_attack(dist).move("de-71id", "3112").move("su-62a-rc2", "3212"),
        (
            Expected(4, "de-71id", "part of a result", ("Combat",), None, "3212 → 3112"),
            Expected(5, "attack on 3212", "applied as the table allows", TPS_RETREAT),
        ),
    ),
    Case(
        "TPS-49",
        "Dr: a defender the attacker could retreat into an enemy ZOC is eliminated instead (Q)",
        lambda dist: _tps_attack(dist).eliminate("de-71id"),
        (Expected(4, "attack on 3212", "applied as the table allows", TPS_RETREAT),),
    ),
    Case(
        "TPS-50",
        "a result nothing of which is applied when the file ends is pending, not misapplied: "
        "the file was sent right after the roll",
        lambda dist: _tps_attack(dist),
        (
            Expected(3, "attack on 3212", "rolled", TPS_ODDS, None, "rolled 5: Dr"),
            Expected(
                3,
                "attack on 3212",
                "pending when the file ends",
                TPS_RETREAT,
                None,
                "nothing of it is applied when the file ends",
            ),
        ),
    ),
    Case(
        "DOS-25",
        "EX: a result sent unapplied with the file is pending",
        lambda dist: _dos_attack(dist, 2),
        (Expected(3, "attack on N1542", "pending when the file ends", ("11.37", "11.38")),),
    ),
    Case(
        "TPS-22",
        "Dr: a defender that retreats two hexes breaks the result",
        lambda dist: _tps_attack(dist).move("de-71id", "3210"),
        (
            Expected(
                4, "attack on 3212", "misapplied", TPS_RETREAT, None, "de-71id moved 2 hexes, not 1"
            ),
        ),
    ),
    Case(
        "TPS-23",
        "Dr: a defender left in place when the next attack is declared breaks the result",
        lambda dist: _tps_attack(dist).declare(
            "Soviet", "su-24a-rc2 on de-14pd in 3110 (odds 1-1, die +0)"
        ),
        (
            Expected(
                4, "attack on 3212", "misapplied", TPS_RETREAT, None, "de-71id moved 0 hexes, not 1"
            ),
        ),
    ),
    Case(
        "TPS-24",
        "Ae: the attacker eliminated is the result applied",
        lambda dist: (
            LogWriter.on(dist, "tps-1")
            .phase(1, "Soviet combat")
            .declare("Soviet", "su-24a-rc2 on de-14pd in 3110 (odds 1-1, die +0)")
            .roll(1)
            .eliminate("su-24a-rc2")
        ),
        (
            Expected(3, "attack on 3110", "rolled", TPS_SURPRISE, None, "rolled 1: Ae"),
            Expected(4, "attack on 3110", "applied as the table allows", TPS_RESULT),
        ),
    ),
    Case(
        "TPS-25",
        "Ae applied to the defender instead of the attacker is misapplied",
        lambda dist: (
            LogWriter.on(dist, "tps-1")
            .phase(1, "Soviet combat")
            .declare("Soviet", "su-24a-rc2 on de-14pd in 3110 (odds 1-1, die +0)")
            .roll(1)
            .eliminate("de-14pd")
        ),
        (Expected(4, "attack on 3110", "misapplied", TPS_RESULT, None, "su-24a-rc2 survived"),),
    ),
    Case(
        "TPS-26",
        "Ar: every attacker retreats, not only some",
        lambda dist: (
            _tps_attack(dist, roll=1).move("su-62a-rc1", "3412").move("su-62a-rc3", "3412")
        ),
        (
            Expected(
                5, "attack on 3212", "misapplied", TPS_RETREAT, None, "su-62a-rc2 moved 0 hexes"
            ),
        ),
    ),
    Case(
        "TPS-27",
        "a die roll no attack was declared for is listed, not guessed",
        lambda dist: LogWriter.on(dist, "tps-1").phase(1, "Soviet combat").roll(4),
        (Expected(2, "roll 4", "unclaimed", ("Combat",), None, "does not guess"),),
    ),
    Case(
        "TPS-28",
        "a second roll for an attack already rolled is not claimed by it (a re-roll)",
        lambda dist: _tps_attack(dist).roll(6),
        (
            Expected(3, "attack on 3212", "rolled", TPS_ODDS, None, "rolled 5: Dr"),
            Expected(4, "roll 6", "unclaimed", ("Combat",)),
        ),
    ),
    Case(
        "TPS-29",
        "an attack on a hex where no unit stands is illegal",
        lambda dist: (
            LogWriter.on(dist, "tps-1")
            .phase(1, "Soviet combat")
            .chat("<Bob> attack 2020 from 2120")
        ),
        (Expected(2, "attack on 2020", "illegal", ("Combat",), None, "where no unit stands"),),
    ),
    Case(
        "TPS-30",
        "an attack from a hex not adjacent to the defender is illegal",
        lambda dist: (
            LogWriter.on(dist, "tps-1")
            .phase(1, "Soviet combat")
            .chat("<Bob> attack 3212 from 3010")
            .roll(6)
        ),
        (Expected(3, "attack on 3212", "illegal", ("Combat",), None, "adjacent"),),
    ),
    Case(
        "TPS-31",
        "an elimination no rolled attack claims is recorded, not judged",
        lambda dist: LogWriter.on(dist, "tps-1").phase(1, "Soviet combat").eliminate("de-71id"),
        (Expected(2, "de-71id", NOT_JUDGED, ("Sequence of play",), None, "no attack rolled"),),
    ),
    Case(
        "TPS-32",
        "a reinforcement four turns before its turn is illegal",
        lambda dist: LogWriter.on(dist, "tps-1").enter("de-6pd", "0128"),
        (Expected(2, "de-6pd", "illegal", TPS_ARRIVAL, None, "before its turn 5"),),
    ),
    Case(
        "TPS-33",
        "a reinforcement on its turn at a rail hex with the German cross is legal",
        lambda dist: (
            LogWriter.on(dist, "tps-1").phase(5, "Axis first movement").enter("de-6pd", "0601")
        ),
        (Expected(3, "de-6pd", "legal", TPS_ARRIVAL, None, "conditions are not judged"),),
    ),
    Case(
        "TPS-34",
        "a reinforcement on its turn away from its edge, the crosses and their rail lines is illegal",
        lambda dist: (
            LogWriter.on(dist, "tps-1").phase(5, "Axis first movement").enter("de-6pd", "1009")
        ),
        (Expected(3, "de-6pd", "illegal", TPS_ARRIVAL, None, "but it enters at"),),
    ),
    Case(
        "TPS-37",
        "a reinforcement on its turn but in the motorised movement phase is illegal",
        lambda dist: (
            LogWriter.on(dist, "tps-1").phase(5, "Axis motorised movement").enter("de-6pd", "0601")
        ),
        (Expected(3, "de-6pd", "illegal", TPS_ARRIVAL, None, "first movement phase"),),
    ),
    Case(
        "TPS-35",
        "a Soviet reinforcement on its turn on the east edge is legal",
        lambda dist: (
            LogWriter.on(dist, "tps-11").phase(9, "Soviet first movement").enter("su-5mc", "4210")
        ),
        (Expected(3, "su-5mc", "legal", TPS_ARRIVAL, None, "on its turn 9"),),
    ),
    Case(
        "TPS-38",
        "a reinforcement dragged straight to a hex 30 rail hexes from a German cross came by rail",
        lambda dist: (
            LogWriter.on(dist, "tps-1").phase(5, "Axis first movement").enter("de-6pd", "2514")
        ),
        (Expected(3, "de-6pd", "legal", TPS_RAIL_ARRIVAL, None, "30 rail hexes of 30"),),
    ),
    Case(
        "TPS-39",
        "a reinforcement 31 rail hexes from the nearest German cross is one hex too far",
        lambda dist: (
            LogWriter.on(dist, "tps-1").phase(5, "Axis first movement").enter("de-6pd", "2515")
        ),
        (Expected(3, "de-6pd", "illegal", TPS_RAIL_ARRIVAL, None, "31 hexes, more than 30"),),
    ),
    Case(
        "TPS-40",
        "a reinforcement by rail may not go into an enemy ZOC",
        lambda dist: (
            LogWriter.on(dist, "tps-1").phase(5, "Axis first movement").enter("de-6pd", "3114")
        ),
        (Expected(3, "de-6pd", "illegal", TPS_RAIL_ARRIVAL, None, "in an enemy ZOC"),),
    ),
    Case(
        "TPS-41",
        "a reinforcement put on its German cross, then moved on along the rail, moves by rail",
        lambda dist: (
            LogWriter.on(dist, "tps-1")
            .phase(5, "Axis first movement")
            .enter("de-6pd", "0601")
            .move("de-6pd", "0908")
        ),
        (
            Expected(3, "de-6pd", "legal", TPS_ARRIVAL, None, "a place"),
            Expected(4, "de-6pd", "legal", ("Movement (K)",), None, "10 rail hexes of 30"),
        ),
    ),
    Case(
        "TPS-42",
        "a flight flown in its side's first movement phase within its range is legal",
        lambda dist: LogWriter.on(dist, "tps-1").move("vvs-8va-iad-flight", "3417"),
        (Expected(1, "vvs-8va-iad-flight", "legal", TPS_FLIGHT_FIRST, None, "6 hexes"),),
    ),
    Case(
        "TPS-43",
        "a flight flown one hex beyond its range is illegal, in the motorised phase as in any",
        lambda dist: (
            LogWriter.on(dist, "tps-1")
            .phase(1, "Soviet motorised movement")
            .move("vvs-8va-iad-flight", "3418")
        ),
        (Expected(2, "vvs-8va-iad-flight", "illegal", TPS_FLIGHT_MOTORISED, None, "range of 6"),),
    ),
    Case(
        "TPS-44",
        "a flight flown in the other side's phase is illegal",
        lambda dist: (
            LogWriter.on(dist, "tps-1")
            .phase(1, "Axis first movement")
            .move("vvs-8va-iad-flight", "3417")
        ),
        (
            Expected(
                2,
                "vvs-8va-iad-flight",
                "illegal",
                ("Air units", "Sequence of play"),
                None,
                "Axis first movement",
            ),
        ),
    ),
    Case(
        "TPS-45",
        "a flight back on its ground echelon has returned from its mission",
        lambda dist: (
            LogWriter.on(dist, "tps-1")
            .phase(1, "Soviet combat")
            .move("vvs-8va-iad-flight", "3412")
            .move("vvs-8va-iad-flight", "3411")
        ),
        (
            Expected(2, "vvs-8va-iad-flight", "legal", TPS_FLIGHT_COMBAT, None, "1 hex"),
            Expected(3, "vvs-8va-iad-flight", "legal", TPS_FLIGHT, None, "its ground echelon"),
        ),
    ),
    Case(
        "TPS-46",
        "a marker put on the map and moved is recorded, not judged",
        lambda dist: (
            LogWriter.on(dist, "tps-1")
            .marker("close-support", "3412")
            .move("close-support", "3212")
        ),
        (
            Expected(2, "Close support", NOT_JUDGED, ("Sequence of play",), None, "put on 3412"),
            Expected(3, "Close support", NOT_JUDGED, ("Sequence of play",), None, "3412 → 3212"),
        ),
    ),
    Case(
        "TPS-36",
        "the end of a turn states supply, VP and victory as the referee judges them",
        lambda dist: LogWriter.on(dist, "tps-1").phase(2, "Soviet first movement"),
        (
            Expected(
                1,
                "turn 1",
                "Axis substantive victory if the game ended now",
                (
                    "Supply (A)",
                    "Supply (D, I)",
                    "Supply (H)",
                    "Supply (C)",
                    "Supply (B)",
                    "Supply (B)(2)",
                    "Supply (B)(4)",
                    "Supply (B)(1)",
                    "Supply (B)(3)",
                    "VP table",
                    "VP schedule",
                ),
                None,
                "VP: AxisVP 0, SovietVP 0",
            ),
        ),
    ),
    Case(
        "DOS-7",
        "an untried defender revealed at its first combat is legal",
        lambda dist: _dos_attack(dist, 2),
        (Expected(2, "b40a-rd5", "legal", ("2.14",), None, "first combat"),),
    ),
    Case(
        "DOS-8",
        "an untried unit revealed with no attack declared on it is illegal",
        lambda dist: LogWriter.on(dist, "dos-blue").layer("b40a-rd5", "Untried", -1),
        (Expected(1, "b40a-rd5", "illegal", ("2.14",), None, "no attack declared"),),
    ),
    Case(
        "DOS-9",
        "EX: the 1-step defender removed and one attacking step lost is the result applied",
        lambda dist: _dos_attack(dist, 2).eliminate("b40a-rd5").layer("de-gd", "Step", 2),
        (
            Expected(3, "attack on N1542", "rolled", ("11.29",), None, "rolled 2: EX"),
            Expected(5, "attack on N1542", "applied as the table allows", ("11.37", "11.38")),
        ),
    ),
    Case(
        "DOS-10",
        "EX: an attacker that loses no step breaks the result",
        lambda dist: _dos_attack(dist, 2).eliminate("b40a-rd5"),
        (
            Expected(
                4,
                "attack on N1542",
                "misapplied",
                ("11.37", "11.38"),
                None,
                "the attackers lost 0 steps, the defender 1",
            ),
        ),
    ),
    Case(
        "DOS-11",
        "AL1: one attacking step lost is the result applied",
        lambda dist: _dos_attack(dist, 6).layer("de-16mid", "Step", 2),
        (Expected(4, "attack on N1542", "applied as the table allows", ("11.32",)),),
    ),
    Case(
        "DOS-12",
        "AL1: two attacking steps lost is misapplied",
        lambda dist: _dos_attack(dist, 6).layer("de-16mid", "Step", 2).layer("de-gd", "Step", 2),
        (Expected(5, "attack on N1542", "misapplied", ("11.32",), None, "lost 2 steps, not 1"),),
    ),
    Case(
        "DOS-13",
        "DR: the defender retreating one hex is the result applied",
        lambda dist: _dos_attack(dist, 3).move("b40a-rd5", "N1541"),
        (
            Expected(
                4, "attack on N1542", "applied as the table allows", ("11.33", "11.34", "11.38")
            ),
        ),
    ),
    Case(
        "DOS-24",
        "DR: a retreat away from the nearest supply source, when a hex toward it is open, "
        "is misapplied (11.33)",
        lambda dist: _dos_attack(dist, 3).move("b40a-rd5", "N1543"),
        (
            Expected(
                4,
                "attack on N1542",
                "misapplied",
                ("11.33", "11.34", "11.38"),
                None,
                "b40a-rd5 retreated into N1543, from which the nearest supply source is 3 "
                "hexes away",
            ),
        ),
    ),
    Case(
        "DOS-14",
        "AS: a defender that loses a step on a stalled attack is misapplied",
        lambda dist: _dos_attack(dist, 5).eliminate("b40a-rd5"),
        (
            Expected(
                4, "attack on N1542", "misapplied", ("11.31",), None, "b40a-rd5 was eliminated"
            ),
        ),
    ),
    Case(
        "DOS-15",
        "an attack declared at 4-1 that the position makes 3-1 is rolled at the wrong odds",
        lambda dist: _dos_attack(dist, 2, "odds 4-1, die +0"),
        (Expected(3, "attack on N1542", "wrong odds", ("11.29",), None, "declared at 4-1"),),
    ),
    Case(
        "DOS-16",
        "an attack at 7-1 or more is an automatic DE, resolved without a roll",
        lambda dist: (
            LogWriter.on(dist, "dos-blue")
            .declare("Axis", DOS_AUTOMATIC)
            .layer("b40a-rd4", "Untried", -1)
            .eliminate("b40a-rd4")
            .move("de-gd", "N1442")
        ),
        (
            Expected(1, "attack on N1442", "automatic", ("11.29",), None, "DE without a roll"),
            Expected(4, "attack on N1442", "applied as the table allows", ("11.36", "11.38")),
        ),
    ),
    Case(
        "DOS-17",
        "a reinforcement a turn early is illegal",
        lambda dist: LogWriter.on(dist, "dos-blue").enter("hu-10ld", "N1943"),
        (Expected(2, "hu-10ld", "illegal", ("8.2",), None, "1 turn before its turn 2"),),
    ),
    Case(
        "DOS-18",
        "a reinforcement on its turn at a place only the supply network can settle is said so",
        lambda dist: (
            LogWriter.on(dist, "dos-blue")
            .phase(
                2, "German: movement and mechanized assault, or prepared attacks (as declared, 5.4)"
            )
            .enter("hu-10ld", "N1943")
        ),
        (Expected(3, "hu-10ld", "place not judged", ("8.2",), None, "cannot tell"),),
    ),
    Case(
        "DOS-19",
        "a reinforcement on the south-edge hexes its rule names is legal",
        lambda dist: (
            LogWriter.on(dist, "dos-uranus")
            .phase(
                3, "German: movement and mechanized assault, or prepared attacks (as declared, 5.4)"
            )
            .enter("de-23pd-ur", "N4235")
        ),
        (Expected(3, "de-23pd-ur", "legal", ("8.2", "8.8"), None, "on its turn 3"),),
    ),
    Case(
        "DOS-20",
        "a reinforcement off the south-edge hexes its rule names is illegal",
        lambda dist: (
            LogWriter.on(dist, "dos-uranus")
            .phase(
                3, "German: movement and mechanized assault, or prepared attacks (as declared, 5.4)"
            )
            .enter("de-23pd-ur", "N4135")
        ),
        (Expected(3, "de-23pd-ur", "illegal", ("8.2", "8.8"), None, "but it enters at"),),
    ),
    Case(
        "DOS-21",
        "a reinforcement moved on in the phase it came on is judged from where it came on",
        lambda dist: (
            LogWriter.on(dist, "dos-blue")
            .phase(
                2, "German: movement and mechanized assault, or prepared attacks (as declared, 5.4)"
            )
            .enter("hu-10ld", "N1943")
            .move("hu-10ld", "N2042")
        ),
        (
            Expected(3, "hu-10ld", "place not judged", ("8.2",), None, "cannot tell"),
            Expected(4, "hu-10ld", "legal", ("9.1", "9.10-9.21"), "3", "from N1943, where it came"),
        ),
    ),
]


def _find(ledger: Ledger, expected: Expected) -> Entry:
    """The entry on ``expected``'s subject at its step; of several (an attack declared
    and resolved at once), the one with its outcome."""
    found = [
        entry
        for entry in ledger.entries
        if entry.step == expected.step and entry.verdict.subject == expected.subject
    ]
    assert found, f"no verdict on {expected.subject} at step {expected.step}: {ledger.entries}"
    return next((entry for entry in found if entry.verdict.outcome == expected.outcome), found[0])


@pytest.mark.parametrize("case", CASES, ids=[case.number for case in CASES])
def test_case(case: Case, dist: Path, tmp_path: Path) -> None:
    ledger = audit(read_trail(case.actions(dist).write(tmp_path / f"{case.number}.vlog")))
    for expected in case.expected:
        verdict = _find(ledger, expected).verdict
        assert (verdict.outcome, verdict.rules) == (expected.outcome, expected.rules), verdict
        assert expected.text in verdict.explanation, verdict
        assert verdict.violation == (verdict.outcome in ("illegal", "wrong odds", "misapplied")), (
            verdict
        )
    ids = load_game(ledger.game).units.keys()
    assert [entry.verdict for entry in ledger.entries if unnamed_ids(entry.verdict, ids)] == [], (
        "an entry writes a unit id into its English, where a player's view cannot rename it"
    )
    assert unjudged_rulings(ledger, ("combat result",)) == [], (
        "a result judged on a rule the coverage register leaves open"
    )


def test_wording_an_attack_and_its_result_read_as_a_player_says_them(
    dist: Path, tmp_path: Path
) -> None:
    """Issue 38 item 14: "9:3" read like a clock and "defenders each loses a step" like a
    slip; the strengths are 9 to 3 (the docstring's working) and an EX's defenders each
    lose a step, its attackers as many."""
    tps = audit(read_trail(_tps_attack(dist).write(tmp_path / "tps.vlog")))
    attack = next(entry.verdict for entry in tps.entries if entry.verdict.topic == "attack")
    assert attack.explanation.startswith("strength 9 to 3, odds 4-1, die -2")
    dos = audit(read_trail(_dos_attack(dist, 2).write(tmp_path / "dos.vlog")))
    result = next(e.verdict for e in dos.entries if e.verdict.topic == "combat result")
    assert result.explanation.startswith(
        "EX: defenders each lose a step, attackers lose as many steps as the defender"
    )


def test_wording_the_end_of_a_turn_names_the_sides(dist: Path, tmp_path: Path) -> None:
    """The end of turn 1 (TPS-36's log) counts each side's units by supply under its name."""
    ledger = audit(read_trail(CASES_BY_NUMBER["TPS-36"].actions(dist).write(tmp_path / "t.vlog")))
    end = next(entry.verdict for entry in ledger.entries if entry.verdict.topic == "end of turn")
    assert end.explanation.startswith("supply: Axis ") and "; Soviet " in end.explanation


CASES_BY_NUMBER = {case.number: case for case in CASES}
