"""How far each region is from the enemy: the AI's sense of where the front line runs.

The distance of a region is the fewest steps from it to a region an enemy controls, stepping
only into land regions, and ``limit`` when there is none that close. The AI asks it for
every region it weighs, so one search backwards from every enemy-held region at once answers
all regions together. The answer depends on nothing but who controls which region (the
map and who is at war with whom are fixed), so it is kept until a decision finds that a
region changed hands since (:func:`refresh`, from the state's count of changes of control
kept by ``board.set_owner``): most decisions of a game (moves into friendly regions, battles
that take nothing, cards) change none.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game import Game
    from ..state import GameState
    from ..world import World

_INTO: weakref.WeakKeyDictionary[World, dict[str, list[str]]] = weakref.WeakKeyDictionary()
"""Per scenario, for each land region, the regions with a connection into it."""

_FOUND: weakref.WeakKeyDictionary[Game, dict[tuple[str, int], dict[str, int]]] = (
    weakref.WeakKeyDictionary()
)
"""Per game, the distances worked out since control of the regions last changed."""
_OWNERS: weakref.WeakKeyDictionary[Game, tuple[GameState, int]] = weakref.WeakKeyDictionary()
"""Per game, the state and its count of changes of control (``board.set_owner``) when its
distances were worked out."""


def forget(game: Game) -> None:
    """Drop the distances kept for ``game``: call it whenever the game may have changed."""
    _FOUND.pop(game, None)
    _OWNERS.pop(game, None)


def refresh(game: Game) -> None:
    """Drop the distances kept for ``game`` only if control of a region changed since they
    were worked out, or the game holds another state (a comparison of two numbers: comparing
    who holds every region cost more than a decision on a large map)."""
    seen = _OWNERS.get(game)
    state = game.state
    if seen is None or seen[0] is not state or seen[1] != state._control_changes:
        forget(game)


def distance_to_enemy(game: Game, region: str, side: str, limit: int = 12) -> int:
    """Steps from ``region`` to the nearest region held by an enemy of ``side`` (``limit``
    when none is nearer than that)."""
    known = _FOUND.get(game)
    if known is None:
        known = _FOUND[game] = {}
        _OWNERS[game] = (game.state, game.state._control_changes)
    table = known.get((side, limit))
    if table is None:
        table = known[(side, limit)] = _distances(game, side, limit)
    return table.get(region, limit)


def _distances(game: Game, side: str, limit: int) -> dict[str, int]:
    world = game.world
    into = _links_into(world)
    found: dict[str, int] = {}
    frontier: list[str] = []
    # ``board.side_of_region`` at war with ``side``, asked of nations once, not of regions.
    hostile = {nation for nation, owner in world.side_of.items() if world.at_war(side, owner)}
    held = game.state.owner
    for region in world.regions:
        nation = held.get(region)
        if nation and nation in hostile:
            found[region] = 0
            if world.domain(region) == "land":
                frontier.append(region)
    distance = 0
    while frontier:
        distance += 1
        if distance >= limit:
            break
        following = []
        for here in frontier:
            for before in into.get(here, ()):
                if before not in found:
                    found[before] = distance
                    # Only the region a search starts from may be sea: every step enters land.
                    if world.domain(before) == "land":
                        following.append(before)
        frontier = following
    return found


def _links_into(world: World) -> dict[str, list[str]]:
    known = _INTO.get(world)
    if known is None:
        known = {}
        for region in world.regions:
            for link in world.neighbours(region):
                if world.domain(link.to) == "land":
                    known.setdefault(link.to, []).append(region)
        _INTO[world] = known
    return known
