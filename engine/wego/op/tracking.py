"""What each side sees of the enemy in the film of an operational execution (OI8, OF2).

At every frame each side reads the enemy through its intelligence as it stands at that tick
(OI5, OI6): its units where they are now, at the turn's night (OW4, with night capability,
OW3), and its recon and intelligence missions flying this turn (OA12, OI7). An enemy stack
on a hex the side reads at level 1 or more is in the frame, so enemy units passing through a
recon zone appear in the film and vanish again once they leave it (OI8). What the frame
shows of it follows its level (Table OI2): at level 5 (strength and readiness known) its
units, below that its place and look only (an ``outline``, or a ``flag`` for a nation with
the fog advantage), with the level kept beside it for the film's badge. Without fog of war
(OI1) every stack is seen whole, as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ... import fog
from ...operational import OpUnit
from ...operational.intel import enemy_levels
from . import recon, state

if TYPE_CHECKING:
    from ...game import Game

FULL_AT = 5
"""Table OI2: the level from which the film shows a stack's units (strength, readiness)."""


def frame_views(
    game: Game, units: Mapping[str, OpUnit]
) -> tuple[dict[str, dict[str, str]], dict[str, dict[str, int]]]:
    """For every side: each enemy stack it sees now and how (``full``, ``outline``, ``flag``),
    and the level it reads each stack at (its best unit's), for stacks under the fog.
    ``units``: every unit on the map as it stands at this tick."""
    board = state.board_of(game)
    night = state.clock(game).night
    world = game.world
    seen: dict[str, dict[str, str]] = {}
    intel: dict[str, dict[str, int]] = {}
    for side in game.sides_in_play:
        views: dict[str, str] = {}
        levels: dict[str, int] = {}
        read: dict[str, int] | None = None
        for stack in game.state.stacks.values():
            if stack.side == side or not world.at_war(side, stack.side):
                continue
            if not fog.hidden_from(game, stack, side):
                views[stack.id] = "full"
                continue
            if read is None:
                read = enemy_levels(
                    board,
                    units,
                    side,
                    night=night,
                    stationary={u.id for u in units.values() if u.side == side and u.dug_in},
                    extra=recon.sources(game, side),
                )
            level = max((read.get(u, 0) for u in stack.units), default=0)
            if level <= 0:
                continue
            levels[stack.id] = level
            if level >= FULL_AT:
                views[stack.id] = "full"
            elif any(world.nations[world.nation_of(u)].fog_advantage for u in stack.units):
                views[stack.id] = "flag"
            else:
                views[stack.id] = "outline"
        seen[side] = dict(sorted(views.items()))
        if levels:
            intel[side] = dict(sorted(levels.items()))
    return seen, intel
