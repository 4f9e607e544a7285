"""Measure the balance of the Mexican-American War sample: AI against AI over many seeds.

Run from the repository root:
``.venv/bin/python sample_scenarios/sources/mexican-war/balance.py [SEEDS] [--trace SEED]``.
Prints win counts, the reasons games ended, the mean VP and the mean length. ``--trace``
prints the captures, sieges and arrivals of one game, to see how it went.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from engine.runner import play  # noqa: E402
from schemas.io import load_file  # noqa: E402

SCENARIO = ROOT / "sample_scenarios" / "mexican-war.json"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("seeds", type=int, nargs="?", default=50)
    parser.add_argument("--trace", type=int, default=None)
    args = parser.parse_args()
    scenario = load_file(SCENARIO).scenario
    assert scenario is not None
    if args.trace is not None:
        trace(scenario, args.trace)
        return
    wins: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    vp: dict[str, list[int]] = {"usa": [], "mexico": []}
    turns: list[int] = []
    margins: list[int] = []
    landings = 0
    started = time.monotonic()
    for seed in range(1, args.seeds + 1):
        result = play(scenario, seed)
        summary = result.summary()
        landings += any(
            r["type"] == "disembarked" and r["region"] == "veracruz"
            for r in result.game.log.records
        )
        margins.append(summary["vp"]["usa"] - summary["vp"]["mexico"])
        wins[summary["winner"] or "draw"] += 1
        reasons[summary["reason"]] += 1
        for side, value in summary["vp"].items():
            vp[side].append(value)
        turns.append(summary["turns_played"])
    elapsed = time.monotonic() - started
    print(f"{args.seeds} games in {elapsed:.0f} s")
    for side in ("usa", "mexico", "draw"):
        print(f"  {side}: {wins[side]} wins")
    for side, values in vp.items():
        print(f"  mean VP {side}: {statistics.mean(values):.1f}")
    print(f"  mean turns: {statistics.mean(turns):.1f}")
    print(f"  games with the Veracruz landing: {landings}")
    print(f"  VP margins (usa - mexico), sorted: {sorted(margins)}")
    for reason, count in reasons.most_common():
        print(f"  {count:3d} x {reason}")


def trace(scenario: object, seed: int) -> None:
    result = play(scenario, seed)  # type: ignore[arg-type]
    wanted = {"captured", "siege_over", "reinforcement", "game_over", "battle_over", "event"}
    for record in result.game.log.records:
        kind = record.get("type")
        if kind in wanted:
            fields = {k: v for k, v in record.items() if k not in ("seq", "phase")}
            print(fields)
    print(result.summary())


if __name__ == "__main__":
    main()
