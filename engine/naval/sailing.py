"""Naval movement rules (000 sections 4.2, 5, 8) used by the movement search and the phases.

With ``rules.naval.enabled`` ships sail in the ``naval_movement`` phase. A sea region costs its
terrain's MP (the sea classes are terrain types); sailing into a friendly port costs
``port_entry_cost`` whatever the land around it, and the ships end such a move inside the
port, which is their base. One side's ships in a sea region are limited to ``sea_stacking``
points. A fleet entering a region with enemy ships stops (they are never overrun).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board

if TYPE_CHECKING:
    from ..game import Game
    from ..state import StackState
    from ..world import Link


def enabled(game: Game) -> bool:
    """The scenario plays the naval movement phase."""
    return game.scenario.rules.naval.enabled


def sails(game: Game, domain: str) -> bool:
    """A stack of ``domain`` follows the naval rules of this module."""
    return domain == "naval" and enabled(game)


def entry_cost(game: Game, link: Link) -> float:
    """MP a ship pays to cross ``link``: the sea terrain's cost, or the port entry cost when
    the link leads to the coast."""
    if game.world.domain(link.to) == "sea":
        return float(game.world.terrain_of[link.to].movement_cost)
    return float(game.scenario.rules.naval.port_entry_cost)


def at_sea(game: Game, field: dict[str, list[StackState]]) -> dict[str, list[StackState]]:
    """Of the enemies in the field per region, those a fleet meets: the ones at sea. Enemy
    land units around a friendly port (a fortress they besiege: an unfortified port falls
    with its region) do not stop ships sailing into it."""
    return {r: stacks for r, stacks in field.items() if game.world.domain(r) == "sea"}


def naval_points(game: Game, stack: StackState) -> int:
    from ..movement import stacking_points

    return stacking_points(game, stack)


def sea_load(game: Game, region: str, side: str, exclude: str | None = None) -> int:
    """Stacking points of ``side``'s ships already in a sea region."""
    return sum(
        naval_points(game, s)
        for s in board.stacks_in(game, region, side)
        if s.id != exclude and all(game.state.units[u].domain == "naval" for u in s.units)
    )


def port_for(game: Game, stack: StackState, region: str) -> str | None:
    """The friendly port of ``region`` with room for ``stack``, the first in map order."""
    points = naval_points(game, stack)
    for structure in game.world.structures_in[region]:
        if not structure.port or board.side_of_structure(game, structure.id) != stack.side:
            continue
        capacity = structure.capacity.naval
        inside = sum(
            naval_points(game, s)
            for s in board.stacks_in(game, region, stack.side)
            if s.structure == structure.id and s.id != stack.id
        )
        if capacity is None or inside + points <= capacity:
            return structure.id
    return None


def may_end(game: Game, stack: StackState, region: str) -> str | None:
    """Why ships may not end a move in ``region`` (no port room, sea stacking), or ``None``."""
    if game.world.domain(region) == "sea":
        limit = game.scenario.rules.naval.sea_stacking
        if sea_load(game, region, stack.side, stack.id) + naval_points(game, stack) > limit:
            return f"the ships would break the naval stacking limit of '{region}' ({limit})"
        return None
    if port_for(game, stack, region) is None:
        return f"no friendly port of '{region}' has room for these ships"
    return None
