"""Retreats after a battle (B9), done by the game, not by the player.

Attacking units go back to the region each entered from. Defending units (and attackers with
no known entry, or whose entry is no longer usable) go to a neighbouring region their side
controls, free of enemy combat units, reached over a connection they may use, that is
neither an attacker's entry region nor the site of a battle still to fight; the region
closest to one of their side's supply sources wins, the die breaking ties. A defender with no
such region may shelter in its own fortified structure in the battle region; otherwise it is
eliminated. Units that would overstack the region they reach go one region further, if some
region there has room for all of them. Immobile units cannot retreat and are eliminated.
Aircraft fly home (A5). Retreating ends entrenchment (U5).

Where several regions are equally close to supply, the rules leave the pick to the die; a
side listed by :func:`engine.decisions.let_choose` (a person's) picks instead: the retreat
waits on a pending ``retreat`` decision (answered with ``Choose(i)``, ``i`` indexing its
``options``) and the battle's end (capture, result, breakthrough) waits with it
(:func:`engine.combat.battle.conclude`). Every other side's retreat rolls as before.
"""

from __future__ import annotations

import weakref
from collections import deque
from typing import TYPE_CHECKING

from .. import board, decisions
from ..actions import Action, Choose
from ..errors import IllegalAction
from ..records import BattleSetup, Decision, RetreatWork
from .field import fortified, unresolved
from .values import tables

if TYPE_CHECKING:
    from ..game import Game
    from ..world import World

INFINITY = 10**9


def retreat_side(
    game: Game, battle: BattleSetup, side: str, *, vp: bool = True, choice: bool = True
) -> bool:
    """Take ``side``'s units out of the battle region (see the module docstring). Returns
    ``False`` when the side's player must first choose where a group goes (``choice``: a
    card's cancellation never asks); the retreat goes on when the answer comes."""
    region = battle["region"]
    fought = battle["attackers"] if side == battle["attacker"] else battle["defenders"]
    units = game.state.units
    leaving = [
        u for u in fought if units[u].status == "active" and board.in_region(game, u, region)
    ]
    if not leaving:
        return True
    aircraft = [u for u in leaving if units[u].domain == "air"]
    kinds = tables(game.world).units
    # Units that can never move (bunkers, minefields) cannot retreat either.
    stuck = [u for u in leaving if not units[u].leader and kinds[u].immobile]
    if stuck:
        trapped(game, side, stuck, vp=vp)
    ground = [u for u in leaving if units[u].domain != "air" and u not in stuck]
    attacking = side == battle["attacker"]
    barred = unresolved(game, game.active_side, but=region)
    if not attacking:
        barred |= {r for r in battle["entry"].values() if r}
    if game.world.domain(region) == "sea":
        # A4: ships beaten by aircraft keep the sea; aircraft cannot take it from them. Ships
        # beaten by ships (naval rules) sail away, or are lost with nowhere to go.
        ships = [u for u in ground if units[u].domain == "naval"]
        ground = [u for u in ground if units[u].domain != "naval"]
        enemy = battle["defenders"] if attacking else battle["attackers"]
        if ships and any(units[u].domain == "naval" for u in enemy):
            _sail_away(game, battle, side, ships, attacking, barred, vp)
    groups: dict[str | None, list[str]] = {}
    for unit_id in ground:
        entry = battle["entry"].get(unit_id) if attacking else None
        groups.setdefault(entry, []).append(unit_id)
    work: RetreatWork = {
        "side": side,
        "region": region,
        "attacking": attacking,
        "barred": sorted(barred),
        "groups": [[entry, group] for entry, group in groups.items()],
        "aircraft": aircraft,
        "vp": vp,
        "choice": choice,
    }
    return _go_on(game, battle, work)


def _sail_away(
    game: Game,
    battle: BattleSetup,
    side: str,
    ships: list[str],
    attacking: bool,
    barred: set[str],
    vp: bool,
) -> None:
    """Beaten ships leave the sea region of a naval battle, each group of attackers back where
    it came from if it can (see :func:`engine.naval.battles.retreat_target`)."""
    from ..naval.battles import retreat_target

    region = battle["region"]
    groups: dict[str | None, list[str]] = {}
    for unit_id in ships:
        groups.setdefault(battle["entry"].get(unit_id) if attacking else None, []).append(unit_id)
    for entry, group in groups.items():
        target = retreat_target(game, region, side, entry, barred)
        if target is None:
            trapped(game, side, group, vp=vp)
            continue
        move(game, group, target[0], target[1])
        game.record("battle_retreat", side_id=side, units=group, to=target[0], origin=region)


def _go_on(game: Game, battle: BattleSetup, work: RetreatWork) -> bool:
    """Retreat the groups left in ``work`` in order; stop at the first whose player must
    choose (``False``), else fly the aircraft home (``True``)."""
    side, region, vp = work["side"], work["region"], work["vp"]
    barred = set(work["barred"])
    distance = supply_distance(game, side)
    groups = work["groups"]
    while groups:
        entry, group = groups.pop(0)
        if entry is not None and usable(game, entry, side):
            place(game, group, entry, side, region, barred, distance, vp=vp)
            continue
        options = neighbours(game, region, side, barred)
        if options:
            tied = closest(options, distance)
            if len(tied) > 1 and work["choice"] and decisions.chooses(game, side):
                decisions.push(
                    game,
                    {"kind": "retreat", "side": side, "options": tied, "units": group, **work},
                )
                return False
            target = tied[0] if len(tied) == 1 else game.dice.pick(tied)
            place(game, group, target, side, region, barred, distance, vp=vp)
        elif not work["attacking"] and _shelter(game, battle, group, side):
            continue
        else:
            trapped(game, side, group, vp=vp)
    if work["aircraft"]:
        from ..air import fly_home

        fly_home(game, work["aircraft"], "retreat")
    return True


def _describe(game: Game, decision: Decision) -> str:
    assert decision["kind"] == "retreat"
    return f"{decision['side']} must choose where its beaten units retreat: " + ", ".join(
        decision["options"]
    )


def _actions(game: Game, decision: Decision) -> list[Action]:
    assert decision["kind"] == "retreat"
    return decisions.choose_among(decision["options"])


def _apply(game: Game, decision: Decision, action: Action) -> None:
    assert decision["kind"] == "retreat"
    if not isinstance(action, Choose) or not 0 <= action.option < len(decision["options"]):
        raise IllegalAction("answer with the number of one of the retreat regions")
    decisions.pop(game)
    battle = game.state.battle
    assert battle is not None, "a retreat is chosen while its battle ends"
    work: RetreatWork = {
        "side": decision["side"],
        "region": decision["region"],
        "attacking": decision["attacking"],
        "barred": decision["barred"],
        "groups": decision["groups"],
        "aircraft": decision["aircraft"],
        "vp": decision["vp"],
        "choice": decision["choice"],
    }
    target = decision["options"][action.option]
    side, region = decision["side"], decision["region"]
    distance = supply_distance(game, side)
    barred = set(work["barred"])
    place(game, decision["units"], target, side, region, barred, distance, vp=work["vp"])
    if _go_on(game, battle, work):
        from .battle import conclude

        conclude(game)


decisions.register("retreat", decisions.Handler(_describe, _actions, _apply))


# -- where to ------------------------------------------------------------------------------------


def enemy_combat_in(game: Game, region: str, side: str) -> bool:
    """Whether units of a side at war with ``side`` hold ground combat units in ``region``
    (those shut inside a fortified structure do not count, nor do aircraft, A1)."""
    for stack in board.enemy_stacks_in(game, region, side):
        if fortified(game, stack):
            continue
        if any(board.is_combat(game, u) and u.domain != "air" for u in board.units_of(game, stack)):
            return True
    return False


def usable(game: Game, region: str, side: str) -> bool:
    """A land region ``side``'s land units may retreat into."""
    world = game.world
    return (
        world.domain(region) == "land"
        and side not in world.closed_to[region]
        and not enemy_combat_in(game, region, side)
    )


def neighbours(game: Game, region: str, side: str, barred: set[str]) -> list[str]:
    """Friendly regions next to ``region`` a land retreat may reach."""
    world = game.world
    out = []
    for link in world.neighbours(region):
        target = link.to
        if target in barred or target == region or target in out:
            continue
        if link.kind.domain != "land":
            continue
        if link.kind.needs_bridge and not _bridged(game, link.connection.id):
            continue
        if board.side_of_region(game, target) != side or not usable(game, target, side):
            continue
        out.append(target)
    return out


def _bridged(game: Game, connection: str) -> bool:
    changed = game.state.connection_state.get(connection)
    return changed[0] if changed is not None else game.world.connections[connection].bridge


def supply_distance(game: Game, side: str) -> dict[str, int]:
    """Regions by how many steps over land they lie from ``side``'s nearest open supply
    source (unreachable regions are missing). It depends on the map and on which sources
    are open alone, so it is kept per scenario and set of open sources (a search of the
    whole map per retreat was most of a battle's cost on large maps): shared, never to be
    changed by the caller."""
    world = game.world
    starts = tuple(
        s.region
        for s in world.scenario.supply_sources
        if game.state.sources_open.get(s.id, s.operative) and (not s.sides or side in s.sides)
    )
    known = _DISTANCES.setdefault(world, {})
    found = known.get(starts)
    if found is None:
        if len(known) > 64:
            known.clear()  # sources open and close over a game: keep only recent sets
        found = known[starts] = _supply_distance(world, starts)
    return found


_DISTANCES: weakref.WeakKeyDictionary[World, dict[tuple[str, ...], dict[str, int]]] = (
    weakref.WeakKeyDictionary()
)


def _supply_distance(world: World, starts: tuple[str, ...]) -> dict[str, int]:
    distance = dict.fromkeys(starts, 0)
    queue = deque(starts)
    while queue:
        here = queue.popleft()
        for link in world.neighbours(here):
            there = link.to
            if there in distance or link.kind.domain != "land":
                continue
            if world.domain(there) != "land":
                continue
            distance[there] = distance[here] + 1
            queue.append(there)
    return distance


def closest(options: list[str], distance: dict[str, int]) -> list[str]:
    """The options closest to supply (in their order)."""
    nearest = min(distance.get(r, INFINITY) for r in options)
    return [r for r in options if distance.get(r, INFINITY) == nearest]


def best(game: Game, options: list[str], distance: dict[str, int]) -> str:
    """The option closest to supply; the die picks among equals."""
    tied = closest(options, distance)
    return tied[0] if len(tied) == 1 else game.dice.pick(tied)


# -- moving ----------------------------------------------------------------------------------------


def _stacking(game: Game, unit_id: str) -> int:
    t = tables(game.world)
    if game.state.units[unit_id].leader:
        return t.leaders[unit_id].stacking
    return t.units[unit_id].stacking


def room(game: Game, region: str, side: str) -> int:
    """Land stacking points ``side`` may still add to ``region`` (outside structures)."""
    world = game.world
    limit = world.land_stacking(region, world.regions[region].network)
    used = sum(
        _stacking(game, u)
        for s in board.stacks_in(game, region, side)
        if s.structure is None
        for u in s.units
        if game.state.units[u].domain == "land"
    )
    return limit - used


def place(
    game: Game,
    group: list[str],
    target: str,
    side: str,
    origin: str,
    barred: set[str],
    distance: dict[str, int],
    *,
    vp: bool = True,
) -> None:
    """Move ``group`` into ``target``; units that would overstack it go one region further
    (a region next to ``target`` with room for all of them), or are eliminated."""
    free = room(game, target, side)
    fits: list[str] = []
    excess: list[str] = []
    # Leaders take no room (or free some), so they are placed last and always fit.
    for unit_id in sorted(group, key=lambda u: game.state.units[u].leader):
        need = _stacking(game, unit_id) if game.state.units[unit_id].domain == "land" else 0
        if need <= free:
            fits.append(unit_id)
            free -= need
        else:
            excess.append(unit_id)
    if fits:
        move(game, fits, target)
        game.record("battle_retreat", side_id=side, units=fits, to=target, origin=origin)
    if not excess:
        return
    need = sum(_stacking(game, u) for u in excess)
    further = [
        r for r in neighbours(game, target, side, barred | {origin}) if room(game, r, side) >= need
    ]
    if further:
        beyond = best(game, further, distance)
        move(game, excess, beyond)
        game.record(
            "battle_retreat", side_id=side, units=excess, to=beyond, origin=origin, jumped=True
        )
    else:
        trapped(game, side, excess, vp=vp)


def _shelter(game: Game, battle: BattleSetup, group: list[str], side: str) -> bool:
    """A defender with nowhere to go shelters in its own fortified structure in the battle
    region, as far as its capacity allows; the rest are eliminated."""
    region = battle["region"]
    for structure in game.world.structures_in[region]:
        if structure.fortification == 0 or structure.id == battle["structure"]:
            continue
        if board.side_of_structure(game, structure.id) != side:
            continue
        capacity = structure.capacity.land
        used = sum(
            _stacking(game, u)
            for s in board.stacks_in(game, region, side)
            if s.structure == structure.id
            for u in s.units
        )
        inside, left = [], []
        for unit_id in sorted(group, key=lambda u: game.state.units[u].leader):
            need = _stacking(game, unit_id)
            if capacity is None or used + need <= capacity:
                inside.append(unit_id)
                used += need
            else:
                left.append(unit_id)
        if inside:
            move(game, inside, region, structure.id)
            game.record(
                "battle_retreat", side_id=side, units=inside, to=region, structure=structure.id
            )
        if left:
            trapped(game, side, left)
        return True
    return False


def trapped(game: Game, side: str, group: list[str], *, vp: bool = True) -> None:
    """Units with nowhere to retreat are eliminated."""
    game.record("battle_trapped", side_id=side, units=list(group))
    for unit_id in group:
        board.eliminate(game, unit_id, "no retreat", vp=vp)


def move(game: Game, unit_ids: list[str], region: str, structure: str | None = None) -> None:
    """Take units out of their stacks into ``region`` (or a structure there), joining the
    side's stack already at that place; entrenchment stays behind."""
    for moving in board.detached(game, unit_ids):
        moving.entrenched = False
        board.relocate(game, moving, region, structure)
        moving.came_from = moving.crossed = None
        here = next(
            (
                s
                for s in board.stacks_in(game, region, moving.side)
                if s.id != moving.id and s.structure == structure
            ),
            None,
        )
        if here is not None:
            board.merge(game, here, [moving])
