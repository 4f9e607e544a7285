"""Where the AI flies its aircraft (A1-A5): air support, strikes, guards and changes of base.

In the offensive phase a squadron goes where it counts most: over an enemy region the side's
land stacks beside it are strong enough to attack (air support to the coming battle), else
over an enemy stack too weak to hurt it, out of a fortified structure and away from enemy AA
and fighters (a strike on an exposed stack). In the defensive phase it stands guard over the
threatened friendly region worth most, where it joins the defence and intercepts enemy
aircraft flying in. A squadron with nothing to do within range changes base to the friendly
airfield nearest the front. Like the rest of the AI it judges enemy stacks by what the fog
lets it see.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .. import board, movement, stack_index
from ..actions import Action, Move, Rebase, Split
from ..air.aa import aa_units
from ..air.basing import grounded, is_air, may_move
from ..air.interception import at_risk
from ..air.movement import Airspace, rebase_targets, routes, why_grounded, why_not_there
from .estimates import defence_value, enemy_strength, region_value, stack_strength
from .fronts import distance_to_enemy

if TYPE_CHECKING:
    from ..game import Game
    from ..state import StackState

DEFENSIVE = "air_defensive"


@dataclass(frozen=True)
class Target:
    """A region a squadron could fly to, and what it is worth there."""

    region: str
    value: float
    why: str
    """``support``, ``strike`` or ``guard``."""
    path: tuple[str, ...] = ()
    """The squadron's route there (set by :func:`best_target`)."""


def flight(
    game: Game,
    attack_ratio: float,
    skip: set[str],
    strike_check: Callable[[Game, StackState, str], bool] | None = None,
) -> Action | None:
    """The AI's next air action for the active side (``None``: nothing worth flying). Stacks
    in ``skip`` were already weighed this phase; the caller adds each stack it gets ``None``
    for. ``strike_check`` may veto a strike (the hard level simulates it first)."""
    side = game.active_side
    space = Airspace(game, side)
    for stack in sorted(game.state.stacks.values(), key=lambda s: s.id):
        if stack.side != side or stack.id in skip or not grounded(game, stack):
            continue
        planes = [u for u in stack.units if is_air(game, u)]
        if not planes or not all(may_move(game, u) for u in planes):
            continue
        if len(planes) < len(stack.units):
            # Aircraft sharing an airfield's stack with ground units take off on their own.
            return Split(stack.id, tuple(planes))
        if why_grounded(game, stack) is not None:
            continue
        target = best_target(game, stack, attack_ratio, space, strike_check)
        if target is not None:
            return Move(stack.id, target.path)
        home = nearer_base(game, stack)
        if home is not None:
            return Rebase(stack.id, home)
        skip.add(stack.id)
    return None


def best_target(
    game: Game,
    stack: StackState,
    attack_ratio: float,
    space: Airspace | None = None,
    strike_check: Callable[[Game, StackState, str], bool] | None = None,
) -> Target | None:
    """The most valuable region the squadron may fly to now, or ``None``."""
    side = stack.side
    space = space or Airspace(game, side)
    planes = list(stack.units)
    power = stack_strength(game, stack)
    defensive = game.phase == DEFENSIVE
    found: list[Target] = []
    # Only regions with enemy ground troops (offensive) or held by the side (defensive) can
    # be targets: that rules out the rest before the costlier questions (may the squadron go
    # there, what is it worth). Asked of the regions the squadron can reach only, from the
    # stacks by region: a pass over the whole map or every stack cost more than the rest.
    world, owner = game.world, game.state.owner

    def candidate(region: str) -> bool:
        if defensive:
            return region in owner and board.side_of_region(game, region) == side
        return any(
            world.at_war(side, s.side) and board.has_ground_units(game, s)
            for s in board.stacks_in(game, region)
        )

    paths = routes(game, stack)
    for region in paths:
        if not candidate(region) or world.domain(region) != "land":
            continue
        if defensive:
            target = _guard(game, region, side)
        else:
            target = _offensive(game, region, side, planes, power, attack_ratio)
        if target is None or why_not_there(game, stack, region, space) is not None:
            continue
        if target.why == "strike" and strike_check and not strike_check(game, stack, region):
            continue
        found.append(replace(target, path=tuple(paths[region])))
    if not found:
        return None
    return max(found, key=lambda t: (t.value, t.region))


def _offensive(
    game: Game, region: str, side: str, planes: list[str], power: float, ratio: float
) -> Target | None:
    enemies = board.enemy_ground_stacks_in(game, region, side)
    if not enemies:
        return None
    theirs = enemy_strength(game, enemies, side)
    attackers = _land_strength_beside(game, region, side)
    worth = region_value(game, region, side)
    if attackers > 0 and attackers + power >= ratio * theirs:
        # The side's land stacks next door can take the region: fly in to fight beside them.
        return Target(region, 20.0 + 5 * worth + min(attackers / max(theirs, 1.0), 5.0), "support")
    exposed = not any(_fortified(game, s) for s in enemies)
    contested = bool(aa_units(game, region, side)) or at_risk(game, region, side, planes)
    if exposed and not contested and power >= theirs:
        return Target(region, 10.0 + theirs, "strike")
    return None


def _guard(game: Game, region: str, side: str) -> Target | None:
    if board.side_of_region(game, region) != side:
        return None
    if distance_to_enemy(game, region, side) > 1:
        return None  # the cheaper question first: a squadron weighs every region it reaches
    ours = sum(stack_strength(game, s) for s in board.stacks_in(game, region, side))
    if ours <= 0:
        return None
    threat = sum(
        enemy_strength(game, movement.enemy_here(game, link.to, side), side)
        for link in game.world.neighbours(region)
    )
    if threat <= 0:
        return None
    return Target(region, defence_value(game, region, side) + threat, "guard")


def _land_strength_beside(game: Game, region: str, side: str) -> float:
    """Strength of the side's unmoved land stacks one step from ``region`` (those that may
    attack it in the coming land movement) and of its land stacks already there."""
    near = {link.to for link in game.world.neighbours(region)} | {region}
    # The side's stacks there, from the stacks by region, in the order of a pass over every
    # stack (the sum's order, so its rounding, stays that pass's).
    index = stack_index.index_of(game.state)
    there = [s for r in near for s in index.in_region(r, side)]
    there.sort(key=lambda s: index.position[s.id])
    total = 0.0
    for stack in there:
        if movement.stack_domain(game, stack) != "land":
            continue
        if stack.region != region and stack.moved:
            continue
        total += stack_strength(game, stack)
    return total


def _fortified(game: Game, stack: StackState) -> bool:
    structure = stack.structure
    return structure is not None and game.world.structures[structure].fortification > 0


def nearer_base(game: Game, stack: StackState) -> str | None:
    """A friendly airfield in range clearly nearer the front than the squadron's own (two
    steps or more), or ``None``."""
    side = stack.side
    here = distance_to_enemy(game, stack.region, side)
    best: tuple[int, str] | None = None
    for structure in rebase_targets(game, stack):
        region = game.world.structures[structure].region
        distance = distance_to_enemy(game, region, side)
        if distance == 0:
            continue  # an airfield in a contested region is no base
        if distance <= here - 2 and (best is None or (distance, structure) < best):
            best = (distance, structure)
    return best[1] if best else None
