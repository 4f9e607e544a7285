"""The assets' missions in the execution of a WEGO turn under the operational rules (OA2,
OA3, OA5-OA11, OA13, OA14, OC2, OC9, OC28, OC31, OC32, OC34, OC35): :func:`launch` as the
execution starts (each asset spends readiness and draws its delay; the sides' counter-air
counts), :func:`battle_support` for each battle (AA first), :func:`bombard` once the battles
are over, :func:`interdiction` for the upkeep and :func:`close_turn` (recovery). What is kept
between turns and the planning are :mod:`.assets`'; the records are listed there.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from schemas.operational.assets import Asset
from schemas.operational.units import QUALITY_LEVELS

from ...operational import OpUnit
from ...operational.artillery import Fire
from ...operational.assets import (
    dispatch,
    interdiction_losses,
    interdiction_row,
    net_advantage,
    recover,
)
from ...operational.missions import (
    aa_fire,
    aa_points,
    bombardment_loss,
    falling_returns,
    fire_multiplier,
)
from ...operational.readiness import Damage
from ...operational.supply import Pool
from . import air_supply, fire, logistics, recon, state
from .assets import (
    counter_air_counts,
    data,
    missions,
    state_of,
    store,
    target_refusal,
)

if TYPE_CHECKING:
    from ...game import Game


@dataclass(frozen=True)
class Support:
    """What the assets bring to one battle (OC2, OC9)."""

    attack_shifts: tuple[float, ...] = ()
    defence_shifts: tuple[float, ...] = ()
    attack_fire: float = 0.0
    defence_fire: float = 0.0
    attack_artillery: tuple[Fire, ...] = ()
    """OC2, OC33: the artillery units firing for the attack."""
    defence_artillery: tuple[Fire, ...] = ()
    """OC2, OC33: the artillery units firing for the defence."""


def launch(game: Game) -> None:
    """As the execution starts: every side's missions fly (OA2, OA3: readiness spent, the
    delay drawn on the game's die; a mission that is no longer possible is dropped), then
    the sides' counter-air counts and net advantages (OA7-OA9: ``op_air_war``)."""
    kept = data(game)
    rules = state.board_of(game).rules
    table = rules.assets
    dark = rules.night.air_mission_readiness if state.clock(game).night else 1.0  # OW11
    flying: dict[str, Any] = {}
    for side in game.sides_in_play:
        for asset_id, task in missions(game, side).items():
            if target_refusal(game, side, asset_id, task.mission, task.target):
                continue  # e.g. an enemy moved into the hex: dropped unflown
            asset = table.asset(asset_id)
            before = state_of(game, asset_id)
            assert asset is not None and before is not None
            after = dispatch(table, asset, before, game.state.turn, game.dice, night_cost=dark)
            store(game, after)
            floor = table.minimum_for_air_war
            flying[asset_id] = {
                "side": side,
                "fit": before.readiness >= floor and before.strength >= floor,
                "mission": task.mission,
                "target": task.target,
                "used": False,
            }
            game.record(
                "op_asset_mission",
                side_id=side,
                asset=asset_id,
                mission=task.mission,
                target=task.target,
                back_on=after.back_on,
                gone=after.gone,
            )
            if after.left:  # OA2, OA13: the draw made this mission its last
                game.record("op_asset_left", side_id=side, asset=asset_id)
    kept["missions"] = {}
    kept["flying"] = dict(sorted(flying.items()))
    recon.launch(game)  # OA12, OI7: the recon and intelligence sources of the turn
    logistics.launch(game)  # OS16: the units the logistics missions cover this turn
    fire.launch(game)  # OC33: the artillery's fire orders go into the execution too
    counts = _counter_air(game)
    if any(counts.values()):
        game.record("op_air_war", counter_air=counts, advantage=_advantages(counts))
    air_supply.deliver(game)  # OS15: checked with the real counts


def _flying(game: Game, side: str, mission: str) -> list[tuple[str, dict[str, Any]]]:
    return [
        (a, f)
        for a, f in data(game)["flying"].items()
        if f["side"] == side and f["mission"] == mission
    ]


def _counter_air(game: Game) -> dict[str, int]:
    """OA7, OA8: each side's counter-air count: its assets on the mission that had readiness
    and strength of at least the floor as they took off, plus its air superiority."""
    return counter_air_counts(game)


def _advantages(counts: dict[str, int]) -> dict[str, int]:
    """OA9: each side's net counter-air advantage over its strongest enemy."""
    return {
        side: net_advantage(own, max((v for s, v in counts.items() if s != side), default=0))
        for side, own in counts.items()
    }


def advantage(game: Game, side: str) -> int:
    """OA9: the side's net counter-air advantage this turn."""
    return _advantages(_counter_air(game)).get(side, 0)


def _ground_level(units: list[OpUnit]) -> float:
    return sum(QUALITY_LEVELS[u.quality] for u in units) / len(units) if units else 0.0


def _heavy_nearby(game: Game, units: dict[str, OpUnit], side: str, hex_index: int) -> list[OpUnit]:
    board = state.board_of(game)
    near = {int(n) for n in board.neighbours[hex_index] if n >= 0}
    return [
        u for u in units.values() if u.side == side and u.category == "heavy_aa" and u.hex in near
    ]


def _shoot(
    game: Game,
    asset: Asset,
    side: str,
    target: str,
    guns: list[OpUnit],
    heavy: list[OpUnit],
    gun_side: str,
    *,
    defensive: bool,
) -> float:
    """OC34: the AA of ``guns`` fires at an air asset before it acts; returns what is left
    of its value (1, 0.5 or 0) and keeps the strength it lost. Only air assets are shot at."""
    if asset.domain != "air":
        return 1.0
    board = state.board_of(game)
    aa = aa_points(board, guns, heavy, advantage=advantage(game, gun_side), defensive=defensive)
    shot = aa_fire(board.rules.assets, asset, aa, _ground_level(guns), game.dice)
    if shot.column >= 0:
        current = state_of(game, asset.id)
        assert current is not None
        store(game, replace(current, strength=max(0.0, current.strength - shot.damage)))
        game.record(
            "op_aa_fire",
            side_id=side,
            asset=asset.id,
            target=target,
            aa=round(shot.aa, 4),
            odds=round(shot.odds, 4),
            roll=shot.roll,
            row=shot.row + 1,
            result=shot.result,
            damage=shot.damage,
        )
    return shot.factor


def _multiplier(game: Game, side: str, defenders: list[OpUnit]) -> float:
    """OC32: offensive fire times the table's value for the side's average FOW level of the
    target's units."""
    from .intel import intel_of

    seen = intel_of(game, side)
    level = sum(seen.level_of(u.id) for u in defenders) / len(defenders) if defenders else 0.0
    return fire_multiplier(state.board_of(game).rules.assets, level)


def offensive_multiplier(game: Game, side: str, defenders: list[OpUnit]) -> float:
    """OC32, OI9: Table OC32's value for ``side``'s offensive fire at ``defenders``."""
    return _multiplier(game, side, defenders)


def battle_support(
    game: Game,
    units: dict[str, OpUnit],
    attacker: str,
    target: int,
    attackers: list[OpUnit],
    defenders: list[OpUnit],
    *,
    move_battle: bool = False,
) -> Support:
    """OC2, OC9, OA5, OA6, OA13, OA14: the assets flying for the first battle at ``target``
    this turn: air ground support (after AA, OC34) and command assets give shifts, naval
    support its fire factor (offensive fire times Table OC32); a bombardment of the hex
    becomes ground support (an asset with no support value drops out). A move battle gets no
    attacker support (OC28). Each mission supports one battle; night keeps air support home
    (OA5: day only)."""
    board = state.board_of(game)
    hex_id = board.hex_ids[target]
    defender = defenders[0].side
    night = state.clock(game).night
    table = board.rules.assets
    attack_shifts: list[float] = []
    defence_shifts: list[float] = []
    attack_fire = defence_fire = 0.0
    multiplier: float | None = None
    for asset_id, task in data(game)["flying"].items():
        if task["target"] != hex_id or task["used"] or task["side"] not in (attacker, defender):
            continue
        asset = table.asset(asset_id)
        if asset is None:
            continue
        mission = task["mission"]
        attacking = task["side"] == attacker
        if attacking and (move_battle or mission == "defensive_support"):
            continue
        if not attacking and mission != "defensive_support" and mission != "command":
            continue
        task["used"] = True
        if mission == "ground_attack" and (asset.support <= 0 or asset.domain != "air"):
            continue  # OA6: no ground-support value, so it drops out
        if night and asset.domain == "air":
            continue  # OA5: ground support by day only (a bombardment turned support drops out)
        if mission == "command":
            (attack_shifts if attacking else defence_shifts).append(asset.support)
            continue
        if attacking:
            guns = defenders
            heavy = _heavy_nearby(game, units, defender, target)
            value = _shoot(game, asset, attacker, hex_id, guns, heavy, defender, defensive=False)
        else:
            value = _shoot(game, asset, defender, hex_id, attackers, [], attacker, defensive=True)
        if asset.domain == "naval":
            if attacking:
                if multiplier is None:
                    multiplier = _multiplier(game, attacker, defenders)
                attack_fire += asset.bombardment * multiplier
            else:
                defence_fire += asset.bombardment  # OC32: defensive fire is always x1
        elif value > 0:
            (attack_shifts if attacking else defence_shifts).append(asset.support * value)
    attack_guns, defence_guns = fire.battle_fire(
        game, units, attacker, target, defenders, move_battle=move_battle
    )
    if attack_guns and multiplier is None:
        multiplier = _multiplier(game, attacker, defenders)  # OC32: offensive fire
    return Support(
        tuple(attack_shifts),
        tuple(defence_shifts),
        attack_fire,
        defence_fire,
        fire.fire_of(game, attack_guns, multiplier or 0.0),
        fire.fire_of(game, defence_guns, 1.0),  # OC32: defensive fire is always x1
    )


def bombard(game: Game, units: dict[str, OpUnit]) -> list[tuple[OpUnit, Damage | None]]:
    """OC31, OA6, OC33: every bombardment no battle used this turn: the side's air assets
    each meet the hex's AA first (OC34), then the points (the assets' fire factors with
    falling returns by asset, plus every artillery unit's fire in full, all times Table
    OC32) and a D10 with the terrain's protection (OH10; at least medium when every unit
    there is dug in) give the readiness every unit in the hex loses. Returns the changed units."""
    board = state.board_of(game)
    table = board.rules.assets
    groups: dict[tuple[str, str], list[Asset]] = {}
    for asset_id, task in data(game)["flying"].items():
        asset = table.asset(asset_id)
        if task["mission"] != "ground_attack" or task["used"] or asset is None:
            continue
        task["used"] = True
        groups.setdefault((task["side"], task["target"]), []).append(asset)
    guns = fire.bombardments(game, units)
    out: list[tuple[OpUnit, Damage | None]] = []
    for side, hex_id in sorted({*groups, *guns}):
        flown = groups.get((side, hex_id), [])
        where = board.index(hex_id)
        victims = [u for u in units.values() if u.hex == where and u.side != side]
        if not victims:
            continue
        gun_side = victims[0].side
        heavy = _heavy_nearby(game, units, gun_side, where)
        factors = []
        for asset in flown:
            left = _shoot(game, asset, side, hex_id, victims, heavy, gun_side, defensive=False)
            if left > 0:
                factors.append(asset.bombardment * left)
        multiplier = _multiplier(game, side, victims)
        shooting = guns.get((side, hex_id), [])
        fire.spend(game, [u.id for u in shooting])
        fired = fire.fire_of(game, shooting, multiplier)
        points = falling_returns(factors) * multiplier + sum(f.value for f in fired)
        terrain = board.terrain(where)
        protection = terrain.bombardment_protection if terrain is not None else 0
        if all(u.dug_in for u in victims):
            # OH10: dug in, at least medium (one loss per hex: all must be dug in, a choice)
            protection = min(protection, -1)
        roll = game.dice.below(table.bombardment.die_faces) + 1 if points > 0 else -1
        loss = bombardment_loss(table, points, protection, roll) if points > 0 else 0.0
        hit = {}
        for unit in victims:
            after = replace(unit, readiness=max(0.0, unit.readiness - loss))
            hit[unit.id] = round(after.readiness, 4)
            out.append((after, None))
        game.record(
            "op_bombardment",
            side_id=side,
            target=hex_id,
            assets=[a.id for a in flown],
            artillery=[
                {"unit": f.unit, "factor": round(f.factor, 4), "multiplier": f.multiplier}
                for f in fired
            ],
            points=round(points, 4),
            multiplier=multiplier,
            protection=protection,
            roll=roll,
            loss=round(loss, 4),
            units=hit,
        )
    return out


def interdiction(game: Game) -> tuple[dict[str, Pool], dict[str, float]]:
    """OA9-OA11: what each side's arrival loses to the enemy's interdiction this turn, and
    the cut to its division-and-higher LOC ranges, in percent (one ``op_interdiction`` record
    per interdicting side). The same cut slows the side's units in the next turn
    (:func:`mp_cut`, kept in ``assets["mp_cut"]``)."""
    rules = state.board_of(game).rules
    counts = _counter_air(game)
    edges = _advantages(counts)
    lost: dict[str, Pool] = {}
    cuts: dict[str, float] = {}
    for side in game.sides_in_play:
        flown = [a for a, f in _flying(game, side, "interdiction") if f["fit"]]
        if not flown:
            continue
        enemies = [s for s in game.sides_in_play if s != side]
        enemy_edge = max((edges.get(s, 0) for s in enemies), default=0)
        row = interdiction_row(rules, len(flown), enemy_edge)
        pool = interdiction_losses(row, game.dice) if row is not None else Pool()
        cut = row.loc_cut if row is not None else 0.0
        for enemy in enemies:
            lost[enemy] = lost.get(enemy, Pool()) + pool
            cuts[enemy] = max(cuts.get(enemy, 0.0), cut)
        game.record(
            "op_interdiction",
            side_id=side,
            assets=flown,
            effective=max(0, len(flown) - enemy_edge),
            lost={
                "fuel": pool.fuel,
                "ammo": pool.ammo,
                "personnel": pool.personnel,
                "equipment": pool.equipment,
            },
            loc_cut=cut,
            mp_cut=cut if rules.assets.interdiction_cuts_mp else 0.0,
        )
    slowed = {s: c for s, c in sorted(cuts.items()) if c > 0}
    data(game)["mp_cut"] = slowed if rules.assets.interdiction_cuts_mp else {}
    return lost, cuts


def mp_cut(game: Game, side: str) -> float:
    """OA10, OA11: the cut, in percent, to the MP of the side's units this turn from the
    enemy's interdiction of the last turn (``assets.interdiction_cuts_mp``)."""
    found: float = data(game).get("mp_cut", {}).get(side, 0.0)
    return found


def close_turn(game: Game) -> None:
    """OA2, OA3: every asset recovers readiness (also while away), times the day's
    weather; the turn's missions end."""
    rules = state.board_of(game).rules
    weather = state.clock(game).recovery
    for asset in rules.assets.assets:
        current = state_of(game, asset.id)
        if current is not None:
            store(game, recover(rules, asset, current, weather=weather))
    data(game)["flying"] = {}
    logistics.close_turn(game)
    fire.close_turn(game)
