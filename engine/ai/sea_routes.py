"""The ways by sea and by land the AI's transport planner weighs (:mod:`.transport`).

How many steps a fleet needs to put troops ashore in each land region, how far a region is
overland, the sea regions off a target and the fleet's move towards them, and which shores
the war has left behind (troops there matter only once shipped). It is apart because it is
the map's geography, read the same way whatever the carrier decides.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from .. import board
from ..actions import Move
from ..queries import where_can_go
from ..state import StackState
from .fronts import distance_to_enemy

if TYPE_CHECKING:
    from ..game import Game


def is_sea(game: Game, region: str) -> bool:
    """Whether ``region`` is water a fleet sails (sea or lake)."""
    return game.world.domain(region) in ("sea", "lake")


def sea_steps(game: Game, start: str, side: str, limit: int = 16) -> dict[str, int]:
    """For each land region troops aboard a fleet in ``start`` could be put ashore in, the
    fewest steps (sea regions sailed through, plus the step ashore): over a beach, or into
    a friendly port of the region."""
    world = game.world
    seen = {start: 0}
    queue = deque([start])
    shores: dict[str, int] = {}
    while queue:
        here = queue.popleft()
        steps = seen[here]
        afloat = is_sea(game, here)
        for link in world.neighbours(here):
            if is_sea(game, link.to):
                # A fleet in port only leaves it for the sea; at sea it sails on.
                if link.to not in seen and steps < limit:
                    seen[link.to] = steps + 1
                    queue.append(link.to)
            elif (
                afloat
                and world.domain(link.to) == "land"
                and (link.kind.only_from_sea or friendly_port(game, link.to, side))
            ):
                shores[link.to] = min(shores.get(link.to, limit + 1), steps + 1)
    return shores


def friendly_port(game: Game, region: str, side: str) -> bool:
    """Whether ``region`` holds a port of ``side``'s (troops go ashore there without a beach)."""
    return any(
        s.port and board.side_of_structure(game, s.id) == side
        for s in game.world.structures_in[region]
    )


def land_steps(game: Game, start: str, goal: str, limit: int = 24) -> int | None:
    """Fewest steps over land from ``start`` to ``goal`` (no beach crossed from the sea, no
    sea region entered), ``None`` when there is no such way within ``limit``."""
    world = game.world
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return seen[here]
        if seen[here] >= limit:
            continue
        for link in world.neighbours(here):
            if link.to in seen or world.domain(link.to) != "land" or link.kind.only_from_sea:
                continue
            seen[link.to] = seen[here] + 1
            queue.append(link.to)
    return None


def waters_off(game: Game, target: str, side: str) -> set[str]:
    """Sea regions from which troops aboard can go ashore in ``target``."""
    world = game.world
    out = set()
    for region in world.regions:
        if not is_sea(game, region):
            continue
        for link in world.neighbours(region):
            if link.to == target and (link.kind.only_from_sea or friendly_port(game, target, side)):
                out.add(region)
    return out


def sea_distance(game: Game, sources: set[str]) -> dict[str, int]:
    """Steps over sea regions from each sea region to the nearest of ``sources``."""
    world = game.world
    found = dict.fromkeys(sources, 0)
    queue = deque(sources)
    while queue:
        here = queue.popleft()
        for link in world.neighbours(here):
            if link.to not in found and is_sea(game, link.to):
                found[link.to] = found[here] + 1
                queue.append(link.to)
    return found


def towards(game: Game, fleet: StackState, target: str) -> Move | None:
    """The fleet's move that brings it off ``target`` (cheapest), else nearest to it; ``None``
    when no move gets nearer than where it is."""
    side = fleet.side
    waters = waters_off(game, target, side)
    distance = sea_distance(game, waters)
    options: list[tuple[int, float, str, Move]] = []
    for region, dest in where_can_go(game, fleet).items():
        if not dest.legal:
            continue
        if region == target and friendly_port(game, target, side):
            steps = -1  # into the objective's own port: ashore at the next decision
        elif region in distance:
            steps = distance[region]
        else:
            continue
        options.append((steps, dest.cost, region, Move(fleet.id, dest.path)))
    if not options:
        return None
    steps, _, _, move = min(options, key=lambda o: o[:3])
    if steps >= distance.get(fleet.region, 1 << 30):
        return None
    return move


def nearer(game: Game, region: str, target: str, fleet: StackState) -> bool:
    """Landing in ``region`` leaves the troops no farther overland from ``target`` than the
    fleet's waters are by sea (they march on from there)."""
    overland = land_steps(game, region, target)
    by_sea = sea_distance(game, waters_off(game, target, fleet.side)).get(fleet.region)
    return overland is not None and (by_sea is None or overland <= by_sea + 1)


def stranded(game: Game, region: str, side: str) -> bool:
    """No land way leads from ``region`` to any region an enemy holds (an island, a
    shore the war has left behind): troops there only matter once shipped."""
    world = game.world
    seen = {region}
    queue = deque([region])
    while queue:
        here = queue.popleft()
        owner = board.side_of_region(game, here)
        if owner is not None and world.at_war(side, owner):
            return False
        for link in world.neighbours(here):
            if link.to in seen or world.domain(link.to) != "land" or link.kind.only_from_sea:
                continue
            seen.add(link.to)
            queue.append(link.to)
    return True


def ferry(game: Game, fleet: StackState) -> str | None:
    """The friendly shore within sailing reach nearest the enemy overland, for troops cut off
    from the war (``None``: none is nearer the front than where the fleet lies)."""
    side = fleet.side
    best: tuple[int, int, str] | None = None
    for region, steps in sea_steps(game, fleet.region, side).items():
        if board.side_of_region(game, region) != side or stranded(game, region, side):
            continue
        ranked = (distance_to_enemy(game, region, side), steps, region)
        if best is None or ranked < best:
            best = ranked
    return best[2] if best is not None else None
