"""The balance lab at scale: 200 AI games of a theatre sample on this machine, and how the rate
grows with the number of workers.

Run from the repository root (``benchmarks/run.py`` runs it with every other budget):

    .venv/bin/python benchmarks/lab.py                       # 200 games of North Africa
    .venv/bin/python benchmarks/lab.py --sample mexican-war --games 50 --scaling-games 8

Games are played exactly as ``salient balance`` plays them (``engine.lab.runs.run`` on a
``distributed.LocalCluster``, one worker process per core), into a fresh cache, so nothing
is taken from earlier runs. ``wall_s`` includes starting the cluster (``start_s``),
``playing_s`` is the rest. The scaling part plays the same few games on one worker and then
on every core and compares the time spent playing; ``cpu_s`` adds up what the games cost one
by one (from their records), the work to be shared.

Issue 12's budget: 200 games of a theatre sample in at most 2 minutes on the project's
2-core machine.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.lab.cache import GameCache  # noqa: E402
from engine.lab.runs import balance_jobs, run  # noqa: E402
from schemas.io import load_file  # noqa: E402

BUDGET_S = 120.0


def _timed(scenario: Any, seeds: range, workers: int | None) -> dict[str, Any]:
    ticks: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        jobs = balance_jobs(scenario, seeds, "baseline")
        start = time.perf_counter()
        found = run(
            scenario,
            jobs,
            GameCache(Path(folder)),
            workers=workers,
            on_progress=lambda _progress: ticks.append(time.perf_counter()),
        )
        wall = time.perf_counter() - start
    cpu = sum(r["cpu_s"] for r in found.records)
    # The first tick comes before the cluster starts, the second once the games are sent.
    playing = wall - (ticks[1] - start) if len(ticks) > 1 else wall
    return {
        "games": len(found.records),
        "workers": found.result.workers,
        "wall_s": wall,
        "start_s": wall - playing,
        "playing_s": playing,
        "cpu_s": cpu,
        "games_per_minute": 60 * len(found.records) / playing,
    }


def bench(sample: str = "north-africa", games: int = 200, scaling_games: int = 12) -> dict:
    scenario = load_file(ROOT / "sample_scenarios" / f"{sample}.json").scenario
    assert scenario is not None
    cores = os.cpu_count() or 1
    one = _timed(scenario, range(1001, 1001 + scaling_games), 1)
    every = _timed(scenario, range(1001, 1001 + scaling_games), cores)
    whole = _timed(scenario, range(1, 1 + games), None)
    return {
        "sample": sample,
        "cores": cores,
        "batch": whole,
        "scaling": {
            "one_worker": one,
            "all_cores": every,
            "speed_up": one["playing_s"] / every["playing_s"],
        },
        "budget_s": BUDGET_S,
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", default="north-africa")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--scaling-games", type=int, default=12)
    args = parser.parse_args()
    print(json.dumps(bench(args.sample, args.games, args.scaling_games), indent=2))
