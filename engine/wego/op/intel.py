"""The intelligence query of a WEGO game under the operational rules (OI1-OI6, OW4): what
one side knows of every enemy unit now, for the game view's overlays and popups, and what it
sees of every enemy stack (:func:`enemy_sight`: the planning map's counters, OI2), by the
rule the film's frames follow too (:func:`stack_views`, OI8).

The night is the turn's (OT4); a unit that is dug in stayed put a whole turn, so it counts as
stationary for the night patrols (OW4); fog follows the game's setting (OI1). Misreadings are
drawn from a generator keyed by the game's seed and the turn, never from the game's die, so
asking changes nothing and asking again in the turn gives the same picture. The side's recon
and intelligence missions of the turn (flown as its execution starts, OA12, OI7) add their
sources until the next turn's missions fly.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ... import fog as fog_of_war
from ...operational.intel import IntelPicture, SeenUnit, picture
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


FULL_AT = 5
"""Table OI2: the level from which a side sees a stack's units (strength, readiness)."""


def stack_views(
    game: Game, side: str, read: Callable[[], Mapping[str, int]]
) -> tuple[dict[str, str], dict[str, int]]:
    """OI2, OI8: how ``side`` sees each enemy stack on the board now, from ``read()``, the
    level it reads each enemy unit at (asked only when the fog hides a stack): ``full``
    (fog off, OI1, a stack revealed, or one read at level 5), ``outline`` below 5 (a
    ``flag`` for a nation with the fog advantage), left out when no unit of it is read at
    level 1 or more; and, for every stack the fog hides that is seen, its best unit's level.
    The film's frames (:mod:`.tracking`) and the planning map (:func:`enemy_sight`) both
    ask it, so they show the enemy alike."""
    world = game.world
    views: dict[str, str] = {}
    levels: dict[str, int] = {}
    known: Mapping[str, int] | None = None
    for stack in game.state.stacks.values():
        if stack.side == side or not world.at_war(side, stack.side):
            continue
        if not fog_of_war.hidden_from(game, stack, side):
            views[stack.id] = "full"
            continue
        if known is None:
            known = read()
        level = max((known.get(u, 0) for u in stack.units), default=0)
        if level <= 0:
            continue
        levels[stack.id] = level
        if level >= FULL_AT:
            views[stack.id] = "full"
        elif any(world.nations[world.nation_of(u)].fog_advantage for u in stack.units):
            views[stack.id] = "flag"
        else:
            views[stack.id] = "outline"
    return dict(sorted(views.items())), dict(sorted(levels.items()))


@dataclass(frozen=True)
class EnemySight:
    """What one side sees of the enemy now (:func:`enemy_sight`; shared while kept: never
    to be changed)."""

    side: str
    views: dict[str, str]
    """Enemy stack -> ``full``, ``outline`` or ``flag``; a stack left out is not seen."""
    levels: dict[str, int]
    """Enemy stack under the fog -> the level its best unit is read at (1-5, Table OI2)."""
    units: Mapping[str, SeenUnit]
    """Enemy unit -> what the side knows of it (the intelligence picture, misreadings
    included, OI4)."""

    def seen_in(self, game: Game, stack_id: str) -> list[SeenUnit]:
        """The units of an enemy stack the side reads, in the stack's order (empty for a
        stack it does not see, or sees without the fog)."""
        stack = game.state.stacks.get(stack_id)
        if stack is None or stack_id not in self.levels:
            return []
        return [self.units[u] for u in stack.units if u in self.units]


_SIGHTS: weakref.WeakKeyDictionary[Game, dict[str, tuple[tuple[int, int], EnemySight]]] = (
    weakref.WeakKeyDictionary()
)
"""Per game and side, its sight and the (turn, log length) it was read at, as
:data:`_PICTURES` (every route the planning side's stacks are offered asks it)."""


def enemy_sight(game: Game, side: str) -> EnemySight:
    """OI1-OI6: how ``side`` sees every enemy stack and unit as it plans (one query for the
    planning map: its counters, their levels, what each unit shows), from its intelligence
    picture of the moment (:func:`current_intel`) and by the film's rule
    (:func:`stack_views`); kept, as the picture is, until the game moves on."""
    kept = _SIGHTS.setdefault(game, {})
    key = (game.state.turn, len(game.log))
    found = kept.get(side)
    if found is None or found[0] != key:
        seen = current_intel(game, side)
        views, levels = stack_views(
            game, side, lambda: {unit_id: s.level for unit_id, s in seen.units.items()}
        )
        found = kept[side] = (key, EnemySight(side, views, levels, seen.units))
    return found[1]
