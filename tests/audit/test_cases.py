"""The audit's numbered cases, in the manner of the Diplomacy adjudicator test cases:
each a start position (a module's set-up save), the logged actions, and the verdicts
expected, each with its rule. Costs and allowances were worked out by hand from the
terrain effects tables and the set-ups (TPS scenario 1: Soviet first movement of turn
1; DoS Blue: the German first phase of turn 1; The Ford: turn 1 of its scenario, from
its RULES.md)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from builder.audit_trail import read_trail
from builder.saves.names import dead_pile_name
from rules.audit.ledger import NOT_JUDGED, Entry, Ledger, audit
from rules.data_coverage import data_coverage
from rules.data.loader import load_game
from tests.audit.logs import LogWriter
from tests.support.unit_names import unnamed_ids

TPS_MOVE = ("Movement", "Terrain effects table", "ZOC")
TPS_SEQUENCE = ("Sequence of play",)
DOS_MOVE = ("9.1", "9.10-9.21")
DOS_SEQUENCE = ("5.1", "5.4")
FORD_MOVE = ("4",)
FORD_COMBAT = ("7",)


@dataclass(frozen=True)
class Expected:
    """One verdict the ledger must hold: for ``subject`` at log step ``step``."""

    step: int
    subject: str
    outcome: str
    rules: tuple[str, ...]
    cost: str | None = None
    text: str = ""


@dataclass(frozen=True)
class Case:
    number: str
    title: str
    actions: Callable[[Path], LogWriter]
    expected: tuple[Expected, ...]


CASES = [
    Case(
        "TPS-1",
        "a move of exactly the allowance is legal",
        lambda dist: LogWriter.on(dist, "tps-1").move("su-1gdsa-rc1", "1103"),
        (Expected(1, "su-1gdsa-rc1", "legal", TPS_MOVE, "5", "1602 1502 1401 1302 1202 1103"),),
    ),
    Case(
        "TPS-2",
        "a move one MP too long is illegal",
        lambda dist: LogWriter.on(dist, "tps-1").move("su-1gdsa-rc1", "2201"),
        (Expected(1, "su-1gdsa-rc1", "illegal", TPS_MOVE, "6", "6 MP against an allowance of 5"),),
    ),
    Case(
        "TPS-3",
        "leaving an enemy ZOC without its +2 is illegal",
        lambda dist: LogWriter.on(dist, "tps-1").move("su-1gdsa-rc2", "1602"),
        (Expected(1, "su-1gdsa-rc2", "illegal", TPS_MOVE, "5", "+2 leaving enemy ZOC"),),
    ),
    Case(
        "TPS-4",
        "leaving an enemy ZOC with its +2 paid is legal",
        lambda dist: LogWriter.on(dist, "tps-1").move("su-1gdsa-rc2", "1202"),
        (Expected(1, "su-1gdsa-rc2", "legal", TPS_MOVE, "4", "+2 leaving enemy ZOC"),),
    ),
    Case(
        "TPS-5",
        "entering an enemy ZOC without its +3 is illegal",
        lambda dist: LogWriter.on(dist, "tps-1").move("su-1gdsa-rc1", "1304"),
        (Expected(1, "su-1gdsa-rc1", "illegal", TPS_MOVE, "6", "+3 entering enemy ZOC"),),
    ),
    Case(
        "TPS-6",
        "an Axis unit moved in the Soviet phase is illegal",
        lambda dist: LogWriter.on(dist, "tps-1").move("de-62id", "0502"),
        (Expected(1, "de-62id", "illegal", TPS_SEQUENCE, None, "not its side's phase"),),
    ),
    Case(
        "TPS-7",
        "two drags in one phase are judged as one move from the phase's start",
        lambda dist: (
            LogWriter.on(dist, "tps-1").move("su-1gdsa-rc1", "1702").move("su-1gdsa-rc1", "2201")
        ),
        (
            Expected(1, "su-1gdsa-rc1", "legal", TPS_MOVE, "1"),
            Expected(2, "su-1gdsa-rc1", "illegal", TPS_MOVE, "6", "1602 1702"),
        ),
    ),
    Case(
        "TPS-8",
        "a non-motorised unit moved in the motorised movement phase is illegal",
        lambda dist: (
            LogWriter.on(dist, "tps-1")
            .phase(1, "Soviet motorised movement")
            .move("su-1gdsa-rc1", "1502")
        ),
        (Expected(2, "su-1gdsa-rc1", "illegal", TPS_SEQUENCE, None, "only motorised units"),),
    ),
    Case(
        "TPS-9",
        "a motorised unit moves in the motorised movement phase",
        lambda dist: (
            LogWriter.on(dist, "tps-1").phase(1, "Soviet motorised movement").move("su-1tc", "1703")
        ),
        (Expected(2, "su-1tc", "legal", TPS_MOVE),),
    ),
    Case(
        "TPS-10",
        "a unit dragged back to where it began the phase has not moved",
        lambda dist: (
            LogWriter.on(dist, "tps-1").move("su-1gdsa-rc1", "1702").move("su-1gdsa-rc1", "1602")
        ),
        (Expected(2, "su-1gdsa-rc1", "legal", TPS_SEQUENCE, None, "where it began the phase"),),
    ),
    Case(
        "TPS-11",
        "four units in a hex when the movement phase ends are over-stacked",
        lambda dist: (
            LogWriter.on(dist, "tps-1")
            .move("su-1tc", "1805")
            .move("su-5tka-rc2", "1805")
            .phase(1, "Soviet combat")
        ),
        (Expected(3, "hex 1805", "over-stacked", ("Stacking", "Air units"), None, "4 units"),),
    ),
    Case(
        "TPS-12",
        "a phase that ends within the limits is said to",
        lambda dist: (
            LogWriter.on(dist, "tps-1").move("su-1gdsa-rc1", "1502").phase(1, "Soviet combat")
        ),
        (Expected(2, "stacking", "legal", ("Stacking", "Air units"), None, "no hex over-stacked"),),
    ),
    Case(
        "TPS-13",
        "a VP change is recorded with its rule, the award not guessed",
        lambda dist: LogWriter.on(dist, "tps-1").vp("AxisVP", 0, 5),
        (Expected(1, "AxisVP", NOT_JUDGED, ("VP schedule",), None, "0 → 5"),),
    ),
    Case(
        "TPS-14",
        "chat between moves changes nothing and counts as a step",
        lambda dist: LogWriter.on(dist, "tps-1").chat("<Axis> hello").move("su-1gdsa-rc1", "1103"),
        (Expected(2, "su-1gdsa-rc1", "legal", TPS_MOVE, "5"),),
    ),
    Case(
        "TPS-15",
        "the one-hex move is legal however short of MP, here into an enemy fortified hex in a ZOC",
        lambda dist: LogWriter.on(dist, "tps-1").move("su-5tka-rc2", "1907"),
        (
            Expected(
                1,
                "su-5tka-rc2",
                "legal: the one-hex move a unit may always make",
                TPS_MOVE,
                "6",
                "+2 enemy fortified hex, +3 entering enemy ZOC",
            ),
        ),
    ),
    Case(
        "TPS-16",
        "the one-hex minimum does not cover a move from one enemy ZOC into another",
        lambda dist: LogWriter.on(dist, "tps-1").move("su-1gdsa-rc2", "1404"),
        (
            Expected(
                1,
                "su-1gdsa-rc2",
                "illegal",
                TPS_MOVE,
                "6",
                "straight from one enemy ZOC into another",
            ),
        ),
    ),
    Case(
        "DOS-1",
        "a mechanized move within its allowance is legal, the phase's choice said",
        lambda dist: LogWriter.on(dist, "dos-blue").move("de-9pd", "N2144"),
        (
            Expected(
                1, "de-9pd", "legal", DOS_MOVE + DOS_SEQUENCE, "9", "which the log does not record"
            ),
        ),
    ),
    Case(
        "DOS-2",
        "a mechanized move one MP too long is illegal",
        lambda dist: LogWriter.on(dist, "dos-blue").move("de-9pd", "N2042"),
        (
            Expected(
                1,
                "de-9pd",
                "illegal",
                DOS_MOVE + DOS_SEQUENCE,
                "11",
                "11 MP against an allowance of 10",
            ),
        ),
    ),
    Case(
        "DOS-3",
        "a Soviet unit moved in a German phase is illegal",
        lambda dist: LogWriter.on(dist, "dos-blue").move("b13a-rd1", "N1044"),
        (Expected(1, "b13a-rd1", "illegal", DOS_SEQUENCE, None, "not its side's phase"),),
    ),
    Case(
        "DOS-4",
        "a unit of a held reserve army may not move",
        lambda dist: (
            LogWriter.on(dist, "dos-blue").phase(1, "Soviet: movement").move("b8ra-rd1", "N1616")
        ),
        (
            Expected(
                2, "b8ra-rd1", "illegal", DOS_MOVE + ("8.4 (errata 2002)",), None, "held in reserve"
            ),
        ),
    ),
    Case(
        "DOS-5",
        "an untried unit's move within its allowance is legal",
        lambda dist: (
            LogWriter.on(dist, "dos-blue").phase(1, "Soviet: movement").move("b13a-rd1", "N1044")
        ),
        (Expected(2, "b13a-rd1", "legal", DOS_MOVE, "4"),),
    ),
    # The Ford (games/ford/RULES.md), a game of data alone, turn 1 of its set-up: Vale v1
    # (foot 4-4-4) in 0202, v2 in 0204, v3 (armour 5-3-6, mechanized) in 0103, v4
    # (artillery 3-1-3) in 0102; Crag c1 (foot 4-4-4) in 0702. Its turns have no phases
    # (3.1 names none in the data), so a move of either side is judged by its cost alone,
    # every unit is in supply (a depot within 4 hexes, 8.1) and has its full allowance.
    Case(
        "FORD-1",
        "a one-hex move into woods, 2 MP of 4, is legal by The Ford's own rules",
        # 4.2: woods cost 2; 0302 is in no Crag ZOC (6.1: c1's six hexes are around 0702).
        lambda dist: LogWriter.on(dist, "ford-ford").move("v1", "0302"),
        (
            Expected(1, "v1", "legal", FORD_MOVE, "2", "0202 0302"),
            Expected(1, "stacking", "legal", ("5",), None, "at the end of turn 1"),
        ),
    ),
    Case(
        "FORD-2",
        "a move one MP over the allowance is illegal",
        # v4 (3 MP) 0102 to 0402: through 0202 (1) and the woods of 0302 (2) it is 3 MP at
        # 0302 and 4 at 0402; round by the north (0201, 0301, 0401, 0402) it is 4 as well.
        lambda dist: LogWriter.on(dist, "ford-ford").move("v4", "0402"),
        (Expected(1, "v4", "illegal", FORD_MOVE, "4", "over its allowance of 3"),),
    ),
    Case(
        "FORD-3",
        "a mechanized unit may not enter marsh, even one hex",
        # Turn 1: v3 0103, 0104, 0105 (clear, 2 MP of 6). Turn 2: into the marsh of 0205,
        # adjacent to 0105: 4.3 forbids it to mechanized units.
        lambda dist: LogWriter.on(dist, "ford-ford").move("v3", "0105").turn(2).move("v3", "0205"),
        (
            Expected(1, "v3", "legal", FORD_MOVE, "2", "0103 0104 0105"),
            Expected(3, "v3", "illegal", FORD_MOVE, None, "mechanized units may not enter marsh"),
        ),
    ),
    Case(
        "FORD-4",
        "an attack on a hill across the river is rolled on The Ford's table, with its result",
        # c1 0702 to the hill of 0502: 1 + 2 = 3 MP of 4; v1 0202 to 0402 through woods:
        # 2 + 1 = 3 of 4. v1 (attack 4, in supply: 0402, 0302, 0202 to the depot in 0103,
        # 8.1; 0402 is in c1's ZOC but v1 stands in it, 8.2) attacks c1 (defence 4): 1-1
        # (7.3), -1 for the hill and -1 as the only attacker attacks across the river
        # hexside 0402/0502 (7.4): die -2; a 6 is 4 on the 1-1 column: DR (7.6). c1
        # retreats to 0602. The Ford's data does not say what DR does, so the result is
        # recorded, not judged.
        lambda dist: (
            LogWriter.on(dist, "ford-ford")
            .move("c1", "0502")
            .move("v1", "0402")
            .chat("<Vale> attack 0502 from 0402")
            .roll(6)
            .move("c1", "0602")
        ),
        (
            Expected(1, "c1", "legal", FORD_MOVE, "3"),
            Expected(2, "v1", "legal", FORD_MOVE, "3"),
            Expected(3, "attack on 0502", "declared", FORD_COMBAT, None, "v1 on c1"),
            Expected(4, "attack on 0502", "rolled", ("7", "7.4"), None, "odds 1-1, die -2"),
            Expected(4, "attack on 0502", "rolled", ("7", "7.4"), None, "rolled 6: DR"),
            Expected(5, "c1", "part of a result", FORD_COMBAT, None, "0502 → 0602"),
            Expected(5, "attack on 0502", "recorded, not judged", FORD_COMBAT, None, "DR"),
        ),
    ),
    Case(
        "DOS-6",
        "a Soviet move in the Soviet prepared attacks phase is illegal",
        lambda dist: (
            LogWriter.on(dist, "dos-blue")
            .phase(1, "Soviet: prepared attacks (5.4)")
            .move("b13a-rd1", "N1044")
        ),
        (Expected(2, "b13a-rd1", "illegal", DOS_SEQUENCE, None, "not a movement phase"),),
    ),
]


def _ledger(case: Case, dist: Path, tmp_path: Path) -> Ledger:
    return audit(read_trail(case.actions(dist).write(tmp_path / f"{case.number}.vlog")))


def _find(ledger: Ledger, expected: Expected) -> Entry:
    found = [
        entry
        for entry in ledger.entries
        if entry.step == expected.step and entry.verdict.subject == expected.subject
    ]
    assert found, f"no verdict on {expected.subject} at step {expected.step}: {ledger.entries}"
    return found[0]


@pytest.mark.parametrize("case", CASES, ids=[case.number for case in CASES])
def test_case(case: Case, dist: Path, tmp_path: Path) -> None:
    ledger = _ledger(case, dist, tmp_path)
    for expected in case.expected:
        verdict = _find(ledger, expected).verdict
        assert (verdict.outcome, verdict.rules) == (expected.outcome, expected.rules), verdict
        if expected.cost is not None:
            assert verdict.details["cost"] == expected.cost, verdict
        assert expected.text in verdict.explanation + " " + " ".join(verdict.path), verdict
    ids = load_game(ledger.game).units.keys()
    assert [entry.verdict for entry in ledger.entries if unnamed_ids(entry.verdict, ids)] == [], (
        "an entry writes a unit id into its English, where a player's view cannot rename it"
    )


def test_the_ford_is_judged_with_its_own_rules_only(dist: Path, tmp_path: Path) -> None:
    """Every rule a ledger of The Ford cites is a section its own data names (no TPS or DoS
    "Sequence of play", no "combat" or "reinforcements" of nowhere)."""
    sections = {row.number for row in data_coverage(load_game("ford")).rows}
    for case in CASES:
        if case.number.startswith("FORD-"):
            ledger = _ledger(case, dist, tmp_path)
            cited = {rule for entry in ledger.entries for rule in entry.verdict.rules}
            assert cited and cited <= sections, (case.number, cited - sections)


def test_cases_are_numbered_once() -> None:
    numbers = [case.number for case in CASES]
    assert len(numbers) == len(set(numbers))


def test_hidden_2_an_untried_unit_goes_by_its_alias_until_the_step_that_reveals_it(
    dist: Path, tmp_path: Path
) -> None:
    log = LogWriter.on(dist, "dos-blue").phase(1, "Soviet: movement").move("b13a-rd1", "N1044")
    trail = read_trail(log.write(tmp_path / "game.vlog"))
    moved = trail.snapshots[-1]
    revealed_units = tuple(
        replace(state, flags=frozenset()) if state.unit.id == "b13a-rd1" else state
        for state in moved.position.units
    )
    revealed = replace(moved, step=3, position=replace(moved.position, units=revealed_units))
    ledger = audit(replace(trail, snapshots=(*trail.snapshots, revealed), steps=3))
    shown = {(entry.step, entry.verdict.topic): entry.verdict for entry in ledger.seen_by("axis")}
    assert shown[(2, "movement")].subject.startswith("untried-")
    assert (shown[(3, "reveal")].subject, shown[(3, "reveal")].rules) == ("b13a-rd1", ("2.14",))
    assert all(
        "b13a-rd1" not in str(entry.verdict) for entry in ledger.seen_by("soviet") if entry.step < 3
    )


def test_removed_a_unit_taken_off_the_map_is_recorded_not_judged(
    dist: Path, tmp_path: Path
) -> None:
    log = LogWriter.on(dist, "tps-1")
    piece, _ = log.piece_of("su-1gdsa-rc1")
    log.steps.append(f"M/{piece}/null/0/0/null/null/0/0/null")
    entries = audit(read_trail(log.write(tmp_path / "game.vlog"))).entries
    removal = next(entry.verdict for entry in entries if entry.verdict.topic == "removal")
    assert (removal.subject, removal.outcome, removal.rules) == (
        "su-1gdsa-rc1",
        NOT_JUDGED,
        ("Sequence of play",),
    )
    assert "1602" in removal.explanation


def test_eliminated_a_unit_sent_to_its_dead_pile_is_recorded_not_judged(
    dist: Path, tmp_path: Path
) -> None:
    log = LogWriter.on(dist, "tps-1")
    piece, map_name = log.piece_of("de-62id")
    log.steps.append(f"M/{piece}/{dead_pile_name('Axis')}/20/20/null/{map_name}/0/0/null")
    entries = audit(read_trail(log.write(tmp_path / "game.vlog"))).entries
    elimination = next(entry for entry in entries if entry.verdict.topic == "elimination")
    assert (elimination.side, elimination.verdict.subject, elimination.verdict.outcome) == (
        "axis",
        "de-62id",
        NOT_JUDGED,
    )
    assert not [entry for entry in entries if entry.verdict.topic in ("movement", "removal")]
