"""Timing helpers shared by the benchmarks: medians of repeated runs, never verdicts."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_seconds(action: Callable[[], object], repeats: int) -> float:
    """The median wall time of ``action`` over ``repeats`` runs, after one warm-up."""
    action()
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)
