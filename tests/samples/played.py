"""The theatre samples, loaded and played once per test run (a whole game takes seconds).

How long a game takes is measured by ``benchmarks/theatres.py``, not asserted here: a busy
machine would fail a timed test.
"""

from __future__ import annotations

import functools
import time
from pathlib import Path

from engine.runner import Result, play
from schemas import load_file
from schemas.scenario import Scenario

FOLDER = Path(__file__).resolve().parents[2] / "sample_scenarios"


@functools.cache
def scenario(name: str) -> Scenario:
    result = load_file(FOLDER / f"{name}.json")
    assert result.scenario is not None, [str(i) for i in result.issues]
    return result.scenario


@functools.cache
def played(name: str, seed: int) -> tuple[Result, float]:
    """The AI against itself to the end on ``seed``, and how long it took in seconds (for a
    test's message, never for an assertion)."""
    game = scenario(name)
    started = time.perf_counter()
    result = play(game, seed)
    return result, time.perf_counter() - started
