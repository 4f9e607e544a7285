"""Statistics over time of a game under the operational rules (OF9, OF4, OF8), read from the
event log alone, like :mod:`engine.turn_stats` for what both families share (VP, units lost).

Per ended turn and side: the points its supply orders used from each pool and what its
pools hold for the next turn (the ``op_supply`` record of the turn's end, OS1, OF9), how
many of its units stood in each LOC state then, the strength it lost in battle (the
``op_battle`` records: each unit's strength before less after, summed in whole units, so
2.5 is two and a half full-strength units' worth; and the ``op_overrun`` records: the
strength of the defenders an overrun destroyed) and how many of its moves command delays
held back (``op_c2_delay``, OF4).

A side's supply records are its own (its orders are its plan): the game view shows another
side's only when the game is over.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

Record = dict[str, Any]

POOL_KEYS = ("fuel", "ammo", "personnel", "equipment")


@dataclass(frozen=True)
class OpTurnStats:
    """The operational figures of one ended turn, per side (see the module docstring)."""

    turn: int
    spent: dict[str, dict[str, float]] = field(default_factory=dict)
    """Side -> pool -> points its supply orders used this turn."""
    pools: dict[str, dict[str, float]] = field(default_factory=dict)
    """Side -> pool -> points held for the next turn."""
    loc: dict[str, dict[str, int]] = field(default_factory=dict)
    """Side -> LOC state -> how many of its units and HQs stood in it at the turn's end."""
    strength_lost: dict[str, float] = field(default_factory=dict)
    """Side -> strength lost in battle this turn, in whole units."""
    delays: dict[str, int] = field(default_factory=dict)
    """Side -> moves command delays held back this turn."""


def op_statistics(records: Iterable[Record]) -> list[OpTurnStats]:
    """Every turn with an ``op_supply`` record (the turn has ended), in turn order."""
    spent: dict[int, dict[str, dict[str, float]]] = {}
    pools: dict[int, dict[str, dict[str, float]]] = {}
    loc: dict[int, dict[str, dict[str, int]]] = {}
    lost: dict[int, dict[str, float]] = {}
    delays: dict[int, dict[str, int]] = {}
    for record in records:
        kind = record["type"]
        turn = int(record.get("turn", 0))
        if kind == "op_supply":
            side = str(record["side_id"])
            spent.setdefault(turn, {})[side] = {k: record["spent"].get(k, 0.0) for k in POOL_KEYS}
            pools.setdefault(turn, {})[side] = {k: record["pools"].get(k, 0.0) for k in POOL_KEYS}
            loc.setdefault(turn, {})[side] = dict(record["loc"])
        elif kind == "op_battle":
            sides = lost.setdefault(turn, {})
            for line in record["units"]:
                drop = max(0.0, line["strength_before"] - line["strength_after"]) / 100.0
                sides[line["side"]] = sides.get(line["side"], 0.0) + drop
        elif kind == "op_overrun":  # OM15: the defenders' whole strength, no battle
            sides = lost.setdefault(turn, {})
            side = str(record["defender"])
            gone = sum(record["strength"].values()) / 100.0
            sides[side] = sides.get(side, 0.0) + gone
        elif kind == "op_c2_delay":
            counts = delays.setdefault(turn, {})
            side = str(record["side_id"])
            counts[side] = counts.get(side, 0) + 1
    return [
        OpTurnStats(
            turn,
            spent[turn],
            pools.get(turn, {}),
            loc.get(turn, {}),
            {s: round(v, 4) for s, v in lost.get(turn, {}).items()},
            delays.get(turn, {}),
        )
        for turn in sorted(spent)
    ]
