"""The engine tests' waits for the referee plugin's answers: brief on a quiet machine, and
the run made again with patient waits, and counted, when an answer came late."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.support import answer_waits, engine_slots
from tests.support.answer_waits import (
    ANSWER,
    FIRST_ANSWER,
    LATE_ANSWER,
    late_waits,
    paced,
    played_in_time,
)
from tests.support.engine_slots import RUN_FOLDER

PRESS: dict[str, object] = {"button": "Referee"}
STEPS: list[dict[str, object]] = [{"side": "Axis"}, PRESS, FIRST_ANSWER, PRESS, ANSWER]


def _action(step: dict[str, object], *chat: str) -> dict[str, Any]:
    return {"step": step, "chat": list(chat)}


def test_answer_waits_are_brief_on_a_quiet_machine_and_longer_under_load(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(answer_waits, "engine_slots", lambda: 2)
    monkeypatch.setattr(os, "getloadavg", lambda: (0.5, 0.5, 0.5))
    assert [step.get("wait") for step in paced(STEPS, patient=False)] == [None, None, 4, None, 1.5]
    monkeypatch.setattr(os, "getloadavg", lambda: (6.0, 6.0, 6.0))
    assert [step.get("wait") for step in paced(STEPS, patient=False)] == [None, None, 12, None, 4.5]
    monkeypatch.setattr(os, "getloadavg", lambda: (40.0, 40.0, 40.0))
    assert [step.get("wait") for step in paced(STEPS, patient=False)] == [None, None, 25, None, 12]
    assert [step.get("wait") for step in paced(STEPS, patient=True)] == [None, None, 25, None, 12]
    assert [step["comment"] for step in paced(STEPS, patient=True)[2::2]] == [
        "the first answer",
        "an answer",
    ]


def test_an_answer_wait_with_no_line_from_its_press_or_during_it_was_late() -> None:
    on_time = [
        _action(STEPS[0]),
        _action(PRESS),
        _action(FIRST_ANSWER, "Referee: 3 verdicts in the Referee panel"),
        _action(PRESS, "Referee: select a unit first."),
        _action(ANSWER),
    ]
    assert late_waits(on_time) == []
    # The first answer came during the second press: its wait was too short (and the
    # run is played again, whatever became of the second answer).
    late = [
        _action(STEPS[0]),
        _action(PRESS),
        _action(FIRST_ANSWER),
        _action(PRESS, "Referee: 3 verdicts in the Referee panel"),
        _action(ANSWER),
    ]
    assert late_waits(late) == [2]
    # A plain wait, marked for no answer, is never judged.
    assert late_waits([_action(PRESS), _action({"wait": 3})]) == []


def test_a_run_with_a_late_answer_is_made_again_patiently_and_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(RUN_FOLDER, str(tmp_path))
    monkeypatch.setattr(os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    runs: list[list[dict[str, object]]] = []
    cleared: list[int] = []

    def play(steps: list[dict[str, object]]) -> dict[str, Any]:
        runs.append(steps)
        patient = len(runs) > 1
        return {
            "actions": [
                _action(step, "Referee: answered") if patient and "wait" in step else _action(step)
                for step in steps
            ]
        }

    report = played_in_time(play, STEPS, "3.7", before_again=lambda: cleared.append(len(runs)))
    assert [[step.get("wait") for step in run] for run in runs] == [
        [None, None, 4, None, 1.5],
        [None, None, 25, None, 12],
    ]
    assert cleared == [1]
    assert late_waits(report["actions"]) == []
    assert engine_slots.tally(tmp_path).retried == {
        LATE_ANSWER: (
            "tests/module/test_answer_waits.py::"
            "test_a_run_with_a_late_answer_is_made_again_patiently_and_counted"
            ' (step 3 after {"button": "Referee"}, 4.0 s; step 5 after {"button": "Referee"}, 1.5 s)',
        )
    }


def test_a_run_with_every_answer_in_time_is_made_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(RUN_FOLDER, str(tmp_path))
    runs: list[list[dict[str, object]]] = []

    def play(steps: list[dict[str, object]]) -> dict[str, Any]:
        runs.append(steps)
        return {"actions": [_action(step, "Referee: answered") for step in steps]}

    played_in_time(play, STEPS, "3.7")
    assert len(runs) == 1
    assert engine_slots.tally(tmp_path).retried == {}
