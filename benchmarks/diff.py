"""Diff and mod budget: comparing two 10,000-region scenario files, and a mod made and applied
between them.

Run from the repository root:

    .venv/bin/python benchmarks/diff.py [path-to-generated-10000-region-file]

The edited file changes what a designer's session changes on a large map: the terrain of 1 %
of the regions, 40 regions renamed (their references following), 20 shared vertices moved,
units removed and connections added, a cell of the terrain table and a card. ``diff_s`` is
what ``salient diff A B`` costs from the two texts: both loaded, compared, put in words. Two
unrelated maps (another seed: every region differs) are timed too, as the worst case.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.timing import best_of  # noqa: E402
from schemas.diff.report import diff_scenarios  # noqa: E402
from schemas.io import load_text  # noqa: E402
from schemas.mods.apply import apply_mods  # noqa: E402
from schemas.mods.make import make_mod  # noqa: E402

BUDGET_RATIO = 8.0
"""``salient diff`` of two 10,000-region files against the validation benchmark's baseline
(parsing one file, building its polygons, one spatial query): about 1.6 s on the CI kind of
machine, "well under a couple of seconds"."""


def edited_text(text: str) -> str:
    """The generated file after a session of edits."""
    raw = json.loads(text)
    regions = raw["regions"]
    terrain = [t["id"] for t in raw["terrain"] if t.get("domain", "land") == "land"]
    for index, region in enumerate(regions):
        if index % 100 == 0:
            region["terrain"] = terrain[(index // 100) % len(terrain)]
    renamed = {r["id"]: f"{r['id']}-renamed" for r in regions[5::250]}
    for region in regions:
        region["id"] = renamed.get(region["id"], region["id"])
    for connection in raw["connections"]:
        connection["a"] = renamed.get(connection["a"], connection["a"])
        connection["b"] = renamed.get(connection["b"], connection["b"])
    for unit in raw["units"]:
        location = unit.get("location") or {}
        if "region" in location:
            location["region"] = renamed.get(location["region"], location["region"])
    for other in ("structures", "supply_sources"):
        for item in raw[other]:
            item["region"] = renamed.get(item["region"], item["region"])
    owners: dict[tuple[float, float], list[list[float]]] = {}
    for region in regions:
        for point in region["polygon"]["exterior"]:
            owners.setdefault(tuple(point), []).append(point)
    shared = [points for points in owners.values() if len(points) == 2][::500][:20]
    for points in shared:
        for point in points:
            point[0] += 0.01
    raw["units"] = raw["units"][10:]
    ids = [r["id"] for r in regions]
    raw["connections"] += [
        {"id": f"bench-{n}", "a": ids[n], "b": ids[n + 5000], "type": "air"} for n in range(10)
    ]
    raw["terrain"][0]["movement_cost"] = raw["terrain"][0].get("movement_cost", 1) + 1
    if raw.get("cards"):
        raw["cards"][0]["copies"] = raw["cards"][0].get("copies", 1) + 1
    return json.dumps(raw)


def bench(path: Path, other: Path, repeats: int = 3) -> dict[str, Any]:
    text = path.read_text()
    changed = edited_text(text)
    unrelated = other.read_text()

    def diff(a: str, b: str) -> Any:
        old = load_text(a, validate=False).scenario
        new = load_text(b, validate=False).scenario
        found = diff_scenarios(old, new)
        found.lines()
        return found

    old = load_text(text, validate=False).scenario
    new = load_text(changed, validate=False).scenario
    assert old is not None and new is not None
    load_s = best_of(
        repeats, lambda: (load_text(text, validate=False), load_text(changed, validate=False))
    )
    diff_s = best_of(repeats, lambda: diff(text, changed))
    compare_s = best_of(repeats, lambda: diff_scenarios(old, new).lines())
    found = diff_scenarios(old, new)
    make_s = best_of(repeats, lambda: make_mod(old, new, mod_id="b", name="b", base_id="b"))
    mod = make_mod(old, new, mod_id="b", name="b", base_id="b")
    apply_s = best_of(repeats, lambda: apply_mods(old, [mod], validate=False))
    applied = apply_mods(old, [mod], validate=False).scenario
    assert applied is not None and applied == new
    unrelated_s = best_of(1, lambda: diff(text, unrelated))
    return {
        "diff_s": diff_s,
        "load_s": load_s,
        "compare_s": compare_s,
        "changes": len(found.changes),
        "make_s": make_s,
        "operations": len(mod.operations),
        "apply_s": apply_s,
        "unrelated_s": unrelated_s,
    }


if __name__ == "__main__":
    from benchmarks.run import generated

    large = Path(sys.argv[1]) if len(sys.argv) > 1 else generated(10_000)
    print(json.dumps(bench(large, generated(10_000, seed=2)), indent=2))
