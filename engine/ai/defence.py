"""The enemy's next move, as far as a side can see it: which of its regions are threatened.

The tactician guards a region worth defending with any one stack, however strong the enemy
next door. The hard level looks one enemy move ahead instead: the strength an enemy could
bring against a region is the strength of every enemy stack within :data:`REACH` land steps
of it, judged as the side judges enemies (:func:`~.estimates.enemy_strength`: what it sees,
and a guess for each unit the fog hides), so the look-ahead never reads a hidden stack. A
region is short of guards when that threat outweighs the side's own strength there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board, movement
from .estimates import defence_value, enemy_strength, stack_strength, sudden_death_targets
from .memo import once

if TYPE_CHECKING:
    from ..game import Game
    from ..state import StackState

REACH = 1
"""Land steps an enemy stack is counted as able to strike across in its next turn: the
regions next to it (two steps made the hard level hold back its troops on Crossing the
Vessa, docs/ai.md)."""


def threats(game: Game, side: str, reach: int = REACH) -> dict[str, float]:
    """For each land region within :data:`REACH` steps of an enemy stack in the field, the
    strength ``side`` believes those stacks have together (kept for the decision)."""
    return once(game, ("threats", side, reach), lambda: _threats(game, side, reach))


def _threats(game: Game, side: str, reach: int) -> dict[str, float]:
    world = game.world
    found: dict[str, float] = {}
    field = once(game, ("field", side), lambda: movement.field_enemies(game, side))
    for region, stacks in field.items():
        strength = enemy_strength(game, stacks, side)
        if strength <= 0:
            continue
        seen = {region}
        frontier = [region]
        for _ in range(reach):
            following = []
            for here in frontier:
                for link in world.neighbours(here):
                    if link.to not in seen and world.domain(link.to) == "land":
                        seen.add(link.to)
                        following.append(link.to)
            frontier = following
        for reached in seen:
            found[reached] = found.get(reached, 0.0) + strength
    return found


def guards(game: Game, side: str) -> dict[str, float]:
    """The side's fighting strength in each region (kept for the decision)."""
    return once(game, ("guard strength", side), lambda: _guards(game, side))


def _guards(game: Game, side: str) -> dict[str, float]:
    found: dict[str, float] = {}
    for stack in game.state.stacks.values():
        if stack.side == side:
            found[stack.region] = found.get(stack.region, 0.0) + stack_strength(game, stack)
    return found


def shortfall(
    game: Game, region: str, side: str, without: StackState | None = None, reach: int = REACH
) -> float:
    """How much more strength the side needs in ``region`` to match the enemies that could
    reach it (0: enough, or nobody near); ``without`` leaves a stack of the side out."""
    threat = threats(game, side, reach).get(region, 0.0)
    if threat <= 0:
        return 0.0
    held = guards(game, side).get(region, 0.0)
    if without is not None and without.region == region:
        held -= stack_strength(game, without)
    return max(0.0, threat - held)


def worth_guarding(game: Game, region: str, side: str) -> float:
    """What the side stands to lose with a region it holds when the region is one of an
    enemy's sudden-death objectives; 0 for every other region (those the tactician guards
    with one stack, as before)."""
    if board.side_of_region(game, region) != side:
        return 0.0
    if region not in sudden_death_targets(game, side):
        return 0.0
    return defence_value(game, region, side)
