"""What a stack is, for moving it: its domain, its MP, its stacking points and the room
left for it where it may end a move (V1, V4, U4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board, modifiers, stack_index
from ..state import StackState
from ..world import World

if TYPE_CHECKING:
    from ..game import Game


def stack_domain(game: Game, stack: StackState) -> str:
    """``naval`` or ``air`` for a stack of ships or aircraft alone, else ``land``."""
    ids = stack.units
    if not ids:
        return "land"
    units = game.state.units
    first = units[ids[0]].domain
    if first in ("naval", "air") and all(units[u].domain == first for u in ids):
        return first
    return "land"


def unit_movement(game: Game, unit_id: str) -> int:
    """A unit's MP this phase: its value, reduced at half strength, supply penalties, cards."""
    world = game.world
    unit = game.state.units[unit_id]
    if unit.leader:
        base = world.leaders[unit_id].movement
    else:
        unit_type = world.unit_type(unit_id)
        assert unit_type is not None
        base = unit_type.movement
        reduced = unit_type.reduced
        fraction = game.scenario.rules.battle.reduced_strength_fraction
        if (
            reduced
            and reduced.movement is not None
            and unit.strength <= fraction * (unit_type.hit_points)
        ):
            base = reduced.movement
        base += _supply_movement(game, unit_id)
    return max(0, base + modifiers.total(game, unit_id, "movement"))


def _supply_movement(game: Game, unit_id: str) -> int:
    from ..supply import movement_penalty  # supply reads movement's neighbours: import late

    return movement_penalty(game, unit_id)


def mp_left(game: Game, stack: StackState) -> float:
    return min(
        (unit_movement(game, u) - game.state.units[u].mp_spent for u in stack.units), default=0
    )


def fresh(game: Game, stack: StackState) -> bool:
    """No unit of the stack has spent MP this turn (the minimal move is open, V4)."""
    return all(game.state.units[u].mp_spent == 0 for u in stack.units)


def why_immobile(game: Game, stack: StackState) -> str | None:
    if stack.moved:
        return "this stack has already moved this phase"
    for unit_id in stack.units:
        unit = game.state.units[unit_id]
        if not unit.leader:
            unit_type = game.world.unit_type(unit_id)
            if unit_type is not None and unit_type.movement_class == "immobile":
                return f"'{unit_id}' can never move; split it off first"
        if modifiers.immobile(game, unit_id):
            return f"'{unit_id}' is held in place this turn"
        if unit.carried_turn == game.turn:
            return f"'{unit_id}' was carried by sea or air this turn and has no MP left"
    return None


def hit_points(game: Game, stacks: list[StackState], combat_only: bool = True) -> int:
    return sum(
        game.state.units[u].strength
        for s in stacks
        for u in s.units
        if not combat_only or board.is_combat(game, game.state.units[u])
    )


def stacking_points(game: Game, stack: StackState) -> int:
    total = 0
    for unit_id in stack.units:
        unit = game.state.units[unit_id]
        if unit.leader:
            total += game.world.leaders[unit_id].stacking
        else:
            unit_type = game.world.unit_type(unit_id)
            total += unit_type.stacking if unit_type else 0
    return total


def region_load(game: Game, region: str, side: str, exclude: str | None = None) -> int:
    """Land stacking points a side already has in a region (outside structures)."""
    return sum(
        stacking_points(game, s)
        for s in board.stacks_in(game, region, side)
        if s.structure is None and s.id != exclude
    )


def fits(game: Game, stack: StackState, region: str) -> bool:
    """The stack may end its move in the region without breaking the stacking limit (U4)."""
    return Room(game, stack).fits(region)


class Room:
    """:func:`fits` for one stack, asked of region after region (a search asks it of every
    region it settles): the stack's stacking points are worked out once, and its side's load
    of each region is kept until one of the side's stacks changes (searches for stack after
    stack ask it of the same regions while nothing moves)."""

    __slots__ = ("_game", "_home", "_limits", "_loads", "_points", "_side")

    def __init__(self, game: Game, stack: StackState) -> None:
        self._game = game
        self._points = stacking_points(game, stack)
        self._side = side = stack.side
        # Where the stack itself counts in the load (``region_load``'s ``exclude``).
        self._home = stack.region if stack.structure is None else None
        self._limits = land_limits(game.world)
        self._loads: dict[str, int] = stack_index.kept_for(
            game.state, ("loads", side), (side,), dict
        )

    def fits(self, region: str) -> bool:
        points = self._points
        load = self._loads.get(region)
        if load is None:
            load = self._loads[region] = region_load(self._game, region, self._side)
        if region == self._home:
            load -= points  # the stack itself
        return load + points <= self._limits[region]


# ``World.kept["land_limits"]``: per scenario, each region's land stacking limit
# (``World.land_stacking`` with the region's own network), asked of every region a search
# settles.


def land_limits(world: World) -> dict[str, int]:
    found: dict[str, int] | None = world.kept.get("land_limits")
    if found is None:
        regions = world.regions
        found = world.kept["land_limits"] = {
            region: world.land_stacking(region, regions[region].network) for region in regions
        }
    return found


def has_combat_unit(game: Game, stack: StackState) -> bool:
    return any(board.is_combat(game, game.state.units[u]) for u in stack.units)
