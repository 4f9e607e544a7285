"""How good a position is for a side: the yardstick the AI weighs options and forks with.

The score adds the side's VP lead, a fraction of its fighting strength lead, the cards in its
hand and its replacement points, the tension index (N4) for the side it benefits and against
the others, weighing more as it nears the threshold that ends the game, and a decisive amount
once the game is won or lost. It is
only ever compared between positions that differ by one decision, so its scale matters less
than its sign.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .estimates import stack_strength

if TYPE_CHECKING:
    from ..game import Game

DECIDED = 1_000.0
"""What a won (or, negated, a lost) game is worth."""
STRENGTH = 0.3
"""VP one point of fighting strength is worth."""
CARD = 0.5
"""VP a card in hand is worth."""
REPLACEMENT = 0.4
"""VP a replacement point is worth."""
TENSION = 1.5
"""VP a point of tension is worth far from the threshold; four times more next to it."""


def score(game: Game, side: str) -> float:
    """The position's worth to ``side`` (higher is better)."""
    outcome = game.outcome()
    if outcome is not None:
        if outcome.winner == side:
            return DECIDED
        if outcome.winner is not None:
            return -DECIDED
    world = game.world
    sides = game.state.sides
    mine = sides[side]
    enemies = [s for s in world.enemies_of(side) if s in sides]
    best_enemy = max((sides[e].vp for e in enemies), default=0)
    value = float(mine.vp - best_enemy)
    value += CARD * len(mine.hand) + REPLACEMENT * mine.replacement_points
    strength = 0.0
    for stack in game.state.stacks.values():
        if stack.side == side:
            strength += stack_strength(game, stack)
        elif stack.side in enemies:
            strength -= stack_strength(game, stack)
    return value + STRENGTH * strength + _tension(game, side)


def _tension(game: Game, side: str) -> float:
    index = game.scenario.tension
    level = game.state.tension
    if index is None or level is None or index.threshold is None:
        return 0.0
    near = min(1.0, level / max(1, index.threshold))
    worth = TENSION * level * (1 + 3 * near * near)
    if index.benefits == side:
        return worth
    return -worth if game.world.at_war(side, index.benefits) else 0.0
