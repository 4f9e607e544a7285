"""A3: interception tests over each region a flight enters, and the dogfight that follows.

Who tests: the side that is not moving when it has fighters among the aircraft involved,
otherwise the moving side when it brings fighters (the rules let whichever side alone has
interceptors make the attempt); with no fighter on either side nothing happens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import modifiers
from .aa import side_has_radar
from .basing import can_fly, distances, fly_home, grounded, has_role
from .fire import Shooter, shoot, strike, value

if TYPE_CHECKING:
    from ..game import Game


def _region_of(game: Game, unit_id: str) -> str:
    return game.state.stacks[game.state.units[unit_id].stack or ""].region


def _on_ground(game: Game, unit_id: str) -> bool:
    return grounded(game, game.state.stacks[game.state.units[unit_id].stack or ""])


def involved(game: Game, region: str, side: str) -> list[str]:
    """Enemy aircraft that take part in an interception over ``region``: every one over or
    based in the region itself, and fighters up to ``interception_radius`` regions away.
    Grounded aircraft that may not take off (out of supply) stay out of it."""
    world = game.world
    near = distances(game, region, None, game.scenario.rules.air.interception_radius)
    out = []
    for stack in game.state.stacks.values():
        if stack.region not in near or not world.at_war(side, stack.side):
            continue
        on_ground = grounded(game, stack)
        for unit_id in stack.units:
            unit = game.state.units[unit_id]
            if unit.domain != "air" or unit.status != "active":
                continue
            if on_ground and not can_fly(game, unit_id):
                continue
            if stack.region == region or has_role(game, unit_id, "fighter"):
                out.append(unit_id)
    return out


def at_risk(game: Game, region: str, side: str, planes: list[str]) -> bool:
    """Whether entering ``region`` would call for an interception test."""
    group = involved(game, region, side)
    if not group:
        return False
    return any(has_role(game, u, "fighter") for u in group + planes)


def intercept(
    game: Game, stack_id: str, planes: list[str], region: str, destination: str
) -> list[str]:
    """Run the test (and the dogfight on success) for a flight entering ``region``. Returns
    the planes that fly on."""
    side = game.state.units[planes[0]].side
    group = involved(game, region, side)
    enemy_fighters = [u for u in group if has_role(game, u, "fighter")]
    own_fighters = [u for u in planes if has_role(game, u, "fighter")]
    if not group or not (enemy_fighters or own_fighters):
        return planes
    rules = game.scenario.rules.air
    enemy_tests = bool(enemy_fighters)
    tester = game.state.units[enemy_fighters[0]].side if enemy_tests else side
    interceptors = group if enemy_tests else own_fighters
    mods: dict[str, int] = {}
    if region == destination:
        mods["final_destination"] = rules.interception_final_destination_modifier
    if side_has_radar(game, tester):
        mods["radar"] = rules.interception_radar_modifier
    if not enemy_fighters:
        mods["no_fighters"] = rules.interception_no_fighters_modifier
    if all(_region_of(game, u) != region for u in interceptors):
        mods["not_same_region"] = rules.interception_adjacent_modifier
    if all(_on_ground(game, u) for u in interceptors):
        mods["grounded"] = rules.interception_grounded_modifier
    cards = modifiers.side_total(game, tester, "interception")
    if cards:
        mods["cards"] = cards
    roll = game.dice.roll()
    total = roll + sum(mods.values())
    success = total <= rules.interception_success_max
    game.record(
        "interception_test",
        region=region,
        stack=stack_id,
        moving=side,
        tester=tester,
        interceptors=interceptors,
        roll=roll,
        modifiers=mods,
        total=total,
        needed=rules.interception_success_max,
        success=success,
    )
    if not success:
        return planes
    return dogfight(game, region, planes, group, interceptor_moves=not enemy_tests)


def _shooters(game: Game, units: list[str], fighter_bonus: int) -> list[Shooter]:
    out = []
    for unit_id in units:
        unit_type = game.world.unit_type(unit_id)
        if unit_type is None or unit_type.air_to_air is None:
            continue
        bonus = fighter_bonus if has_role(game, unit_id, "fighter") else 0
        out.append((unit_id, value(game, unit_id, "air_to_air") + bonus))
    return out


def dogfight(
    game: Game, region: str, planes: list[str], group: list[str], *, interceptor_moves: bool
) -> list[str]:
    """One simultaneous round between the flight and the enemy aircraft involved. The side
    that inflicted more hits (or the only one left flying) wins, a tie goes to the
    interceptor; the loser and every panicked plane in the air go home."""
    side = game.state.units[planes[0]].side
    other_sides = {game.state.units[u].side for u in group}
    own_radar = side_has_radar(game, side)
    other_radar = any(side_has_radar(game, s) for s in other_sides)
    bonus = game.scenario.rules.air.air_combat_radar_modifier
    own_bonus = bonus if own_radar and not other_radar else 0
    other_bonus = bonus if other_radar and not own_radar else 0
    own_hits, own_shots = shoot(game, _shooters(game, planes, own_bonus))
    other_hits, other_shots = shoot(game, _shooters(game, group, other_bonus))
    game.record(
        "air_combat",
        region=region,
        moving=side,
        planes=list(planes),
        enemies=list(group),
        radar_bonus={"moving": own_bonus, "other": other_bonus},
        shots={"moving": own_shots, "other": other_shots},
        hits={"moving": own_hits, "other": other_hits},
    )
    theirs = strike(game, group, own_hits, cause="air_combat", region=region)
    ours = strike(game, planes, other_hits, cause="air_combat", region=region)
    our_left = _left(planes, ours)
    their_left = _left(group, theirs)
    mover_wins = _mover_wins(our_left, their_left, own_hits, other_hits, interceptor_moves)
    winner = side if mover_wins else game.state.units[group[0]].side
    game.record(
        "air_combat_result",
        region=region,
        winner=winner,
        moving_left=our_left,
        other_left=their_left,
    )
    fly_home(game, ours["panicked"], "panic")
    fly_home(game, [u for u in theirs["panicked"] if not _on_ground(game, u)], "panic")
    if mover_wins:
        fly_home(game, [u for u in their_left if not _on_ground(game, u)], "defeated")
        return our_left
    fly_home(game, our_left, "defeated")
    return []


def _left(units: list[str], result: dict[str, list[str]]) -> list[str]:
    gone = set(result["eliminated"]) | set(result["panicked"])
    return [u for u in units if u not in gone]


def _mover_wins(
    ours: list[str], theirs: list[str], our_hits: int, their_hits: int, mover_intercepts: bool
) -> bool:
    if bool(ours) != bool(theirs):
        return bool(ours)
    if our_hits != their_hits:
        return our_hits > their_hits
    return mover_intercepts
