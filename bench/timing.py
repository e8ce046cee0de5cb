"""Timing helpers shared by the benchmarks: medians of repeated runs, never verdicts."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable


def median_seconds(
    action: Callable[[], object], repeats: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    """The median time of ``action`` over ``repeats`` runs, after one warm-up, by
    ``clock``: wall time, or :func:`time.process_time` for the processor time this
    process used, which other jobs on a shared machine disturb far less."""
    action()
    timings = []
    for _ in range(repeats):
        start = clock()
        action()
        timings.append(clock() - start)
    return statistics.median(timings)


def stavka_seconds(arguments: list[str], repeats: int) -> float:
    """The median wall time of ``stavka ARGUMENTS`` as a user runs it: a fresh interpreter
    each time, start-up included."""
    command = [sys.executable, "-c", "from builder.program import run; run()", *arguments]
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)
