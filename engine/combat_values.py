"""Small facts about leaders that movement, fog and battles all need."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import StackState

if TYPE_CHECKING:
    from .game import Game


def commanding_leader(game: Game, stack: StackState) -> str | None:
    """The stack's commanding leader: highest rank, then earliest hierarchy letter (U3)."""
    leaders = [u for u in stack.units if game.state.units[u].leader]
    if not leaders:
        return None
    world = game.world
    return min(leaders, key=lambda u: (-world.leaders[u].rank, world.leaders[u].hierarchy, u))
