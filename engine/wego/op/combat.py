"""Battles of a WEGO execution under the operational rules (OC1, OC16-OC24, OC27-OC29, OV4).

A stack ordered to attack a hex does not go in: on reaching the hex next to it, it attacks
from where it stands, and every stack of its side that reached the same hex in the same tick
joins the battle (OM5: units arriving together attack together). The battles of a tick are
fought from the highest final odds to the lowest (OC16: the odds before the assets' support,
which is only known once the AA has fired), each with
:func:`~engine.operational.resolve_attack` on the game's die; then the defenders may retreat
(OC22-OC24) and the attackers advance into an emptied hex (OC27).

Records (besides ``eliminated``, ``vp`` and ``captured``):

* ``op_battle`` ``{tick, attacker, defender, stacks, target, battle_kind, order, attack_total,
  defence_total, basic_odds, shifts, final_odds, column_odds, intensity, die,
  attacker_damage, defender_damage, units}``: the whole breakdown (OF6);
* ``op_retreat`` ``{tick, side_id, stack, units, from, to, path, hexes, chance, roll, held,
  hold_roll, cornered, strength, readiness}``: the defenders of a battle fall back (or hold,
  or cannot);
* ``op_advance`` ``{tick, side_id, stack, units, from, to}``: attackers move into the hex;
* ``op_withdrawal`` ``{tick, side_id, target, units, path, chance, roll, withdrew}``: defenders
  under a Withdraw order try to slip away before the die is read (OC25); when they do, their
  move is an ``op_retreat`` with ``withdrawal: true``.

What the battle leaves behind (withdrawals, retreats, destroyed units, the advance, hex
control) is in :mod:`.after_battle`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ... import board as places
from ...errors import IllegalAction
from ...operational import AttackSpec, OpUnit, odds_preview, resolve_attack
from ...operational.odds import BattleKind, OffensiveOrder
from . import battlefield, sorties, state, supply
from .after_battle import advance, destroy_unit, fall_back, retreat_losers, withdrawal

if TYPE_CHECKING:
    from ...game import Game


@dataclass
class Contact:
    """Stacks of one side that reached a hex next to an enemy hex this tick, to attack it."""

    target: str
    side: str
    stacks: list[str] = field(default_factory=list)
    moved: bool = False
    """Some stack stepped this turn before attacking (a move battle, OC28)."""
    orders: dict[str, str] = field(default_factory=dict)
    """Each attacking stack's order kind (OO7: attack, assault, attack without advance)."""


@dataclass
class Battles:
    """What the execution's battles need and leave behind."""

    units: dict[str, OpUnit]
    """Every unit on the map as the rules see it, kept up to date."""
    moved: set[str]
    """Units that moved this turn (a defender that all moved meets a meeting engagement)."""
    displaced: set[str] = field(default_factory=set)
    """Stacks moved by a retreat or an advance: their orders end (OM21)."""
    at: dict[int, set[str]] = field(default_factory=dict)
    """Hex index to the ids of the units in it (kept by :meth:`put` and :meth:`drop`)."""
    index: dict[str, int] = field(default_factory=dict)
    """Hex id to its index on the board (read once, not parsed at every step)."""

    def __post_init__(self) -> None:
        for unit in self.units.values():
            self.at.setdefault(unit.hex, set()).add(unit.id)

    def put(self, unit: OpUnit) -> None:
        """Keep ``unit``'s new values (and place)."""
        old = self.units.get(unit.id)
        if old is not None and old.hex != unit.hex:
            self.at[old.hex].discard(unit.id)
        self.units[unit.id] = unit
        self.at.setdefault(unit.hex, set()).add(unit.id)

    def drop(self, unit_id: str) -> OpUnit:
        """A unit leaves the map."""
        unit = self.units.pop(unit_id)
        self.at[unit.hex].discard(unit_id)
        return unit

    def in_hex(self, hex_index: int) -> list[OpUnit]:
        """The units in a hex, in id order."""
        return [self.units[u] for u in sorted(self.at.get(hex_index, ()))]


def fight_all(game: Game, world: Battles, contacts: list[Contact], tick: int) -> None:
    """OC16: the tick's battles, highest final odds first (ties: the order of contact)."""
    board = state.board_of(game)
    day = state.clock(game)
    planned: list[tuple[float, int, Contact, AttackSpec]] = []
    for index, contact in enumerate(contacts):
        spec = battle_spec(game, world, contact, day.night)
        if spec is None:
            continue
        try:
            odds = odds_preview(board, world.units, spec).final_odds
        except IllegalAction:
            continue
        planned.append((-odds, index, contact, spec))
    planned.sort(key=lambda p: (p[0], p[1]))
    for _, _, contact, _ in planned:
        if game.state.outcome is not None:
            return
        spec = battle_spec(game, world, contact, day.night)  # earlier battles may have changed it
        if spec is not None:
            _fight(game, world, contact, spec, tick)


def battle_spec(game: Game, world: Battles, contact: Contact, night: bool) -> AttackSpec | None:
    """The battle ``contact`` starts, as the combat reads it (an overrun's test reads it too);
    ``None`` when nobody is left to fight."""
    board = state.board_of(game)
    target = board.grid.find(contact.target)
    if target is None:
        return None
    defenders = [u for u in world.in_hex(target) if u.side != contact.side]
    if not defenders:
        return None
    attackers = tuple(
        uid
        for stack_id in contact.stacks
        if (stack := game.state.stacks.get(stack_id)) is not None
        and board.hexside(board.index(stack.region), target) is not None
        for uid in stack.units
        if uid in world.units
    )
    if not attackers:
        return None
    kind: BattleKind = "set_piece"
    if all(u.id in world.moved for u in defenders):
        kind = "meeting"  # OC29: the defenders were all on the move too
    elif contact.moved:
        kind = "move_battle"  # OC28
    given = [contact.orders.get(s, "order_attack") for s in contact.stacks]
    order: OffensiveOrder = "attack"
    if "order_assault" in given:
        order = "assault"  # OO7 (choice): one assaulting stack sets the battle's intensity
    elif given and all(g == "order_attack_no_advance" for g in given):
        order = "attack_no_advance"
    hex_id = board.hex_ids[target]
    stands = _defence_orders(game, world, hex_id, defenders[0].side)
    return AttackSpec(
        attackers,
        target,
        order,
        kind,
        night,
        combat_plus=supply.combat_plus(game, attackers),  # OS6
        hold_at_all_costs="order_hold_all" in stands,
        withdrawing=(bool(stands) and all(s == "order_withdraw_if_attacked" for s in stands))
        or _recce_withdraw(game, world, attackers, defenders, stands),
        attack_integrity=battlefield.integrity(game, list(attackers), attacking=True, night=night),
        defence_integrity=battlefield.integrity(
            game, [u.id for u in defenders], attacking=False, night=night
        ),
        overlay=battlefield.overlay_for(game, hex_id, defenders[0].side),
    )


def _recce_withdraw(
    game: Game,
    world: Battles,
    attackers: tuple[str, ...],
    defenders: list[OpUnit],
    stands: list[str],
) -> bool:
    """OC26: defenders that are all recce try to withdraw (not under Hold at all costs,
    not from an attack with a unit of ``contact.recce_pinned_by`` in it)."""
    rules = state.board_of(game).rules.contact
    pinned = set(rules.recce_pinned_by)
    return (
        rules.recce_withdraw
        and all(u.category == "recce" for u in defenders)
        and "order_hold_all" not in stands
        and not any(world.units[u].category in pinned for u in attackers)
    )


def _defence_orders(game: Game, world: Battles, hex_id: str, side: str) -> list[str]:
    """OO8: the order kind of each defending stack in the hex (``order_hold`` for one
    without an order). A stack whose units moved this turn (a retreat, an advance) stands
    with plain Hold in its new hex until the next turn. ``withdrawing`` in the spec is only
    a wish here: :func:`_fight` rolls for it."""
    plan = game.state.wego or {}
    given = plan.get("orders", {}).get(side, {})
    out: list[str] = []
    for stack in places.stacks_in(game, hex_id, side):
        if any(u in world.moved for u in stack.units):
            out.append("order_hold")
            continue
        out.append(str(given.get(stack.id, {}).get("kind", "order_hold")))
    return out


def _fight(game: Game, world: Battles, contact: Contact, spec: AttackSpec, tick: int) -> None:
    board = state.board_of(game)
    try:
        odds_preview(board, world.units, spec)  # IllegalAction before any roll
    except IllegalAction:
        return
    spec = _supported(game, world, spec)
    path: list[int] = []
    if spec.withdrawing:
        path = withdrawal(game, world, contact, spec, tick)
        spec = replace(spec, withdrawing=bool(path))
    try:
        result = resolve_attack(board, world.units, spec, game.dice)
    except IllegalAction:
        return
    stats = game.state.stats
    stats["battles"] = stats.get("battles", 0) + 1
    defenders = [r.unit for r in result.preview.defenders]
    defender_side = world.units[defenders[0]].side
    data = {k: v for k, v in result.record.items() if k not in ("type", "kind")}
    data["battle_kind"] = result.record["kind"]
    game.record(
        "op_battle",
        tick=tick,
        attacker=contact.side,
        defender=defender_side,
        stacks=list(contact.stacks),
        **data,
    )
    damage = state.data(game)["turn"]["damage"]
    for hit in result.damage:
        damage[hit.unit] = round(damage.get(hit.unit, 0.0) + hit.percent, 6)
    for unit in result.units.values():
        world.put(unit)
        state.store(game, unit)
    for unit_id in result.destroyed:
        destroy_unit(game, world, unit_id, "op_battle")
    survivors = [world.units[u] for u in defenders if u in world.units]
    hits = {h.unit: h.percent for h in result.damage}
    target_id = board.hex_ids[spec.target]
    if survivors and path:
        fall_back(game, world, survivors, spec.target, path, tick)
    elif survivors:
        retreat_losers(game, world, contact, spec, survivors, [hits[u.id] for u in survivors], tick)
    emptied = not any(u.side != contact.side for u in world.in_hex(spec.target))
    if emptied and spec.order != "attack_no_advance" and board.rules.after_combat.advance:
        advance(game, world, contact, spec, target_id, result.preview.attackers, tick)


def _supported(game: Game, world: Battles, spec: AttackSpec) -> AttackSpec:
    """OC2, OC9, OA5, OA6, OA13, OA14, OC33: the assets flying for this hex and the
    artillery firing at it or over it join the battle (air assets after AA fire,
    :func:`.sorties.battle_support`)."""
    attackers = [world.units[u] for u in spec.attackers if u in world.units]
    defenders = [u for u in world.in_hex(spec.target) if u.side != attackers[0].side]
    support = sorties.battle_support(
        game,
        world.units,
        attackers[0].side,
        spec.target,
        attackers,
        defenders,
        move_battle=spec.kind == "move_battle",
    )
    spec = replace(
        spec,
        attack_support=spec.attack_support + support.attack_shifts,
        defence_support=spec.defence_support + support.defence_shifts,
        attack_fire=spec.attack_fire + support.attack_fire,
        defence_fire=spec.defence_fire + support.defence_fire,
        attack_artillery=spec.attack_artillery + support.attack_artillery,
        defence_artillery=spec.defence_artillery + support.defence_artillery,
    )
    if support.attack_artillery or support.defence_artillery:
        spec = _with_guns_integrity(game, spec, attackers, defenders)
    return spec


def _with_guns_integrity(
    game: Game, spec: AttackSpec, attackers: list[OpUnit], defenders: list[OpUnit]
) -> AttackSpec:
    """OC4, OC33: the firing artillery units count among their side's units for
    organisational integrity (``artillery.integrity``)."""
    if not state.board_of(game).rules.artillery.integrity:
        return spec
    attack = [u.id for u in attackers] + [f.unit for f in spec.attack_artillery]
    defence = [u.id for u in defenders] + [f.unit for f in spec.defence_artillery]
    return replace(
        spec,
        attack_integrity=battlefield.integrity(game, attack, attacking=True, night=spec.night),
        defence_integrity=battlefield.integrity(game, defence, attacking=False, night=spec.night),
    )
