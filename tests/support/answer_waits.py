"""Waiting for the referee plugin's answers in an engine run: briefly on a quiet machine,
and the run made again with patient waits when an answer came late.

vcheck's only wait is a sleep (its README: ``{"wait": seconds}``), so a step list must
guess how long an answer takes. Measured on the 2-core machine, quiet (issue 36): the
first press of a run, which starts the referee service, is answered 0.8-1.5 s after
it; every later press 0.05-0.3 s after it. Waits of 25 and 12 s, long enough for a load
of 8, made up 830 of the suite's 1,969 engine-seconds. So a step list marks each wait
for an answer (:data:`FIRST_ANSWER`, :data:`ANSWER`), :func:`paced` makes those waits
brief and as much longer as the machine is loaded, and :func:`played_in_time` plays the
steps again with the patient waits when any answer came after its wait
(:func:`late_waits`): a late answer lands in a later step's chat and says nothing about
the plugin, so that run is not judged. Each run made again is noted in the run's engine
ledger (:func:`tests.support.engine_slots.note_retry`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tests.support.engine_slots import engine_slots, note_retry

LATE_ANSWER = "an answer that came after its wait"
"""Why a run with brief waits is made again (the ledger's reason)."""


@dataclass(frozen=True)
class AnswerWait:
    """How long to wait for one kind of answer: on a quiet machine, and patiently."""

    brief: float
    patient: float


WAITS = {
    "the first answer": AnswerWait(brief=4.0, patient=25.0),
    "an answer": AnswerWait(brief=1.5, patient=12.0),
}
"""The answer waits by the comment that marks them: the first press of a run starts the
service (0.8-1.5 s quiet, 4-20 s at a load of 8); the service answers a later press
(0.05-0.3 s quiet, 1-8 s at a load of 8)."""
FIRST_ANSWER: dict[str, object] = {
    "wait": WAITS["the first answer"].brief,
    "comment": "the first answer",
}
"""The wait after the first press of a run: the referee service starts."""
ANSWER: dict[str, object] = {"wait": WAITS["an answer"].brief, "comment": "an answer"}
"""The wait after each later press, answered by the running service."""


def _kind(step: Mapping[str, object]) -> AnswerWait | None:
    """The answer wait ``step`` is, or None for any other step."""
    comment = step.get("comment")
    return WAITS.get(comment) if "wait" in step and isinstance(comment, str) else None


def load_factor() -> float:
    """How many times longer than on a quiet machine an answer takes now: the last
    minute's load per core, at least 1."""
    return max(1.0, os.getloadavg()[0] / engine_slots())


def paced(steps: Sequence[Mapping[str, object]], *, patient: bool) -> list[dict[str, object]]:
    """``steps`` with each answer wait made patient, or brief times :func:`load_factor`
    (never longer than patient)."""
    factor = load_factor()
    result: list[dict[str, object]] = []
    for step in steps:
        kind = _kind(step)
        if kind is None:
            result.append(dict(step))
            continue
        seconds = kind.patient if patient else min(kind.patient, kind.brief * factor)
        result.append({**step, "wait": round(seconds, 1)})
    return result


def late_waits(actions: Sequence[Mapping[str, Any]]) -> list[int]:
    """The indexes of the answer waits in vcheck's ``actions`` that ended with no chat
    line from their press or from the wait: every press of the plugin says one line,
    at once when it asks nothing, else when the answer comes."""
    late = []
    for index, action in enumerate(actions):
        step = action.get("step")
        if not isinstance(step, Mapping) or _kind(step) is None:
            continue
        pressed = actions[index - 1]["chat"] if index else []
        if not pressed and not action["chat"]:
            late.append(index)
    return late


def played_in_time(
    play: Callable[[list[dict[str, object]]], dict[str, Any]],
    steps: Sequence[Mapping[str, object]],
    engine: str,
    *,
    before_again: Callable[[], None] = lambda: None,
) -> dict[str, Any]:
    """vcheck's report of ``play`` (one engine run of the steps it is given) on ``steps``
    with brief answer waits, or, when an answer came late, of a second run with patient
    waits, made after ``before_again`` clears what the first run left behind."""
    report = play(paced(steps, patient=False))
    actions = report.get("actions", [])
    late = late_waits(actions)
    if not late:
        return report
    pressed = [json.dumps(actions[index - 1]["step"]) if index else "" for index in late]
    where = "; ".join(
        f"step {index + 1} after {press}, {actions[index]['step']['wait']} s"
        for index, press in zip(late, pressed, strict=True)
    )
    note_retry(engine, 1, LATE_ANSWER, where)
    before_again()
    return play(paced(steps, patient=True))
