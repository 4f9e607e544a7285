"""What follows a battle of the operational WEGO execution (OC20, OC22-OC27, OM21, OV3, OV4).

:mod:`.combat` gathers the contacts of a tick and fights them; this module holds what the
die leaves behind: defenders under a Withdraw order slipping away before the roll (OC25) and
moving off (:func:`withdrawal`, :func:`fall_back`), the survivors holding or retreating
(:func:`retreat_losers`, OC22-OC24), destroyed units and their kill VP (:func:`destroy_unit`),
the attackers' advance into an emptied hex (:func:`advance`, OC27) and the control of the
hexes stacks enter (:func:`take_control`, OV3). It is apart because the execution's steps,
overruns and ambushes use these too, not only the odds battles.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ... import board as places
from ...operational import AttackSpec, OpUnit, apply_damage, enemy_zoc
from ...operational.aftercombat import advancing, retreat_call, retreat_path, withdraw_chance
from ...operational.victory import kill_vp
from . import standing, state

if TYPE_CHECKING:
    from ...game import Game
    from .combat import Battles, Contact


def withdrawal(
    game: Game, world: Battles, contact: Contact, spec: AttackSpec, tick: int
) -> list[int]:
    """OC25: defenders under a Withdraw order try to slip away before the die is read: the
    path they would take (the retreat's rules, OC23), then the chance, rolled on the game's
    die when below 100. Returns the path when they get away, else ``[]`` (a hex with no way
    out, or a failed roll: the battle is fought as under Hold). One ``op_withdrawal`` record."""
    board = state.board_of(game)
    defenders = [u for u in world.in_hex(spec.target) if u.side != contact.side]
    attackers = [world.units[u] for u in spec.attackers if u in world.units]
    side = defenders[0].side
    field = enemy_zoc(board, world.units.values(), side, night=spec.night)
    path = retreat_path(
        board,
        world.units,
        defenders,
        board.rules.after_combat.withdraw_hexes,
        attacked=frozenset({spec.target}),
        attacker_hexes=frozenset(u.hex for u in attackers),
        enemy_zoc=field,
    )
    recce = all(u.category == "recce" for u in defenders)  # OC26
    chance = withdraw_chance(board, attackers, defenders, recce=recce) if path else 0.0
    roll = game.dice.below(100) if path and 0.0 < chance < 100.0 else -1
    away = bool(path) and (chance >= 100.0 or (roll >= 0 and roll < chance))
    game.record(
        "op_withdrawal",
        tick=tick,
        side_id=side,
        target=board.hex_ids[spec.target],
        units=[u.id for u in defenders],
        path=[board.hex_ids[h] for h in path],
        chance=round(chance, 4),
        roll=roll,
        withdrew=away,
    )
    return path if away else []


def fall_back(
    game: Game, world: Battles, survivors: list[OpUnit], origin: int, path: list[int], tick: int
) -> None:
    """OC25, OM21: defenders that withdrew move along ``path`` together, spending
    ``withdraw_readiness`` per hex; their orders end. Recorded as an ``op_retreat`` with
    ``withdrawal: true`` (the roll is in the battle's ``op_withdrawal`` record)."""
    board = state.board_of(game)
    cost = board.rules.after_combat.withdraw_readiness * len(path)
    side = survivors[0].side
    ids = {u.id for u in survivors}
    to = board.hex_ids[path[-1]]
    for stack in places.stacks_in(game, board.hex_ids[origin], side):
        moving = [u for u in stack.units if u in ids]
        if not moving:
            continue
        for unit_id in moving:
            unit = world.units[unit_id]
            unit = replace(
                unit, hex=path[-1], readiness=max(0.0, unit.readiness - cost), dug_in=False
            )
            world.put(unit)
            state.store(game, unit)
        places.relocate(game, stack, to)
        world.displaced.add(stack.id)
        world.moved.update(moving)
        game.record(  # an op_retreat, so the film moves the units as for any retreat
            "op_retreat",
            tick=tick,
            side_id=side,
            stack=stack.id,
            units=moving,
            **{"from": board.hex_ids[origin], "to": to},
            path=[board.hex_ids[h] for h in path],
            hexes=len(path),
            chance=0.0,
            roll=-1,
            held=False,
            hold_roll=-1,
            cornered=0,
            strength={u: round(world.units[u].strength, 4) for u in moving},
            readiness={u: round(world.units[u].readiness, 4) for u in moving},
            withdrawal=True,
        )


def destroy_unit(game: Game, world: Battles, unit_id: str, cause: str) -> None:
    """OC20, OV4: a unit is destroyed; its enemies score its kill VP."""
    unit = world.drop(unit_id)
    rules = state.board_of(game).rules
    places.eliminate(game, unit_id, cause, vp=False)
    state.forget(game, unit_id)
    value = kill_vp(rules, unit)
    for side in game.world.enemies_of(unit.side):
        places.add_vp(game, side, value, f"{unit_id} destroyed")
        standing.note_kill(game, side, value)


def retreat_losers(
    game: Game,
    world: Battles,
    contact: Contact,
    spec: AttackSpec,
    survivors: list[OpUnit],
    damage: list[float],
    tick: int,
) -> None:
    """OC22-OC24: the surviving defenders hold or fall back together."""
    board = state.board_of(game)
    rules = board.rules.after_combat
    call = retreat_call(
        board, survivors, damage, game.dice, hold_at_all_costs=spec.hold_at_all_costs
    )
    if call.hexes == 0 and call.roll < 0 and not call.held:
        return  # readiness high enough: they hold without a roll
    side = survivors[0].side
    attacker_hexes = frozenset(world.units[u].hex for u in spec.attackers if u in world.units)
    field = enemy_zoc(board, world.units.values(), side, night=spec.night)
    path = (
        retreat_path(
            board,
            world.units,
            survivors,
            call.hexes,
            attacked=frozenset({spec.target}),
            attacker_hexes=attacker_hexes,
            enemy_zoc=field,
        )
        if call.hexes
        else []
    )
    cornered = call.hexes - len(path)
    origin = board.hex_ids[spec.target]
    stacks = sorted(
        {
            s.id
            for s in places.stacks_in(game, origin, side)
            if any(u in s.units for u in (v.id for v in survivors))
        }
    )
    for stack_id in stacks:
        stack = game.state.stacks[stack_id]
        ids = [u for u in stack.units if u in world.units]
        to = board.hex_ids[path[-1]] if path else origin
        for unit_id in ids:
            unit = world.units[unit_id]
            if path:
                unit = replace(
                    unit,
                    hex=path[-1],
                    readiness=max(0.0, unit.readiness - rules.retreat_readiness * len(path)),
                    dug_in=False,
                )
            if cornered:
                unit, _ = apply_damage(board.rules, unit, rules.cornered_damage * cornered)
            world.put(unit)
            state.store(game, unit)
        if path:
            places.relocate(game, stack, to)
            world.displaced.add(stack_id)
            world.moved.update(ids)
        game.record(
            "op_retreat",
            tick=tick,
            side_id=side,
            stack=stack_id,
            units=ids,
            **{"from": origin, "to": to},
            path=[board.hex_ids[h] for h in path],
            hexes=call.hexes,
            chance=round(call.chance, 4),
            roll=call.roll,
            held=call.held,
            hold_roll=call.hold_roll,
            cornered=cornered,
            strength={u: round(world.units[u].strength, 4) for u in ids},
            readiness={u: round(world.units[u].readiness, 4) for u in ids},
        )
        if cornered:
            threshold = board.rules.quality
            for unit_id in ids:
                unit = world.units[unit_id]
                limit = threshold.of(unit.quality).destroyed_below
                if unit.readiness < limit and unit.strength < limit:
                    destroy_unit(game, world, unit_id, "op_retreat")


def advance(
    game: Game,
    world: Battles,
    contact: Contact,
    spec: AttackSpec,
    target_id: str,
    factors: tuple[object, ...],
    tick: int,
) -> None:
    """OC27: the attacking stack with the largest attack moves in, then others standing in
    no enemy ZOC, while the hex has room."""
    board = state.board_of(game)
    effective = {f.unit: f.effective for f in factors}  # type: ignore[attr-defined]
    groups: dict[str, list[OpUnit]] = {}
    attack: dict[str, float] = {}
    for stack_id in contact.stacks:
        stack = game.state.stacks.get(stack_id)
        if stack is None or contact.orders.get(stack_id) == "order_attack_no_advance":
            continue  # OO7, OC27: an Attack without advance stays where it attacked from
        members = [world.units[u] for u in stack.units if u in world.units]
        if not members or board.hexside(members[0].hex, spec.target) is None:
            continue
        groups[stack_id] = members
        attack[stack_id] = sum(effective.get(u.id, 0.0) for u in members)
    if not groups:
        return
    field = enemy_zoc(board, world.units.values(), contact.side, night=spec.night)
    zoc = {g: field.value(members[0].hex) for g, members in groups.items()}
    for stack_id in advancing(attack, groups, board, world.units, spec.target, enemy_zoc=zoc):
        stack = game.state.stacks[stack_id]
        origin = stack.region
        for unit in groups[stack_id]:
            moved = replace(unit, hex=spec.target, dug_in=False)
            world.put(moved)
            state.store(game, moved)
            world.moved.add(unit.id)
        places.relocate(game, stack, target_id)
        world.displaced.add(stack_id)
        game.record(
            "op_advance",
            tick=tick,
            side_id=contact.side,
            stack=stack_id,
            units=list(stack.units),
            **{"from": origin, "to": target_id},
        )
        take_control(game, target_id, contact.side)


def take_control(game: Game, hex_id: str, side: str) -> None:
    """OV3: a side occupying a hex controls it, and keeps it after leaving until an enemy
    comes in (choice). No VP moves with it: locations score at the end of each turn (OV2)."""
    before = places.side_of_region(game, hex_id)
    if before == side:
        return
    game.state.owner[hex_id] = places.main_nation(game, side)
    game.record("captured", region=hex_id, by=side, taken_from=before)
