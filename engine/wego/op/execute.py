"""The execution phase of a WEGO turn under the operational rules (OT6, OT7, OM1-OM6,
OM9, OM11-OM17, OM19, OM21, OM22, OH5).

It keeps the tick structure of the area family's execution (docs/wego.md): one tick is
``calendar.wego.tick_mp`` MP, stacks gain MP each tick and step when they have gained the
step's price, and steps are taken in rounds with the same tie rule (withdrawals first, then
most MP to spare, then the sides alternately by tick, then stack id). What differs:

1. Prices are the operational ones (:mod:`.movement`): terrain, road, hexside and the
   enemy's zone of control (capped, OM11-OM12; no sliding, OM13; the minimal move, OM3), the
   zones read as they stand when the tick opens (choice, so every stack of a tick pays the
   same zones whatever order the round takes them in).
2. The stacking limit (OH9, OM4) holds at every step: a stack that does not fit waits.
3. A stack ordered to attack stops next to its target and attacks it from there; a stack that
   meets an enemy on its way halts there: under an attack order (Move and Attack) it attacks
   that hex (a move battle), under a move or withdrawal (Move and Defend, OM6) it halts until
   the enemy leaves;
   either overruns the hex first when its pool is strong enough (:mod:`.overrun`, OM14-OM16).
   A step along a road costs more for every unit that went through the hex before it (OH5);
   a Road Movement column stepping into an enemy zone is ambushed (:mod:`.ambush`, OM9);
   recce keep out of non-recce enemy zones and pull back from such enemies next to them before
   the tick's battles (:mod:`.recce`, OM17).
4. The battles of the tick use the odds combat (:mod:`.combat`), highest odds first.
5. Once the battles are over, the bombardments no battle used fall (:func:`.sorties.bombard`,
   OC31); assets' support went into the battles on their hexes (:mod:`.sorties`).
6. When the phase ends, every unit that moved spends readiness in proportion to the MP it
   used (more at night, OW7) and leaves its dug-in state (OM19, OU11).

Records are those of the area execution (``wego_execution``, ``wego_step`` with the price's
parts, ``wego_contact``, ``wego_jam``, ``wego_order_end``, ``wego_tick`` whose ``units`` give
each unit's region and strength % and whose ``readiness`` gives its readiness %), and the
battle records of :mod:`.combat`.

One stack's step within a round (its price, taking it, meeting the enemy) lives in
:mod:`.stepping`; :class:`Mover` is importable from here as before.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...operational import OpUnit, enemy_zoc, spend_movement
from ...operational.movement import MoveMode
from ...operational.night import night_for
from ..execute import end
from ..orders import MOVING, OrderAttack, OrderWithdraw, order_from_json
from . import battlefield, recce, sorties, state, stepping, tracking
from .combat import Battles, Contact, fight_all
from .movement import MODES, allowance, road_refusal
from .stepping import Mover

if TYPE_CHECKING:
    from ...game import Game


def run(game: Game) -> None:
    """Carry out every sealed order under the operational rules; the plan closes after."""
    plan = game.state.wego
    assert plan is not None
    plan["stage"] = "execution"
    battlefield.raze(game)  # OH8: as the turn begins, before anyone moves
    day = state.clock(game)
    board = state.board_of(game)
    world = Battles(state.units(game), set(), index=board.id_index)
    staying = _staying(game, plan["orders"])
    movers = _start(game, world, plan["orders"])
    tick_mp = game.scenario.calendar.wego.tick_mp
    cap = game.scenario.calendar.wego.max_ticks
    need = max((m.wait + math.ceil(m.budget / tick_mp) for m in movers), default=0)
    ticks = min(cap, need) if cap > 0 else need
    game.record(
        "wego_execution",
        ticks=ticks,
        tick_mp=tick_mp,
        family="operational",
        night=day.night,
        weather=day.weather,
    )
    _frame(game, world, 0)
    reached = 0
    traffic: dict[int, int] = {}
    for tick in range(1, ticks + 1):
        if not any(not m.done for m in movers) or game.state.outcome is not None:
            break
        contacts = _tick(game, world, movers, staying, tick, tick_mp, day, traffic)
        recce.pull_back(game, world, tick)  # OM17: before the tick's battles
        fight_all(game, world, contacts, tick)
        for mover in movers:
            if not mover.done and mover.stack in world.displaced:
                end(game, mover, tick, "displaced")  # OM21: a retreat ends the plan
        _frame(game, world, tick)
        reached = tick
    for mover in movers:
        if mover.done:
            continue
        if mover.halted:  # OM6: the enemy never left
            end(game, mover, reached, "blocked", mover.halted)
        else:
            end(game, mover, reached, "jammed" if mover.jam_tick == reached else "out_of_time")
    if game.state.outcome is None:
        for unit, _ in sorties.bombard(game, world.units):  # OC31: fire with no attack
            world.put(unit)
            state.store(game, unit)
    _spend(game, world, movers)
    for stack in game.state.stacks.values():
        stack.moved = False
    game.state.wego = None


def _staying(game: Game, orders: dict[str, dict[str, Any]]) -> set[str]:
    """Stacks without a moving order: a friendly stack that stays lifts the ZOC cost of its
    hex for its side's movers (OM11)."""
    kinds = {cls.kind for cls in MOVING}
    moving = {
        stack_id
        for side_orders in orders.values()
        for stack_id, data in side_orders.items()
        if data.get("kind") in kinds
    }
    return {s for s in game.state.stacks if s not in moving}


def _start(game: Game, world: Battles, orders: dict[str, dict[str, Any]]) -> list[Mover]:
    movers: list[Mover] = []
    for side in game.sides_in_play:
        for stack_id, data in sorted(orders.get(side, {}).items()):
            stack = game.state.stacks.get(stack_id)
            if stack is None:
                continue
            order = order_from_json(data)
            path = list(getattr(order, "path", ()))
            target = order.target if isinstance(order, OrderAttack) else None
            steps = path + ([target] if target else [])
            if not steps:
                continue
            group = [world.units[u] for u in stack.units if u in world.units]
            mode = MODES.get(order.kind, "move_defend")
            if mode == "road":
                mode = _road_or_not(game, world, stack_id, side, group)
            budget = allowance(game, group, mode)
            wait = int(getattr(order, "wait", 0))
            mover = Mover(stack_id, side, order.kind, steps, target, wait, budget)
            mover.mode = mode
            movers.append(mover)
    return movers


def _road_or_not(
    game: Game, world: Battles, stack_id: str, side: str, group: list[OpUnit]
) -> MoveMode:
    """OM7, OO4: a road move whose stack may not use Road Movement as the turn starts (an
    enemy its side did not see stands next to it) moves in Move and Defend instead, along
    the same path as far as its MP go; the fall-back is recorded (``op_road_refused``)."""
    enemies = [u.hex for u in world.units.values() if u.side != side]
    reason = road_refusal(game, group, enemies)
    if reason is None:
        return "road"
    game.record("op_road_refused", stack=stack_id, side_id=side, reason=reason)
    return "move_defend"


def _tick(
    game: Game,
    world: Battles,
    movers: list[Mover],
    staying: set[str],
    tick: int,
    tick_mp: float,
    day: state.Night,
    traffic: dict[int, int],
) -> list[Contact]:
    rank = {side: i for i, side in enumerate(game.sides_in_play)}
    if tick % 2 == 0:
        rank = {side: -i for side, i in rank.items()}
    held = []  # OO5: a waiting stack does nothing this tick, not even a 0-MP attack
    for mover in movers:
        mover.jammed = False
        if mover.done:
            continue
        if mover.wait > 0:
            held.append(mover)
            continue
        mover.gained = min(mover.gained + tick_mp, mover.budget - mover.spent - mover.lost)
    board = state.board_of(game)
    fields = {
        side: enemy_zoc(board, world.units.values(), side, night=day.night)
        for side in game.sides_in_play
    }
    for side in game.sides_in_play:  # OM17: the zones recce keep out of, when one moves
        if any(
            m.side == side and not m.done and stepping.keeps_out(game, world, m) for m in movers
        ):
            fields[f"recce {side}"] = recce.keep_out_field(game, world, side, day.night)
    contacts: list[Contact] = []
    while True:
        due = [
            m for m in movers if stepping.due(game, world, m, tick, fields, staying, day, traffic)
        ]
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
                moved = stepping.take(game, world, mover, tick, contacts, movers, fields, traffic)
                stepped = moved or stepped
        if not stepped:
            break
        for mover in movers:
            mover.jammed = False
    for mover in held:
        mover.wait -= 1
    return contacts


def _natural(stack_id: str) -> tuple[int, str]:
    digits = stack_id[1:]
    return (int(digits), stack_id) if digits.isdigit() else (0, stack_id)


def _spend(game: Game, world: Battles, movers: list[Mover]) -> None:
    """OM19, OU11: units that moved spend readiness for the share of their allowance they
    used, and are no longer dug in; the turn remembers who moved (OU7: no rest for them)."""
    rules = state.board_of(game).rules
    used = state.data(game)["turn"]["used"]
    night = state.clock(game).night
    for mover in movers:
        stack = game.state.stacks.get(mover.stack)
        if stack is None or mover.spent <= 0:
            continue
        for unit_id in stack.units:
            unit = world.units.get(unit_id)
            if unit is None:
                continue
            tired = night_for(rules, unit, "move_readiness", night)  # OW7; OW3: by day
            factor = rules.turns.night_move_readiness if tired else 1.0
            after = spend_movement(rules, unit, mover.spent, mover.budget, factor=factor)
            world.put(after)
            state.store(game, after)
            used[unit_id] = [round(mover.spent, 6), round(mover.budget, 6)]
    for unit_id in sorted(world.moved):
        if unit_id in world.units and unit_id not in used:
            used[unit_id] = [0.0, 0.0]  # pushed by a retreat or an advance: it moved
            unit = world.units[unit_id]
            if unit.dug_in:
                state.store(game, _undug(unit))
                world.put(_undug(unit))


def _undug(unit: OpUnit) -> OpUnit:
    return replace(unit, dug_in=False)


def _frame(game: Game, world: Battles, tick: int) -> None:
    """A frame of the film: every unit's place and strength %, its readiness %, and what
    each side sees through its intelligence at this tick, with the level of each enemy stack
    (``intel``, when the fog hides any: OI8, :mod:`.tracking`)."""
    if not game.log.enabled:
        return
    st = game.state
    units: dict[str, list[Any]] = {}
    readiness: dict[str, float] = {}
    for stack in st.stacks.values():
        for uid in stack.units:
            unit = world.units.get(uid)
            units[uid] = [stack.region, round(unit.strength, 4) if unit else st.units[uid].strength]
            if unit is not None:
                readiness[uid] = round(unit.readiness, 4)
    stacks = {s.id: [s.side, s.region, list(s.units)] for s in st.stacks.values()}
    seen, intel = tracking.frame_views(game, world.units)  # OI8: by each side's intelligence
    game.record(
        "wego_tick",
        tick=tick,
        units=dict(sorted(units.items())),
        stacks=dict(sorted(stacks.items())),
        seen=seen,
        readiness=dict(sorted(readiness.items())),
        **({"intel": intel} if intel else {}),
    )
