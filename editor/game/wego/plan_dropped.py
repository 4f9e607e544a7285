"""A revealed plan's action the rules refused, told to its player (OT10, issue 15).

A plan sealed by commitment (play by e-mail) is carried out action by action when it is
revealed; an action the rules refuse by then (an enemy set up where a setup was planned, an
attack's target gone) is dropped and recorded for its side alone (``plan_action_dropped``,
:mod:`engine.wego.sealed`). The game view tells the player at once on the status bar and
keeps the line in the turn information of an operational game
(:mod:`.op_turn_info`): "Your supply order to 6th Army HQ could not be carried out: ...".
"""

from __future__ import annotations

from typing import Any

from editor.game.panels.knowledge import Sight, side_name, unit_name
from editor.game.panels.op_words import mission_words
from editor.game.wego.orders import order_words
from editor.game.wego.plan_words import TASKS, asset_name, describe, place_words
from engine.actions import Action
from engine.wego.op.actions import (
    AssignAsset,
    AssignFire,
    BreakDown,
    CancelSupply,
    Combine,
    OrderEngineer,
    OrderSupply,
    ReassignHq,
    SetUp,
)
from engine.wego.orders import CancelOrder, Order

KIND = "plan_action_dropped"


def _what(sight: Sight, action: Action) -> str:
    """The dropped action as a noun after "Your" ("supply order to 6th Army HQ")."""
    game = sight.game
    if isinstance(action, Order):
        return f"order {order_words(game, action)}"
    if isinstance(action, CancelOrder):
        return "cancellation of a stack's order"
    if isinstance(action, OrderSupply | CancelSupply):
        return f"supply order to {unit_name(game, action.hq)}"
    if isinstance(action, ReassignHq):
        return f"move of {unit_name(game, action.hq)} under {unit_name(game, action.corps)}"
    if isinstance(action, SetUp):
        return f"setup of {unit_name(game, action.unit)} on {place_words(game, action.region)}"
    if isinstance(action, BreakDown | Combine):
        verb = "breakdown" if isinstance(action, BreakDown) else "combine"
        return f"{verb} of {unit_name(game, action.unit)}"
    if isinstance(action, AssignAsset):
        where = f" at {place_words(game, action.target)}" if action.target else ""
        mission = mission_words(action.mission).lower()
        return f"mission for {asset_name(game, action.asset)} ({mission}{where})"
    if isinstance(action, AssignFire):
        return describe(game, action)  # "offensive fire of 3rd Guns on hex c7r3"
    if isinstance(action, OrderEngineer):
        task = TASKS.get(action.task, action.task.replace("_", " "))
        return f"engineer order to {unit_name(game, action.unit)} ({task})"
    return f"planned step ({describe(game, action)})"


def dropped_sentence(sight: Sight, record: dict[str, Any]) -> str | None:
    """The record in words for ``sight``'s viewer: ``None`` for another side's (hidden from
    it by the engine's views already; a spectator reads every side's)."""
    side = record.get("side_id")
    if sight.viewer is not None and side != sight.viewer:
        return None
    reason = str(record.get("reason", "")).rstrip(".")
    try:
        what = _what(sight, Action.from_json(record["action"]))
    except (KeyError, TypeError, ValueError):
        kind = str((record.get("action") or {}).get("kind", "?")).replace("_", " ")
        what = f"planned step ({kind})"
    whose = "Your" if sight.viewer is not None else f"{side_name(sight.game, side)}'s"
    return f"{whose} {what} could not be carried out: {reason}."


def dropped_now(sight: Sight, records: list[dict[str, Any]]) -> list[str]:
    """The sentences of the dropped actions among ``records`` that ``sight``'s viewer reads."""
    found = (dropped_sentence(sight, r) for r in records if r.get("type") == KIND)
    return [line for line in found if line]
