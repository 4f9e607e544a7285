"""Ambushes of road columns during a WEGO execution (OM9, OC30).

A stack in Road Movement that steps into a hex in the enemy's zone of control stops there (its
order ends, ``ambushed``) and the enemy units whose zone reaches the hex fight it at once: a
normal battle on the odds combat (OC17) with the column as the defender, standing in its new
hex under plain Hold, the ambushers taking no damage (OC19, OC30). The ambushers stay where
they are (choice: a free attack, not an order, so no advance after combat), and no asset
supports either side (choice: nobody planned the battle). The column then holds or retreats
by the battle's result (OC22-OC23).

No ambush falls where a friendly unit already stands in the hex (choice: the column meets
its own troops there, not an enemy waiting by the road), or where the units reaching the hex
cannot attack it (no attack factor, ``IllegalAction`` from the odds): the column still stops.

Records: the battle's ``op_battle`` with ``battle_kind: "ambush"`` (its attacker lines show
no damage), after an ``op_ambush`` ``{tick, side_id, stack, region, ambushers}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import IllegalAction
from ...operational import AttackSpec, resolve_attack
from ...operational.records import OpUnitResultRecord
from ...operational.zoc import ZocField
from . import battlefield, state, supply
from .after_battle import destroy_unit, retreat_losers
from .combat import Battles, Contact

if TYPE_CHECKING:
    from ...game import Game


def caught(
    world: Battles, field: ZocField, side: str, there: int, column: list[str]
) -> list[str] | None:
    """OM9: the enemy units that ambush a column of ``side`` just arrived in ``there`` (ids,
    in order; ``[]`` when none of those reaching the hex can attack), or ``None`` when the
    column is not caught: the hex is in no enemy zone, or a friendly unit already stood
    there."""
    if field.value(there) <= 0:
        return None
    if any(u.side == side and u.id not in column for u in world.in_hex(there)):
        return None
    found: list[str] = []
    for source in sorted(field.sources(there)):
        if source == there:
            continue
        found.extend(u.id for u in world.in_hex(source) if u.side != side and u.attack > 0)
    return found


def fight(
    game: Game, world: Battles, stack_id: str, there: int, ambushers: list[str], tick: int
) -> None:
    """OC30: the ambush battle, fought at once; the ambushers come out of it unharmed."""
    board = state.board_of(game)
    night = state.clock(game).night
    stack = game.state.stacks[stack_id]
    column = [world.units[u] for u in stack.units if u in world.units]
    attackers = tuple(ambushers)
    spec = AttackSpec(
        attackers,
        there,
        "attack",
        "set_piece",
        night,
        combat_plus=supply.combat_plus(game, attackers),  # OS6
        attack_integrity=battlefield.integrity(game, list(attackers), attacking=True, night=night),
        defence_integrity=battlefield.integrity(
            game, [u.id for u in column], attacking=False, night=night
        ),
    )
    game.record(
        "op_ambush",
        tick=tick,
        side_id=world.units[attackers[0]].side,
        stack=stack_id,
        region=board.hex_ids[there],
        ambushers=list(attackers),
    )
    try:
        result = resolve_attack(board, world.units, spec, game.dice)
    except IllegalAction:
        return
    stats = game.state.stats
    stats["battles"] = stats.get("battles", 0) + 1
    ambushing = set(attackers)
    lines = [
        _unharmed(line) if line["unit"] in ambushing else line for line in result.record["units"]
    ]
    data = {k: v for k, v in result.record.items() if k not in ("type", "kind", "units")}
    data["attacker_damage"] = 0.0
    side = world.units[attackers[0]].side
    game.record(
        "op_battle",
        tick=tick,
        attacker=side,
        defender=stack.side,
        stacks=_stacks_of(game, attackers),
        **data,
        units=lines,
        battle_kind="ambush",
    )
    damage = state.data(game)["turn"]["damage"]
    for hit in result.damage:
        if hit.unit not in ambushing:
            damage[hit.unit] = round(damage.get(hit.unit, 0.0) + hit.percent, 6)
    for unit in result.units.values():
        if unit.id not in ambushing:
            world.put(unit)
            state.store(game, unit)
    for unit_id in result.destroyed:
        if unit_id not in ambushing:
            destroy_unit(game, world, unit_id, "op_ambush")
    hits = {h.unit: h.percent for h in result.damage}
    survivors = [world.units[u.id] for u in column if u.id in world.units]
    if survivors:
        contact = Contact(board.hex_ids[there], side, _stacks_of(game, attackers))
        retreat_losers(game, world, contact, spec, survivors, [hits[u.id] for u in survivors], tick)


def _unharmed(line: OpUnitResultRecord) -> OpUnitResultRecord:
    """OC19, OC30: an ambusher's line of the battle, as it ends: untouched."""
    return {
        **line,
        "damage": 0.0,
        "readiness_after": line["readiness_before"],
        "strength_after": line["strength_before"],
        "shock_after": line["shock_before"],
        "destroyed": False,
        "men_after": line["men_before"],
        "guns_after": line["guns_before"],
        "vehicles_after": line["vehicles_before"],
    }


def _stacks_of(game: Game, units: tuple[str, ...]) -> list[str]:
    return sorted({s for u in units if (s := game.state.units[u].stack) is not None})
