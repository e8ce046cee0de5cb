"""The audit's numbered Rattenkrieg cases, in the manner of the Diplomacy adjudicator test
cases: each a start position (the game dealt from seed 7: the German hand 10♣ 6♥ 10♦,
the Soviet 2♠ J♦ 4♣ 3♥; 14pz's steps 5♥ A♣ 6♦ J♠, 24pz's 2♣ Q♠ A♠ 7♥; 8♣ on top of
the deck), the logged actions, and the verdicts expected with their rules (003, 3.5-10.2).
Control at the start: every city area Soviet (3.6)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from builder.audit_trail import read_trail
from rules.audit.ledger import Entry, Ledger
from rules.referee.rks.audit import audit_areas
from tests.audit.rks_logs import RksLog

GERMAN, SOVIET, REPLENISH = "German operations", "Soviet operations", "Replenishment"


@dataclass(frozen=True)
class Expected:
    """One verdict the ledger must hold: on ``subject``, of ``topic``, at log step ``step``."""

    step: int
    subject: str
    topic: str
    outcome: str
    rules: tuple[str, ...]
    text: str = ""


@dataclass(frozen=True)
class Case:
    number: str
    title: str
    actions: Callable[[Path], RksLog]
    expected: tuple[Expected, ...]


def _orlovka_empty(dist: Path) -> RksLog:
    """The Soviet rifle2 leaves Orlovka for the Tractor Factory (steps 1-2), then the
    German player turn begins (step 3): Orlovka stays Soviet, empty (3.6)."""
    return RksLog.on(dist).phase(1, SOVIET).move("rifle2", "tractor_factory").phase(1, GERMAN)


CASES = [
    Case(
        "RKS-1",
        "a move through friendly areas costs no card",
        lambda dist: RksLog.on(dist).phase(1, SOVIET).move("rifle2", "red_october"),
        (
            Expected(
                2,
                "rifle2",
                "movement",
                "legal",
                ("7.2", "7.3"),
                "Orlovka → Barrikady → Red October",
            ),
        ),
    ),
    Case(
        "RKS-2",
        "a second unit acting in the same player turn is illegal",
        lambda dist: (
            RksLog.on(dist)
            .phase(1, SOVIET)
            .move("rifle4", "city_centre")
            .move("rifle5", "city_centre")
        ),
        (
            Expected(2, "rifle4", "movement", "legal", ("7.2", "7.3")),
            Expected(3, "rifle5", "movement", "illegal", ("7.1",), "rifle4 is the unit acting"),
        ),
    ),
    Case(
        "RKS-3",
        "a move into an area where enemy units stand is a combat, no card piled",
        lambda dist: RksLog.on(dist).phase(1, GERMAN).move("14pz", "orlovka"),
        (
            Expected(
                2, "14pz", "movement", "legal", ("7.2", "7.3", "8.1"), "a combat with the enemy"
            ),
        ),
    ),
    Case(
        "RKS-4",
        "a move through an area where enemy units stand is illegal",
        lambda dist: RksLog.on(dist).phase(1, GERMAN).move("14pz", "barrikady"),
        (Expected(2, "14pz", "movement", "illegal", ("7.2", "7.3", "3.5", "8.10"), "no way in"),),
    ),
    Case(
        "RKS-5",
        "no unit enters the enemy rear",
        lambda dist: RksLog.on(dist).phase(1, SOVIET).move("rifle4", "german_rear"),
        (Expected(2, "rifle4", "movement", "illegal", ("7.2", "7.3", "3.5", "8.10")),),
    ),
    Case(
        "RKS-6",
        "an empty enemy area entered with a hand card piled is legal",
        lambda dist: _orlovka_empty(dist).move("14pz", "orlovka").pile("10c"),
        (
            Expected(4, "14pz", "movement", "legal", ("7.2", "7.3"), "1 card to pile"),
            Expected(5, "14pz", "cards paid", "legal", ("7.3",), "piled 1 card (10♣)"),
        ),
    ),
    Case(
        "RKS-7",
        "an empty enemy area entered with no card piled is illegal",
        lambda dist: _orlovka_empty(dist).move("14pz", "orlovka").phase(1, SOVIET),
        (Expected(5, "14pz", "cards paid", "illegal", ("7.3",), "1 short"),),
    ),
    Case(
        "RKS-8",
        "two enemy areas in one action with one card piled is illegal",
        lambda dist: (
            RksLog.on(dist)
            .phase(1, SOVIET)
            .move("rifle2", "tractor_factory")
            .phase(1, GERMAN)
            .move("14pz", "barrikady")
            .pile("10c")
            .phase(1, SOVIET)
        ),
        (
            Expected(
                4, "14pz", "movement", "legal", ("7.2", "7.3"), "German rear → Orlovka → Barrikady"
            ),
            Expected(6, "14pz", "cards paid", "illegal", ("7.3",), "entered 2 empty enemy areas"),
        ),
    ),
    Case(
        "RKS-9",
        "two enemy areas in one action with two cards piled is legal",
        lambda dist: _orlovka_empty(dist).move("14pz", "barrikady").pile("10c").pile("6h"),
        (Expected(6, "14pz", "cards paid", "legal", ("7.3",), "piled 2 cards (10♣ 6♥)"),),
    ),
    Case(
        "RKS-10",
        "a step card of the acting unit pays as well as a hand card",
        lambda dist: _orlovka_empty(dist).move("14pz", "orlovka").pile("5h"),
        (Expected(5, "14pz", "cards paid", "legal", ("7.3",), "piled 1 card (5♥)"),),
    ),
    Case(
        "RKS-11",
        "a step card of another unit does not pay for the acting unit",
        lambda dist: _orlovka_empty(dist).move("14pz", "orlovka").pile("2c").phase(1, SOVIET),
        (Expected(6, "14pz", "cards paid", "illegal", ("7.3",), "piled 0 cards"),),
    ),
    Case(
        "RKS-12",
        "entering an empty enemy area takes its control",
        lambda dist: _orlovka_empty(dist).move("14pz", "orlovka").pile("10c"),
        (Expected(4, "Orlovka", "control", "German control", ("3.6",), "from Soviet to German"),),
    ),
    Case(
        "RKS-13",
        "a card drawn outside the replenishment phase is illegal",
        lambda dist: RksLog.on(dist).phase(1, SOVIET).undeck("8c", to_hand="soviet"),
        (Expected(2, "Soviet hand", "draw", "illegal", ("10.1",), "only in the replenishment"),),
    ),
    Case(
        "RKS-14",
        "a card drawn in the replenishment phase up to the limit is legal",
        lambda dist: (
            RksLog.on(dist)
            .phase(1, REPLENISH)
            .pile("10c")
            .undeck("8c", to_hand="german")
            .phase(2, "Reinforcements")
        ),
        (
            Expected(3, "German hand", "draw", "legal", ("10.1",), "drew 8♣"),
            Expected(4, "German hand", "hand", "3 cards", ("10.1", "10.2")),
        ),
    ),
    Case(
        "RKS-15",
        "a hand refilled over its limit is too many",
        lambda dist: (
            RksLog.on(dist)
            .phase(1, REPLENISH)
            .undeck("8c", to_hand="german")
            .phase(2, "Reinforcements")
        ),
        (Expected(3, "German hand", "hand", "too many", ("10.1", "10.2"), "at most 3"),),
    ),
    Case(
        "RKS-16",
        "a step replenished to a unit in its rear, under its maximum, is legal",
        lambda dist: (
            RksLog.on(dist)
            .phase(1, GERMAN)
            .pile("5h")
            .phase(1, SOVIET)
            .phase(1, GERMAN)
            .undeck("8c", to_steps="14pz")
        ),
        (Expected(5, "14pz", "replenishment", "legal", ("7.5",), "a replenished step"),),
    ),
    Case(
        "RKS-17",
        "a step replenished over the unit's maximum is illegal",
        lambda dist: RksLog.on(dist).phase(1, GERMAN).undeck("8c", to_steps="14pz"),
        (Expected(2, "14pz", "replenishment", "illegal", ("7.5",), "over its 4"),),
    ),
    Case(
        "RKS-18",
        "a step replenished to a unit outside its rear is illegal",
        lambda dist: RksLog.on(dist).phase(1, SOVIET).undeck("8c", to_steps="rifle4"),
        (Expected(2, "rifle4", "replenishment", "illegal", ("7.5",), "not in its side's rear"),),
    ),
    Case(
        "RKS-19",
        "the defender's unit retreating into an adjacent friendly area is legal",
        lambda dist: RksLog.on(dist).phase(1, GERMAN).move("rifle2", "barrikady"),
        (Expected(2, "rifle2", "retreat", "legal", ("8.9", "8.10")),),
    ),
    Case(
        "RKS-20",
        "the defender's unit moving beyond an adjacent area is illegal",
        lambda dist: RksLog.on(dist).phase(1, GERMAN).move("rifle2", "red_october"),
        (Expected(2, "rifle2", "retreat", "illegal", ("8.9", "8.10"), "not the player's turn"),),
    ),
    Case(
        "RKS-21",
        "victory is judged after each turn's replenishment",
        lambda dist: RksLog.on(dist).phase(1, REPLENISH).phase(2, "Reinforcements"),
        (
            Expected(
                2,
                "victory",
                "victory",
                "Soviet victory if it ended now",
                ("4.0", "3.6"),
                "turn 1 of 6",
            ),
        ),
    ),
    Case(
        "RKS-22",
        "a card drawn from the discard pile outside the replenishment phase is illegal",
        lambda dist: RksLog.on(dist).phase(1, GERMAN).pile("10c").undeck("10c", to_hand="german"),
        (Expected(3, "German hand", "draw", "illegal", ("10.1",), "drew 10♣"),),
    ),
    Case(
        "RKS-23",
        "the T-34 going along with the acting unit is no second unit",
        lambda dist: (
            RksLog.on(dist)
            .phase(1, SOVIET)
            .move("rifle1", "tractor_factory")
            .move("rifle1", "barrikady")
            .move("t34", "barrikady")
        ),
        (Expected(4, "t34", "movement", "legal", ("7.2", "7.3"), "Tractor Factory → Barrikady"),),
    ),
    Case(
        "RKS-24",
        "a reinforcement a turn early is illegal",
        lambda dist: RksLog.on(dist).phase(1, GERMAN).move("16pz", "german_rear"),
        (Expected(2, "16pz", "reinforcement", "arrived too early", ("6.1",), "turn 2"),),
    ),
    Case(
        "RKS-25",
        "a reinforcement on its turn is legal",
        lambda dist: RksLog.on(dist).phase(2, "Reinforcements").move("16pz", "german_rear"),
        (Expected(2, "16pz", "reinforcement", "legal", ("6.1", "6.2"), "German rear"),),
    ),
    Case(
        "RKS-26",
        "the hand of the side holding Mamayev Kurgan is refilled to four",
        lambda dist: (
            RksLog.on(dist)
            .phase(1, REPLENISH)
            .pile("2s")
            .undeck("8c", to_hand="soviet")
            .phase(2, "Reinforcements")
        ),
        (
            Expected(3, "Soviet hand", "draw", "legal", ("10.1",)),
            Expected(
                4, "Soviet hand", "hand", "4 cards", ("10.1", "10.2"), "holding Mamayev Kurgan"
            ),
        ),
    ),
    Case(
        "RKS-27",
        "a move of the side not acting into an enemy area is no retreat",
        lambda dist: RksLog.on(dist).phase(1, SOVIET).move("14pz", "orlovka"),
        (Expected(2, "14pz", "retreat", "illegal", ("8.9", "8.10")),),
    ),
    Case(
        "RKS-28",
        "a card the opponent piles does not pay for the acting unit",
        lambda dist: _orlovka_empty(dist).move("14pz", "orlovka").pile("2s").phase(1, SOVIET),
        (Expected(6, "14pz", "cards paid", "illegal", ("7.3",), "piled 0 cards"),),
    ),
    Case(
        "RKS-29",
        "the attacker that lost its duel moves on into another enemy area: no retreat",
        lambda dist: _lost_in_orlovka(dist).move("14pz", "barrikady"),
        (
            Expected(8, "14pz on rifle2", "duel", "defender", ("8.7 (1)", "8.7")),
            Expected(9, "14pz", "retreat", "illegal", ("8.9", "8.11"), "Barrikady"),
        ),
    ),
    Case(
        "RKS-30",
        "the attacker that lost retreats into an adjacent area of its side and turns over",
        lambda dist: _lost_in_orlovka(dist).move("14pz", "german_rear").flip("14pz"),
        (Expected(9, "14pz", "retreat", "legal", ("8.9", "8.11"), "German rear"),),
    ),
    Case(
        "RKS-31",
        "an attacker that retreats and is not turned over when its action ends breaks 8.11",
        lambda dist: _lost_in_orlovka(dist).move("14pz", "german_rear").phase(1, SOVIET),
        (Expected(10, "14pz", "retreat", "illegal", ("8.9", "8.11"), "not turned over"),),
    ),
    Case(
        "RKS-32",
        "an attacker that retreated acts no more in that player turn",
        lambda dist: (
            _lost_in_orlovka(dist).move("14pz", "german_rear").flip("14pz").move("14pz", "orlovka")
        ),
        (Expected(11, "14pz", "movement", "illegal", ("8.11",), "its action ended"),),
    ),
    Case(
        "RKS-33",
        "an attacker that lost a step, with both sides still in the area, must attack again "
        "or retreat",
        lambda dist: _lost_in_orlovka(dist).pile("js").phase(1, SOVIET),
        (
            Expected(9, "14pz", "step loss", "legal", ("8.9",)),
            Expected(10, "14pz", "duel", "illegal", ("8.11",), "neither attacked again"),
        ),
    ),
    Case(
        "RKS-34",
        "an attacker that lost a step and then retreated has made the choice of 8.11",
        lambda dist: (
            _lost_in_orlovka(dist)
            .pile("js")
            .move("14pz", "german_rear")
            .flip("14pz")
            .phase(1, SOVIET)
        ),
        (Expected(10, "14pz", "retreat", "legal", ("8.9", "8.11"), "German rear"),),
    ),
]


def _lost_in_orlovka(dist: Path) -> RksLog:
    """14pz attacks rifle2 in Orlovka (steps 1-2) and loses the duel (steps 3-8): the
    German plays 10♣ from his hand, over 14pz's strength 7, a bluff; the Soviet 2♠, at
    most rifle2's 4, which hits; only the defender's card hits (8.7 (1)). 14pz must
    retreat to an adjacent area its side controls (the German rear), lose a step or be
    eliminated (8.9); a retreat turns it over and ends its action (8.9 (1), 8.11)."""
    return RksLog.on(dist).phase(1, GERMAN).move("14pz", "orlovka").duel("10c", "2s")


def _ledger(case: Case, dist: Path, tmp_path: Path) -> Ledger:
    return audit_areas(read_trail(case.actions(dist).write(tmp_path / f"{case.number}.vlog")))


def _find(ledger: Ledger, expected: Expected) -> Entry:
    found = [
        entry
        for entry in ledger.entries
        if (entry.step, entry.verdict.subject, entry.verdict.topic)
        == (expected.step, expected.subject, expected.topic)
    ]
    assert found, (
        f"no {expected.topic} verdict on {expected.subject} at step {expected.step}: "
        + "\n".join(str(entry) for entry in ledger.entries)
    )
    return found[0]


@pytest.mark.parametrize("case", CASES, ids=[case.number for case in CASES])
def test_case(case: Case, rks_dist: Path, tmp_path: Path) -> None:
    ledger = _ledger(case, rks_dist, tmp_path)
    for expected in case.expected:
        verdict = _find(ledger, expected).verdict
        assert (verdict.outcome, verdict.rules) == (expected.outcome, expected.rules), verdict
        assert expected.text in verdict.explanation + " " + " ".join(verdict.path), verdict


def test_cases_are_numbered_once() -> None:
    numbers = [case.number for case in CASES]
    assert len(numbers) == len(set(numbers))


def test_an_action_the_file_ends_in_is_not_yet_short_of_cards(
    rks_dist: Path, tmp_path: Path
) -> None:
    log = _orlovka_empty(rks_dist).move("14pz", "orlovka")
    ledger = audit_areas(read_trail(log.write(tmp_path / "open.vlog")))
    paid = next(entry.verdict for entry in ledger.entries if entry.verdict.topic == "cards paid")
    assert (paid.outcome, paid.violation) == ("not paid when the file ends", False)


def test_hidden_a_card_drawn_is_named_to_its_holder_only(rks_dist: Path, tmp_path: Path) -> None:
    log = RksLog.on(rks_dist).phase(1, SOVIET).undeck("8c", to_hand="german")
    ledger = audit_areas(read_trail(log.write(tmp_path / "draw.vlog")))
    draws = {
        side: next(entry.verdict for entry in ledger.seen_by(side) if entry.verdict.topic == "draw")
        for side in ("german", "soviet")
    }
    assert "8♣" in draws["german"].explanation
    assert "8♣" not in str(draws["soviet"])
    assert "1 card not shown to this side" in draws["soviet"].explanation
    assert not any("8♣" in str(entry.verdict) for entry in ledger.seen_by("soviet"))


@pytest.mark.parametrize("number", ["RKS-30", "RKS-34"])
def test_8_11_a_retreat_turned_over_leaves_no_breach(
    number: str, rks_dist: Path, tmp_path: Path
) -> None:
    """The attacker that retreats, turns over and acts no more has done what 8.9 and 8.11
    ask: no entry of the action is a breach."""
    case = next(case for case in CASES if case.number == number)
    log = case.actions(rks_dist).phase(1, SOVIET)
    ledger = audit_areas(read_trail(log.write(tmp_path / f"{number}.vlog")))
    assert [entry.verdict for entry in ledger.entries if entry.verdict.violation] == []


def test_chain_order_the_operations_phases_alternate_so_either_may_follow(
    rks_dist: Path,
) -> None:
    """5.0: the German and Soviet player turns repeat until both pass, so a file ending in
    Soviet operations may be followed by one starting in German operations of the same
    turn; the replenishment phase is not followed by an operations phase of its turn."""
    from dataclasses import replace

    from rules.audit.continuity import phases_between, runs_backwards
    from rules.referee.rks.board import phase_rank

    start = read_trail(RksLog.on(rks_dist).log.path).start.position
    soviet, german = replace(start, phase=SOVIET), replace(start, phase=GERMAN)
    replenishment = replace(start, phase=REPLENISH)
    assert not runs_backwards(soviet, german, phase_rank)
    assert runs_backwards(replenishment, german, phase_rank)
    assert phases_between(german, replace(start, turn=2, phase="Reinforcements"), phase_rank) == [
        "turn 1, Replenishment"
    ]
