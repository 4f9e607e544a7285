"""Fog of war (V7): what one side sees of the other, and searches that reveal stacks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import board, modifiers
from .state import Modifier, StackState

if TYPE_CHECKING:
    from .game import Game


def hidden_from(game: Game, stack: StackState, side: str) -> bool:
    """Whether ``side`` cannot see inside an enemy stack."""
    if not game.fog or stack.side == side or not game.world.at_war(stack.side, side):
        return False
    return not modifiers.revealed(game, stack.id, side)


def watched_regions(game: Game, side: str) -> set[str]:
    """Regions a side can see into: where it has stacks, and their neighbours."""
    seen: set[str] = set()
    for stack in game.state.stacks.values():
        if stack.side == side:
            seen.add(stack.region)
            seen.update(link.to for link in game.world.neighbours(stack.region))
    return seen


def view_of(game: Game, stack: StackState, side: str) -> str:
    """How much of a stack ``side`` sees: ``full`` content, an ``outline`` (its look, not
    its content), only a ``flag`` (nations with the fog advantage), or ``none`` at all."""
    if not hidden_from(game, stack, side):
        return "full"
    if stack.region not in watched_regions(game, side):
        return "none"
    nations = {game.world.nation_of(u) for u in stack.units}
    if any(game.world.nations[n].fog_advantage for n in nations):
        return "flag"
    return "outline"


def search(game: Game, mover: StackState, region: str, *, until: str = "end_of_phase") -> bool:
    """A moving stack tries to reveal the hidden enemy stacks it ran into (V7); what it finds
    stays revealed ``until`` that boundary (the phase, by default)."""
    hidden = [
        s
        for s in board.enemy_stacks_in(game, region, mover.side)
        if hidden_from(game, s, mover.side)
    ]
    if not hidden:
        return True
    from .combat.values import commanding_leader

    leader = commanding_leader(game, mover)
    bonus = game.world.leaders[leader].attack if leader else 0
    terrain = game.world.terrain_of[region].search_modifier
    cards = modifiers.side_total(game, mover.side, "search")
    target = game.scenario.rules.fog.search_success_max + bonus + terrain + cards
    roll = game.dice.roll()
    found = roll <= target
    game.record(
        "search",
        stack=mover.id,
        region=region,
        roll=roll,
        target=target,
        leader=bonus,
        terrain=terrain,
        cards=cards,
        success=found,
    )
    if found:
        units = [u for s in hidden for u in s.units]
        game.state.modifiers.append(
            Modifier("search", mover.side, {"kind": "examine"}, units, until=until)
        )
    return found
