"""Who fights where (B1): the regions holding a battle, the units on each side, and the
description of a battle before its first round.

Units inside a fortified structure stay out of the field battle (they are besieged, G1);
aircraft parked inside an airfield and ships stay out too. A region holds a battle for the
active side when it has units there and a side at war with it has land units there; aircraft
alone on the defending side are left to the air rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import board, stack_index
from ..errors import IllegalAction
from ..naval import battles as fleets
from ..records import BattleSetup
from .values import tables

if TYPE_CHECKING:
    from ..game import Game
    from ..state import StackState
    from ..world import World


def fortified(game: Game, stack: StackState) -> bool:
    structure = stack.structure
    return structure is not None and game.world.structures[structure].fortification > 0


def _fighting(game: Game, stack: StackState) -> list[str]:
    """Units of a stack that take part in a field battle in its region."""
    if fortified(game, stack):
        return []
    units = game.state.units
    inside = stack.structure is not None
    return [
        u
        for u in stack.units
        if units[u].status == "active"
        and units[u].domain != "naval"
        and not (inside and units[u].domain == "air")
    ]


def in_map_order(world: World, found: set[str]) -> list[str]:
    """``found``'s regions in map order (sorting the few found, not walking the whole map)."""
    order = world.order
    return sorted((r for r in found if r in order), key=order.__getitem__)


def battle_regions(game: Game, side: str) -> list[str]:
    """Regions where ``side`` has a field battle to fight, in map order."""
    world = game.world
    units = game.state.units
    index = stack_index.index_of(game.state)
    # Only regions where the side stands can hold its battles: each is looked at once, with
    # the stacks there (asked after every battle, a look at every stack's units cost more
    # than the battle on a large map).
    looked: set[str] = set()
    found: set[str] = set()
    for stack in game.state.stacks.values():
        region = stack.region
        if stack.side != side or region in looked:
            continue
        looked.add(region)
        if world.domain(region) != "land":
            continue
        here = index.in_region(region, None)
        if not any(world.at_war(side, s.side) for s in here):
            continue  # no enemy there: no battle (the cheap question first)
        mine = any(s.side == side and _fighting(game, s) for s in here)
        if mine and any(
            world.at_war(side, s.side)
            and any(units[u].domain == "land" for u in _fighting(game, s))
            for s in here
        ):
            found.add(region)
    # With the naval rules, fleets that met at sea fight too.
    found |= fleets.fleet_regions(game, side)
    return in_map_order(world, found)


def air_sea_regions(game: Game, side: str) -> list[str]:
    """Sea regions where ``side``'s aircraft in the air are over ships of a side at war with
    it: each is an air-sea battle, fought at the end of the side's offensive air movement
    (A4), in map order."""
    world = game.world
    units = game.state.units
    planes: set[str] = set()
    ships: set[str] = set()
    for stack in game.state.stacks.values():
        if world.domain(stack.region) != "sea":
            continue
        if stack.side == side:
            if stack.structure is None and any(units[u].domain == "air" for u in stack.units):
                planes.add(stack.region)
        elif world.at_war(side, stack.side) and any(
            units[u].domain == "naval" and units[u].status == "active" for u in stack.units
        ):
            ships.add(stack.region)
    found = planes & ships
    return in_map_order(world, found)


def assault_targets(game: Game, side: str) -> list[str]:
    """Enemy fortified structures with units inside, in regions where ``side`` holds the
    field with combat units: each may be assaulted (an optional battle, G1)."""
    world = game.world
    out = []
    busy = set(battle_regions(game, side))
    for structure in world.scenario.structures:
        if structure.fortification == 0 or structure.region in busy:
            continue
        holder = board.side_of_structure(game, structure.id)
        if holder is None or not world.at_war(side, holder):
            continue
        stacks = board.stacks_in(game, structure.region)
        inside = [s for s in stacks if s.structure == structure.id and s.side == holder]
        if not any(s.units for s in inside):
            continue
        outside = [s for s in stacks if s.side == side and s.structure is None]
        if any(board.is_combat(game, u) for s in outside for u in board.units_of(game, s)):
            out.append(structure.id)
    return out


def describe(
    game: Game,
    region: str,
    attacker: str,
    structure: str | None = None,
    *,
    units: list[str] | None = None,
) -> BattleSetup:
    """A new battle in ``region`` (or an assault on ``structure``) as a JSON-ready dict: the
    start of ``state.battle``. ``units`` replaces the attacking units by others, wherever they
    stand (to weigh an attack before moving)."""
    world = game.world
    attackers: list[str] = []
    defenders: list[str] = []
    entry: dict[str, str | None] = {}
    crossings: list[list[str | None]] = []
    entrenched = False
    defender: str | None = None
    if structure is not None:
        defender = board.side_of_structure(game, structure)
    # A4: at sea, aircraft in the air fight the enemy's ships (an air-sea battle).
    at_sea = world.domain(region) == "sea"
    for stack in board.stacks_in(game, region):
        if stack.side == attacker:
            if stack.structure is not None and structure is None and fortified(game, stack):
                continue
            if structure is not None and stack.structure is not None:
                continue
            fighting = _fighting(game, stack)
            if at_sea and structure is None:
                # Naval rules: the side's ships at sea fight the enemy's ships there too.
                fighting += [
                    u for u in fleets.attacking_ships(game, region, attacker) if u in stack.units
                ]
            attackers += fighting
            for u in fighting:
                entry[u] = stack.came_from
            if fighting and any(game.state.units[u].domain == "land" for u in fighting):
                pair = [stack.came_from, stack.crossed]
                if stack.crossed and pair not in crossings:
                    crossings.append(pair)
        elif world.at_war(attacker, stack.side):
            if structure is not None:
                if stack.structure != structure:
                    continue
                fighting = [u for u in stack.units if game.state.units[u].status == "active"]
            elif at_sea:
                fighting = [
                    u
                    for u in stack.units
                    if game.state.units[u].status == "active"
                    and game.state.units[u].domain == "naval"
                ]
            else:
                fighting = _fighting(game, stack)
            if not fighting:
                continue
            if defender is None:
                defender = stack.side
            if stack.side != defender:
                continue
            defenders += fighting
            entrenched = entrenched or stack.entrenched
    if defender is None:
        raise IllegalAction(f"there is no enemy to fight in {region}")
    if units is not None:
        attackers = [u for u in units if game.state.units[u].status == "active"]
        entry = dict.fromkeys(attackers)
        crossings = []
    everyone = game.state.units
    kinds = tables(world).units
    had_combat, ground = [False, False], [False, False]
    for s, lst in enumerate((attackers, defenders)):
        for u in lst:
            if not everyone[u].leader and kinds[u].combat:
                had_combat[s] = True
                ground[s] = ground[s] or kinds[u].domain != "air"
    return {
        "region": region,
        "structure": structure,
        "attacker": attacker,
        "defender": defender,
        "attackers": attackers,
        "defenders": defenders,
        "entry": entry,
        "crossings": crossings,
        "entrenched": entrenched,
        "had_combat": had_combat,
        "ground": ground,
        "card_window": None,
        "morale_fixed": None,
    }


def unresolved(game: Game, side: str, *, but: str | None = None) -> set[str]:
    """Regions with a field battle still to fight for ``side`` (retreats avoid them, B9)."""
    return {r for r in battle_regions(game, side) if r != but}


def battle_record(battle: BattleSetup) -> dict[str, Any]:
    """The fields of a battle worth logging at its start."""
    return {
        "region": battle["region"],
        "structure": battle["structure"],
        "attacker": battle["attacker"],
        "defender": battle["defender"],
        "attackers": list(battle["attackers"]),
        "defenders": list(battle["defenders"]),
    }
