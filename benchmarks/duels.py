"""The AI levels' strength: paired duels on the four area samples (issue 12).

Run from the repository root (``benchmarks/run.py --only duels`` runs it with its budgets):

    .venv/bin/python benchmarks/duels.py                  # 6 seeds a sample, 12 games a duel
    .venv/bin/python benchmarks/duels.py --seeds 20 --jobs 2

Each duel is what ``salient duel FILE --ai A --vs B --games N`` plays: every seed once per
side, A on that side and B on the others, played on Dask (``engine.lab.runs.run``) into a
fresh cache so nothing comes from earlier runs. What is measured is A's share of the decisive
games, with its 95% Wilson interval. Issue 12's aims: ``hard`` beats ``normal`` on every
sample (a share above one half), ``normal`` beats ``baseline`` in at least 65% of the
decisive games on every sample.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.lab.cache import GameCache, scenario_fingerprint  # noqa: E402
from engine.lab.duel import duel_report  # noqa: E402
from engine.lab.runs import duel_jobs, run  # noqa: E402
from schemas.io import load_file  # noqa: E402

SAMPLES = ("vessa-crossing", "mexican-war", "north-africa", "winter-war")
DUELS = (("hard", "normal", 0.5), ("normal", "baseline", 0.65))
"""(first, second, the share of decisive games the first must win)."""


def duel(sample: str, first: str, second: str, seeds: int, jobs: int | None) -> dict[str, Any]:
    scenario = load_file(ROOT / "sample_scenarios" / f"{sample}.json").scenario
    assert scenario is not None
    with tempfile.TemporaryDirectory() as folder:
        wall = time.perf_counter()
        done = run(
            scenario,
            duel_jobs(scenario, range(1, seeds + 1), first, second),
            GameCache(Path(folder)),
            workers=jobs,
        )
        wall = time.perf_counter() - wall
    report = duel_report(
        scenario,
        done.records,
        first,
        second,
        fingerprint=scenario_fingerprint(scenario),
        requested=len(done.jobs),
    )
    overall = report["overall"]
    share = overall["first_of_decisive"]
    return {
        "sample": sample,
        "first": first,
        "second": second,
        "games": overall["games"],
        "decisive": overall["decisive"],
        "share": share,
        "cpu_s": sum(r.get("cpu_s", 0.0) for r in done.records),
        "wall_s": wall,
    }


def bench(seeds: int = 6, jobs: int | None = None) -> dict[str, Any]:
    found = []
    for first, second, aim in DUELS:
        for sample in SAMPLES:
            found.append({**duel(sample, first, second, seeds, jobs), "aim": aim})
    return {"seeds": seeds, "duels": found}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=6, help="seeds a duel (two games each)")
    parser.add_argument("--jobs", type=int, default=None, help="workers (default: every core)")
    args = parser.parse_args()
    print(json.dumps(bench(args.seeds, args.jobs), indent=2))
