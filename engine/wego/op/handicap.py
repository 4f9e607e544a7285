"""OT11: the AI handicap, a game option set per side when a game starts (never scenario
data: the same scenario is played with or without it).

- ``plus``: the side's supply orders cost it nothing, so its supply points never run out
  (its pools still receive and show their points), and its AI sees through the fog of war.
- ``minus``: the side has no supply points (fuel and ammunition), at the start or later; its
  replacement points are left as they are.

Neither touches combat. The option is kept in ``GameState.operational["handicap"]`` (side to
level), so saves and the log's replays keep it; it is meant for the sides the AI plays, but
the engine does not know who plays a side and applies it to whichever side it is set for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ...errors import IllegalAction
from ...operational.supply import Pool
from . import state

if TYPE_CHECKING:
    from ...game import Game

Handicap = Literal["plus", "minus"]
LEVELS: tuple[Handicap, ...] = ("plus", "minus")


def set_handicap(game: Game, side: str, level: Handicap | None) -> None:
    """Give ``side`` the handicap ``level`` (``None`` takes it away)."""
    if side not in game.world.sides:
        raise IllegalAction(f"there is no side '{side}'")
    if level is not None and level not in LEVELS:
        raise IllegalAction(f"an AI handicap is 'plus' or 'minus', not {level!r}")
    kept = state.data(game).setdefault("handicap", {})
    if level is None:
        kept.pop(side, None)
    else:
        kept[side] = level


def of(game: Game, side: str) -> Handicap | None:
    """The side's handicap, ``None`` without one."""
    kept = game.state.operational
    found = (kept or {}).get("handicap", {}).get(side)
    return found if found in LEVELS else None


def sees_all(game: Game, side: str) -> bool:
    """OT11 ``plus``: the side's AI sees every enemy stack whatever the fog of war."""
    return of(game, side) == "plus"


def pool(game: Game, side: str, held: Pool) -> Pool:
    """The pools ``side`` may spend from: ``held`` as kept, with no supply points under
    ``minus`` (OT11)."""
    if of(game, side) == "minus":
        return Pool(0.0, 0.0, held.personnel, held.equipment)
    return held


def free_supply(game: Game, side: str) -> bool:
    """OT11 ``plus``: the side's supply orders cost it no supply points."""
    return of(game, side) == "plus"
