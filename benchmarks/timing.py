"""The clock every benchmark reads: the best of several runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


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


def in_fresh_process(script: str, args: list[str], what: str) -> Any:
    """Run ``script`` with ``args`` in a new Python with a fresh state folder and offscreen Qt,
    and return the JSON it prints last: a person's first open or first Play pays for imports
    and cold caches, which a warm benchmark process would hide."""
    # Bytecode is written and read as on a person's machine, where every launch after the
    # first finds it (a shell that sets PYTHONDONTWRITEBYTECODE would make each fresh process
    # compile the whole studio again).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as state:
        done = subprocess.run(
            [sys.executable, script, *args],
            capture_output=True,
            text=True,
            check=False,
            cwd=ROOT,
            env={**env, "SALIENT_STATE_DIR": state, "QT_QPA_PLATFORM": "offscreen"},
        )
    if done.returncode != 0:
        raise SystemExit(f"{what} failed: {done.stderr[-3000:]}")
    return json.loads(done.stdout.splitlines()[-1])


def busy() -> bool:
    """Whether other work keeps this machine's cores busy (a load average above their
    number): then a wall clock measures the neighbours as much as the work."""
    return os.getloadavg()[0] > (os.cpu_count() or 1)


def load_average() -> float:
    """The load average over the last minute, to quote beside what was measured."""
    return os.getloadavg()[0]


def as_met(wall: float, cpu: float) -> float:
    """What a person would wait on their own machine: the wall time, or, while the machine
    is shared with other work (:func:`busy`), the CPU time of the work itself (on a quiet
    machine the two are the same for work that never waits)."""
    return cpu if busy() else wall
