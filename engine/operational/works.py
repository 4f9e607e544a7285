"""Engineers' work on the map (OE2-OE7): what an engineer may do from its hex, the board
with the work done, and the chance each work has per turn.

The map's work is a :class:`Works`: the minefield hexsides breached, the bridges destroyed and
the hexes holding a finished pontoon. :func:`worked_board` turns it into the board the
movement, zone-of-control and LOC rules read: a breached minefield becomes the feature
its Table OH6 row names (``breached``, OE2, OH7), a destroyed bridge no longer carries its road
over the river (OE7), and a pontoon lets units and trucks cross every river hexside of its hex
as over a bridge, with or without a road (OE5): every minor river hexside, and a major
one only where the map marks a crossing site (OH11). :func:`options` lists an engineer's valid
tasks (OO14: only those are offered); :func:`chance` gives a task's chance per turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

import numpy as np

from schemas.operational.engineering import BridgeWork

from .board import OpBoard
from .units import OpUnit

Task = Literal["breach", "destroy_bridge", "repair_bridge", "pontoon"]
"""OO14: a combat engineer breaches; a bridging engineer destroys or repairs a bridge, or
builds a pontoon."""

TASKS: tuple[Task, ...] = ("breach", "destroy_bridge", "repair_bridge", "pontoon")
BRIDGE_TASKS: frozenset[str] = frozenset({"destroy_bridge", "repair_bridge"})
"""The tasks aimed at one hexside (named by the hex across it)."""

TASK_WORDS: dict[str, str] = {
    "breach": "Breach minefields",
    "destroy_bridge": "Destroy bridge",
    "repair_bridge": "Repair bridge",
    "pontoon": "Build pontoon",
}
"""How a player reads each task."""

WORKER: dict[str, str] = {
    "breach": "combat_engineer",
    "destroy_bridge": "bridging_engineer",
    "repair_bridge": "bridging_engineer",
    "pontoon": "bridging_engineer",
}
"""OE2, OE3: the unit category that does each task (combat engineers do no bridge work)."""


@dataclass(frozen=True)
class Works:
    """What engineers have done to the map so far (all indices into the board)."""

    breached: frozenset[int] = field(default_factory=frozenset)
    """Minefield hexsides breached (OE2)."""
    destroyed: frozenset[int] = field(default_factory=frozenset)
    """Bridge hexsides destroyed (OE4, OE7)."""
    pontoons: frozenset[int] = field(default_factory=frozenset)
    """Hexes holding a finished pontoon (OE5, OE6)."""


@dataclass(frozen=True)
class Option:
    """One task an engineer may take from where it stands."""

    task: Task
    toward: int = -1
    """For bridge work: the hex across the bridge's hexside (``-1`` otherwise)."""


def breached_row(board: OpBoard, side: int) -> int | None:
    """The row of Table OH6 a minefield hexside turns into once breached (``None``: the
    hexside is no minefield the engineering rules know, or its breached feature has no row)."""
    row = board.feature(side)
    if row is None:
        return None
    target = row.breached
    if target is None:
        return None
    return next((i for i, r in enumerate(board.hexside_rows) if r.connection_type == target), None)


def is_river(board: OpBoard, side: int) -> bool:
    row = board.feature(side)
    return row is not None and row.river


def is_major(board: OpBoard, side: int) -> bool:
    """OE4, OE5: a major river (``rules.engineering.major_rivers``)."""
    row = board.feature(side)
    return row is not None and row.connection_type in board.rules.engineering.major_rivers


def has_bridge(board: OpBoard, side: int) -> bool:
    """A bridge of the scenario crosses a river here (standing or destroyed)."""
    return bool(board.side_bridge[side]) and is_river(board, side)


def bridge_work(board: OpBoard, side: int) -> BridgeWork:
    """OE4: the chances of work on the bridge at ``side``."""
    rules = board.rules.engineering
    return rules.major_bridge if is_major(board, side) else rules.minor_bridge


def pontoon_turns(board: OpBoard, hex_index: int) -> int:
    """OE5: turns a pontoon in this hex takes (the major river's when one of the river
    hexsides it spans is major)."""
    rules = board.rules.engineering
    major = any(is_major(board, s) for s in river_sides(board, hex_index))
    return rules.pontoon_major if major else rules.pontoon_minor


def spannable(board: OpBoard, side: int) -> bool:
    """OH11: a pontoon may span this hexside: a minor river anywhere, a major river only at a
    crossing site the map marks."""
    if not is_river(board, side):
        return False
    return not is_major(board, side) or bool(board.side_crossing[side])


def river_sides(board: OpBoard, hex_index: int) -> list[int]:
    """The river hexsides of a hex a pontoon there spans (OE5, OH11: a major one only at a
    marked crossing site)."""
    return [int(s) for s in board.side_of[hex_index] if s >= 0 and spannable(board, int(s))]


def pontoon_refusal(board: OpBoard, works: Works, hex_index: int) -> str:
    """OE5: why no pontoon may be built in this hex (empty: it may)."""
    terrain = board.terrain(hex_index)
    costs = terrain.entry_cost if terrain is not None else None
    if (
        terrain is None
        or costs is None
        or (costs.infantry is None and costs.armour is None and not terrain.road_only)
    ):
        return "no pontoon is built in a hex units never enter (a great river, OH11)"
    if not river_sides(board, hex_index):
        if any(is_river(board, int(s)) for s in board.side_of[hex_index] if s >= 0):
            return "a major river takes a pontoon only at a marked crossing site (OH11)"
        return "no river runs along this hex"
    if any(has_bridge(board, int(s)) for s in board.side_of[hex_index] if s >= 0):
        return "the hex already has a bridge: destroy or repair it instead"
    if hex_index in works.pontoons:
        return "a pontoon already spans this hex's rivers"
    return ""


def options(board: OpBoard, works: Works, unit: OpUnit) -> list[Option]:
    """OO14, OE2-OE5: every task ``unit`` may take from its hex (none for a unit that is not
    an engineer of the right kind). ``board`` is the scenario's, before any work (a
    destroyed bridge is still there to repair)."""
    here = unit.hex
    out: list[Option] = []
    sides = board.side_of[here]
    across = board.neighbours[here]
    if unit.category == "combat_engineer":
        if any(
            s >= 0 and int(s) not in works.breached and breached_row(board, int(s)) is not None
            for s in sides
        ):
            out.append(Option("breach"))
    elif unit.category == "bridging_engineer":
        for s, there in zip(sides.tolist(), across.tolist(), strict=True):
            if s < 0 or there < 0 or not has_bridge(board, s):
                continue
            task: Task = "repair_bridge" if s in works.destroyed else "destroy_bridge"
            out.append(Option(task, there))
        if not pontoon_refusal(board, works, here):
            out.append(Option("pontoon"))
    return out


def chance(board: OpBoard, task: str, side: int = -1) -> float:
    """The chance per turn that a task finishes (OE2, OE4); a pontoon is built by turns of
    work instead (:func:`pontoon_turns`)."""
    rules = board.rules.engineering
    if task == "breach":
        return rules.breach
    if task == "destroy_bridge":
        return bridge_work(board, side).destroy
    if task == "repair_bridge":
        return bridge_work(board, side).repair
    return 1.0


def worked_board(board: OpBoard, works: Works) -> OpBoard:
    """The board with the engineers' work done (OE2, OE5, OE7); ``board`` itself when
    nothing has been done."""
    if not (works.breached or works.destroyed or works.pontoons):
        return board
    feature = board.side_feature.copy()
    for side in works.breached:
        row = breached_row(board, side)
        if row is not None:
            feature[side] = row
    bridge = board.side_bridge.copy()
    for side in works.destroyed:
        bridge[side] = False
    pontoon = np.zeros_like(board.side_pontoon)
    for hex_index in works.pontoons:
        for side in river_sides(board, hex_index):
            pontoon[side] = True
    return replace(board, side_feature=feature, side_bridge=bridge, side_pontoon=pontoon)
