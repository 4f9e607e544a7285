"""What the air phases do on their own: sending aircraft home as a phase opens (A5) and the
strikes on ships when the offensive phase closes (A4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board
from .basing import REBASED, SORTIES, fly_home, flying_units, grounded, rebased_this_turn
from .fire import Shooter, shoot, strike, value

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


def air_sea_battles(game: Game) -> None:
    """A4: aircraft of the active side over enemy ships at sea exchange fire with them in one
    simultaneous round: planes shoot with their attack, ships answer with their defence."""
    side = game.active_side
    regions = list(
        dict.fromkeys(
            s.region
            for s in game.state.stacks.values()
            if s.side == side and not grounded(game, s) and game.world.domain(s.region) == "sea"
        )
    )
    for region in regions:
        planes = [
            u
            for s in board.stacks_in(game, region, side)
            if not grounded(game, s)
            for u in s.units
            if game.state.units[u].domain == "air"
        ]
        ships = [
            u
            for s in board.enemy_stacks_in(game, region, side)
            for u in s.units
            if game.state.units[u].domain == "naval" and game.state.units[u].status == "active"
        ]
        if not planes or not ships:
            continue
        bombs: list[Shooter] = [(p, value(game, p, "attack")) for p in planes]
        guns: list[Shooter] = [(s, value(game, s, "defence")) for s in ships]
        plane_hits, plane_shots = shoot(game, [b for b in bombs if b[1] > 0])
        ship_hits, ship_shots = shoot(game, [g for g in guns if g[1] > 0])
        game.record(
            "air_sea_battle",
            region=region,
            planes=planes,
            ships=ships,
            shots={"planes": plane_shots, "ships": ship_shots},
            hits={"planes": plane_hits, "ships": ship_hits},
        )
        strike(game, ships, plane_hits, cause="air_sea", region=region, panic=False)
        result = strike(game, planes, ship_hits, cause="air_sea", region=region)
        fly_home(game, result["panicked"], "panic")
