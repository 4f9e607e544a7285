"""Mutants of every sample with numbers at the ends of their ranges: those that validate clean
are played for two turns in a child process with its memory capped and a time bound, so the
engine never allocates in proportion to a number a file supplies (issue 16, item 6)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

WORKER = Path(__file__).resolve().parent / "fuzz_play.py"
MEMORY_MIB = 2048
"""Address space of the child: a few hundred MiB are Python, numpy and shapely themselves."""


@pytest.mark.slow
def test_mutants_at_the_ends_of_the_ranges_play_two_turns_within_bounds() -> None:
    done = subprocess.run(
        [sys.executable, str(WORKER), "16", "3", str(MEMORY_MIB)],
        capture_output=True,
        text=True,
        timeout=600,  # the child also stops any one mutant after 25 s
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["failures"] == [], json.dumps(report["failures"], indent=2)
    assert report["played"] >= 6  # most mutants stay valid and are played
