"""The referee commands print what they printed when the digests were recorded (issue 23:
verdicts became data and the output stayed the same, fields only added to the JSON).

The suite recomputes the quick cases of :mod:`tests.golden.cases`; run
``python -m tests.golden.cases`` for all of them (set-ups, every view, every report).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden.cases import (
    Case,
    cases,
    differences,
    digests,
    recorded,
    without_added_keys,
)


@pytest.fixture(scope="module")
def every_case() -> list[Case]:
    """The cases, listed once for the file (listing reads every position file)."""
    return list(cases())


def test_the_quick_outputs_are_as_recorded(every_case: list[Case], tmp_path: Path) -> None:
    quick = [case for case in every_case if case.quick]
    assert len(quick) > 300
    assert differences(digests(tmp_path, quick), recorded()) == []


def test_every_case_has_a_recorded_digest(every_case: list[Case]) -> None:
    """A case added without recording its output would be compared with nothing."""
    kept = recorded()
    assert [case.name for case in every_case if case.name not in kept] == []


def test_added_verdict_keys_are_dropped_and_nothing_else(tmp_path: Path) -> None:
    verdict = {"subject": "u", "topic": "supply", "outcome": "in supply", "state": "supplied"}
    answer = {"version": 2, "verdicts": [verdict], "state": "kept: not a verdict's"}
    assert without_added_keys(answer) == {
        "verdicts": [{"subject": "u", "topic": "supply", "outcome": "in supply"}],
        "state": "kept: not a verdict's",
    }


def test_a_changed_output_is_found(every_case: list[Case], tmp_path: Path) -> None:
    """The comparison can fail: a position's check under a digest recorded for another."""
    first, second = [case for case in every_case if case.quick][:2]
    found = digests(tmp_path, [first])
    assert differences(found, {first.name: recorded()[second.name]}) == [first.name]
