"""Overruns during a WEGO execution under the operational rules (OM14-OM16).

When a moving stack's next step is into an enemy hex, the stacks of its side plotted into that
hex and standing next to it make a pool (OM16: every mover plotted into the hex counts,
whichever hexside it comes from and whenever it got there). The pool overruns the hex when its
final odds, with every shift but no artillery, naval or air support, reach
``contact.overrun_odds`` (OM14); the hex must be open terrain (OH3), its defenders not all
recce (OU16), and no participant may come in across a river or a hexside with a combat effect.
Only stacks whose every unit is of ``contact.overrun_quality`` or better, with readiness above
``contact.overrun_readiness``, and not in Road Movement take part (OM15); a stack attacking
its target from where it began the turn is a set-piece attacker and never overruns (OM14).

An overrun destroys the defenders (their kill VP scored as in a battle, OV4); each
participant pays ``contact.overrun_mp`` of its allowance (at least ``overrun_min_mp``) and
``overrun_readiness_cost`` readiness, and goes on with its move: it steps into the emptied
hex at the step's usual price as its next step.

When the pool is too weak, Move and Attack stacks attack the hex (a move battle, OC28);
a Move and Defend stack waits at the edge while another stack of its side is still plotted
into the hex (it may yet join a pool strong enough), and halts otherwise (OM6).

Records: ``op_overrun`` ``{tick, side_id, defender, target, stacks, units, defenders,
strength, final_odds, mp, readiness}`` (``strength``: each defender's strength % as it was
destroyed; ``mp``: each stack's MP paid for the overrun; ``readiness``: each overrunning
unit's after) and
``op_overrun_wait`` ``{tick, side_id, stack, region, final_odds}`` (once per waiting stack).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Literal

from schemas.operational.units import QUALITY_LEVELS

from ...errors import IllegalAction
from ...operational import OpUnit, odds_preview
from ..orders import ATTACKS
from . import state
from .after_battle import destroy_unit
from .combat import Battles, Contact, battle_spec

if TYPE_CHECKING:
    from ...game import Game
    from .stepping import Mover

Attempt = Literal["overran", "wait", "no"]
"""What an attempt did: overran the hex, left the mover waiting at its edge, or nothing."""


def attempt(game: Game, world: Battles, mover: Mover, movers: list[Mover], tick: int) -> Attempt:
    """OM14-OM16: ``mover``'s next step is into an enemy hex: overrun it with the pool, wait
    for more stacks (Move and Defend), or ``no`` (the caller attacks or halts as before)."""
    board = state.board_of(game)
    to = mover.steps[0]
    there = world.index[to]
    row = board.terrain(there)
    defenders = [u for u in world.in_hex(there) if u.side != mover.side]
    if row is None or not row.open or all(u.category == "recce" for u in defenders):
        return "no"  # OH3, OM14, OU16: not open, or only recce hold it
    if not _takes_part(game, world, mover, there):
        return "no"
    pool = [
        m
        for m in movers
        if m.side == mover.side
        and not m.done
        and m.wait <= 0
        and m.steps
        and m.steps[0] == to
        and _takes_part(game, world, m, there)
    ]
    stacks = [m.stack for m in pool]
    contact = Contact(to, mover.side, list(stacks), True, {m.stack: m.order for m in pool})
    spec = battle_spec(game, world, contact, state.clock(game).night)
    odds = 0.0
    if spec is not None:
        try:
            odds = odds_preview(board, world.units, spec).final_odds
        except IllegalAction:
            odds = 0.0
    if spec is not None and odds + 1e-9 >= board.rules.contact.overrun_odds:
        _overrun(game, world, pool, defenders, to, odds, tick)
        return "overran"
    if mover.mode == "move_defend" and _others_coming(game, world, mover, movers, to, stacks):
        if not mover.waiting:
            mover.waiting = True
            game.record(
                "op_overrun_wait",
                tick=tick,
                side_id=mover.side,
                stack=mover.stack,
                region=to,
                final_odds=round(odds, 4),
            )
        return "wait"
    return "no"


def _takes_part(game: Game, world: Battles, mover: Mover, there: int) -> bool:
    """OM14, OM15: whether ``mover``'s stack may overrun ``there`` from where it stands."""
    stack = game.state.stacks.get(mover.stack)
    set_piece = mover.order in ATTACKS and not mover.stepped  # OM14: it attacks instead
    if stack is None or set_piece or not _able(game, world, mover):
        return False
    board = state.board_of(game)
    here = world.index.get(stack.region)
    side = None if here is None else board.hexside(here, there)
    if side is None:
        return False
    feature = board.feature(side)
    return feature is None or not (
        feature.river or feature.denies_overrun or feature.denies_shock or feature.attack != 1.0
    )  # OM14, OM15: no river, no hexside with a combat effect


def _able(game: Game, world: Battles, mover: Mover) -> bool:
    """OM15: whether ``mover``'s stack could overrun at all, wherever it stands: not in Road
    Movement, MP left, every unit good and ready enough; never under a move that ignores
    the enemy (OO3: it halts short of one)."""
    if mover.mode == "road" or mover.order == "order_ignore_enemy":
        return False
    stack = game.state.stacks.get(mover.stack)
    if stack is None or mover.budget - mover.spent - mover.lost <= 1e-9:
        return False
    rules = state.board_of(game).rules.contact
    group = [world.units[u] for u in stack.units if u in world.units]
    least = QUALITY_LEVELS[rules.overrun_quality]
    return bool(group) and all(
        u.level >= least and u.readiness > rules.overrun_readiness for u in group
    )


def _others_coming(
    game: Game, world: Battles, mover: Mover, movers: list[Mover], to: str, pool: list[str]
) -> bool:
    """OM16: another stack of the side that could overrun, not in the pool yet, is still
    plotted into ``to``."""
    return any(
        m.side == mover.side
        and not m.done
        and m.stack not in pool
        and to in m.steps
        and (m.order not in ATTACKS or m.stepped or m.steps.index(to) > 0)  # not set-piece
        and _able(game, world, m)
        for m in movers
    )


def _overrun(
    game: Game,
    world: Battles,
    pool: list[Mover],
    defenders: list[OpUnit],
    to: str,
    odds: float,
    tick: int,
) -> None:
    """OM15: the defenders are destroyed; each participant pays MP and readiness."""
    rules = state.board_of(game).rules.contact
    paid: dict[str, float] = {}
    units: list[str] = []
    readiness: dict[str, float] = {}
    for mover in pool:
        stack = game.state.stacks[mover.stack]
        cost = max(rules.overrun_min_mp, rules.overrun_mp * mover.budget)
        cost = min(cost, mover.budget - mover.spent - mover.lost)
        mover.spent += cost
        mover.gained = max(0.0, mover.gained - cost)
        paid[mover.stack] = round(cost, 6)
        for unit_id in stack.units:
            game.state.units[unit_id].mp_spent += cost
            unit = world.units.get(unit_id)
            if unit is None:
                continue
            after = replace(unit, readiness=max(0.0, unit.readiness - rules.overrun_readiness_cost))
            world.put(after)
            state.store(game, after)
            units.append(unit_id)
            readiness[unit_id] = round(after.readiness, 4)
    game.record(
        "op_overrun",
        tick=tick,
        side_id=pool[0].side,
        defender=defenders[0].side,
        target=to,
        stacks=[m.stack for m in pool],
        units=units,
        defenders=[u.id for u in defenders],
        strength={u.id: round(u.strength, 4) for u in defenders},
        final_odds=round(odds, 4),
        mp=paid,
        readiness=readiness,
    )
    for unit in defenders:
        destroy_unit(game, world, unit.id, "op_overrun")
