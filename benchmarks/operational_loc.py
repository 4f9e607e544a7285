"""Operational rules budget (issue 15): zone of control and lines of communication of a side
over a 3,000-hex map with 300 units in at most 20 ms.

    .venv/bin/python benchmarks/operational_loc.py     # the numbers, as JSON
    .venv/bin/python benchmarks/run.py --only operational

The map and units are those of ``operational_zoc.py`` (60 x 50 hexes, woods runs, a belt of
minefield hexsides, 300 units on random hexes, 150 a side) with an order of battle on each
side: one army HQ, three corps HQs, nine division HQs (13 HQs, part of the 300), every other
unit attached to its nearest division, a supply source on each side's map edge and a highway
along one row. What is timed is what a caller pays for one side each turn: the side's ZOC
(``zoc``) and its LOC trace (``trace``: the enemy's zone, the blocked hexes, shortest paths
from every HQ in range and from the sources, the state of every unit). The supply-truck
network (``LocNetwork.of``) is built once per game and reported beside it. The floor is one
multi-source shortest-path pass over the same graph, measured in the same run.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchmarks.timing import best_of  # noqa: E402

BUDGET_MS = 20.0
"""Issue 15: ZOC and LOC for a side at 3,000 hexes and 300 units."""


def scenario_raw(columns: int = 60, rows: int = 50, units: int = 300) -> dict[str, Any]:
    """The ZOC benchmark's scenario with HQs, attachments, sources and a highway (seeded)."""
    import operational_zoc

    raw = operational_zoc.scenario_raw(columns, rows, units)
    rng = random.Random(16)
    raw["unit_types"].append(
        {
            "id": "hq",
            "name": "HQ",
            "operational": {"category": "hq", "attack": 1, "defence": 2, "movement": 8},
        }
    )
    half = columns // 2
    hqs: list[dict[str, Any]] = []
    attachments: list[dict[str, Any]] = []
    sources: list[dict[str, Any]] = []
    placed = raw["units"]
    for side, nation, edge, inner in (
        ("red", "redland", 1, max(2, half - 4)),
        ("blue", "blueland", columns, min(columns - 1, half + 5)),
    ):
        mine = [u for u in placed if u["nation"] == nation]
        army, corps_ids, divisions = f"{side}-army", [], []
        _as_hq(mine[0], army, "army")
        hqs.append({"unit": army, "parent": None})
        for c in range(3):
            corps = f"{side}-corps{c}"
            _as_hq(mine[1 + c], corps, "corps")
            hqs.append({"unit": corps, "parent": army})
            corps_ids.append(corps)
            for d in range(3):
                division = f"{side}-div{c}{d}"
                unit = mine[4 + 3 * c + d]
                _as_hq(unit, division, "division")
                row = 1 + (3 * c + d) * rows // 9 + rng.randint(0, 3)
                unit["location"] = {"region": f"c{inner}r{min(rows, row)}"}
                hqs.append({"unit": division, "parent": corps})
                divisions.append(unit)
        mine[0]["location"] = {"region": f"c{edge}r{rows // 2}"}
        for c, corps in enumerate(corps_ids):
            unit = next(u for u in mine if u["id"] == corps)
            unit["location"] = {"region": f"c{(edge + inner) // 2}r{1 + c * rows // 3 + 5}"}
        for unit in mine[13:]:
            nearest = min(divisions, key=lambda d: _gap(d, unit))
            attachments.append({"unit": unit["id"], "hq": nearest["id"]})
        sources += [{"hex": f"c{edge}r{r}", "side": side} for r in range(1, rows + 1, 10)]
    raw["hex_map"]["roads"] = {"road": [" ".join(f"c{c}r{rows // 2}" for c in range(1, columns))]}
    raw["rules"] = {
        "family": "operational",
        "operational": {
            "command": {"hqs": hqs, "attachments": attachments},
            "supply": {"sources": sources},
        },
    }
    return raw


def _as_hq(unit: dict[str, Any], new_id: str, echelon: str) -> None:
    unit["id"] = new_id
    unit["type"] = "hq"
    unit["operational"] = {"echelon": echelon}


def _gap(a: dict[str, Any], b: dict[str, Any]) -> int:
    ca, ra = (int(x) for x in a["location"]["region"][1:].split("r"))
    cb, rb = (int(x) for x in b["location"]["region"][1:].split("r"))
    return abs(ca - cb) + abs(ra - rb)


def bench(repeats: int = 20, **size: int) -> dict[str, Any]:
    import numpy as np
    from scipy.sparse.csgraph import dijkstra

    from engine.operational import OpBoard, units_of, zoc
    from engine.operational.hq import CommandTree
    from engine.operational.loc import LocNetwork, blocked_hexes, trace
    from schemas.io import load_text

    result = load_text(json.dumps(scenario_raw(**size)))
    assert result.scenario is not None, [str(i) for i in result.issues[:5]]
    errors = [str(i) for i in result.issues if i.is_error]
    assert not errors, errors[:5]
    scenario = result.scenario
    board = OpBoard.of(scenario)
    units = units_of(scenario, board)
    tree = CommandTree.of(scenario)
    board.zoc_blocked  # noqa: B018 - built once per game, off the clock
    network_s = best_of(3, lambda: LocNetwork.of(board))
    network = LocNetwork.of(board)

    def both() -> object:
        zoc(board, units.values(), "red")
        return trace(network, tree, units, "red")

    # Each run is a few ms: twice the repeats keeps a busy machine's noise out of the best.
    both_s = best_of(2 * repeats, both)
    loc_s = best_of(2 * repeats, lambda: trace(network, tree, units, "red"))
    graph = network.graph(blocked_hexes(board, units.values(), "red"))
    starts = [units[hq].hex for hq in tree.hqs_of("red")]
    floor_s = best_of(repeats, lambda: dijkstra(graph, indices=starts, min_only=True))
    found = trace(network, tree, units, "red")
    states = list(found.state.values())
    return {
        "hexes": board.grid.count,
        "units": len(units),
        "hqs": len(tree.entries),
        "zoc_loc_ms": both_s * 1000,
        "loc_ms": loc_s * 1000,
        "network_ms": network_s * 1000,
        "floor_ms": floor_s * 1000,
        "per_floor": both_s / floor_s if floor_s > 0 else 0.0,
        "states": {s: states.count(s) for s in ("supported", "extended", "isolated", "encircled")},
        "edges": int(np.asarray(network.cost).size),
    }


if __name__ == "__main__":
    print(json.dumps(bench(), indent=2))
