"""The VASSAL engines a test run starts: at most one per core at once, whatever the
number of pytest-xdist workers, and every one of them counted.

Each engine is a JVM of its own (300-400 MB, in an Xvfb of its own). Run more of them
than there are cores and vcheck's dialog thread can read VASSAL's "Start new Logfile?"
question before the engine has drawn it (:func:`tests.support.engine.unread_dialogs`).
So the run's controller makes a folder for the run's engines and names it in
``$STAVKA_ENGINE_RUN``, which its workers inherit: a JVM starts only while its
process holds one of the folder's :func:`engine_slots` slot files locked, and each start
(engine, test, start and end time) and each run made again is a line of the folder's
ledger, which the controller sums up at the end of the run (:func:`tally`). A
process outside a test run (no folder named) starts its engine at once, uncounted.
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

RUN_FOLDER = "STAVKA_ENGINE_RUN"
"""The environment variable naming the run's engine folder."""
LEDGER = "ledger.jsonl"
POLL_SECONDS = 0.2
"""How often a process waiting for a slot tries them again."""


def engine_slots() -> int:
    """How many engines may run at once: one per core this process may use."""
    return max(1, len(os.sched_getaffinity(0)))


def run_folder() -> Path | None:
    """The run's engine folder, or None outside a test run."""
    named = os.environ.get(RUN_FOLDER)
    return Path(named) if named else None


def _current_test() -> str:
    """The test (or fixture set-up) this process is running, as pytest names it."""
    return os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" ", 1)[0]


def _note(folder: Path, entry: dict[str, Any]) -> None:
    """One line of the ledger; an append of one short line is atomic."""
    with (folder / LEDGER).open("a", encoding="utf-8") as ledger:
        ledger.write(json.dumps(entry) + "\n")


@contextmanager
def _slot(folder: Path) -> Iterator[None]:
    """Hold one of the run's slots: the first one free, tried again until one is."""
    while True:
        for number in range(engine_slots()):
            handle = (folder / f"slot-{number}.lock").open("a")
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                handle.close()
                continue
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)
                handle.close()
            return
        time.sleep(POLL_SECONDS)


def engine_process(command: Sequence[str], **options: Any) -> subprocess.CompletedProcess[str]:
    """``subprocess.run(command, capture_output=True, text=True, **options)`` for vcheck
    (or a driver of it) in a working folder of its own, removed after it.

    VASSAL writes where its working folder is: a ``save`` step (``GameState.saveGame``)
    puts an empty error log at ``CONF_DIR_IS_UNDEFINED/errorLog-VERSION``, relative to
    it: VASSAL's own logback.xml names its log ``${CONF_DIR}/errorLog-VERSION``, and the
    logback 1.2 vcheck runs, without janino, skips the ``<if>`` that defines CONF_DIR.
    Run from the checkout, that folder was committed once (issue 35, item 23). A ``cwd``
    given is a test's own folder, where the steps' saves are to land
    (:func:`tests.support.plugin.play`): the engine runs there instead."""
    with tempfile.TemporaryDirectory(prefix="stavka-engine-") as working:
        options.setdefault("cwd", working)
        return subprocess.run(list(command), capture_output=True, text=True, **options)


def start_engine(
    command: Sequence[str], engine: str, saves: int, **options: Any
) -> subprocess.CompletedProcess[str]:
    """:func:`engine_process` for a command that starts one JVM of ``engine`` loading
    ``saves`` saves (0: New Game), once a slot is free, noted in the ledger."""
    folder = run_folder()
    if folder is None:
        return engine_process(command, **options)
    with _slot(folder):
        started = time.time()
        try:
            return engine_process(command, **options)
        finally:
            _note(
                folder,
                {
                    "kind": "jvm",
                    "engine": engine,
                    "saves": saves,
                    "test": _current_test(),
                    "start": started,
                    "end": time.time(),
                },
            )


UNREAD_DIALOG = "a dialog read before it was drawn"
"""Why a run is made again when vcheck read a dialog too early
(:func:`tests.support.engine.unread_dialogs`)."""


def note_retry(engine: str, saves: int, reason: str = UNREAD_DIALOG, where: str = "") -> None:
    """Note that a run of ``saves`` saves on ``engine`` is made again, why, and ``where``
    in the run it went wrong (for the summary, after the test's name)."""
    folder = run_folder()
    if folder is not None:
        test = _current_test()
        _note(
            folder,
            {
                "kind": "retry",
                "reason": reason,
                "engine": engine,
                "saves": saves,
                "test": f"{test} ({where})" if where else test,
            },
        )


@dataclass(frozen=True)
class Tally:
    """What the run's engines did."""

    jvms: int
    by_engine: dict[str, int]
    by_file: dict[str, tuple[int, float]]
    """JVMs and engine-seconds by test file, most seconds first."""
    saves: int
    retried: dict[str, tuple[str, ...]]
    """The tests whose runs were made again, by why (:data:`UNREAD_DIALOG`, ...)."""
    most_at_once: int
    engine_seconds: float


def _most_at_once(spans: Sequence[tuple[float, float]]) -> int:
    """The most spans open at one moment (an end before a start at the same time)."""
    events = sorted([(start, 1) for start, _ in spans] + [(end, -1) for _, end in spans])
    running = most = 0
    for _, change in events:
        running += change
        most = max(most, running)
    return most


def tally(folder: Path) -> Tally:
    """The ledger of the run's engine folder, summed up."""
    path = folder / LEDGER
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    entries = [json.loads(line) for line in lines if line.strip()]
    jvms = [entry for entry in entries if entry["kind"] == "jvm"]
    by_file: dict[str, tuple[int, float]] = {}
    for entry in jvms:
        file = entry["test"].split("::")[0]
        count, seconds = by_file.get(file, (0, 0.0))
        by_file[file] = (count + 1, seconds + entry["end"] - entry["start"])
    retried: dict[str, tuple[str, ...]] = {}
    for entry in entries:
        if entry["kind"] == "retry":
            retried[entry["reason"]] = (*retried.get(entry["reason"], ()), entry["test"])
    return Tally(
        jvms=len(jvms),
        by_engine=dict(sorted(Counter(entry["engine"] for entry in jvms).items())),
        by_file=dict(sorted(by_file.items(), key=lambda item: -item[1][1])),
        saves=sum(entry["saves"] for entry in jvms),
        retried=retried,
        most_at_once=_most_at_once([(entry["start"], entry["end"]) for entry in jvms]),
        engine_seconds=sum(entry["end"] - entry["start"] for entry in jvms),
    )
