"""Off-map assets in a game of the operational family: their state between turns, the
missions a side gives them while it plans, and what those missions do in the execution
(OA2-OA11, OA13, OA14, OC9, OC31, OC32, OC34, OC35).

Kept in ``GameState.operational["assets"]`` (saved with the game, checked by
:class:`engine.wego.save_models.OpAssetsSave`):

- ``states``: asset id -> ``readiness``, ``strength``, ``back_on``, ``gone`` (OA2, OA3),
  and once drawn ``arrived`` (the turn it arrived at random, OA2) and ``left`` (OA13);
- ``logistics``: while a turn runs, each side's units its logistics missions cover, unit id
  -> levels (OS16);
- ``missions``: each side's missions for the turn, asset id -> ``mission`` and ``target``
  (a hex id, empty for counter-air and interdiction): part of the side's hidden plan;
- ``flying``: the missions flown this turn once the execution starts, asset id -> ``side``,
  ``mission``, ``target`` and ``used`` (its support went into a battle already).

**The engine API** (what the game view's asset panel calls):

- :func:`options` ``(game, side, asset_id, viewer=)``: every mission the asset lists, each with the
  reason it is refused now (empty: it may be given) and whether it needs a target hex;
- :func:`target_refusal` ``(game, side, asset_id, mission, hex_id)``: why that mission may
  not go to that hex (empty: it may);
- :func:`missions` ``(game, side, viewer=)``: the side's missions given this turn (both
  raise :class:`~engine.wego.plan.HiddenPlan` for another side's ``viewer``);
- :func:`state_of` ``(game, asset_id)``: the asset's readiness, strength and return turn;
- the planning actions :class:`~.actions.AssignAsset` and :class:`~.actions.CancelAsset`
  through ``game.apply`` (refused with the same reasons).

In the execution, :mod:`.sorties` flies the missions: ``launch`` as it starts (each asset
spends readiness and draws its delay, OA2, OA3; the sides' counter-air counts, OA7-OA9),
``battle_support`` for each battle (OC2, OC9, OA5, OA6, OA13, OA14, with AA first: OC34,
OC35), ``bombard`` once the battles are over (OC31), ``interdiction`` for the upkeep and
``close_turn`` (OA3: recovery).

Records: ``op_asset_mission`` ``{side_id, asset, mission, target, back_on, gone}``, then
``op_asset_left`` ``{side_id, asset}`` when a draw made it the asset's last (OA13);
``op_asset_arrived`` ``{side_id, asset, window}`` (OA2, :mod:`.arrivals`); ``op_logistics``
``{side_id, asset, target, levels, units}`` (OS16, :mod:`.logistics`);
``op_air_war`` ``{counter_air, advantage}``; ``op_asset_withdrawn`` ``{side_id, asset,
leaves}`` (:func:`note_leaving`, OT12: gone from turn ``leaves``); ``op_aa_fire`` ``{side_id,
asset, target, aa, odds, roll, row, result, damage}``; ``op_bombardment`` ``{side_id, target,
assets, points, multiplier, protection, roll, loss, units}``; ``op_interdiction``
``{side_id, assets, effective, lost, loc_cut}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from schemas.operational.assets import Asset, Mission

from ... import board as places
from ... import fog
from ...operational.assets import AssetState, asset_states, mission_refusal
from ...operational.missions import PLAYED, TARGETED
from ..plan import give, only_own
from . import state
from .actions import AssignAsset, CancelAsset

if TYPE_CHECKING:
    from ...actions import Action
    from ...game import Game
    from ...operational import OpBoard


@dataclass(frozen=True)
class Tasking:
    """One asset's mission this turn."""

    asset: str
    mission: Mission
    target: str = ""
    """The hex id (empty for counter-air and interdiction)."""


@dataclass(frozen=True)
class MissionOption:
    """One mission an asset lists, as the asset panel shows it."""

    mission: Mission
    needs_target: bool
    refusal: str
    """Why it may not be given now (empty: it may, at a target :func:`target_refusal`
    accepts)."""


# -- what the game keeps ---------------------------------------------------------------------------


def data(game: Game) -> dict[str, Any]:
    """``GameState.operational["assets"]``, opened with the scenario's assets on first use."""
    kept = state.data(game)
    found = kept.get("assets")
    if found is None:
        rules = state.board_of(game).rules
        found = kept["assets"] = {
            "states": {k: _state_json(v) for k, v in sorted(asset_states(rules).items())},
            "missions": {},
            "flying": {},
        }
    return found


def _state_json(s: AssetState) -> dict[str, Any]:
    out: dict[str, Any] = {
        "readiness": round(s.readiness, 6),
        "strength": round(s.strength, 6),
        "back_on": s.back_on,
        "gone": s.gone,
    }
    # OA2, OA13: written only once drawn, so games without random assets save as before.
    if s.arrived:
        out["arrived"] = s.arrived
    if s.left:
        out["left"] = True
    return out


def state_of(game: Game, asset_id: str) -> AssetState | None:
    """The asset's readiness, strength and the turn it is back (``None``: no such asset)."""
    raw = data(game)["states"].get(asset_id)
    if raw is None:
        return None
    return AssetState(
        asset_id,
        raw["readiness"],
        raw["strength"],
        raw["back_on"],
        raw["gone"],
        raw.get("arrived", 0),
        raw.get("left", False),
    )


def store(game: Game, s: AssetState) -> None:
    data(game)["states"][s.id] = _state_json(s)


def missions(game: Game, side: str, *, viewer: str | None = None) -> dict[str, Tasking]:
    """The side's missions given this turn, by asset id (part of its hidden plan: another
    ``viewer`` gets :class:`~engine.wego.plan.HiddenPlan`; ``None``: the umpire)."""
    only_own("the assets", side, viewer)
    given = data(game)["missions"].get(side, {})
    return {a: Tasking(a, m["mission"], m["target"]) for a, m in sorted(given.items())}


def _asset(game: Game, asset_id: object) -> Asset | None:
    if not isinstance(asset_id, str):
        return None
    return state.board_of(game).rules.assets.asset(asset_id)


# -- planning ----------------------------------------------------------------------------------


def options(
    game: Game, side: str, asset_id: str, *, viewer: str | None = None
) -> list[MissionOption]:
    """Every mission ``asset_id`` lists, each with why it may not be given this turn (the
    asset's state is the side's own: another ``viewer`` gets
    :class:`~engine.wego.plan.HiddenPlan`)."""
    only_own("the assets", side, viewer)
    asset = _asset(game, asset_id)
    if asset is None or asset.side != side:
        return []
    return [
        MissionOption(m, m in TARGETED, _mission_refusal(game, side, asset, m))
        for m in asset.missions
    ]


def _mission_refusal(game: Game, side: str, asset: Asset, mission: str) -> str:
    if asset.side != side:
        return f"'{asset.id}' is not an asset of '{side}'"
    if mission not in asset.missions:
        return f"'{asset.id}' does not fly '{mission}' missions"
    if mission not in PLAYED:
        return f"'{mission}' missions have no effect in play yet"
    current = state_of(game, asset.id)
    assert current is not None
    table = state.board_of(game).rules.assets
    night = state.clock(game).night
    reason = mission_refusal(table, asset, current, mission, game.state.turn, night=night)
    if reason:
        return reason
    if mission in ("offensive_support", "defensive_support") and not _support_value(asset):
        return f"'{asset.id}' has no support value or fire factor"
    if mission == "command" and not asset.support:
        return f"'{asset.id}' has no command shifts"
    if mission == "ground_attack" and not asset.bombardment:
        return f"'{asset.id}' has no bombardment factor"
    if mission in ("recon", "intelligence") and not (asset.recon_range and asset.recon_strength):
        return f"'{asset.id}' has no recon range or strength"
    if mission == "logistics" and not asset.supplies:
        return f"'{asset.id}' carries no supply level (OS16)"
    return ""


def _support_value(asset: Asset) -> float:
    """OA5, OA13: air support counts its shifts, naval support its fire factor."""
    return asset.bombardment if asset.domain == "naval" else asset.support


def target_refusal(game: Game, side: str, asset_id: str, mission: str, hex_id: str) -> str:
    """Why ``asset_id`` may not fly ``mission`` at ``hex_id`` this turn (empty: it may).
    Offensive support and bombardment go to a hex none of the side's units hold; defensive
    support to one they hold; a command asset to either."""
    asset = _asset(game, asset_id)
    if asset is None:
        return f"'{asset_id}' is not an asset of the scenario"
    reason = _mission_refusal(game, side, asset, mission)
    if reason:
        return reason
    if mission not in TARGETED:
        return "" if not hex_id else f"'{mission}' missions have no target hex"
    board = state.board_of(game)
    if not isinstance(hex_id, str) or board.grid.find(hex_id) is None:
        return f"'{hex_id}' is not a hex of the map"
    far = _beyond_stations(board, asset, board.index(hex_id))
    if far:
        return far
    if mission == "air_supply":
        from .air_supply import air_supply_check  # it reads this module's missions

        return air_supply_check(game, side, asset, hex_id, seen_only=True)
    if mission in ("recon", "intelligence"):
        return ""  # OA12, OI7: any hex, friendly or not
    own = bool(places.stacks_in(game, hex_id, side))
    if mission == "logistics":
        from .logistics import refusal as logistics_refusal  # it reads this module's state

        return logistics_refusal(game, side, asset, hex_id, own)
    if mission in ("offensive_support", "ground_attack") and own:
        return f"your own units hold '{hex_id}': support an attack or bombard an enemy hex"
    if mission == "defensive_support" and not own:
        return f"none of your units is in '{hex_id}' to support"
    return ""


def note_leaving(game: Game) -> None:
    """OT12, OF8: as a turn ends, an ``op_asset_withdrawn`` record for each asset still in
    play whose withdrawal turn (``leaves``) is the next one, for the turn information."""
    coming = game.state.turn + 1
    for asset in state.board_of(game).rules.assets.assets:
        now = state_of(game, asset.id)
        if asset.leaves == coming and now is not None and not now.gone:
            game.record("op_asset_withdrawn", side_id=asset.side, asset=asset.id, leaves=coming)


def superiority(game: Game, side: str) -> int:
    """OA8: the side's air superiority (0 without a row)."""
    table = state.board_of(game).rules.assets
    return next((r.value for r in table.air_superiority if r.side == side), 0)


def counter_air_counts(game: Game) -> dict[str, int]:
    """OA7, OA8: each side's counter-air count this turn: its assets flying the mission that
    were fit as they took off, plus its air superiority."""
    flying = data(game)["flying"]
    out: dict[str, int] = {}
    for side in game.sides_in_play:
        flown = sum(
            1
            for f in flying.values()
            if f["side"] == side and f["mission"] == "counter_air" and f["fit"]
        )
        out[side] = flown + superiority(game, side)
    return out


def _beyond_stations(board: OpBoard, asset: Asset, target: int) -> str:
    """OA13: why a naval asset's fire cannot reach ``target`` from its stations (empty: it
    can, or it has no stations and reaches every hex)."""
    if asset.domain != "naval" or not asset.stations:
        return ""
    found = [h for s in asset.stations if (h := board.grid.find(s)) is not None]
    if found and min(int(board.grid.distance(h, target)) for h in found) <= asset.fire_range:
        return ""
    return (
        f"'{board.hex_ids[target]}' is beyond the reach of '{asset.id}': "
        f"{asset.fire_range} hexes from its river hexes (OA13)"
    )


def reach(game: Game, asset_id: str) -> list[str] | None:
    """OA13: the hex ids a naval asset's fire reaches from its stations, for the view's
    range highlight (``None``: it reaches every hex)."""
    asset = _asset(game, asset_id)
    if asset is None or asset.domain != "naval" or not asset.stations:
        return None
    board = state.board_of(game)
    return [h for i, h in enumerate(board.hex_ids) if not _beyond_stations(board, asset, i)]


def targets(game: Game, side: str, mission: str) -> list[str]:
    """The hexes :func:`actions` offers for ``mission``: the hexes of enemy stacks the side
    sees for offensive support and bombardment, its own stacks' hexes next to them for
    defensive support, both for a command asset (any other hex a rule accepts stays legal)."""
    board = state.board_of(game)
    enemy = sorted(
        {
            s.region
            for s in game.state.stacks.values()
            if s.side != side
            and board.grid.find(s.region) is not None
            and fog.view_of(game, s, side) != "none"
        }
    )
    if mission in ("offensive_support", "ground_attack", "recon", "intelligence"):
        return enemy
    if mission == "air_supply":
        rows = board.rules.supply.sources
        return sorted({r.hex for r in rows if r.kind == "airfield" and r.side == side})
    if mission == "logistics":  # OS16: any hex of the side's
        return sorted({s.region for s in game.state.stacks.values() if s.side == side})
    near = {board.index(h) for h in enemy}
    own = sorted(
        {
            s.region
            for s in game.state.stacks.values()
            if s.side == side
            and (here := board.grid.find(s.region)) is not None
            and any(int(n) in near for n in board.neighbours[here])
        }
    )
    return own if mission == "defensive_support" else sorted({*enemy, *own})


def actions(game: Game, side: str) -> list[Action]:
    """The side's open asset actions: each free asset's missions at the offered targets,
    and the cancellation of each mission given."""
    out: list[Action] = []
    given = missions(game, side)
    for asset in state.board_of(game).rules.assets.assets:
        if asset.side != side:
            continue
        if asset.id in given:
            out.append(CancelAsset(asset.id))
        for option in options(game, side, asset.id):
            if option.refusal:
                continue
            places_ = targets(game, side, option.mission) if option.needs_target else [""]
            for hex_id in places_:
                if not target_refusal(game, side, asset.id, option.mission, hex_id):
                    out.append(AssignAsset(asset.id, option.mission, hex_id))
    return out


def refusal(game: Game, side: str, action: Action) -> str:
    """Why ``side`` may not take the asset action now (empty when it may)."""
    if isinstance(action, CancelAsset):
        if action.asset not in missions(game, side):
            return f"'{action.asset}' has no mission to take back"
        return ""
    if not isinstance(action, AssignAsset):
        return f"'{action.kind}' is not an asset action"
    if not isinstance(action.mission, str) or not isinstance(action.target, str):
        return "a mission and its target are text"
    return target_refusal(game, side, action.asset, action.mission, action.target)


def apply(game: Game, side: str, action: Action) -> None:
    """Carry out an asset action that passed :func:`refusal`: a new mission for the same
    asset replaces the old one."""
    book = data(game)["missions"]
    if isinstance(action, CancelAsset):
        book.get(side, {}).pop(action.asset, None)
    elif isinstance(action, AssignAsset):
        give(book, side, action.asset, {"mission": action.mission, "target": action.target})
