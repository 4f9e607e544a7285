"""The baseline AI's asset missions under the operational rules (OA4-OA14, OC9, OC31).

Once its plan is made, the side tasks each asset free this turn, strongest support first:

1. **Support of its attacks**: the plan's attack targets, the one with the fewest supporting
   assets first (falling returns make a second asset on one battle worth half, OC9), get
   ground support (air), naval fire or a command asset; an air asset that only bombards
   bombards a target of the plan instead (OA6: it then supports when it can).
2. **Interdiction** (OA10) for an asset that flies it and has nothing to support, when it is
   fit for the air war (readiness and strength of ``minimum_for_air_war``).
3. **Defence**: defensive support or a command asset over the side's hex that the enemies it
   sees threaten most (their number of units next to it), when the plan attacks nothing.
4. **Bombardment** (OC31) of the seen enemy hex next to the most of the side's units.
5. **Recon and intelligence** (OA12, OI7), in a game with the fog of war on, over the plan's
   attack target with the fewest assets, else the bombardment target, else the side's most
   threatened hex.
6. **Air supply** (OS15) to the side's airfield with the most Isolated or Encircled units of
   the side within the reach the airlift gives.
7. **Counter-air** (OA7) for an asset with nothing else to do.
8. **Logistics** (OS16), where its levels help most (:mod:`.ai_logistics`).

Every mission goes through :func:`engine.wego.op.assets.target_refusal`, so the AI never
gives one a player could not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import fog
from ..orders import Order, OrderAttack
from . import ai_logistics, assets, handicap, state
from .actions import AssignAsset

if TYPE_CHECKING:
    from ...game import Game


def asset_actions(game: Game, side: str, orders: list[Order]) -> list[AssignAsset]:
    """The missions of the side's free assets for ``orders`` (see the module docstring),
    those not given yet."""
    board = state.board_of(game)
    table = board.rules.assets
    attacks = sorted({o.target for o in orders if isinstance(o, OrderAttack)})
    load = dict.fromkeys(attacks, 0)
    given = assets.missions(game, side)
    threatened = _threatened(game, side)
    bombard = _bombard_target(game, side)
    out: list[AssignAsset] = []
    supplied = ai_logistics.bought(game, side)  # OS16: grows with each logistics mission
    free = [a for a in table.assets if a.side == side]
    free.sort(key=lambda a: (-(a.support or 0), -a.bombardment, a.id))
    for asset in free:
        open_: set[str] = {o.mission for o in assets.options(game, side, asset.id) if not o.refusal}
        if not open_:
            continue
        choice = _choose(game, side, asset.id, open_, load, threatened, bombard)
        if choice is None and "logistics" in open_:
            spot = ai_logistics.target(game, side, asset, orders, supplied)
            choice = ("logistics", spot) if spot is not None else None
        if choice is None:
            continue
        mission, target = choice
        if target in load:
            load[target] += 1
        action = AssignAsset(asset.id, mission, target)
        task = given.get(asset.id)
        if task is None or (task.mission, task.target) != (mission, target):
            out.append(action)
    return out


def _choose(
    game: Game,
    side: str,
    asset_id: str,
    open_: set[str],
    load: dict[str, int],
    threatened: str | None,
    bombard: str | None,
) -> tuple[str, str] | None:
    def ok(mission: str, target: str) -> bool:
        return mission in open_ and not assets.target_refusal(game, side, asset_id, mission, target)

    for target in sorted(load, key=lambda t: (load[t], t)):
        for mission in ("offensive_support", "command", "ground_attack"):
            if ok(mission, target):
                return mission, target
    if ok("interdiction", ""):
        return "interdiction", ""
    if not load and threatened is not None:
        for mission in ("defensive_support", "command"):
            if ok(mission, threatened):
                return mission, threatened
    if bombard is not None and ok("ground_attack", bombard):
        return "ground_attack", bombard
    for mission in ("recon", "intelligence") if game.fog else ():
        # OA12, OI7: look where the side fights, or at the enemy pressing it hardest (with
        # the fog of war off every enemy is seen whole: nothing to learn).
        watched = [*sorted(load, key=lambda t: (load[t], t)), bombard, threatened]
        for spot in watched:
            if spot is not None and ok(mission, spot):
                return mission, spot
    if "air_supply" in open_:
        for airfield in _cut_off_airfields(game, side, asset_id):
            if ok("air_supply", airfield):
                return "air_supply", airfield
    if ok("counter_air", ""):
        return "counter_air", ""
    return None


def _enemy_stacks(game: Game, side: str) -> dict[str, int]:
    """Hexes of the enemy stacks the side sees -> their number of units."""
    out: dict[str, int] = {}
    every = handicap.sees_all(game, side)  # OT11 plus: through the fog
    for stack in game.state.stacks.values():
        if stack.side != side and (every or fog.view_of(game, stack, side) != "none"):
            out[stack.region] = out.get(stack.region, 0) + len(stack.units)
    return out


def _threatened(game: Game, side: str) -> str | None:
    """The side's hex with the most seen enemy units next to it (ties: the hex id)."""
    board = state.board_of(game)
    enemies = {
        i: n for h, n in _enemy_stacks(game, side).items() if (i := board.grid.find(h)) is not None
    }
    best: tuple[int, str] | None = None
    for stack in game.state.stacks.values():
        if stack.side != side:
            continue
        here = board.grid.find(stack.region)
        if here is None:
            continue
        count = sum(enemies.get(int(n), 0) for n in board.neighbours[here] if n >= 0)
        if count and (best is None or (-count, stack.region) < (-best[0], best[1])):
            best = (count, stack.region)
    return best[1] if best is not None else None


def _bombard_target(game: Game, side: str) -> str | None:
    """The seen enemy hex with the most of the side's units next to it."""
    board = state.board_of(game)
    own: dict[int, int] = {}
    for stack in game.state.stacks.values():
        here = board.grid.find(stack.region)
        if stack.side == side and here is not None:
            own[here] = own.get(here, 0) + len(stack.units)
    best: tuple[int, str] | None = None
    for hex_id in sorted(_enemy_stacks(game, side)):
        here = board.grid.find(hex_id)
        if here is None:
            continue
        count = sum(own.get(int(n), 0) for n in board.neighbours[here] if n >= 0)
        if count and (best is None or count > best[0]):
            best = (count, hex_id)
    return best[1] if best is not None else None


def _cut_off_airfields(game: Game, side: str, asset_id: str) -> list[str]:
    """OS15: the side's airfields with Isolated or Encircled units of its side within the
    reach an airlift would give them, the most such units first (ties: the hex id)."""
    board = state.board_of(game)
    asset = board.rules.assets.asset(asset_id)
    lift = asset.supply_range if asset is not None else 0
    cut = [
        u
        for u in state.units(game).values()
        if u.side == side and u.loc in ("isolated", "encircled")
    ]
    scored: list[tuple[int, str]] = []
    for row in board.rules.supply.sources:
        where = board.grid.find(row.hex)
        if row.kind != "airfield" or row.side != side or where is None:
            continue
        reach = max(row.range, lift)
        count = sum(1 for u in cut if int(board.grid.distance(u.hex, where)) <= reach)
        if count:
            scored.append((-count, row.hex))
    return [h for _, h in sorted(scored)]
