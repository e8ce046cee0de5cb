"""Timing helpers shared by the benchmarks: medians of repeated runs, never verdicts."""

from __future__ import annotations

import statistics
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
