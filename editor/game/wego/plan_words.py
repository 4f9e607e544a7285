"""How the Undo and Redo of the plan name an edit, for every planning action: "the order
Move to Kharkov", "supply order to 6th Army HQ", "setting up 3rd Rifles on Lozovaya"
(:mod:`.plan_edits`; the menu reads "Undo supply order to 6th Army HQ")."""

from __future__ import annotations

from editor.game.panels.knowledge import unit_name
from editor.game.panels.op_words import mission_words
from editor.game.wego.orders import order_words
from engine.actions import Action
from engine.game import Game
from engine.wego import plan
from engine.wego.op.actions import (
    AssignAsset,
    AssignFire,
    BreakDown,
    CancelAsset,
    CancelEngineer,
    CancelFire,
    CancelSupply,
    Combine,
    Detach,
    Join,
    OrderEngineer,
    OrderSupply,
    ReassignHq,
    SetUp,
)
from engine.wego.op.shortcut_actions import AllGunsFire, CancelBattle, OrganisationMove
from engine.wego.orders import CancelOrder, Order
from engine.wego.plan_state import PlanState

TASKS = {
    "breach": "breaching the minefields",
    "destroy_bridge": "destroying a bridge",
    "repair_bridge": "repairing a bridge",
    "pontoon": "building a pontoon bridge",
}
"""An engineer's task (OE2-OE5) in the words of the menu."""

BOOKS = {
    "supply": ("supply order", "supply orders"),
    "asset": ("asset mission", "asset missions"),
    "fire": ("fire order", "fire orders"),
    "engineer": ("engineer order", "engineer orders"),
}
"""Each book of a plan's orders (:class:`engine.wego.plan_state.PlanState`), one and many."""


def place_words(game: Game, region: str) -> str:
    """A hex or region as a player names it: its name, else "hex c12r4"."""
    found = game.world.regions.get(region)
    if found is None or found.name == region:
        return f"hex {region}"
    return found.name


def asset_name(game: Game, asset_id: str) -> str:
    """An asset's name under the operational rules (its id when it has none)."""
    from engine.wego.op import state  # the operational family's, loaded when asked

    asset = state.board_of(game).rules.assets.asset(asset_id)
    return (asset.name or asset_id) if asset is not None else asset_id


def _supply_words(action: OrderSupply) -> str:
    levels = [
        name
        for name, on in (
            ("Move+", action.move_plus),
            ("Combat+", action.combat_plus),
            ("Repl+", action.replacements),
        )
        if on
    ]
    scope = ", all below" if action.scope == "all" else ""
    return f" ({' '.join(levels)}{scope})" if levels else ""


def describe(game: Game, action: Action, side: str | None = None) -> str:
    """How the menu names the edit ``action`` makes, asked before it is made (a
    cancellation names the order it takes back, read from ``side``'s plan)."""
    if isinstance(action, CancelOrder):
        old = plan.orders_of(game, side, viewer=side).get(action.stack) if side else None
        return f"cancelling {order_words(game, old)}" if old else "cancelling an order"
    if isinstance(action, Order):
        return f"the order {order_words(game, action)}"
    if isinstance(action, OrderSupply):
        return f"supply order to {unit_name(game, action.hq)}{_supply_words(action)}"
    if isinstance(action, CancelSupply):
        return f"taking back the supply order of {unit_name(game, action.hq)}"
    if isinstance(action, ReassignHq):
        return f"moving {unit_name(game, action.hq)} under {unit_name(game, action.corps)}"
    if isinstance(action, SetUp):
        return f"setting up {unit_name(game, action.unit)} on {place_words(game, action.region)}"
    if isinstance(action, BreakDown):
        return f"breaking down {unit_name(game, action.unit)}"
    if isinstance(action, Combine):
        return f"combining {unit_name(game, action.unit)}"
    if isinstance(action, Detach):
        return f"detaching {', '.join(unit_name(game, u) for u in action.units)}"
    if isinstance(action, Join):
        return f"joining {' and '.join(unit_name(game, u) for u in action.units)}"
    if isinstance(action, AssignAsset):
        where = f" at {place_words(game, action.target)}" if action.target else ""
        what = mission_words(action.mission).lower()
        return f"mission of {asset_name(game, action.asset)}: {what}{where}"
    if isinstance(action, CancelAsset):
        return f"keeping {asset_name(game, action.asset)} home"
    if isinstance(action, AssignFire):
        where = place_words(game, action.target)
        return f"{action.mission} fire of {unit_name(game, action.unit)} on {where}"
    if isinstance(action, CancelFire):
        return f"taking back the fire order of {unit_name(game, action.unit)}"
    if isinstance(action, OrderEngineer):
        task = TASKS.get(action.task, action.task.replace("_", " "))
        return f"engineer order to {unit_name(game, action.unit)}: {task}"
    if isinstance(action, CancelEngineer):
        return f"stopping the work of {unit_name(game, action.unit)}"
    if isinstance(action, OrganisationMove):  # OO2
        where = place_words(game, action.destination)
        return f"moving the organisation of {unit_name(game, action.hq)} to {where}"
    if isinstance(action, AllGunsFire):  # OO9
        where, target = place_words(game, action.region), place_words(game, action.target)
        return f"{action.mission} fire of every gun on {where} at {target}"
    if isinstance(action, CancelBattle):  # OO17
        return f"cancelling the battle at {place_words(game, action.target)}"
    return action.kind.replace("_", " ")


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def cleared(game: Game, now: PlanState, start: PlanState) -> str:
    """What taking a plan from ``now`` back to ``start`` clears, in words: "2 stack orders,
    1 supply order and 1 setup"; empty when the two are the same plan."""
    parts: list[str] = []
    kept = dict(start.orders)
    changed = sum(1 for units, order in now.orders if kept.get(units) != order)
    if changed:
        parts.append(_count(changed, "stack order", "stack orders"))
    given, left = dict(now.books), dict(start.books)
    for book, (one, many) in BOOKS.items():
        n = sum(1 for key in given if key.startswith(f"{book}:") and given[key] != left.get(key))
        if n:
            parts.append(_count(n, one, many))
    moved, back = dict(now.parents), dict(start.parents)
    hqs = sum(1 for hq in moved.keys() | back.keys() if moved.get(hq) != back.get(hq))
    if hqs:
        parts.append(_count(hqs, "HQ move", "HQ moves"))
    here, there = dict(now.places), dict(start.places)
    setups = sum(1 for u in here.keys() & there.keys() if here[u] != there[u])
    if setups:
        parts.append(_count(setups, "setup", "setups"))
    world_parts = game.world.parts
    organised = {
        world_parts[u].parent if u in world_parts else u for u in there.keys() ^ here.keys()
    }
    if organised:
        parts.append(_count(len(organised), "breakdown or combine", "breakdowns or combines"))
    if now.groups != start.groups and not organised:  # OO1: parts of stacks detached
        parts.append("the stacks detached or joined")
    if len(parts) < 2:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"
