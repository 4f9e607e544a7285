"""Measure the balance of ``north-africa.json``: AI against AI over many seeds, one at a time.

Usage: ``.venv/bin/python sample_scenarios/sources/north-africa/balance.py [SEEDS] [FIRST]``
(default 50 seeds from 1). Prints each game, then the win rates, the mean VP of each side,
how games ended, and in how many games Tobruk was besieged or fell.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from engine.runner import play  # noqa: E402
from schemas import load_file  # noqa: E402

SCENARIO = ROOT / "sample_scenarios" / "north-africa.json"


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    scenario = load_file(SCENARIO).scenario
    assert scenario is not None
    wins: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    vp: Counter[str] = Counter()
    besieged = fallen = 0
    started = time.perf_counter()
    for seed in range(first, first + count):
        clock = time.perf_counter()
        game = play(scenario, seed).game
        outcome = game.outcome()
        assert outcome is not None, f"seed {seed} did not finish"
        winner = outcome["winner"] or "draw"
        wins[winner] += 1
        reasons[outcome["reason"]] += 1
        vp.update(outcome["vp"])
        sieges = [r for r in game.log if r["type"] == "siege_over" and r["structure"] == "tobruk"]
        besieged += bool(sieges)
        fallen += any(r.get("success") for r in sieges)
        print(
            f"seed {seed:3}: {winner:6} {outcome['vp']} turn {outcome['turns_played']:2} "
            f"{outcome['reason'][:40]:40} tobruk sieges {len(sieges)} "
            f"({time.perf_counter() - clock:.1f} s)",
            flush=True,
        )
    print(f"\n{count} games in {time.perf_counter() - started:.0f} s")
    for side in ("axis", "allies", "draw"):
        print(f"  {side:6}: {wins[side]:2} wins ({100 * wins[side] / count:.0f}%)")
    print("  mean VP: " + ", ".join(f"{s} {vp[s] / count:.1f}" for s in ("axis", "allies")))
    print(f"  Tobruk besieged in {besieged} games, taken by siege in {fallen}")
    for reason, n in reasons.most_common():
        print(f"  {n:2} x {reason}")


if __name__ == "__main__":
    main()
