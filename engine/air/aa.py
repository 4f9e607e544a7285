"""A2: anti-aircraft fire on planes entering a region that holds enemy AA units."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board
from .basing import fly_home, has_role
from .fire import Shooter, shoot, strike, value

if TYPE_CHECKING:
    from ..game import Game


def nation_has_radar(game: Game, unit_id: str) -> bool:
    return game.world.nations[game.world.nation_of(unit_id)].radar


def side_has_radar(game: Game, side: str) -> bool:
    return any(n.radar for n in game.scenario.nations if n.side == side)


def aa_units(game: Game, region: str, side: str) -> list[str]:
    """Enemy AA units (land or naval, inside structures too) in a region, as seen by ``side``."""
    return [
        u
        for stack in board.enemy_stacks_in(game, region, side)
        for u in stack.units
        if game.state.units[u].domain != "air"
        and game.state.units[u].status == "active"
        and has_role(game, u, "aa")
    ]


def aa_fire(game: Game, planes: list[str], region: str, side: str) -> list[str]:
    """One round where only the AA shoots. Returns the planes still flying on; the panicked
    ones are already on their way home, the destroyed ones gone."""
    guns = aa_units(game, region, side)
    if not guns or not planes:
        return planes
    rules = game.scenario.rules.air
    stealthy = all(has_role(game, p, "stealth") for p in planes)
    shooters: list[Shooter] = []
    applied: dict[str, dict[str, int]] = {}
    for gun in guns:
        mods = {}
        if nation_has_radar(game, gun):
            mods["radar"] = rules.aa_radar_modifier
        if stealthy:
            mods["stealth"] = rules.aa_stealth_modifier
        applied[gun] = mods
        shooters.append((gun, value(game, gun, "attack") + sum(mods.values())))
    hits, shots = shoot(game, shooters)
    game.record(
        "aa_fire",
        region=region,
        planes=list(planes),
        guns=guns,
        modifiers=applied,
        shots=shots,
        hits=hits,
    )
    result = strike(game, planes, hits, cause="aa", region=region)
    fly_home(game, result["panicked"], "panic")
    gone = set(result["eliminated"]) | set(result["panicked"])
    return [p for p in planes if p not in gone]
