"""What the AI believes: strengths it can see, and what places are worth."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board
from ..fog import view_of
from ..state import StackState

if TYPE_CHECKING:
    from ..game import Game

GUESS_PER_UNIT = 3.0
"""Strength assumed for each unit of an enemy stack whose content the fog hides."""


def stack_strength(game: Game, stack: StackState) -> float:
    """Hit points times attack of the stack's combat units, a rough fighting weight."""
    total = 0.0
    for unit_id in stack.units:
        unit = game.state.units[unit_id]
        if not board.is_combat(game, unit):
            continue
        unit_type = game.world.unit_type(unit_id)
        factor = max(unit_type.attack, unit_type.defence) if unit_type else 1
        total += unit.strength * (1 + factor) / 5
    return total


def enemy_strength(game: Game, stacks: list[StackState], side: str) -> float:
    """The strength ``side`` believes the stacks have, guessing where it cannot see."""
    total = 0.0
    for stack in stacks:
        if view_of(game, stack, side) == "full":
            total += stack_strength(game, stack)
        else:
            total += GUESS_PER_UNIT * len(stack.units)
    return total


def region_value(game: Game, region: str, side: str) -> float:
    """VP a side gains by taking (or keeps by holding) a region and its structures."""
    values = game.world.regions[region].values.get(side)
    score = float(values.capture + values.hold_at_end) if values else 0.0
    for structure in game.world.structures_in[region]:
        own = structure.values.get(side)
        if own is not None:
            score += own.capture + own.hold_at_end
    for enemy in game.world.enemies_of(side):
        theirs = game.world.regions[region].values.get(enemy)
        if theirs is not None:
            score += 0.5 * theirs.loss
    return score
