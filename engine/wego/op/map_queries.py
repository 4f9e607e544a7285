"""What the game view's map asks of an operational game (docs/rules-operational.md, "The game
view"): the enemy's zone of control, the lines of communication as the overlay draws them, the
units' supply marks, the time of day and weather, and the odds of an attack order before the
plan is sealed. The lines and supply themselves are the rules' own, kept by the turn
(:mod:`.queries`, :mod:`.supply`): this module only shapes them for the map.

Every answer is computed by the rules themselves (:mod:`engine.operational`), for one side and
as that side knows the board: with fog of war on, an enemy stack the side cannot see inside
counts for nothing on the overlays, and a preview's defenders are what its intelligence reads
of them (OI10). The
view draws these answers and never re-derives a rule.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from ... import fog
from ...errors import IllegalAction
from ...operational import AttackSpec, OddsPreview, OpUnit, enemy_zoc, odds_preview
from ...operational.intel import as_known
from ...operational.units import LocState
from ..orders import OrderAttack
from . import fire, queries, state, supply
from .intel import current_intel
from .movement import MODES, allowance

if TYPE_CHECKING:
    from ...game import Game


def known_units(game: Game, side: str) -> dict[str, OpUnit]:
    """Every unit on the map as ``side`` knows it: its own and the enemy's it can see inside
    (fog of war, V7); by id."""
    out: dict[str, OpUnit] = {}
    for stack in game.state.stacks.values():
        if stack.side != side and fog.hidden_from(game, stack, side):
            continue
        out.update(state.stack_units(game, stack))
    return dict(sorted(out.items()))


# -- zones of control ----------------------------------------------------------------------------


def enemy_zoc_values(game: Game, side: str) -> dict[str, float]:
    """OM10, OW5: the ZOC value the enemies of ``side`` exert on each hex (only hexes with a
    value above 0), night already applied, from the enemy units ``side`` can see."""
    board = state.board_of(game)
    field = enemy_zoc(board, known_units(game, side).values(), side, night=state.clock(game).night)
    hexes = np.flatnonzero(field.values > 0).tolist()
    return {board.hex_ids[h]: round(float(field.values[h]), 2) for h in hexes}


# -- lines of communication ----------------------------------------------------------------------


@dataclass(frozen=True)
class LocPicture:
    """One side's lines of communication, as the overlay draws them."""

    side: str
    traced: bool
    """``False`` when the side has no HQs (every unit Supported, nothing to draw)."""
    states: dict[str, LocState]
    """Each unit and HQ of the side on the map -> its state (OQ7)."""
    lines: tuple[queries.LocLink, ...]
    """The line of every unit fed along a truck path (Isolated and Encircled units have
    none; a unit fed by an airfield's range has no path to draw)."""


def loc_picture(game: Game, side: str) -> LocPicture:
    """The lines of communication of ``side`` as the rules keep them this turn (OQ7, OQ12):
    each unit's state and the hex path of its line."""
    traced = supply.traces(game).get(side)
    links = queries.loc_links(game, side)
    lines = tuple(
        link
        for _, link in sorted(links.items())
        if link.path and link.feeder and not link.feeder.startswith("airfield:")
    )
    states = dict(sorted(queries.loc_states(game, side).items()))
    return LocPicture(side, traced is not None and traced.traced, states, lines)


# -- supply marks --------------------------------------------------------------------------------


@dataclass(frozen=True)
class SupplyMark:
    """What a unit's supply mark says: its LOC state and the supply level it moves at."""

    unit: str
    loc: LocState
    level: str
    """``basic`` or ``move_plus``: the level its MP are worked out at this turn."""


def supply_marks(game: Game, side: str) -> dict[str, SupplyMark]:
    """Each unit of ``side`` on the map with its LOC state (OQ7) and the supply level it
    moves at this turn (OS3-OS5), for the side's own view (its orders are its plan)."""
    return {
        unit_id: SupplyMark(unit_id, found.loc, found.movement)
        for unit_id, found in queries.unit_supply(game, side, viewer=side).items()
    }


# -- the clock ------------------------------------------------------------------------------------


def clock(game: Game, turn: int | None = None) -> state.Night:
    """OT4, OW1: whether the turn is a night turn, its weather and their effects."""
    return state.clock(game, turn)


# -- odds before an attack is sealed -------------------------------------------------------------


def attack_odds(game: Game, order: OrderAttack) -> OddsPreview:
    """OC2-OC15, OI10: the odds ``order`` would fight at if everything stood as now when the
    stack gets there: its units at the end of its path (a move and attack is a move battle,
    OC28; an attack from where it stands a set-piece battle), against the enemy units in the
    target hex as its side knows them (:func:`engine.operational.intel.as_known`: the factors
    its intelligence reads, which may be wrong), at this turn's time of day, with the fire of
    the guns its plan sends at the hex when it attacks from where it stands (OC2, OC33). Raises
    :class:`IllegalAction` when no odds can be given (the stack or target is gone, the side
    sees no enemy there or does not know the factors of one of them, the stack has no
    operational units)."""
    stack = game.state.stacks.get(order.stack)
    if stack is None:
        raise IllegalAction(f"no stack {order.stack}")
    board = state.board_of(game)
    target = board.grid.find(order.target)
    if target is None:
        raise IllegalAction(f"{order.target} is not a hex of the map")
    start = order.path[-1] if order.path else stack.region
    there = board.grid.find(start)
    if there is None:
        raise IllegalAction(f"{start} is not a hex of the map")
    mine = state.stack_units(game, stack)
    if not mine:
        raise IllegalAction(f"stack {order.stack} has no units with operational values")
    # The preview reads the attackers and the target's defenders only (not the whole map).
    units = {unit_id: replace(unit, hex=there) for unit_id, unit in mine.items()}
    seen = current_intel(game, stack.side)
    unknown = False
    for other in game.state.stacks.values():
        if other.region != order.target or other.side == stack.side:
            continue
        for unit_id, unit in state.stack_units(game, other).items():
            if unit_id not in seen.units:
                continue
            known = as_known(unit, seen.units[unit_id])
            if known is None:
                unknown = True
            else:
                units[unit_id] = known
    if unknown:
        # Not how many: at level 1 the side knows the hex is held, not by how many (OI2).
        raise IllegalAction(
            f"the enemy in {order.target} is known only by presence or type: its factors "
            "are not known (intelligence level below 3, OI2, OI10)"
        )
    if not any(u.hex == target and u.side != stack.side for u in units.values()):
        raise IllegalAction(f"no enemy unit {stack.side} sees holds {order.target}")
    spec = AttackSpec(
        tuple(sorted(mine)),
        target,
        "attack",
        "move_battle" if order.path else "set_piece",
        state.clock(game).night,
    )
    if not order.path:  # OC2, OC28, OC33: the plan's artillery fire joins a set-piece attack
        defenders = [u for u in units.values() if u.hex == target and u.side != stack.side]
        guns = fire.planned(game, stack.side, target, defenders)
        spec = replace(spec, attack_artillery=guns)
    return odds_preview(board, units, spec)


def movement_mode(kind: str) -> str | None:
    """OO4: the movement mode a moving order's stack moves in (``None``: it stays)."""
    return MODES.get(kind)


def allowances(game: Game, stack_id: str) -> dict[str, float]:
    """OM1, OO4: the stack's MP this turn in each movement mode an order gives it (the
    least of its units', at this turn's supply level and weather); empty for a stack
    without units of operational values."""
    stack = game.state.stacks.get(stack_id)
    if stack is None:
        return {}
    group = list(state.stack_units(game, stack).values())
    if not group:
        return {}
    modes = sorted(set(MODES.values()))
    return {mode: round(allowance(game, group, mode), 3) for mode in modes}
