"""Air reconnaissance (V7): search missions flown in the offensive air phase.

The rulebook lets aircraft search, like a stack entering a region with hidden enemies, at the
end of the air movement phase, wherever they share a region with stacks the fog of war hides.
**Choices:** only aircraft with the ``recon`` role search (``rules.fog.air_recon``); one
search per region, made by the first such stack in stack order, with the usual modifiers
(the terrain's search modifier, cards; aircraft have no leader); what it finds stays revealed
until the end of the game turn, so the side's land units see it in the movement that follows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board, fog
from .basing import grounded, has_role

if TYPE_CHECKING:
    from ..game import Game


def reconnoitre(game: Game) -> None:
    """The active side's recon aircraft in the air search where hidden enemies are."""
    if not game.fog or not game.scenario.rules.fog.air_recon:
        return
    side = game.active_side
    searched: set[str] = set()
    for stack in sorted(game.state.stacks.values(), key=lambda s: s.id):
        if stack.side != side or stack.region in searched or grounded(game, stack):
            continue
        if not any(
            game.state.units[u].domain == "air" and has_role(game, u, "recon") for u in stack.units
        ):
            continue
        hidden = [
            s
            for s in board.enemy_stacks_in(game, stack.region, side)
            if fog.hidden_from(game, s, side)
        ]
        if hidden:
            searched.add(stack.region)
            fog.search(game, stack, stack.region, until="end_of_turn")
