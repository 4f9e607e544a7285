"""The execution phase of a WEGO turn: every sealed order is carried out at once, tick by
tick, and the battles it brings are fought with the battle engine (:mod:`engine.combat`).

One tick is worth ``calendar.wego.tick_mp`` movement points. The order of everything within
a tick is fixed, so a scenario, a seed and the plans fix the result (docs/wego.md):

1. Stacks ordered to defend dig in as the phase opens (U5), where their nation may.
2. Each tick, every stack whose wait is over gains the tick's MP (never more than it has
   left); a stack steps into the next region of its route once it has gained that step's cost.
3. Steps are taken in rounds (a stack with MP to spare may step twice in one tick). In each
   round the stacks due to step go one at a time: withdrawals first, then the stack with the
   most MP to spare after its step, then by side (the turn order on odd ticks, reversed on
   even ticks, so neither side always wins a tie), then by stack id.
4. A step into a region holding enemies in the field is a contact: the stack goes in and
   stops there, and so does every enemy stack in that region (a meeting engagement; for the
   stack ordered to attack that region, its attack going in). A withdrawal never goes in:
   it stops short. A stack without a combat unit cannot go in and stops short.
5. A step that would break the stacking limit waits (a jam) and is tried again in the next
   round of the tick once some other stack has stepped, else on the next tick; a
   step the map refuses now (a crossing that needs a bridge, a region closed to the side) or
   off a route the stack was pushed from (a retreat) ends the order (blocked).
6. When every step of the tick is taken, the battles of the tick are fought one at a time,
   in the order of their first contact, the side that went in attacking. Card windows are
   not opened, nobody retreats by choice, the die places retreats, and a won battle's
   breakthrough is declined: stacks follow their orders.
7. The tick's frame is recorded: where every unit is, its strength, and what each side sees.

The phase ends when no order has anything left to do, or after ``max_ticks`` (0: when the
fastest stack's MP are spent).

Records (besides those of moves, captures and battles):

* ``wego_execution`` ``{ticks, tick_mp}``: the phase opens;
* ``wego_step`` ``{tick, stack, side_id, units, from, to, cost, order}``: a stack steps;
* ``wego_contact`` ``{tick, stack, side_id, region, enemies, attack}``: a stack runs into
  enemies (``attack``: the attack it was ordered to make) and a battle follows;
* ``wego_jam`` ``{tick, stack, region}``: a step waits for room;
* ``wego_order_end`` ``{tick, stack, side_id, order, reason}``: an order ends (``arrived``,
  ``engaged``, ``blocked``, ``jammed``, ``out_of_movement``, ``out_of_time``, ``destroyed``,
  ``displaced``);
* ``wego_battle`` ``{tick, region, attacker, defender, winner, battle}``: a battle of the
  tick is over (``battle``: its number in ``stats.battle_results``);
* ``wego_tick`` ``{tick, units, stacks, seen}``: the frame at the end of the tick (see
  :mod:`engine.wego.film`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import board, decisions, fog, movement
from ..actions import Breakthrough
from ..combat import battle as fights
from ..errors import IllegalAction
from ..state import StackState
from . import family
from .orders import OrderAttack, OrderDefend, OrderWithdraw, order_from_json
from .plan import allowance, step_cost

if TYPE_CHECKING:
    from schemas.map import Structure

    from ..game import Game


@dataclass(slots=True)
class Mover:
    """A stack carrying out a moving order."""

    stack: str
    side: str
    order: str
    steps: list[str]
    attack: str | None
    wait: int
    budget: float
    spent: float = 0.0
    gained: float = 0.0
    done: bool = False
    jammed: bool = False
    stepped: bool = False
    """The stack has taken a step (the minimal move is only for a first step)."""
    jam_tick: int = 0
    """The last tick a jam of this stack was recorded (one record per tick)."""
    cost: float = field(default=0.0)
    """Cost of the next step, worked out when the stack is due."""


def run(game: Game) -> None:
    """Carry out every sealed order; the plan is closed afterwards. A scenario of the
    operational rules family runs its own execution (:mod:`engine.wego.op.execute`)."""
    if family.operational(game):
        family.execute(game)
        return
    plan = game.state.wego
    assert plan is not None
    plan["stage"] = "execution"
    movers = _start(game, plan["orders"])
    tick_mp = game.scenario.calendar.wego.tick_mp
    ticks = _length(game, movers, tick_mp)
    game.record("wego_execution", ticks=ticks, tick_mp=tick_mp)
    _frame(game, 0)
    reached = 0
    for tick in range(1, ticks + 1):
        if not any(not m.done for m in movers) or game.state.outcome is not None:
            break
        contacts = _tick(game, movers, tick, tick_mp)
        _battles(game, contacts, tick)
        _frame(game, tick)
        reached = tick
    for mover in movers:
        if not mover.done:
            end(game, mover, reached, "jammed" if mover.jam_tick == reached else "out_of_time")
    for stack in game.state.stacks.values():
        stack.moved = False
    game.state.wego = None


def _start(game: Game, orders: dict[str, dict[str, Any]]) -> list[Mover]:
    movers: list[Mover] = []
    for side in game.sides_in_play:
        for stack_id, data in sorted(orders.get(side, {}).items()):
            stack = game.state.stacks.get(stack_id)
            if stack is None:
                continue
            order = order_from_json(data)
            if isinstance(order, OrderDefend):
                _dig_in(game, stack)
                continue
            path = list(getattr(order, "path", ()))
            target = order.target if isinstance(order, OrderAttack) else None
            steps = path + ([target] if target else [])
            if not steps:
                continue
            wait = int(getattr(order, "wait", 0))
            movers.append(
                Mover(stack_id, side, order.kind, steps, target, wait, allowance(game, stack))
            )
    return movers


def _dig_in(game: Game, stack: StackState) -> None:
    nations = {game.world.nation_of(u) for u in stack.units}
    if (
        stack.entrenched
        or movement.stack_domain(game, stack) != "land"
        or not all(game.world.nations[n].entrench for n in nations)
    ):
        return
    stack.entrenched = True
    game.record("entrenched", stack=stack.id, region=stack.region)


def _length(game: Game, movers: list[Mover], tick_mp: float) -> int:
    cap = game.scenario.calendar.wego.max_ticks
    need = max((m.wait + math.ceil(m.budget / tick_mp) for m in movers), default=0)
    return min(cap, need) if cap > 0 else need


# -- a tick ------------------------------------------------------------------------------------


def _tick(game: Game, movers: list[Mover], tick: int, tick_mp: float) -> list[tuple[str, str]]:
    """Gain MP and take every step due; returns the contacts (region, side going in)."""
    rank = {side: i for i, side in enumerate(game.sides_in_play)}
    if tick % 2 == 0:
        rank = {side: -i for side, i in rank.items()}
    for mover in movers:
        mover.jammed = False
        if mover.done:
            continue
        if mover.wait > 0:
            mover.wait -= 1
            continue
        mover.gained = min(mover.gained + tick_mp, mover.budget - mover.spent)
    contacts: list[tuple[str, str]] = []
    while True:
        due = [m for m in movers if _due(game, m, tick)]
        if not due:
            break
        due.sort(
            key=lambda m: (
                m.order != OrderWithdraw.kind,
                -(m.gained - m.cost),
                rank[m.side],
                _natural(m.stack),
            )
        )
        stepped = False
        for mover in due:
            if not mover.done and not mover.jammed:
                stepped = _step(game, mover, tick, contacts, movers) or stepped
        if not stepped:
            break
        # Room may have been made: jammed stacks try again in the next round.
        for mover in movers:
            mover.jammed = False
    return contacts


def _natural(stack_id: str) -> tuple[int, str]:
    digits = stack_id[1:]
    return (int(digits), stack_id) if digits.isdigit() else (0, stack_id)


def _due(game: Game, mover: Mover, tick: int) -> bool:
    """Whether the mover steps in this round (its cost worked out on the way)."""
    if mover.done or mover.jammed or mover.wait > 0:
        return False
    stack = stack_or_end(game, mover, tick)
    if stack is None:
        return False
    link = next((lk for lk in game.world.neighbours(stack.region) if lk.to == mover.steps[0]), None)
    if link is None:
        end(game, mover, tick, "displaced")
        return False
    mover.cost, _ = step_cost(game, link, mover.spent, mover.budget, first=not mover.stepped)
    if mover.gained + 1e-9 >= mover.cost:
        return True
    if mover.spent + mover.gained + 1e-9 >= mover.budget:
        end(game, mover, tick, "out_of_movement")
    return False


def _step(
    game: Game, mover: Mover, tick: int, contacts: list[tuple[str, str]], movers: list[Mover]
) -> bool:
    """Take the mover's next step if it can; whether it stepped."""
    stack = stack_or_end(game, mover, tick)
    if stack is None:
        return False
    to = mover.steps[0]
    link = next((lk for lk in game.world.neighbours(stack.region) if lk.to == to), None)
    if link is None:
        end(game, mover, tick, "displaced")
        return False
    domain = movement.stack_domain(game, stack)
    refusal = movement.step_refusal(game, stack.side, domain, link)
    if refusal is not None:
        end(game, mover, tick, "blocked", refusal)
        return False
    enemies = movement.enemy_here(game, to, stack.side)
    if enemies and (mover.order == OrderWithdraw.kind or not movement.has_combat_unit(game, stack)):
        end(game, mover, tick, "blocked", f"enemies hold '{to}'")
        return False
    if not enemies and domain == "land" and not movement.fits(game, stack, to):
        mover.jammed = True
        if mover.jam_tick != tick:
            mover.jam_tick = tick
            game.record("wego_jam", tick=tick, stack=stack.id, region=to)
        return False
    origin = stack.region
    board.relocate(game, stack, to)
    stack.came_from, stack.crossed, stack.moved = origin, link.connection.id, True
    mover.spent += mover.cost
    mover.gained -= mover.cost
    mover.stepped = True
    mover.steps.pop(0)
    for unit_id in stack.units:
        game.state.units[unit_id].mp_spent += mover.cost
    game.record(
        "wego_step",
        tick=tick,
        stack=stack.id,
        side_id=stack.side,
        units=list(stack.units),
        **{"from": origin, "to": to},
        cost=mover.cost,
        order=mover.order,
    )
    if enemies:
        attack = mover.attack == to and not mover.steps
        game.record(
            "wego_contact",
            tick=tick,
            stack=stack.id,
            side_id=stack.side,
            region=to,
            enemies=sorted(s.id for s in enemies),
            attack=attack,
        )
        if all(region != to for region, _ in contacts):
            contacts.append((to, stack.side))
        end(game, mover, tick, "engaged")
        pinned = {s.id for s in enemies}
        for other in movers:
            if not other.done and other.stack in pinned:
                end(game, other, tick, "engaged")
        return True
    if board.side_of_region(game, to) != stack.side:
        board.capture_region(game, to, stack.side)
    if not mover.steps:
        end(game, mover, tick, "arrived")
    return True


def stack_or_end(game: Game, mover: Mover, tick: int) -> StackState | None:
    """The mover's stack; ``None`` once it is gone, its order then ended as destroyed."""
    stack = game.state.stacks.get(mover.stack)
    if stack is None:
        end(game, mover, tick, "destroyed")
    return stack


def end(game: Game, mover: Mover, tick: int, reason: str, detail: str = "") -> None:
    """The mover's order is over (``wego_order_end``, with why); the operational family's
    movers end the same way."""
    mover.done = True
    extra = {"detail": detail} if detail else {}
    game.record(
        "wego_order_end",
        tick=tick,
        stack=mover.stack,
        side_id=mover.side,
        order=mover.order,
        reason=reason,
        **extra,
    )


# -- battles -----------------------------------------------------------------------------------


def _battles(game: Game, contacts: list[tuple[str, str]], tick: int) -> None:
    for region, attacker in contacts:
        if game.state.outcome is not None:
            return
        _fight(game, region, attacker, tick)


def _fight(game: Game, region: str, attacker: str, tick: int) -> None:
    """Fight the battle in ``region`` with ``attacker`` attacking, to its end."""
    state = game.state
    if not any(s.side == attacker for s in board.stacks_in(game, region)):
        return  # the stacks that went in are gone (a battle earlier in the tick)
    index = state.side_index
    choosers = state.stats.pop(decisions.CHOOSERS, None)
    state.side_index = game.sides_in_play.index(attacker)
    try:
        try:
            fights.open_battle(game, region)
        except IllegalAction:
            return  # nobody left to fight there
        while state.battle is not None and not state.pending:
            state.battle["card_window"] = None
            fights.advance(game)
        _decline_breakthroughs(game)
    finally:
        state.side_index = index
        if choosers is not None:
            state.stats[decisions.CHOOSERS] = choosers
    result = state.stats["battle_results"][-1]
    game.record(
        "wego_battle",
        tick=tick,
        region=region,
        attacker=result["attacker"],
        defender=result["defender"],
        winner=result["winner"],
        battle=len(state.stats["battle_results"]) - 1,
    )


def _decline_breakthroughs(game: Game) -> None:
    """In a WEGO turn a won battle's breakthrough is declined: stacks follow their orders."""
    while game.state.pending:
        decision = game.state.pending[0]
        if decision["kind"] != "breakthrough":
            raise AssertionError(f"unexpected decision in a WEGO battle: {decision['kind']}")
        decisions.apply(game, decision, Breakthrough(str(decision["region"])))


# -- frames ------------------------------------------------------------------------------------


def _frame(game: Game, tick: int) -> None:
    """Record where everything stands and what each side sees (a frame of the film)."""
    if not game.log.enabled:
        return
    state = game.state
    units = {
        uid: [stack.region, state.units[uid].strength]
        for stack in state.stacks.values()
        for uid in stack.units
    }
    stacks = {s.id: [s.side, s.region, list(s.units)] for s in state.stacks.values()}
    seen: dict[str, dict[str, str]] = {}
    for side in game.sides_in_play:
        views: dict[str, str] = {}
        for stack in state.stacks.values():
            if stack.side != side and game.world.at_war(side, stack.side):
                view = fog.view_of(game, stack, side)
                if view != "none":
                    views[stack.id] = view
        seen[side] = dict(sorted(views.items()))
    # Who holds each region, as it changed since the scenario's start (a capture during the
    # execution, an event's transfer before it): the film colours the map as it was then.
    world = game.world
    owners = {r: n for r, n in sorted(state.owner.items()) if n != world.regions[r].owner}
    held = {
        s: n
        for s, n in sorted(state.structure_owner.items())
        if n != _first_owner(world.structures[s], world.regions[world.structures[s].region].owner)
    }
    game.record(
        "wego_tick",
        tick=tick,
        units=dict(sorted(units.items())),
        stacks=dict(sorted(stacks.items())),
        seen=seen,
        owners=owners,
        structures=held,
    )


def _first_owner(structure: Structure, region_owner: str | None) -> str | None:
    """Who held a structure at the scenario's start (its own owner, else its region's)."""
    return structure.owner if structure.owner is not None else region_owner
