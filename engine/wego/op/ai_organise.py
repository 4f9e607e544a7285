"""The baseline AI's breakdowns and combines under the operational rules (OU12-OU14, OT1),
and its organisation of turn 1 before its orders (with :mod:`.ai_setup`).

- **Breaking down to fill the line** (OT1, OU12, OU13): in the setup, where a breakdown is
  free, while the side has fewer fighting units it may set up than its setup zone has front
  hexes (:func:`.ai_setup.front`), it breaks down its strongest unit that the rules let
  break down; the parts then fill the line like any unit.
- **Breaking down in play** (OU12, OU13, :mod:`.ai_garrison`): a breakdown costs the turn
  there (the parts stand still), so the AI breaks a unit down only away from the enemy and
  where its parts could take several open victory locations that the side's other stacks
  nearby could not; a line it must fill under fire is filled by moving.
- **Combining** (OU14): in play, three parts of one unit standing together on one hex, with
  no enemy the side sees within ``COMBINE_CLEAR`` hexes, become the unit again: away from
  the enemy a screen is not needed, and one counter takes fewer stacking points than its
  parts (a regiment 4 against three battalions' 6, Table OM4) and fights as one unit. The
  turn it spends standing (OU14) is spent where nothing threatens it. Parts that the
  breakdown rule would have split again (open locations to take nearby) are left apart, and
  in the setup the AI never combines what it broke down (that would undo its own choice).

Every action is one the engine offers (:func:`engine.wego.op.organise.break_refusal`,
``combine_refusal``); the AI takes these before its first order of the turn, so the map it
plans on is the one they leave.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...actions import Action
from ...operational.artillery import fires
from . import ai_garrison, ai_setup, organise, setup, state, supply, zones
from .actions import BreakDown, Combine

if TYPE_CHECKING:
    from ...game import Game

COMBINE_CLEAR = 3
"""Hexes: no enemy the side sees this close for its parts to combine in play."""


def organise_actions(game: Game, side: str) -> list[Action]:
    """The side's breakdowns, combines and setups still to take before its orders (the
    caller takes the first the engine accepts; empty once there are none)."""
    if game.state.turn == 1 and zones.setup_hexes(game, side):
        down = _setup_breakdowns(game, side)
        if down:
            return list(down)
        return list(ai_setup.setup_actions(game, side))
    return [*_combines(game, side), *ai_garrison.garrison_breakdowns(game, side)]


def _setup_breakdowns(game: Game, side: str) -> list[BreakDown]:
    """OT1: the breakdowns that fill the setup zone's front line, strongest unit first."""
    line = ai_setup.front(game, side)
    movable = setup._candidates(game, side)
    command = supply.tree(game)
    rules = state.board_of(game).rules
    fighters = [
        u
        for u in movable.values()
        if u.defence > 0
        and u.category not in ai_setup.SUPPORT
        and not command.is_hq(u.id)
        and not fires(rules, u)
    ]
    if len(fighters) >= len(line):
        return []
    out: list[BreakDown] = []
    for unit in sorted(fighters, key=lambda u: (-ai_setup._power(u), u.id)):
        action = BreakDown(unit.id)
        if not organise.break_refusal(game, side, action):
            out.append(action)
    return out


def _combines(game: Game, side: str) -> list[Combine]:
    """OU14 in play: the parts standing together out of the enemy's reach (see the module
    docstring)."""
    world = game.world
    if not world.parts:
        return []
    board = state.board_of(game)
    from .ai import _seen

    parents = sorted({p.parent for p in world.parts.values()})
    out: list[Combine] = []
    enemies: list[int] | None = None
    for parent in parents:
        whole = game.state.units.get(parent)
        if whole is None or whole.side != side or whole.status != "removed":
            continue  # the common case: nothing broken down, nothing read
        action = Combine(parent)
        if organise.combine_refusal(game, side, action):
            continue
        if enemies is None:
            enemies = sorted({u.hex for u in _seen(game, side, state.units(game)).values()})
        targets = np.array(enemies)
        first = organise.parts(game, parent)[0].id
        stack_id = game.state.units[first].stack
        assert stack_id is not None
        here = board.index(game.state.stacks[stack_id].region)
        if enemies and int(board.grid.distance(targets, here).min()) <= COMBINE_CLEAR:
            continue
        if ai_garrison.wants_parts(game, side, here):
            continue  # they should spread over the open locations near them
        out.append(action)
    return out
