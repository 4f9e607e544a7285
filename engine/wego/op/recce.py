"""Recce during a WEGO execution under the operational rules (OM17, OU16).

A recce stack is one whose every unit is recce (choice: a recce unit stacked with others
moves and fights with them). Two rules keep it out of a fight:

* :func:`keeps_out`: moving under any order but an attack (Move and Defend, Road Movement),
  it stops rather than step into a hex in the zone of control of non-recce enemy units
  (``contact.recce_keep_out``; enemy recce exert no zone that stops it).
* :func:`pull_back`: after every round of steps of a tick, before that tick's battles, a
  recce stack with a non-recce enemy unit next to it (whoever moved) pulls back one hex, to a
  neighbour in no enemy zone of control, holding no enemy, with room for it and that its units
  may enter (``contact.recce_pull_back``). So it leaves a hex before a battle there is fought.
  A stack under Hold at all costs, or under an attack order, stays (choice for the attack
  order: it chose to fight). Among the allowed hexes (choice): the farthest from the enemies
  that triggered it, then the cheapest to enter, then the grid's order. With none it stays,
  and its defence may withdraw (OC26). Pulling back ends the stack's order for the turn (as
  a retreat's, OM21) and costs each unit ``contact.recce_pull_back_readiness``.

Record: ``op_recce_pullback`` ``{tick, side_id, stack, units, from, to, enemies}``
(``enemies``: the units that triggered it); the film moves the units by it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ... import board as places
from ...operational import OpUnit, enemy_zoc, step_cost
from ...operational.units import stacking_points
from ...operational.zoc import ZocField
from ..orders import ATTACKS
from . import state
from .after_battle import take_control
from .combat import Battles

if TYPE_CHECKING:
    from ...game import Game

HOLD_ALL = "order_hold_all"


def is_recce(units: list[OpUnit]) -> bool:
    return bool(units) and all(u.category == "recce" for u in units)


def keep_out_field(game: Game, world: Battles, side: str, night: bool) -> ZocField:
    """OM17: the zone of control of ``side``'s non-recce enemies."""
    board = state.board_of(game)
    others = [u for u in world.units.values() if u.category != "recce"]
    return enemy_zoc(board, others, side, night=night)


def keeps_out(game: Game, group: list[OpUnit], mode: str) -> bool:
    """OM17: whether this stack, moving in ``mode``, stays out of non-recce enemy zones."""
    rules = state.board_of(game).rules.contact
    return rules.recce_keep_out and mode != "move_attack" and is_recce(group)


def pull_back(game: Game, world: Battles, tick: int) -> None:
    """OM17: every recce stack with a non-recce enemy next to it pulls back, if it can."""
    board = state.board_of(game)
    if not board.rules.contact.recce_pull_back:
        return
    plan = game.state.wego or {}
    orders: dict[str, dict[str, Any]] = plan.get("orders", {})
    attack_kinds = set(ATTACKS)
    night = state.clock(game).night
    for stack in sorted(game.state.stacks.values(), key=lambda s: s.id):
        group = [world.units[u] for u in stack.units if u in world.units]
        if not is_recce(group):
            continue
        kind = str(orders.get(stack.side, {}).get(stack.id, {}).get("kind", ""))
        if kind == HOLD_ALL or kind in attack_kinds:
            continue
        here = group[0].hex
        enemies = [
            u
            for n in board.neighbours[here].tolist()
            if n >= 0
            for u in world.in_hex(n)
            if u.side != stack.side and u.category != "recce"
        ]
        if not enemies:
            continue
        to = _refuge(game, world, group, here, enemies, night)
        if to is None:
            continue
        _move(game, world, stack.id, group, to, enemies, tick)


def _refuge(
    game: Game, world: Battles, group: list[OpUnit], here: int, enemies: list[OpUnit], night: bool
) -> int | None:
    board = state.board_of(game)
    side = group[0].side
    field = enemy_zoc(board, world.units.values(), side, night=night)
    rules = board.rules
    need = sum(stacking_points(rules, u) for u in group)
    frozen = state.clock(game).frozen
    best: tuple[float, float, int] | None = None
    for there in board.neighbours[here].tolist():
        if there < 0 or field.value(there) > 0:
            continue
        inside = world.in_hex(there)
        if any(u.side != side for u in inside):
            continue
        row = board.terrain(there)
        used = sum(stacking_points(rules, u) for u in inside)
        if row is None or used + need > row.stacking + 1e-9:
            continue
        costs = [step_cost(board, u, here, there, night=night, frozen=frozen) for u in group]
        if not all(c.allowed and not c.uses_all for c in costs):
            continue
        far = min(int(board.grid.distance(there, e.hex)) for e in enemies)
        key = (-float(far), max(c.total for c in costs), there)
        if best is None or key < best:
            best = key
    return None if best is None else best[2]


def _move(
    game: Game,
    world: Battles,
    stack_id: str,
    group: list[OpUnit],
    to: int,
    enemies: list[OpUnit],
    tick: int,
) -> None:
    board = state.board_of(game)
    cost = board.rules.contact.recce_pull_back_readiness
    stack = game.state.stacks[stack_id]
    origin = stack.region
    for unit in group:
        after = replace(unit, hex=to, readiness=max(0.0, unit.readiness - cost), dug_in=False)
        world.put(after)
        state.store(game, after)
        world.moved.add(unit.id)
    to_id = board.hex_ids[to]
    places.relocate(game, stack, to_id)
    world.displaced.add(stack_id)
    game.record(
        "op_recce_pullback",
        tick=tick,
        side_id=stack.side,
        stack=stack_id,
        units=[u.id for u in group],
        **{"from": origin, "to": to_id},
        enemies=sorted({u.id for u in enemies}),
    )
    take_control(game, to_id, stack.side)
