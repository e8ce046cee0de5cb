"""The Rattenkrieg referee against the rule text (``../shared/seeds/003_…``).

Hand-built positions (``positions/rks/*.toml``) give the reasoning from the rules first,
then the verdicts it leads to in ``# expect:`` lines (subject | topic | outcome |
detail=value …, ``rules=`` for the rules cited, ``reading=`` for a reading it names,
``violation=yes|no`` for whether it is a breach the summary counts); ``# expect none:``
lines name verdicts that must not be given.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest

from rules.referee.games import referee_for
from rules.referee.position_file import read_position_file
from rules.referee.verdict import Verdict
from tests.referee.expectations import expectations
from tests.support.games import shipped_game

POSITIONS = Path(__file__).parent / "positions" / "rks"
POSITION_FILES = sorted(POSITIONS.glob("*.toml"))
RULES_TEXT = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "003_d32c7d38aceca51a.txt"


def matches(verdict: Verdict, fields: Sequence[str]) -> bool:
    """Whether a verdict is the one an expect line describes; as the TPS tests read
    them, with ``rules=`` for the rules the verdict cites."""
    subject, topic, *rest = fields
    if (verdict.subject, verdict.topic) != (subject, topic):
        return False
    if rest and verdict.outcome != rest[0]:
        return False
    for item in rest[1:]:
        key, value = item.split("=", 1)
        actual: str | None
        if key == "rules":
            actual = ", ".join(verdict.rules)
        elif key == "violation":
            actual = "yes" if verdict.violation else "no"
        elif key == "reading":
            actual = value if value in verdict.readings else None
        else:
            actual = verdict.details.get(key)
        if actual != value:
            return False
    return True


def check(path: Path, side: str | None = None) -> list[Verdict]:
    return referee_for(read_position_file(path)).check_as(side)


def test_there_are_enough_hand_built_positions() -> None:
    assert len(POSITION_FILES) >= 20


@pytest.mark.parametrize("path", POSITION_FILES, ids=lambda path: path.stem)
def test_hand_built_position(path: Path) -> None:
    assert path.read_text(encoding="utf-8").startswith("# "), "the reasoning comes first"
    expected = expectations(path)
    assert any(present for present, _ in expected), (
        "a position states at least one verdict it expects"
    )
    verdicts = check(path)
    wrong = [
        (" | ".join(fields), "expected" if present else "not expected")
        for present, fields in expected
        if any(matches(verdict, fields) for verdict in verdicts) != present
    ]
    assert not wrong, (wrong, [verdict.as_text() for verdict in verdicts])


def rule_numbers_in_the_text() -> set[str]:
    """Every section number the rules text prints: ``[8.7]`` and ``【4.0】``."""
    return set(re.findall(r"[\[【](\d+\.\d+)[\]】]", RULES_TEXT.read_text(encoding="utf-8")))


@pytest.mark.skipif(not RULES_TEXT.exists(), reason="the rules text is in ../shared")
@pytest.mark.parametrize("path", POSITION_FILES, ids=lambda path: path.stem)
def test_every_verdict_cites_a_rule_of_the_text(path: Path) -> None:
    known = rule_numbers_in_the_text()
    for verdict in check(path):
        cited = {rule.split(" ")[0] for rule in verdict.rules}
        assert cited <= known, verdict.as_text()


def test_the_setup_is_soviet_everywhere_and_a_soviet_win_if_it_ended_now() -> None:
    """3.6 and 4.0 on the scenario's set-up: every city area Soviet, no card dealt yet."""
    from rules.referee.position import setup_position

    verdicts = referee_for(setup_position(shipped_game("rks"), "city")).check()
    control = [verdict for verdict in verdicts if verdict.topic == "control"]
    assert len(control) == 12 and {verdict.outcome for verdict in control} == {"Soviet"}
    assert any(
        verdict.topic == "cards" and verdict.outcome == "not dealt yet" for verdict in verdicts
    )
    victory = next(verdict for verdict in verdicts if verdict.topic == "victory")
    assert victory.outcome == "Soviet victory if it ended now"
