"""Mutants of the sample scenarios with numbers pushed to the ends of their ranges, played.

Run by ``tests/test_fuzz_play.py`` in a child process whose memory is capped
(``resource.setrlimit``), so a scenario that makes the engine allocate in proportion to one
of its numbers fails the test instead of taking the machine down:

    python tests/fuzz_play.py SEED MUTANTS_PER_SAMPLE [MEMORY_MIB]

Each mutant changes one to three numbers of a sample to the lowest or highest value the
format allows (:mod:`schemas.ranges`). Mutants that validate clean are played for two turns
by the AI; any exception, a game stuck past ``ACTION_LIMIT`` actions, or a mutant taking
longer than ``SECONDS_PER_MUTANT`` is a failure. The last line printed is a JSON report.
"""

from __future__ import annotations

import copy
import json
import random
import resource
import signal
import sys
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pydantic import BaseModel  # noqa: E402

from engine.runner import play  # noqa: E402
from schemas.io import load_text  # noqa: E402
from schemas.ranges import NumberField, number_fields  # noqa: E402
from schemas.scenario import Scenario  # noqa: E402

SECONDS_PER_MUTANT = 25
ACTION_LIMIT = 20_000
TURNS = 2

Site = tuple[tuple[str | int, ...], NumberField]


def numeric_sites(scenario: Scenario) -> list[Site]:
    """Every plain number of a scenario (not points) with its field's range."""
    fields = {(f.model, f.field): f for f in number_fields(Scenario) if "[]" not in f.where[-2:]}
    out: list[Site] = []
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), scenario)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, BaseModel):
            for name, info in type(value).model_fields.items():
                key = info.alias or name
                child = getattr(value, name)
                field = fields.get((type(value).__name__, key))
                if field is not None and isinstance(child, int | float):
                    if not isinstance(child, bool):
                        out.append(((*path, key), field))
                elif isinstance(child, BaseModel | list | dict):
                    stack.append(((*path, key), child))
        elif isinstance(value, list):
            stack.extend(((*path, i), item) for i, item in enumerate(value))
        elif isinstance(value, dict):
            stack.extend(((*path, k), item) for k, item in value.items())
    return sorted(out, key=lambda site: [str(part) for part in site[0]])


def extreme(field: NumberField, rng: random.Random) -> float:
    """The lowest or highest value the field accepts (just inside an open bound)."""
    assert field.low is not None and field.high is not None
    low, high = field.low, field.high
    if field.kind is float:
        low = low + 1e-3 if field.low_open else low
        high = high - 1e-3 if field.high_open else high
        return rng.choice([low, high])
    return int(rng.choice([low, high]))


def mutate(raw: dict[str, Any], sites: list[Site], rng: random.Random) -> list[str]:
    changes = []
    for path, field in rng.sample(sites, rng.randint(1, 3)):
        node = raw
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = extreme(field, rng)
        changes.append("/" + "/".join(map(str, path)) + f" = {node[path[-1]]}")
    return changes


class TooSlow(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise TooSlow(f"a mutant took more than {SECONDS_PER_MUTANT} s")


def main(seed: int, per_sample: int, memory_mib: int) -> dict[str, Any]:
    limit = memory_mib * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGALRM, _alarm)
    rng = random.Random(seed)
    report: dict[str, Any] = {"played": 0, "refused": 0, "failures": [], "slowest_s": 0.0}
    for sample in sorted((ROOT / "sample_scenarios").glob("*.json")):
        text = sample.read_text(encoding="utf-8")
        scenario = load_text(text, validate=False).scenario
        assert scenario is not None
        # Every field written out, defaults included, so every number has a place to change.
        raw = scenario.model_dump(mode="json", by_alias=True)
        sites = numeric_sites(scenario)
        for _ in range(per_sample):
            mutant = copy.deepcopy(raw)
            changes = mutate(mutant, sites, rng)
            start = time.perf_counter()
            signal.alarm(SECONDS_PER_MUTANT)
            try:
                result = load_text(json.dumps(mutant))
                if not result.ok:
                    report["refused"] += 1
                    continue
                assert result.scenario is not None
                played = play(result.scenario, seed, turns=TURNS, max_actions=ACTION_LIMIT)
                if not played.finished and played.game.turn <= TURNS:
                    raise RuntimeError(f"still on turn {played.game.turn} after {ACTION_LIMIT}")
                report["played"] += 1
            except (Exception, MemoryError) as error:
                report["failures"].append(
                    {
                        "sample": sample.name,
                        "changes": changes,
                        "error": f"{type(error).__name__}: {error}",
                        "where": traceback.format_exc(limit=-3),
                    }
                )
            finally:
                signal.alarm(0)
                elapsed = time.perf_counter() - start
                report["slowest_s"] = max(report["slowest_s"], round(elapsed, 2))
    return report


if __name__ == "__main__":
    seed, per_sample = int(sys.argv[1]), int(sys.argv[2])
    memory = int(sys.argv[3]) if len(sys.argv) > 3 else 2048
    print(json.dumps(main(seed, per_sample, memory)))
