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

from ...operational import OpUnit
from ...operational.intel import enemy_levels
from . import recon, state
from .intel import stack_views

if TYPE_CHECKING:
    from ...game import Game


def frame_views(
    game: Game, units: Mapping[str, OpUnit]
) -> tuple[dict[str, dict[str, str]], dict[str, dict[str, int]]]:
    """For every side: each enemy stack it sees now and how (``full``, ``outline``, ``flag``),
    and the level it reads each stack at (its best unit's), for stacks under the fog
    (:func:`.intel.stack_views`, the planning map's rule too). ``units``: every unit on the
    map as it stands at this tick."""
    board = state.board_of(game)
    night = state.clock(game).night
    seen: dict[str, dict[str, str]] = {}
    intel: dict[str, dict[str, int]] = {}
    for side in game.sides_in_play:

        def read(side: str = side) -> dict[str, int]:
            return enemy_levels(
                board,
                units,
                side,
                night=night,
                stationary={u.id for u in units.values() if u.side == side and u.dug_in},
                extra=recon.sources(game, side),
            )

        views, levels = stack_views(game, side, read)
        seen[side] = views
        if levels:
            intel[side] = levels
    return seen, intel
