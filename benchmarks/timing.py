"""The clock every benchmark reads: the best of several runs."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def best_of(
    repeats: int, work: Callable[[], Any], before: Callable[[], Any] | None = None
) -> float:
    """Fastest of several runs, in seconds: the least disturbed by whatever else the machine
    does. ``before`` runs ahead of each, off the clock (to drop a cache, make a fresh copy).

    The work's result is freed after the clock stops: tearing down a large tree of objects is
    not part of building it.
    """
    times = []
    for _ in range(repeats):
        if before is not None:
            before()
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
        del result
    return min(times)


def best_ms(
    repeats: int, work: Callable[[], Any], before: Callable[[], Any] | None = None
) -> float:
    """:func:`best_of` in milliseconds."""
    return best_of(repeats, work, before) * 1000
