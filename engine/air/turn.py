"""What the air phases do on their own: sending aircraft home as a phase opens (A5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .basing import REBASED, SORTIES, fly_home, flying_units, grounded, rebased_this_turn

if TYPE_CHECKING:
    from ..game import Game


def open_phase(game: Game, *, defensive: bool) -> None:
    """Bring the active side's aircraft home and ready them to fly again.

    The defensive phase starts with the return after the battles. The offensive phase also
    calls back aircraft still patrolling since the side's last defensive phase: a patrol
    covers the opponents' player-turns only, and aircraft take off from airports.
    """
    side = game.active_side
    flying = flying_units(game, side)
    if flying:
        fly_home(game, flying, "after_battles" if defensive else "patrol_over")
    rebased = game.state.stats.get(REBASED)
    if rebased:
        game.state.stats[REBASED] = {u: t for u, t in rebased.items() if t == game.turn}
    sorties = game.state.stats.get(SORTIES)
    if sorties and not defensive:
        # A new offensive phase of this side: its earlier sorties are over.
        units = game.state.units
        game.state.stats[SORTIES] = {u: w for u, w in sorties.items() if units[u].side != side}
    for unit in game.state.units.values():
        mine = unit.side == side and unit.domain == "air" and unit.status == "active"
        if mine and not rebased_this_turn(game, unit.id):
            unit.mp_spent = 0
    for stack in game.state.stacks.values():
        if stack.side == side and grounded(game, stack):
            stack.moved = False
