"""Tuning a ``hard`` candidate against the fixed ``normal`` by self-play (issue 12).

A candidate is the tactician with some of ``normal``'s numbers changed: any field of
:class:`engine.ai.baseline.Style` or :class:`engine.ai.tactical.Tactics`, given as JSON
(``{"attack_ratio": 1.0, "stand_ratio": 3.0}``). Each candidate plays paired games against
``normal`` exactly as ``salient duel`` plays them (``engine.lab.match.play_game``, each seed
once per side, the candidate on that side and ``normal`` on the other), one process, one game
at a time, so it can run niced on a shared machine. Every finished game is appended to a JSON
lines file, and a rerun with the same file plays only the games it lacks.

Run from the repository root:

    .venv/bin/python benchmarks/tune_hard.py --out /tmp/tune.jsonl --seeds 1001-1008 \\
        --candidate bold='{"attack_ratio": 1.0}' --candidate stand='{"stand_ratio": 3.0}'
    .venv/bin/python benchmarks/tune_hard.py --out /tmp/tune.jsonl --report

The report gives, per candidate, won-lost-drawn and the candidate's share of the decisive
games with its 95% Wilson interval, per sample and over all of them, and the CPU a game
(the whole game, both players).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.ai import levels  # noqa: E402
from engine.ai.baseline import Style  # noqa: E402
from engine.ai.tactical import Tactician, Tactics  # noqa: E402
from engine.lab.match import play_game, sides_in_play  # noqa: E402
from engine.lab.stats import wilson  # noqa: E402
from schemas.io import load_file  # noqa: E402
from schemas.scenario import Scenario  # noqa: E402

SAMPLES = ("vessa-crossing", "mexican-war", "north-africa", "winter-war")
"""The four area samples of docs/ai.md's tables."""
OPPONENT = "normal"
STYLE_FIELDS = {f.name for f in dataclasses.fields(Style)}
TACTICS_FIELDS = {f.name for f in dataclasses.fields(Tactics)}


def make_player(params: dict[str, Any]) -> Tactician:
    """``normal`` with ``params`` changed (each a Style or Tactics field)."""
    unknown = sorted(set(params) - STYLE_FIELDS - TACTICS_FIELDS)
    if unknown:
        known = ", ".join(sorted(STYLE_FIELDS | TACTICS_FIELDS))
        raise ValueError(f"unknown parameter(s) {', '.join(unknown)} (known: {known})")
    defaults = {**dataclasses.asdict(levels.NORMAL), **dataclasses.asdict(levels.NORMAL_TACTICS)}
    for key, value in params.items():
        wanted = type(defaults[key])
        ok = isinstance(value, wanted) or (wanted is float and type(value) is int)
        if not ok or (wanted is not bool and type(value) is bool):
            raise ValueError(f"parameter {key}: expected a {wanted.__name__}, got {value!r}")
    style = dataclasses.replace(
        levels.NORMAL, **{k: v for k, v in params.items() if k in STYLE_FIELDS}
    )
    tactics = dataclasses.replace(
        levels.NORMAL_TACTICS, **{k: v for k, v in params.items() if k in TACTICS_FIELDS}
    )
    return Tactician(style, tactics)


def parse_seeds(text: str) -> list[int]:
    """``1001-1008`` or ``1,2,5`` (or a mix)."""
    seeds: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        seeds.extend(range(int(first), int(last or first) + 1))
    return seeds


def load_done(out: Path) -> list[dict[str, Any]]:
    if not out.exists():
        return []
    return [json.loads(line) for line in out.read_text().splitlines() if line.strip()]


def play(
    name: str,
    params: dict[str, Any],
    scenarios: dict[str, Scenario],
    seeds: Iterable[int],
    out: Path,
) -> None:
    """Play the candidate's missing games and append each to ``out`` as it finishes."""
    done = {(r["candidate"], r["sample"], r["seed"], r["side"]) for r in load_done(out)}
    level = f"tune:{name}"
    levels.register(levels.Level(level, f"tuning candidate {params}", lambda: make_player(params)))
    for seed in seeds:
        for sample, scenario in scenarios.items():
            for side in sides_in_play(scenario):
                if (name, sample, seed, side) in done:
                    continue
                who = {s: (level if s == side else OPPONENT) for s in sides_in_play(scenario)}
                record = play_game(scenario, seed, who)
                winner = record["winner"]
                row = {
                    "candidate": name,
                    "params": params,
                    "sample": sample,
                    "seed": seed,
                    "side": side,
                    "result": "draw" if winner is None else ("won" if winner == side else "lost"),
                    "cpu_s": round(record.get("cpu_s", 0.0), 3),
                }
                with out.open("a") as handle:
                    handle.write(json.dumps(row) + "\n")


def share(rows: Sequence[dict[str, Any]]) -> str:
    won = sum(r["result"] == "won" for r in rows)
    lost = sum(r["result"] == "lost" for r in rows)
    drawn = len(rows) - won - lost
    rate = wilson(won, won + lost)
    tally = f"{won}-{lost}-{drawn}"
    if not won + lost:
        return tally
    return f"{tally}: {rate.value:.0%} ({rate.low:.0%}-{rate.high:.0%})"


def report(rows: Sequence[dict[str, Any]], seeds: set[int] | None = None) -> str:
    """A table: per candidate, its games against ``normal`` by sample and pooled."""
    if seeds is not None:
        rows = [r for r in rows if r["seed"] in seeds]
    names = list(dict.fromkeys(r["candidate"] for r in rows))
    samples = [s for s in SAMPLES if any(r["sample"] == s for r in rows)]
    lines = ["| candidate | " + " | ".join(samples) + " | all | CPU a game |"]
    lines.append("| --- " * (len(samples) + 3) + "|")
    for name in names:
        mine = [r for r in rows if r["candidate"] == name]
        cells = [share([r for r in mine if r["sample"] == s]) for s in samples]
        cpu = sum(r["cpu_s"] for r in mine) / max(1, len(mine))
        params = json.dumps(mine[0]["params"])
        cells.append(f"{share(mine)} | {cpu:.2f} s")
        lines.append(f"| {name} {params} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="JSON lines file of games")
    parser.add_argument(
        "--seeds", default="1001-1008", help="e.g. 1001-1008 or 1,2,3 (with --report: all)"
    )
    parser.add_argument("--samples", default=",".join(SAMPLES))
    parser.add_argument(
        "--candidate",
        action="append",
        default=[],
        metavar="NAME=JSON",
        help="a candidate: a name and the parameters it changes from normal",
    )
    parser.add_argument("--report", action="store_true", help="print the table and stop")
    args = parser.parse_args(argv)
    if args.report:
        chosen = None if args.seeds == "all" else set(parse_seeds(args.seeds))
        print(report(load_done(args.out), chosen))
        return 0
    try:
        seeds = parse_seeds(args.seeds)
    except ValueError:
        print(f"--seeds {args.seeds!r}: expected e.g. 1001-1008 or 1,2,3", file=sys.stderr)
        return 2
    scenarios: dict[str, Scenario] = {}
    for sample in args.samples.split(","):
        path = ROOT / "sample_scenarios" / f"{sample}.json"
        loaded = load_file(path).scenario if path.exists() else None
        if loaded is None:
            print(f"{sample}: no such sample, or it does not load ({path})", file=sys.stderr)
            return 2
        scenarios[sample] = loaded
    for text in args.candidate:
        name, _, params = text.partition("=")
        try:
            parsed = json.loads(params or "{}")
            make_player(parsed)
        except (json.JSONDecodeError, ValueError, TypeError) as error:
            print(f"candidate {name!r}: {error}", file=sys.stderr)
            return 2
        play(name, parsed, scenarios, seeds, args.out)
        print(report([r for r in load_done(args.out) if r["candidate"] == name], set(seeds)))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
