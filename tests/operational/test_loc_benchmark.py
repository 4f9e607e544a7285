"""The operational LOC benchmark keeps running (on a small map; the real one is timed by
benchmarks/run.py), and on its scenario the fast trace (compiled searches cut at each range,
units settled in one vectorised pass) gives, unit by unit, what a plain search per HQ and the
rules applied one unit at a time give (OQ4-OQ8, OQ11)."""

from __future__ import annotations

from tests.benchmark_scripts import load_script


def test_the_loc_benchmark_runs_on_a_small_map() -> None:
    found = load_script("operational_loc").bench(repeats=1, columns=30, rows=27, units=80)
    assert found["hexes"] == 810 and found["units"] == 80 and found["hqs"] == 26
    assert sum(found["states"].values()) == 40  # every red unit and HQ has a state
    assert found["states"]["supported"] > 0


def _reference(network, tree, units, side):  # type: ignore[no-untyped-def]
    """OQ4-OQ8, OQ11 the slow way: one plain Dijkstra per HQ, no range cut, rules applied one
    unit at a time."""
    import heapq

    from engine.operational.loc import STATE_ORDER, blocked_hexes, worse

    board = network.board
    blocked = blocked_hexes(board, units.values(), side)
    steps: dict[int, list[tuple[int, float]]] = {}
    for a, b, c in zip(
        network.src.tolist(), network.dst.tolist(), network.cost.tolist(), strict=True
    ):
        if not blocked[b]:
            steps.setdefault(a, []).append((b, c))

    def search(starts: list[int]) -> dict[int, float]:
        best = dict.fromkeys(starts, 0.0)
        todo = [(0.0, s) for s in starts]
        while todo:
            d, here = heapq.heappop(todo)
            if d > best.get(here, float("inf")):
                continue
            for there, c in steps.get(here, []):
                if d + c < best.get(there, float("inf")):
                    best[there] = d + c
                    heapq.heappush(todo, (d + c, there))
        return best

    enemy = {u.hex for u in units.values() if u.side != side}
    sources = [
        board.index(s.hex)
        for s in board.rules.supply.sources
        if s.side == side and s.kind == "source" and board.index(s.hex) not in enemy
    ]
    from_source = search(sources)
    hqs = [h for h in tree.hqs_of(side) if h in units]
    dist = {h: search([units[h].hex]) for h in hqs}
    reach = {h: tree.loc_range(h) for h in hqs}
    alive = set(units)
    state: dict[str, str] = {}

    def fed(unit_id: str) -> str | None:
        unit = units[unit_id]
        options = []
        if unit_id in reach and from_source.get(unit.hex, 1e18) <= reach[unit_id] + 1e-9:
            options.append("supported")
        own, lost = tree.acting_hq(unit_id, alive)
        if own is not None and state.get(own) in ("supported", "extended"):
            d = dist[own].get(unit.hex, 1e18)
            if d <= reach[own] + 1e-9:
                found = "supported" if d <= reach[own] / 2 + 1e-9 else "extended"
                found = worse(worse(found, state[own]), "extended" if lost else "supported")
                options.append(found)
        need = (
            tree.rank(own)
            if own is not None
            else (-1 if unit_id not in reach else tree.rank(unit_id))
        )
        for h in hqs:
            if h in (own, unit_id) or tree.rank(h) < need:
                continue
            if (
                state.get(h) in ("supported", "extended")
                and dist[h].get(unit.hex, 1e18) <= reach[h] + 1e-9
            ):
                options.append("extended")
        return min(options, key=STATE_ORDER.__getitem__) if options else None

    for _ in range(len(hqs) + 1):
        for h in hqs:
            found = fed(h)
            if found is not None:
                state[h] = found
    for unit_id, unit in units.items():
        if unit.side == side and unit_id not in reach:
            found = fed(unit_id)
            if found is not None:
                state[unit_id] = found
    around = search([units[h].hex for h in hqs if state.get(h) == "supported"])
    for unit_id, unit in units.items():
        if unit.side == side and unit_id not in state:
            state[unit_id] = "isolated" if unit.hex in around else "encircled"
    return state


def test_oq4_oq8_the_fast_trace_equals_a_unit_by_unit_trace() -> None:
    import json
    from dataclasses import replace

    from engine.operational import OpBoard, units_of
    from engine.operational.hq import CommandTree
    from engine.operational.loc import LocNetwork, trace
    from schemas.io import load_text

    script = load_script("operational_loc")
    raw = script.scenario_raw(columns=30, rows=27, units=120)
    scenario = load_text(json.dumps(raw)).scenario
    assert scenario is not None
    board = OpBoard.of(scenario)
    network, tree = LocNetwork.of(board), CommandTree.of(scenario)
    units = units_of(scenario, board)
    # Shorter ranges and a lost division make every state and rule show up.
    for hq in list(tree.entries)[::4]:
        units.pop(hq, None)
    shrunk = replace(
        tree,
        rules=tree.rules.model_copy(
            update={
                "loc_range": tree.rules.loc_range.model_copy(
                    update={"army": 14, "corps": 8, "division": 5}
                )
            }
        ),
    )
    # A red unit ringed by blue units: no line can reach it.
    ringed = next(u for u in units.values() if u.side == "red" and not tree.is_hq(u.id))
    blues = (u for u in units.values() if u.side == "blue" and not tree.is_hq(u.id))
    for hex_index in board.neighbours[ringed.hex].tolist():
        if hex_index >= 0:
            blue = next(blues)
            units[blue.id] = replace(blue, hex=hex_index)
    seen: set[str] = set()
    for side in ("red", "blue"):
        fast = trace(network, shrunk, units, side)
        slow = _reference(network, shrunk, units, side)
        assert dict(fast.state) == slow, side
        seen |= set(slow.values())
    assert seen == {"supported", "extended", "isolated", "encircled"}
