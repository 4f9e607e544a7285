"""Air supply missions in a game of the operational family (OS15, OQ10).

A transport sent to one of its side's airfields (``supply.sources`` of kind ``airfield``)
makes it feed, in the trace at the end of the turn, the side's units within the larger of
the airfield's ``range`` and the transport's ``supply_range`` that no HQ feeds (Extended).
It is refused to an airfield the enemy holds, when the enemy flies more counter-air than the
side, and under enemy AA (a light AA unit in the hex, a heavy AA unit in it or next to it).
While planning the side knows only its own counter-air missions and the enemy's air
superiority, and the AA units it sees; as the execution starts the mission is checked again
with the real counts and guns (:func:`deliver`, one ``op_air_supply`` record each).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from schemas.operational.assets import Asset

from ... import fog
from ...operational.assets import air_supply_refusal
from . import state
from .assets import counter_air_counts, data, missions, state_of, superiority

if TYPE_CHECKING:
    from ...game import Game


def air_supply_check(game: Game, side: str, asset: Asset, hex_id: str, *, seen_only: bool) -> str:
    """OS15: why the transport may not fly supplies to ``hex_id``: not one of the side's
    airfields, held by the enemy, the enemy flying more counter-air, or enemy AA over it.
    While planning (``seen_only``) the side counts its own counter-air missions and air
    superiority against the enemy's superiority (its missions are hidden) and the AA units
    it sees; as the execution starts, the real counts and guns."""
    board = state.board_of(game)
    where = board.index(hex_id)
    enemies = [
        s
        for s in game.state.stacks.values()
        if s.side != side
        and (h := board.grid.find(s.region)) is not None
        and int(board.grid.distance(h, where)) <= 1
        and (not seen_only or fog.view_of(game, s, side) != "none")
    ]
    if any(s.region == hex_id for s in enemies):
        return f"'{hex_id}' is held by the enemy (OS15)"
    guns = False
    for s in enemies:
        for unit in state.stack_units(game, s).values():
            if unit.category == "heavy_aa" or (unit.category == "aa" and s.region == hex_id):
                guns = True
    table = board.rules.assets
    counts = counter_air_counts(game) if not seen_only else _planned_counter_air(game, side)
    own = counts.get(side, 0)
    enemy = max((v for s, v in counts.items() if s != side), default=0)
    return air_supply_refusal(
        board.rules,
        asset,
        hex_id,
        side,
        own_counter_air=own,
        enemy_counter_air=enemy,
        under_enemy_aa=guns and table.air_supply_needs_no_aa,
    )


def _planned_counter_air(game: Game, side: str) -> dict[str, int]:
    """OA7, OA8 as the side knows them while planning: its own fit counter-air missions
    given and its air superiority; the enemies' superiority only."""
    table = state.board_of(game).rules.assets
    floor = table.minimum_for_air_war
    own = 0
    for asset_id, task in missions(game, side).items():
        current = state_of(game, asset_id)
        if task.mission == "counter_air" and current is not None:
            own += int(current.readiness >= floor and current.strength >= floor)
    out = {s: superiority(game, s) for s in game.sides_in_play}
    out[side] = out.get(side, 0) + own
    return out


def deliver(game: Game) -> None:
    """OS15: each air supply mission is checked against the real counter-air counts and
    the enemy's AA as the execution starts; one ``op_air_supply`` record each. A delivered
    one (``used``) makes its airfield feed units at the end of the turn
    (:func:`air_supplied`)."""
    table = state.board_of(game).rules.assets
    for asset_id, task in data(game)["flying"].items():
        asset = table.asset(asset_id)
        if task["mission"] != "air_supply" or asset is None:
            continue
        reason = air_supply_check(game, task["side"], asset, task["target"], seen_only=False)
        task["used"] = not reason
        game.record(
            "op_air_supply",
            side_id=task["side"],
            asset=asset_id,
            target=task["target"],
            supplied=not reason,
            reason=reason,
        )


def air_supplied(game: Game) -> dict[str, dict[int, float]]:
    """OS15: each side's airfields supplied by air this turn, by hex index, with the
    transport's supply range (the airfield's own ``range`` counts when larger)."""
    board = state.board_of(game)
    table = board.rules.assets
    out: dict[str, dict[int, float]] = {}
    for asset_id, task in data(game)["flying"].items():
        asset = table.asset(asset_id)
        if task["mission"] != "air_supply" or not task["used"] or asset is None:
            continue
        where = board.index(task["target"])
        fed = out.setdefault(task["side"], {})
        fed[where] = max(fed.get(where, 0.0), float(asset.supply_range))
    return out
