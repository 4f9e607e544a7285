"""The intelligence query of a WEGO game under the operational rules (OI1-OI6, OW4): what
one side knows of every enemy unit now, for the game view's overlays and popups.

The night is the turn's (OT4); a unit that is dug in stayed put a whole turn, so it counts as
stationary for the night patrols (OW4); fog follows the game's setting (OI1). Misreadings are
drawn from a generator keyed by the game's seed and the turn, never from the game's die, so
asking changes nothing and asking again in the turn gives the same picture. The side's recon
and intelligence missions of the turn (flown as its execution starts, OA12, OI7) add their
sources until the next turn's missions fly.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from ...operational.intel import IntelPicture, picture
from . import recon, state

if TYPE_CHECKING:
    from ...game import Game


def intel_of(game: Game, side: str) -> IntelPicture:
    """OI1-OI6: the levels of every hex for ``side`` and the enemy units it sees."""
    board = state.board_of(game)
    units = state.units(game)
    return picture(
        board,
        units,
        side,
        key=f"{game.seed}:{game.state.turn}",
        night=state.clock(game).night,
        stationary={u.id for u in units.values() if u.dug_in and u.side == side},
        fog=game.fog,
        extra=recon.sources(game, side),  # OA12, OI7: the side's recon missions
    )


_PICTURES: weakref.WeakKeyDictionary[Game, dict[str, tuple[tuple[int, int], IntelPicture]]] = (
    weakref.WeakKeyDictionary()
)
"""Per game and side, its intelligence picture and the (turn, log length) it was read at:
a player pointing at target after target, or the AI weighing every target, asks for the same
picture again and again."""


def current_intel(game: Game, side: str) -> IntelPicture:
    """:func:`intel_of`, kept until the game moves on (a planning action writes to the log;
    the picture depends on the turn too)."""
    kept = _PICTURES.setdefault(game, {})
    key = (game.state.turn, len(game.log))
    found = kept.get(side)
    if found is None or found[0] != key:
        found = kept[side] = (key, intel_of(game, side))
    return found[1]
