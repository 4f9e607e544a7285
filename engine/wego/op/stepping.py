"""One moving stack's steps in the operational execution (OM3-OM4, OM6, OM9, OM11-OM18, OH5, OH9).

:mod:`.execute` runs the phase (the ticks, their rounds, the battles, the end-of-phase
readiness); this module holds what happens to one :class:`Mover` within a round: whether its
next step is due and what it costs (:func:`due`), taking it or meeting the enemy
(:func:`take`), and what a step can run into on the way (the road's congestion, an ambush,
a command-and-control delay, the zones redrawn after an overrun). It is apart because the
phase's order of play and one step's rules are read and changed separately.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ... import board as places
from ...operational import OpUnit, StepCost, affordable, enemy_zoc, stacking_limit
from ...operational.c2 import on_schedule
from ...operational.movement import MoveMode
from ...operational.units import stacking_points
from ...operational.zoc import ZocField
from ..execute import Mover as AreaMover
from ..execute import end, stack_or_end
from ..orders import ATTACKS, OrderIgnoreEnemy
from . import ambush, overrun, recce, state
from .after_battle import take_control
from .combat import Battles, Contact
from .movement import group_step

if TYPE_CHECKING:
    from ...game import Game


@dataclass(slots=True)
class Mover(AreaMover):
    """A stack carrying out a moving order (the area execution's), with the parts of its
    next step's price."""

    parts: tuple[float, float, float] = (0.0, 0.0, 0.0)
    """Ground, hexside and ZOC MP of the next step (for the record)."""
    priced: tuple[int, str, str, int] | None = None
    """The tick, place, next hex and units gone through it along a road (OH5) ``step`` was
    priced for: within a tick the zones of control and the stacks that stay do not change
    (but for an overrun, which prices every step again), so neither does the price."""
    step: StepCost | None = None
    mode: MoveMode = "move_defend"
    """OO4: the movement mode the stack moves in this turn."""
    lost: float = 0.0
    """OM18: MP lost to command-and-control delays (not moved, so no readiness spent)."""
    congestion: float = 0.0
    """OH5: MP the road's traffic adds to the next step (in ``step`` already)."""
    waiting: bool = False
    """OM16: waiting at the edge of an enemy hex for enough stacks to overrun it."""
    halted: str = ""
    """OM6: why a Move and Defend stack stands halted before an enemy hex (empty: it is not);
    it goes on once the enemy leaves, else its order ends there with the execution."""
    meeting: bool = False
    """The next hex held enemies when the step was found due (a contact, priced at nothing);
    if they step out before the mover's turn in the round, the step is priced again."""


def keeps_out(game: Game, world: Battles, mover: Mover) -> bool:
    """OM17: whether the mover's stack is recce that keep out of non-recce enemy zones."""
    stack = game.state.stacks.get(mover.stack)
    if stack is None:
        return False
    group = [world.units[u] for u in stack.units if u in world.units]
    return recce.keeps_out(game, group, mover.mode)


def _enemies_in(world: Battles, hex_index: int, side: str) -> bool:
    return any(u.side != side for u in world.in_hex(hex_index))


def due(
    game: Game,
    world: Battles,
    mover: Mover,
    tick: int,
    fields: dict[str, ZocField],
    staying: set[str],
    day: state.Night,
    traffic: dict[int, int],
) -> bool:
    """Whether the mover steps (or attacks) in this round; its next step priced on the way
    (with the road's congestion so far, OH5)."""
    if mover.done or mover.jammed or mover.wait > 0:
        return False
    stack = stack_or_end(game, mover, tick)
    if stack is None:
        return False
    board = state.board_of(game)
    here, there = world.index.get(stack.region), world.index.get(mover.steps[0])
    key = (tick, stack.region, mover.steps[0], traffic.get(there or 0, 0))
    fresh = mover.priced != key or mover.step is None
    if here is None or there is None or (fresh and board.hexside(here, there) is None):
        end(game, mover, tick, "displaced")
        return False
    mover.meeting = _enemies_in(world, there, mover.side)
    if mover.meeting:
        mover.cost = 0.0  # a contact costs nothing: the stack attacks or halts where it is
        return True
    keep_out = fields.get(f"recce {mover.side}")
    if keep_out is not None and keep_out.value(there) > 0 and keeps_out(game, world, mover):
        why = "recce keep out of non-recce enemy zones unless attacking (OM17)"
        end(game, mover, tick, "blocked", why)
        return False
    step = mover.step
    if fresh or step is None:
        group = [world.units[u] for u in stack.units if u in world.units]
        holder = any(
            u.side == mover.side and game.state.units[u.id].stack in staying
            for u in world.in_hex(there)
        )
        step = group_step(
            game,
            group,
            here,
            there,
            mode=mover.mode,
            field=fields[mover.side],
            holder=holder,
            night=day.night,
            frozen=day.frozen,
        )
        step, mover.congestion = _congested(game, step, traffic.get(there, 0))
        mover.priced, mover.step = key, step
    if not step.allowed:
        end(game, mover, tick, "blocked", step.reason)
        return False
    left = mover.budget - mover.spent - mover.lost
    if not affordable(board, step, left, moved=mover.stepped):
        end(game, mover, tick, "out_of_movement")
        return False
    mover.cost = left if step.uses_all or step.total > left else step.total
    mover.parts = (step.ground, step.hexside, step.zoc)
    if mover.gained + 1e-9 >= mover.cost:
        return True
    if mover.spent + mover.lost + mover.gained + 1e-9 >= mover.budget:
        end(game, mover, tick, "out_of_movement")
    return False


def take(
    game: Game,
    world: Battles,
    mover: Mover,
    tick: int,
    contacts: list[Contact],
    movers: list[Mover],
    fields: dict[str, ZocField],
    traffic: dict[int, int],
) -> bool:
    """Take the mover's next step, or meet the enemy in it (overrun, battle or halt);
    whether anything happened this round (a stack that waits or is jammed did nothing)."""
    stack = stack_or_end(game, mover, tick)
    if stack is None:
        return False
    board = state.board_of(game)
    to = mover.steps[0]
    there = world.index[to]
    if _enemies_in(world, there, mover.side):
        tried = overrun.attempt(game, world, mover, movers, tick)  # OM14-OM16 (never OO3)
        ignoring = mover.order == OrderIgnoreEnemy.kind
        if tried == "overran":  # the hex is empty: the stack steps in as its next step,
            _rezone(game, world, movers, fields)  # priced with the zones as they are now
            return True
        if tried == "wait":
            mover.jammed = True
            return False
        attack = mover.order in ATTACKS
        if mover.halted and not attack:
            mover.jammed = True  # OM6: still halted; the contact is recorded once
            return False
        enemies = sorted(s.id for s in places.enemy_ground_stacks_in(game, to, mover.side))
        game.record(
            "wego_contact",
            tick=tick,
            stack=stack.id,
            side_id=stack.side,
            region=to,
            enemies=enemies,
            attack=attack and mover.attack == to and len(mover.steps) == 1,
        )
        if attack:
            contact = next((c for c in contacts if c.target == to and c.side == mover.side), None)
            if contact is None:
                contact = Contact(to, mover.side)
                contacts.append(contact)
            contact.stacks.append(stack.id)
            contact.orders[stack.id] = mover.order
            contact.moved = contact.moved or mover.stepped
            end(game, mover, tick, "engaged")
        else:
            why = "Move and Defend halts, OM6"
            if ignoring:
                why = "a move ignoring the enemy halts short of it, OO3"
            elif mover.mode == "road":
                why = "Road Movement never attacks, OM8"
            mover.halted = f"enemies hold '{to}' ({why})"
            mover.jammed = True
        return True
    if mover.meeting:  # the enemies left earlier in this round: the step is not free
        mover.meeting = False
        return False
    group = [world.units[u] for u in stack.units if u in world.units]
    rules = board.rules
    used = sum(stacking_points(rules, u) for u in world.in_hex(there))
    need = sum(stacking_points(rules, u) for u in group)
    if used + need > stacking_limit(board, there) + 1e-9:  # OH9, OM4 (as fits, unit by unit)
        mover.jammed = True
        if mover.jam_tick != tick:
            mover.jam_tick = tick
            game.record("wego_jam", tick=tick, stack=stack.id, region=to)
        return False
    if _delayed(game, mover, group, tick):
        return True
    origin = stack.region
    mover.halted = ""  # OM6: the enemy left, the stack goes on
    places.relocate(game, stack, to)
    stack.moved = True
    for unit in group:
        world.put(_moved(unit, there))
        world.moved.add(unit.id)
    mover.spent += mover.cost
    mover.gained -= mover.cost
    mover.stepped = True
    mover.steps.pop(0)
    for unit_id in stack.units:
        game.state.units[unit_id].mp_spent += mover.cost
    ground, hexside, zoc = mover.parts
    game.record(
        "wego_step",
        tick=tick,
        stack=stack.id,
        side_id=stack.side,
        units=list(stack.units),
        **{"from": origin, "to": to},
        cost=round(mover.cost, 6),
        order=mover.order,
        ground=ground,
        hexside=hexside,
        zoc=zoc,
        **({"congestion": round(mover.congestion, 6)} if mover.congestion else {}),
    )
    take_control(game, to, stack.side)
    if mover.step is not None and mover.step.along_road:
        traffic[there] = traffic.get(there, 0) + len(group)  # OH5
    if mover.mode == "road" and _ambushed(game, world, mover, fields, there, tick):
        return True
    if not mover.steps:
        end(game, mover, tick, "arrived")
    elif mover.spent >= mover.budget - 1e-9:
        end(game, mover, tick, "out_of_movement")
    return True


def _rezone(game: Game, world: Battles, movers: list[Mover], fields: dict[str, ZocField]) -> None:
    """After an overrun, the zones of control without the destroyed units, and every
    mover's next step priced again."""
    board = state.board_of(game)
    night = state.clock(game).night
    for key in list(fields):
        if key.startswith("recce "):
            fields[key] = recce.keep_out_field(game, world, key.removeprefix("recce "), night)
        else:
            fields[key] = enemy_zoc(board, world.units.values(), key, night=night)
    for mover in movers:
        mover.priced = None


def _congested(game: Game, step: StepCost, earlier: int) -> tuple[StepCost, float]:
    """OH5: a step along a road costs ``contact.congestion`` more for each unit that went
    through the hex along the road earlier in the execution (the stack's own units move
    together, so they do not slow each other)."""
    extra = state.board_of(game).rules.contact.congestion * earlier
    if not step.allowed or not step.along_road or extra <= 0:
        return step, 0.0
    return replace(step, total=step.total + extra, ground=step.ground + extra), extra


def _ambushed(
    game: Game, world: Battles, mover: Mover, fields: dict[str, ZocField], there: int, tick: int
) -> bool:
    """OM9, OC30: a road column stepping into an enemy zone stops and is ambushed there."""
    if not state.board_of(game).rules.contact.ambush:
        return False
    stack = game.state.stacks[mover.stack]
    found = ambush.caught(world, fields[mover.side], mover.side, there, list(stack.units))
    if found is None:
        return False
    end(game, mover, tick, "ambushed")
    if found:
        ambush.fight(game, world, mover.stack, there, found, tick)
    return True


def _delayed(game: Game, mover: Mover, group: list[OpUnit], tick: int) -> bool:
    """OM18, OW10: the stack leaves its hex on schedule, or it loses the step's MP without
    moving (``op_c2_delay``) and tries again when it has gained them once more; out of MP,
    its order ends."""
    rules = state.board_of(game).rules
    check = on_schedule(rules, group, game.dice, night=state.clock(game).night)
    if not check.delayed:
        return False
    mover.lost += mover.cost
    mover.gained = max(0.0, mover.gained - mover.cost)
    game.record(
        "op_c2_delay",
        tick=tick,
        stack=mover.stack,
        side_id=mover.side,
        chance=round(check.chance, 4),
        roll=check.roll,
        lost=round(mover.cost, 6),
    )
    if mover.spent + mover.lost >= mover.budget - 1e-9:
        end(game, mover, tick, "out_of_movement")
    return True


def _moved(unit: OpUnit, there: int) -> OpUnit:
    return replace(unit, hex=there)
