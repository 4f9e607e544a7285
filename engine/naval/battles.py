"""Naval battles (with ``rules.naval.enabled``): fleets of two sides at war that share a sea
region fight a battle in the battles phase, with the battle engine and the ships' own attack,
defence and morale; the beaten fleet sails away or is lost.

Aircraft are the air-sea battle's business (A4, ``engine.combat.field.air_sea_regions``):
against ships alone, ships only fire back as anti-aircraft guns. With ships on both sides they
fire at each other like land units at land units.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board
from . import sailing

if TYPE_CHECKING:
    from ..game import Game


def _ships(game: Game, units: list[str]) -> list[str]:
    everyone = game.state.units
    return [u for u in units if everyone[u].domain == "naval" and everyone[u].status == "active"]


def fleet_regions(game: Game, side: str) -> set[str]:
    """Sea regions where ``side`` and a side at war with it both have active ships."""
    if not sailing.enabled(game):
        return set()
    world = game.world
    mine: set[str] = set()
    theirs: set[str] = set()
    for stack in game.state.stacks.values():
        if world.domain(stack.region) != "sea" or not _ships(game, stack.units):
            continue
        if stack.side == side:
            mine.add(stack.region)
        elif world.at_war(side, stack.side):
            theirs.add(stack.region)
    return mine & theirs


def attacking_ships(game: Game, region: str, side: str) -> list[str]:
    """``side``'s ships that fight in a battle at sea in ``region`` (none without the naval
    rules: then ships at sea only meet aircraft)."""
    if not sailing.enabled(game) or game.world.domain(region) != "sea":
        return []
    return [u for s in board.stacks_in(game, region, side) for u in _ships(game, s.units)]


def retreat_target(
    game: Game, region: str, side: str, entry: str | None, barred: set[str]
) -> tuple[str, str | None] | None:
    """Where beaten ships of ``side`` sail from ``region``: back where they came from when
    they attacked and that is still open, else the first neighbouring sea region (map order)
    without enemy ships, else a friendly port with room; ``None`` when there is nowhere."""
    world = game.world

    def open_sea(target: str) -> bool:
        return (
            world.domain(target) == "sea"
            and side not in world.closed_to[target]
            and not any(
                world.at_war(side, s.side) and _ships(game, s.units)
                for s in board.stacks_in(game, target)
            )
        )

    def port(target: str) -> str | None:
        if world.domain(target) != "land":
            return None
        return _port_with_room(game, target, side)

    candidates = [entry] if entry else []
    for link in world.neighbours(region):
        if link.kind.domain == "sea" and link.to not in barred:
            candidates.append(link.to)
    for target in candidates:
        if target is None or target == region:
            continue
        if open_sea(target):
            return target, None
        found = port(target)
        if found is not None:
            return target, found
    return None


def _port_with_room(game: Game, region: str, side: str) -> str | None:
    for structure in game.world.structures_in[region]:
        if not structure.port or board.side_of_structure(game, structure.id) != side:
            continue
        capacity = structure.capacity.naval
        if capacity is None:
            return structure.id
        inside = sum(
            sailing.naval_points(game, s)
            for s in board.stacks_in(game, region, side)
            if s.structure == structure.id
        )
        if inside < capacity:
            return structure.id
    return None
