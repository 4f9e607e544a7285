"""Battles phase (B1, B10, G1 assaults): every field battle of the active side is fought, in
the order the player picks; breakthrough battles come first in the list. Assaults on enemy
fortified structures are offered as optional battles once the field is clear."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, ResolveBattle
from ..combat import battle
from ..combat.breakthrough import PENDING_BATTLES
from ..combat.field import assault_targets, battle_regions
from ..errors import IllegalAction
from .base import Phase

if TYPE_CHECKING:
    from ..game import Game


def pending(game: Game) -> list[str]:
    """Regions with a battle still to fight, those opened by breakthroughs first."""
    regions = battle_regions(game, game.active_side)
    first = [r for r in game.state.stats.get(PENDING_BATTLES, []) if r in regions]
    return first + [r for r in regions if r not in first]


class Battles(Phase):
    name = "battles"

    def begin(self, game: Game) -> None:
        game.state.stats[PENDING_BATTLES] = []

    def actions(self, game: Game) -> list[Action]:
        regions = pending(game)
        out: list[Action] = [ResolveBattle(r) for r in regions]
        if not regions:
            out += [ResolveBattle(s) for s in assault_targets(game, game.active_side)]
        return out

    def apply(self, game: Game, action: Action) -> None:
        if not isinstance(action, ResolveBattle):
            raise IllegalAction(f"'{action.kind}' is not possible in the battles phase")
        regions = pending(game)
        if action.region in regions:
            battle.open_battle(game, action.region)
        elif not regions and action.region in assault_targets(game, game.active_side):
            # An assault names the structure; it is fought like a field battle (G1).
            structure = game.world.structures[action.region]
            battle.open_battle(game, structure.region, structure.id)
        else:
            raise IllegalAction(f"there is no battle to fight at {action.region}")

    def blocking(self, game: Game) -> str | None:
        regions = pending(game)
        if not regions:
            return None
        return f"{len(regions)} battle(s) still to fight: {', '.join(regions)}"

    def end(self, game: Game) -> None:
        game.state.stats.pop(PENDING_BATTLES, None)
