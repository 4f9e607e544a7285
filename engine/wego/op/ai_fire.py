"""The baseline AI's artillery under the operational rules (OC2, OC31, OC33).

Artillery fires only when it stays put (OC33), so the AI first keeps its guns back
(:func:`hold_guns`): a stack of guns alone (every unit may be given fire orders) that the
plan would move or send into an attack holds instead when a seen enemy hex is within the
range of all its guns. Then, once the plan is made (:func:`fire_actions`), each gun that
stays put takes, in this order:

1. **Offensive fire** on an attack target of the plan within its range, the one with the
   fewest guns firing on it so far (ties: the hex id), as artillery adds its factors to the
   attack total (OC2);
2. **Defensive fire** over the side's hex within range (not its own) that the enemies it
   sees threaten most (their units next to it), when such a hex exists;
3. **Bombardment** (OC31) of the seen enemy hex within range holding the most units, when
   the gun's readiness is at least :data:`BOMBARD_FROM` (a gun that fires does not rest).

Every order goes through :func:`engine.wego.op.fire.target_refusal`, so the AI never gives
one a player could not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import fog
from ...operational import OpUnit
from ...operational.artillery import fires, in_range
from ..orders import MOVING, Order, OrderAttack, OrderHold
from . import fire, state
from .actions import AssignFire

if TYPE_CHECKING:
    from ...game import Game

BOMBARD_FROM = 50.0
"""Readiness % a gun needs before the AI spends its rest on a bombardment."""


def _seen_enemies(game: Game, side: str) -> dict[int, int]:
    """Hex index of each enemy stack the side sees -> its number of units."""
    board = state.board_of(game)
    out: dict[int, int] = {}
    for stack in game.state.stacks.values():
        if stack.side == side or fog.view_of(game, stack, side) == "none":
            continue
        here = board.grid.find(stack.region)
        if here is not None:
            out[here] = out.get(here, 0) + len(stack.units)
    return out


def hold_guns(game: Game, side: str, orders: dict[str, Order]) -> None:
    """OC33: stacks of guns alone hold instead of moving when a seen enemy hex is within
    the range of every gun of the stack (in place)."""
    board = state.board_of(game)
    rules = board.rules
    batteries: list[tuple[str, list[OpUnit]]] = []
    for stack_id, order in sorted(orders.items()):
        if not isinstance(order, MOVING):
            continue
        stack = game.state.stacks.get(stack_id)
        if stack is None:
            continue
        members = list(state.stack_units(game, stack).values())
        if members and len(members) == len(stack.units) and all(fires(rules, u) for u in members):
            batteries.append((stack_id, members))
    enemies = _seen_enemies(game, side) if batteries else {}
    for stack_id, members in batteries:
        reach = {u.id: fire.fire_range(game, u.id) for u in members}
        if any(all(in_range(board, u, h, reach[u.id]) for u in members) for h in enemies):
            held = OrderHold(stack_id)
            if game.is_legal(held):
                orders[stack_id] = held


def fire_actions(game: Game, side: str, orders: list[Order]) -> list[AssignFire]:
    """The fire orders of the side's guns that stay put (see the module docstring), those
    not given yet."""
    gunners = fire.guns(game, side)
    if not gunners:
        return []
    board = state.board_of(game)
    units = state.units(game)
    attacks = sorted({o.target for o in orders if isinstance(o, OrderAttack)})
    load = dict.fromkeys(attacks, 0)
    enemies = _seen_enemies(game, side)
    own: dict[int, str] = {}
    for stack in game.state.stacks.values():
        here = board.grid.find(stack.region)
        if stack.side == side and here is not None:
            own[here] = stack.region
    threat = {h: sum(enemies.get(int(n), 0) for n in board.neighbours[h] if n >= 0) for h in own}
    given = fire.orders(game, side)
    out: list[AssignFire] = []
    for unit_id in gunners:
        if fire.unit_refusal(game, side, unit_id):
            continue
        gun = units[unit_id]

        def ok(mission: str, hex_id: str, unit_id: str = unit_id) -> bool:
            return not fire.target_refusal(game, side, unit_id, mission, hex_id)

        choice: tuple[str, str] | None = None
        for target in sorted(load, key=lambda t: (load[t], t)):
            if ok("offensive", target):
                choice = ("offensive", target)
                load[target] += 1
                break
        if choice is None:
            near = sorted(
                ((-n, own[h]) for h, n in threat.items() if n and h != gun.hex),
            )
            choice = next((("defensive", h) for _, h in near if ok("defensive", h)), None)
        if choice is None and gun.readiness >= BOMBARD_FROM:
            crowded = sorted((-n, board.hex_ids[h]) for h, n in enemies.items())
            choice = next((("offensive", h) for _, h in crowded if ok("offensive", h)), None)
        if choice is None:
            continue
        task = given.get(unit_id)
        if task is None or (task.mission, task.target) != choice:
            out.append(AssignFire(unit_id, *choice))
    return out
