"""Steps between regions: which a stack may take, what each costs, and the roads and railways
a move may run along (V1, M2-M4). The parts the map alone decides are worked out once per
scenario (:func:`land_steps`, :func:`network_links`)."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from .. import board
from ..naval import sailing
from ..world import Link, World

if TYPE_CHECKING:
    from ..game import Game


def connection_flags(game: Game, link: Link) -> tuple[bool, bool, bool]:
    """Current (bridge, road, rail) of a connection: effects may have changed them."""
    state = game.state.connection_state.get(link.connection.id)
    if state is not None:
        return state[0], state[1], state[2]
    c = link.connection
    return c.bridge, c.road, c.rail


def step_refusal(game: Game, side: str, domain: str, link: Link) -> str | None:
    """Why a stack of ``side`` moving in ``domain`` cannot cross ``link`` at all."""
    world = game.world
    kind = link.kind
    target = world.domain(link.to)
    if side in world.closed_to[link.to]:
        return f"'{link.to}' is closed to this side"
    if domain == "naval":
        if kind.domain != "sea":
            return "ships only use sea connections"
        if target == "sea":
            return None
        ports = [
            s
            for s in world.structures_in[link.to]
            if s.port and board.side_of_structure(game, s.id) == side
        ]
        return None if ports else f"ships can only enter '{link.to}' at a friendly port"
    if kind.domain != "land" and not kind.only_from_sea:
        return f"land units cannot use a {kind.name.lower()} connection"
    if target != "land":
        return f"land units cannot enter '{link.to}' ({target})"
    bridge, _, _ = connection_flags(game, link)
    if kind.needs_bridge and not bridge:
        return f"the {kind.name.lower()} can only be crossed at a bridge"
    return None


def plain_cost(game: Game, link: Link, domain: str = "land") -> float:
    """Terrain entry cost (less a trail's reduction) plus the connection's cost (V1, M2, M3);
    ships under the naval rules pay :func:`sailing.entry_cost` instead."""
    if sailing.sails(game, domain):
        return sailing.entry_cost(game, link)
    world = game.world
    if world.domain(link.to) != "land":
        return float(world.terrain_of[link.to].movement_cost)
    bridge, _, rail = connection_flags(game, link)
    return land_entry(world, link, bridge, rail)


def land_entry(world: World, link: Link, bridge: bool, rail: bool) -> float:
    """:func:`plain_cost` of a step into land, given the connection's bridge and railway."""
    rules = world.scenario.rules.movement
    cost = world.terrain_of[link.to].movement_cost
    if world.regions[link.to].network != "none":
        cost = max(rules.minimum_land_cost, cost - rules.trail_cost_reduction)
    kind = link.kind
    extra = kind.movement_cost
    if bridge:
        extra = kind.bridge_movement_cost if kind.bridge_movement_cost is not None else extra
        if rail and kind.rail_bridge_movement_cost is not None:
            extra = kind.rail_bridge_movement_cost
    return float(max(0, cost + extra))


def on_network(game: Game, side: str, link: Link, network: str, origin: str) -> bool:
    """The step runs along a road (or railway) between regions the side controls, both of
    them on that network: the region a move starts from counts like every other (M4)."""
    if board.side_of_region(game, origin) != side or board.side_of_region(game, link.to) != side:
        return False
    _, road, rail = connection_flags(game, link)
    has = rail if network == "rail" else road or rail
    levels = ("rail",) if network == "rail" else ("road", "rail")
    regions = game.world.regions
    return has and regions[link.to].network in levels and regions[origin].network in levels


def uses_rail(game: Game, side: str) -> bool:
    return game.world.sides[side].rail


# ``World.kept["land_steps"]``: per scenario, for each region, the links land units may take
# as far as the map alone decides (a connection they use, into land), with the step's cost
# over the map's bridges and railways (effects that change a connection are read during the
# search).


def land_steps(world: World) -> dict[str, list[tuple[Link, float]]]:
    found: dict[str, list[tuple[Link, float]]] | None = world.kept.get("land_steps")
    if found is None:
        found = world.kept["land_steps"] = {}
        for region in world.regions:
            found[region] = [
                (link, land_entry(world, link, link.connection.bridge, link.connection.rail))
                for link in world.neighbours(region)
                if (link.kind.domain == "land" or link.kind.only_from_sea)
                and world.domain(link.to) == "land"
            ]
    return found


_NETWORK_LINKS: weakref.WeakKeyDictionary[World, dict[str, dict[str, list[Link]]]] = (
    weakref.WeakKeyDictionary()
)
"""Per scenario and network (``road``, ``rail``), the links a road or rail move may take as
far as the map alone decides: both regions on the network, a connection land units use, into
land. Who controls the regions, enemies and effects on connections are judged during the
search."""


def network_links(world: World, network: str) -> dict[str, list[Link]]:
    known = _NETWORK_LINKS.setdefault(world, {})
    found = known.get(network)
    if found is None:
        levels = ("rail",) if network == "rail" else ("road", "rail")
        regions = world.regions
        found = known[network] = {}
        for region in regions:
            if regions[region].network not in levels:
                continue
            found[region] = [
                link
                for link in world.neighbours(region)
                if regions[link.to].network in levels
                and (link.kind.domain == "land" or link.kind.only_from_sea)
                and world.domain(link.to) == "land"
            ]
    return found
