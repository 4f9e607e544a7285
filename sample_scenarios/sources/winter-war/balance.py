"""Measure the Winter War sample's balance: AI against AI over many seeds.

``.venv/bin/python sample_scenarios/sources/winter-war/balance.py [GAMES] [FIRST_SEED]``
prints one line per game and then the win rates, mean VP and how games ended. The numbers in
``winter-war.md`` come from a run with the defaults (50 games from seed 0).
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

SCENARIO = ROOT / "sample_scenarios" / "winter-war.json"


def main(games: int = 50, first: int = 0) -> None:
    scenario = load_file(SCENARIO).scenario
    assert scenario is not None
    wins: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    vp_total: Counter[str] = Counter()
    tension_total = 0
    started = time.perf_counter()
    for seed in range(first, first + games):
        result = play(scenario, seed)
        summary = result.summary()
        winner = summary["winner"] or "draw"
        wins[winner] += 1
        reason = summary["reason"]
        reasons[reason.split(":")[0] if "sudden" in reason else reason] += 1
        for side, vp in summary["vp"].items():
            vp_total[side] += vp
        tension = result.game.state.tension
        tension_total += tension or 0
        print(
            f"seed {seed:3}: {winner:8} {summary['vp']} tension {tension} "
            f"turns {summary['turns_played']} lost {summary['units_lost']} ({reason})",
            flush=True,
        )
    seconds = time.perf_counter() - started
    print(f"\n{games} games in {seconds:.0f} s ({seconds / games:.1f} s a game)")
    for side in sorted(wins):
        print(f"  {side}: {wins[side]} wins ({100 * wins[side] / games:.0f}%)")
    for side in sorted(vp_total):
        print(f"  mean VP {side}: {vp_total[side] / games:.1f}")
    print(f"  mean final tension: {tension_total / games:.1f}")
    for reason, count in reasons.most_common():
        print(f"  {count:3} x {reason}")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    main(*args)
