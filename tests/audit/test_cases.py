"""The audit's numbered cases, in the manner of the Diplomacy adjudicator test cases:
each a start position (a module's set-up save), the logged actions, and the verdicts
expected, each with its rule. Costs and allowances were worked out by hand from the
terrain effects tables and the set-ups (TPS scenario 1: Soviet first movement of turn
1; DoS Blue: the German first phase of turn 1). The games refereed from their data have
theirs in tests/audit/test_cases_data.py.

DoS Uranus, turn 1, the Soviet first phase: the artillery division u-ad2 (mechanized,
movement 5) in N2723 has 2 MP, halved on Uranus turn 1 and rounded down (3.3, 1.3).
N2823 beside it is clear behind a river hexside: 1 + 2 for a mechanized unit crossing
a river = 3 MP (9.10, 9.16, 9.21), more than 2, which 9.3 allows as its one hex for the
whole allowance. N2922 is two hexes away; the only hex beside both is N2823 (N2824 and
N2923 hold Axis units, 9.4), then 1 more across the Don–Volga line's hexside, which
costs nothing (9.20): 4 MP, and 9.3 does not cover two hexes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from builder.audit_trail import read_trail
from builder.saves.names import dead_pile_name
from rules.audit.ledger import NOT_JUDGED, Entry, Ledger, audit
from rules.data.loader import load_game
from tests.audit.logs import LogWriter
from tests.support.unit_names import unnamed_ids

TPS_MOVE = ("Movement", "Terrain effects table", "ZOC")
TPS_SEQUENCE = ("Sequence of play",)
DOS_MOVE = ("9.1", "9.10-9.21")
DOS_SEQUENCE = ("5.1", "5.4")


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
    Case(
        "DOS-22",
        "a one-hex move costing more than the allowance is legal: the whole allowance spent (9.3)",
        lambda dist: LogWriter.on(dist, "dos-uranus").move("u-ad2", "N2823"),
        (
            Expected(
                1,
                "u-ad2",
                "legal: the one-hex move a unit may always make",
                DOS_MOVE + ("9.3",) + DOS_SEQUENCE,
                "3",
                "3 MP against an allowance of 2",
            ),
        ),
    ),
    Case(
        "DOS-23",
        "9.3 guarantees one hex, never two: a two-hex move beyond the allowance is illegal",
        lambda dist: LogWriter.on(dist, "dos-uranus").move("u-ad2", "N2922"),
        (
            Expected(
                1,
                "u-ad2",
                "illegal",
                DOS_MOVE + DOS_SEQUENCE,
                "4",
                "4 MP against an allowance of 2",
            ),
        ),
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
