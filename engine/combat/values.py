"""What a unit brings to a battle: its factors, its morale, and why they are what they are.

The scenario's pydantic models are read once per world into small frozen records
(:class:`TypeInfo`, :class:`LeaderInfo`, :class:`Numbers`), so the round engine never touches
pydantic. :func:`explain` gives the list of modifiers behind a unit's factor, for tooltips.
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

from schemas.rules import SupplyStage

if TYPE_CHECKING:
    from ..game import Game
    from ..state import StackState
    from ..world import World
    from .skeleton import Skeleton

PRIORITY = {"first": 0, "normal": 1, "last": 2}


@dataclass(frozen=True, slots=True)
class TypeInfo:
    """The battle-relevant values of a unit type, as plain Python values."""

    attack: int
    defence: int
    morale: int
    hit_points: int
    stacking: int
    rate_of_fire: int
    elite: bool
    priority: int
    combat: bool
    domain: str
    armour: bool
    artillery: bool
    siege_artillery: bool
    aa: bool
    recon: bool
    mine: bool
    bomber: bool
    close_support: bool
    """Fighter-bombers and dive bombers: aircraft that also fire in the main rounds."""
    ambush: bool
    pursuit: bool
    breakthrough: bool
    agile: bool
    immobile: bool
    stealth: bool
    reduced_attack: int
    reduced_defence: int
    reduced_morale: int
    has_reduced: bool
    boost_attack: int
    boost_defence: int
    boost_morale: int


@dataclass(frozen=True, slots=True)
class LeaderInfo:
    rank: int
    hierarchy: str
    attack: int
    defence: int
    morale: int
    stacking: int
    boost_attack: int
    boost_defence: int
    boost_morale: int
    breakthrough: bool
    siege: bool


@dataclass(frozen=True, slots=True)
class Numbers:
    """``rules.battle`` and friends, copied out of pydantic for the hot loop."""

    zero_hits: bool
    elite_reroll: bool
    reduced_fraction: float
    sup_ratio: float
    sup_min: int
    sup_combat: int
    sup_morale: int
    armour_morale: int
    air_morale: int
    per_unit_lost: int
    per_next_round: int
    heavy_fraction: float
    heavy_morale: int
    panic_fraction: float
    panic_multiplier: int
    cavalry_fraction: float
    support_fraction: float
    connection_rounds: int
    max_next_rounds: int
    max_rounds: int
    air_only_rounds: int
    entrenchment: int
    assault: int


@dataclass(frozen=True, slots=True)
class Row:
    """A unit's values on one side of a battle (attacking or defending), for the lists of a
    :class:`~.prepare.Setup`."""

    hp: int
    rof: int
    elite: bool
    combat: bool
    air: bool
    armour: bool
    """A land combat unit with the armour role: fires and takes the "cavalry" hits (B5)."""
    prio: int
    morale: int
    full: int
    """The factor it fires with: attack or defence (see :func:`uses_attack`)."""
    red: int
    """That factor when reduced."""
    reduced_at: int
    stat: str
    group: int
    """0 armour, 1 other combat, 2 support, 3 aircraft: how it takes hits."""
    aa: bool
    kinds: tuple[str, ...]
    """Rounds it may fire in, before the terrain has its say (ambush, recon, pursuit)."""
    agile: bool
    reduced_morale: int
    boost: int
    """Its booster to the attack (attacking) or defence (defending) of its side."""
    boost_morale: int


class Tables:
    """Per-world caches of :class:`TypeInfo` by unit id and :class:`LeaderInfo` by leader id."""

    def __init__(self, world: World) -> None:
        by_type = {t.id: _type_info(t) for t in world.scenario.unit_types}
        self.units: dict[str, TypeInfo] = {u.id: by_type[u.type] for u in world.scenario.units}
        self.leaders: dict[str, LeaderInfo] = {
            x.id: LeaderInfo(
                x.rank,
                x.hierarchy,
                x.attack,
                x.defence,
                x.morale,
                x.stacking,
                x.booster.attack,
                x.booster.defence,
                x.booster.morale,
                x.breakthrough,
                x.siege,
            )
            for x in world.scenario.leaders
        }
        b = world.rules.battle
        self.numbers = Numbers(
            b.zero_always_hits,
            b.elite_reroll,
            b.reduced_strength_fraction,
            b.armour_superiority_ratio,
            b.armour_superiority_min_units,
            b.armour_superiority_combat,
            b.armour_superiority_morale,
            b.armour_present_morale,
            b.air_present_morale,
            b.morale_per_unit_lost,
            b.morale_per_next_round,
            b.heavy_losses_fraction,
            b.heavy_losses_morale,
            b.panic_hits_fraction,
            b.panic_morale_multiplier,
            b.cavalry_only_hit_fraction,
            b.total_elimination_support_fraction,
            b.connection_bonus_rounds,
            b.max_next_rounds,
            b.max_rounds,
            b.air_only_rounds,
            world.rules.entrenchment.attacker_modifier,
            world.rules.siege.assault_defence_modifier,
        )
        self._rows: dict[tuple[str, bool], Row] = {}
        self.skeletons: dict[tuple[str, tuple[str, ...], tuple[int, ...]], Skeleton] = {}
        """Battle skeletons by terrain and line-up (see :mod:`.skeleton`)."""

    def row(self, unit_id: str, attacking: bool) -> Row:
        key = (unit_id, attacking)
        found = self._rows.get(key)
        if found is None:
            found = self._rows[key] = _row(self.units[unit_id], attacking, self.numbers)
        return found


_TABLES: weakref.WeakKeyDictionary[World, Tables] = weakref.WeakKeyDictionary()


def tables(world: World) -> Tables:
    found = _TABLES.get(world)
    if found is None:
        found = _TABLES[world] = Tables(world)
    return found


def _row(info: TypeInfo, attacking: bool, nums: Numbers) -> Row:
    ua = uses_attack(info, attacking)
    air = info.domain == "air"
    kinds: list[str] = []
    if not info.aa:
        if air:
            kinds += ["air_support"] if info.attack > 0 else []
            kinds += ["main"] if info.close_support else []
        else:
            kinds += ["main"] if info.combat else []
            kinds += ["artillery"] if info.artillery else []
            kinds += ["ambush"] if info.ambush else []
            kinds += ["recon"] if info.recon else []
        kinds += ["mines"] if info.mine else []
    kinds += ["pursuit"] if info.pursuit else []
    group = 3 if air else 2 if not info.combat else 0 if info.armour else 1
    return Row(
        hp=info.hit_points,
        rof=info.rate_of_fire,
        elite=info.elite and nums.elite_reroll,
        combat=info.combat,
        air=air,
        armour=group == 0,
        prio=info.priority,
        morale=info.morale,
        full=info.attack if ua else info.defence,
        red=info.reduced_attack if ua else info.reduced_defence,
        reduced_at=reduced_at(info, nums.reduced_fraction),
        stat="attack" if ua else "defence",
        group=group,
        aa=info.aa,
        kinds=tuple(kinds),
        agile=info.agile,
        reduced_morale=info.reduced_morale,
        boost=info.boost_attack if attacking else info.boost_defence,
        boost_morale=info.boost_morale,
    )


def _type_info(t: object) -> TypeInfo:
    roles = set(t.roles)  # type: ignore[attr-defined]
    reduced = t.reduced  # type: ignore[attr-defined]
    attack, defence, morale = t.attack, t.defence, t.morale  # type: ignore[attr-defined]
    booster = t.booster  # type: ignore[attr-defined]
    return TypeInfo(
        attack=attack,
        defence=defence,
        morale=morale,
        hit_points=t.hit_points,  # type: ignore[attr-defined]
        stacking=t.stacking,  # type: ignore[attr-defined]
        rate_of_fire=t.rate_of_fire,  # type: ignore[attr-defined]
        elite=t.elite,  # type: ignore[attr-defined]
        priority=PRIORITY[t.loss_priority],  # type: ignore[attr-defined]
        combat=t.unit_class == "combat",  # type: ignore[attr-defined]
        domain=t.domain,  # type: ignore[attr-defined]
        armour="armour" in roles,
        artillery="artillery" in roles,
        siege_artillery="siege_artillery" in roles,
        aa="aa" in roles,
        recon="recon" in roles,
        mine="mine" in roles,
        bomber="bomber" in roles,
        close_support=bool(roles & {"fighter_bomber", "dive_bomber"}),
        ambush=t.ambush or "guerrilla" in roles,  # type: ignore[attr-defined]
        pursuit=t.pursuit,  # type: ignore[attr-defined]
        breakthrough=t.breakthrough,  # type: ignore[attr-defined]
        agile=t.agile,  # type: ignore[attr-defined]
        immobile=t.movement_class == "immobile",  # type: ignore[attr-defined]
        stealth="stealth" in roles,
        reduced_attack=attack if reduced is None or reduced.attack is None else reduced.attack,
        reduced_defence=defence if reduced is None or reduced.defence is None else reduced.defence,
        reduced_morale=morale if reduced is None or reduced.morale is None else reduced.morale,
        has_reduced=reduced is not None,
        boost_attack=booster.attack,
        boost_defence=booster.defence,
        boost_morale=booster.morale,
    )


# -- values that depend on the game ---------------------------------------------------------------


def supply_stage(game: Game, unit_id: str) -> SupplyStage | None:
    """The out-of-supply stage a unit suffers (S4), as the supply rules define it."""
    from ..supply import stage_of  # supply imports this module: import late

    return stage_of(game, unit_id)


def reduced_at(info: TypeInfo, fraction: float) -> int:
    """Highest strength at which a unit uses its reduced values (-1: never)."""
    return math.floor(info.hit_points * fraction + 1e-9) if info.has_reduced else -1


def uses_attack(info: TypeInfo, attacking: bool) -> bool:
    """Which factor a unit fires with: the attacker's units use attack, the defender's
    defence; aircraft and support units have no separate defence and always use attack."""
    return attacking or info.domain == "air" or not info.combat


def commander(game: Game, leader_ids: list[str]) -> str | None:
    """The commanding leader (U3): highest rank, then earliest hierarchy letter, then id."""
    leaders = tables(game.world).leaders
    if not leader_ids:
        return None
    return min(leader_ids, key=lambda u: (-leaders[u].rank, leaders[u].hierarchy, u))


def commanding_leader(game: Game, stack: StackState) -> str | None:
    """The commanding leader of a stack (see :func:`commander`)."""
    return commander(game, [u for u in stack.units if game.state.units[u].leader])


def command_limit(game: Game, leader_id: str) -> int:
    """Stacking points a leader commands without penalty: the limit of its rank (U3)."""
    rules = game.scenario.rules.command
    rank = tables(game.world).leaders[leader_id].rank
    return {1: rules.limit_1_star, 2: rules.limit_2_star}.get(rank, rules.limit_3_star)


def command_steps(game: Game, leader_id: str | None, points: int) -> int:
    """Penalty steps of a leader commanding ``points`` stacking points (U3): one per started
    ``penalty_step`` points over the limit of its rank."""
    if leader_id is None:
        return 0
    over = points - command_limit(game, leader_id)
    return 0 if over <= 0 else -(-over // game.scenario.rules.command.penalty_step)


def stacking_points(game: Game, unit_ids: list[str]) -> int:
    """Stacking points of the land units and leaders among ``unit_ids``."""
    t = tables(game.world)
    total = 0
    for unit_id in unit_ids:
        unit = game.state.units[unit_id]
        if unit.leader:
            total += t.leaders[unit_id].stacking
        elif unit.domain == "land":
            total += t.units[unit_id].stacking
    return total


def explain(game: Game, unit_id: str, round_name: str = "main") -> list[tuple[str, int]]:
    """The terms of a unit's combat factor, for a tooltip: ``[("base", 4), ("terrain", -1),
    ...]``; their sum is the factor it fires with. Inside the open battle every battle
    modifier is listed for the round named; elsewhere only its own value, reduced values and
    supply."""
    from .prepare import build

    battle = game.state.battle
    if battle is not None and unit_id in battle["attackers"] + battle["defenders"]:
        setup = build(game, battle, explain=True)
        if unit_id in setup.index:
            return setup.explain_unit(setup.index[unit_id], round_name, game)
    unit = game.state.units[unit_id]
    if unit.leader:
        return []
    info = tables(game.world).units[unit_id]
    attacking = battle is None or unit.side == battle["attacker"]
    use_attack = uses_attack(info, attacking)
    terms = [("base", info.attack if use_attack else info.defence)]
    if unit.strength <= reduced_at(info, game.scenario.rules.battle.reduced_strength_fraction):
        reduced = info.reduced_attack if use_attack else info.reduced_defence
        terms.append(("reduced", reduced - terms[0][1]))
    stage = supply_stage(game, unit_id)
    if stage is not None:
        terms.append(("supply", stage.attack if use_attack else stage.defence))
    return [term for term in terms if term[1] or term[0] == "base"]
