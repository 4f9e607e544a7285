"""What a side may see of the plans: its own orders, and never another side's.

The game keeps every side's plan in its state and every order in its log (a save must hold
them to continue the game), so whatever is shown or handed to one player goes through these
functions first:

* :func:`visible_records`: the event log as ``viewer`` may read it about plans: another
  side's order actions (given, changed, cancelled) are left out, and so are the orders of
  its plan revealed after a commitment (:mod:`engine.wego.sealed`), its ``plan_sealed`` records
  keep only that the plan was sealed (not how many orders), its ``wego_order_end`` records
  are left out, and its ``wego_step`` records lose the order behind the step. What the
  fog of war hides on the map is the game view's own filter, as in IGOUGO games.
* :func:`save_view`: a save as ``viewer`` may see it, for a player's own look at a hot-seat
  game or a file shown to one side: the other sides' orders removed from the plan and the
  log filtered as above. It is a view, not a save: it carries ``view_of`` and
  :meth:`engine.game.Game.load` refuses it (the other sides' orders are not in it).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .family import PLANNING_KINDS
from .orders import ORDERS, CancelOrder
from .sealed import RevealPlan

if TYPE_CHECKING:
    from ..game import Game

_PLANNING = {*ORDERS, CancelOrder.kind, *PLANNING_KINDS}
"""Action kinds that are part of a plan's content."""

_HIDDEN = {
    "wego_order_end",
    "op_overrun_wait",
    "op_supply",
    "op_supply_refused",
    "op_break_down",
    "op_combine",
    "op_detach",
    "op_join",
    "op_engineering",
    "op_fire_dropped",
    "plan_action_dropped",
    "op_asset_arrived",
    "op_logistics",
    "op_organisation_move",
    "op_all_guns_fire",
    "op_battle_cancelled",
}
"""Records shown only to their own side: how its orders ended or waited (for an overrun,
OM16), its supply (its orders' cost, its pools: OF8), its breakdowns and combines while it
plans (OU12-OU14), its engineers' rolls (what their work did to the map is seen by every
side on the map itself), its guns' fire orders dropped (OC33), its assets arriving at random
(OA2), what its logistics missions supplied (OS16), what its order shortcuts did (OO2, OO9,
OO17: part of its plan), and the actions of its plan revealed
after a commitment that the rules refused by then (:mod:`engine.wego.sealed`)."""


def visible_records(records: Iterable[dict[str, Any]], viewer: str) -> list[dict[str, Any]]:
    """The records ``viewer`` may read, as it may read them (see the module docstring)."""
    out: list[dict[str, Any]] = []
    for record in records:
        kind = record["type"]
        if kind == "action":
            action = record.get("action", {})
            if record.get("by") != viewer and action.get("kind") in _PLANNING:
                continue
            if record.get("by") != viewer and action.get("kind") == RevealPlan.kind:
                # The orders revealed are the plan: shown, like any plan, only to its side.
                record = {**record, "action": {"kind": RevealPlan.kind}}
        elif kind == "plan_sealed" and record.get("side_id") != viewer:
            record = {k: v for k, v in record.items() if k != "orders"}
        elif kind in _HIDDEN and record.get("side_id") != viewer:
            continue
        elif kind == "wego_step" and record.get("side_id") != viewer:
            record = {k: v for k, v in record.items() if k != "order"}
        out.append(record)
    return out


def save_view(game: Game, viewer: str) -> dict[str, Any]:
    """:meth:`Game.save` as ``viewer`` may see it: no other side's orders anywhere."""
    data = game.save()
    state = copy.deepcopy(data["state"])
    plan = state.get("wego")
    if plan is not None:
        plan["orders"] = {
            side: orders if side == viewer else {} for side, orders in plan["orders"].items()
        }
    kept = (state.get("operational") or {}).get("supply")
    if kept is not None:  # the operational family's supply orders are part of the plan
        for key in ("orders", "spent"):
            kept[key] = {side: v for side, v in kept[key].items() if side == viewer}
        units = game.state.units
        kept["parents"] = {  # and so are its HQ moves (OO16)
            hq: up for hq, up in kept["parents"].items() if hq in units and units[hq].side == viewer
        }
    missions = (state.get("operational") or {}).get("assets")
    if missions is not None:  # and so are its assets' missions (OA4-OA14)
        missions["missions"] = {
            side: v for side, v in missions["missions"].items() if side == viewer
        }
    works = (state.get("operational") or {}).get("works")
    if works is not None:  # and so are its engineers' orders and their pontoon work (OO14)
        works["orders"] = {side: v for side, v in works["orders"].items() if side == viewer}
        mine = {s.region for s in game.state.stacks.values() if s.side == viewer}
        works["building"] = {h: n for h, n in works["building"].items() if h in mine}
    guns = (state.get("operational") or {}).get("fire")
    if guns is not None:  # and so are its artillery's fire orders (OC33)
        guns["orders"] = {side: v for side, v in guns["orders"].items() if side == viewer}
    data["state"] = state
    data["log"] = visible_records(data["log"], viewer)
    data["view_of"] = viewer
    return data
