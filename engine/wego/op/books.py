"""The operational family's part of a plan as one value, and the actions that bring it back
(:mod:`engine.wego.plan_state`, the game view's Undo): where the side's units stand (its
setups, OT1, and its breakdowns and combines, OU12-OU14), its HQ moves (OO16) and its books of
orders: supply (OO13), assets' missions (OA4-OA14), artillery fire (OC33) and engineers
(OO14).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...actions import Action
from ...operational.hq import CommandTree
from . import assets, fire, supply, works
from .actions import (
    AssignAsset,
    AssignFire,
    BreakDown,
    CancelAsset,
    CancelEngineer,
    CancelFire,
    CancelSupply,
    Combine,
    OrderEngineer,
    OrderSupply,
    ReassignHq,
    SetUp,
)

if TYPE_CHECKING:
    from ...game import Game
    from ..plan_state import PlanState


def places(game: Game, side: str) -> tuple[tuple[str, str], ...]:
    """Each unit of ``side`` on the map, with its region."""
    return tuple(
        sorted(
            (unit, stack.region)
            for stack in game.state.stacks.values()
            if stack.side == side
            for unit in stack.units
        )
    )


def parents(game: Game, side: str) -> tuple[tuple[str, str], ...]:
    """The side's HQs moved under another corps (OO16), with their corps."""
    units = game.state.units
    moved = supply.data(game)["parents"]
    return tuple(sorted((hq, up) for hq, up in moved.items() if units[hq].side == side))


def of(game: Game, side: str) -> tuple[tuple[str, Action], ...]:
    """The side's supply, mission, fire and engineer orders, each as the action that gives
    it, by ``kind:key``."""
    found: list[tuple[str, Action]] = []
    for o in supply.orders(game, side):
        given = OrderSupply(o.hq, o.move_plus, o.combat_plus, o.replacements, o.scope)
        found.append((f"supply:{o.hq}", given))
    for asset_id, task in assets.missions(game, side, viewer=side).items():
        found.append((f"asset:{asset_id}", AssignAsset(asset_id, task.mission, task.target)))
    for unit, shot in fire.orders(game, side, viewer=side).items():
        found.append((f"fire:{unit}", AssignFire(unit, shot.mission, shot.target)))
    for unit, work in works.orders(game, side, viewer=side).items():
        found.append((f"engineer:{unit}", OrderEngineer(unit, work.task, work.toward)))
    return tuple(sorted(found, key=lambda item: item[0]))


_CANCEL: dict[str, Callable[[str], Action]] = {
    "supply": CancelSupply,
    "asset": CancelAsset,
    "fire": CancelFire,
    "engineer": CancelEngineer,
}
"""The action that takes back each book's order, by the book's ``kind``."""


def units_to_move(now: PlanState, wanted: PlanState) -> set[str]:
    """The units whose place or organisation differs between the two plans: their stacks'
    orders go first (a stack with an order is neither set up nor broken down)."""
    here, there = dict(now.places), dict(wanted.places)
    return {u for u in here.keys() | there.keys() if here.get(u) != there.get(u)}


def _organise(game: Game, here: dict[str, str], there: dict[str, str]) -> Action | None:
    """A breakdown, a combine, or a setup that gathers a unit's parts for its combine."""
    parts = game.world.parts
    for unit in sorted(there.keys() - here.keys()):
        part = parts.get(unit)
        if part is not None and part.parent in here:
            return BreakDown(part.parent)
        mine = sorted(p.id for p in parts.values() if p.parent == unit and p.id in here)
        if not mine:
            continue
        for piece in mine:  # OU14: the parts combine on one hex, the unit's own
            if here[piece] != there[unit]:
                return SetUp(piece, there[unit])
        return Combine(unit)
    return None


def next_action(game: Game, now: PlanState, wanted: PlanState) -> Action | None:
    """One action toward ``wanted``'s places, HQ moves and books (the stacks' orders are
    :mod:`engine.wego.plan_state`'s), or ``None`` when they are there."""
    here, there = dict(now.places), dict(wanted.places)
    action = _organise(game, here, there)
    if action is not None:
        return action
    for unit in sorted(here.keys() & there.keys()):
        if here[unit] != there[unit]:
            return SetUp(unit, there[unit])
    moved, back = dict(now.parents), dict(wanted.parents)
    for hq in sorted(moved.keys() | back.keys()):
        if moved.get(hq) != back.get(hq):
            corps = back.get(hq) or CommandTree.of(game.scenario).parent.get(hq)
            if corps is not None:
                return ReassignHq(hq, corps)
    given, kept = dict(now.books), dict(wanted.books)
    for key in sorted(given.keys() - kept.keys()):  # taken back first: they free supply points
        kind, _, name = key.partition(":")
        return _CANCEL[kind](name)
    for key in sorted(kept):
        if given.get(key) != kept[key]:
            return kept[key]
    return None
