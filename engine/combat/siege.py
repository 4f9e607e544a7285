"""Sieges (G1): a side with ``min_besiegers`` land combat units in a region holding an enemy
fortified structure besieges it in its sieges phase. Each siege opens a card window for the
besieger, then one for the besieged side, then one die decides: the structure surrenders when
the roll plus the modifiers is at most its fortification level, and everything inside is
eliminated.

The open siege lives in ``state.stats``: ``siege_window`` (the side whose cards window is
open), ``siege_region`` and ``siege_structure``; ``sieges_done`` lists the structures already
rolled for this phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board, modifiers
from ..records import BattleSetup
from .losses import take_hits
from .prepare import build

if TYPE_CHECKING:
    from ..game import Game

WINDOW, REGION, STRUCTURE, DONE = "siege_window", "siege_region", "siege_structure", "sieges_done"


def is_open(game: Game) -> bool:
    return bool(game.state.stats.get(STRUCTURE))


def besiegers(game: Game, structure: str, side: str) -> list[str]:
    """``side``'s units in the structure's region, outside any structure."""
    region = game.world.structures[structure].region
    return [
        u
        for s in board.stacks_in(game, region, side)
        if s.structure is None
        for u in s.units
        if game.state.units[u].status == "active"
    ]


def defenders(game: Game, structure: str) -> list[str]:
    """Everything inside the structure."""
    region = game.world.structures[structure].region
    return [u for s in board.stacks_in(game, region) if s.structure == structure for u in s.units]


def open_to_siege(game: Game, side: str) -> list[str]:
    """Enemy fortified structures ``side`` besieges this phase and has not rolled for yet."""
    world = game.world
    rules = game.scenario.rules.siege
    done = game.state.stats.get(DONE, [])
    out = []
    for structure in world.scenario.structures:
        if structure.fortification == 0 or structure.id in done:
            continue
        holder = board.side_of_structure(game, structure.id)
        if holder is None or not world.at_war(side, holder):
            continue
        units = game.state.units
        combat = [
            u
            for u in besiegers(game, structure.id, side)
            if units[u].domain == "land" and board.is_combat(game, units[u])
        ]
        if len(combat) < rules.min_besiegers:
            continue
        blockade = rules.port_needs_blockade and structure.port
        if blockade and not _blockaded(game, structure.id, side):
            continue
        out.append(structure.id)
    return out


def _blockaded(game: Game, structure: str, side: str) -> bool:
    """Optional rule: a fortified port only falls to a siege while ``side``'s ships hold the
    sea region its harbour opens onto."""
    sea = game.world.structures[structure].sea_region
    if sea is None:
        return True
    return any(
        game.state.units[u].domain == "naval"
        for s in board.stacks_in(game, sea, side)
        for u in s.units
    )


def supporting_bombers(game: Game, structure: str, side: str) -> list[str]:
    """``side``'s bombers taking part in the siege of ``structure`` (G1): those over its
    region, those based at another airfield of that region, and those whose offensive flight
    ended over that region in this player-turn (they have flown home by the sieges phase, but
    they bombed it)."""
    from ..air.basing import SORTIES, has_role

    region = game.world.structures[structure].region
    sorties = game.state.stats.get(SORTIES, {})
    out = []
    for unit in game.state.units.values():
        if unit.side != side or unit.status != "active" or unit.domain != "air":
            continue
        if not has_role(game, unit.id, "bomber"):
            continue
        stack = game.state.stacks.get(unit.stack or "")
        here = stack is not None and stack.region == region and stack.structure != structure
        flown = sorties.get(unit.id) == [game.turn, region]
        if here or flown:
            out.append(unit.id)
    return out


def siege_modifiers(game: Game, structure: str, side: str) -> list[tuple[str, int]]:
    """The terms added to the siege roll (negative helps the besieger)."""
    rules = game.scenario.rules.siege
    world = game.world
    units = game.state.units
    outside = besiegers(game, structure, side)
    inside = defenders(game, structure)

    def roles(unit_id: str) -> set[str]:
        unit_type = world.unit_type(unit_id)
        return set(unit_type.roles) if unit_type else set()

    terms = []
    heavy = sum(1 for u in outside if not units[u].leader and "siege_artillery" in roles(u))
    terms.append(("siege_artillery", heavy * rules.siege_artillery_modifier))
    guns = any(not units[u].leader and "artillery" in roles(u) for u in outside)
    guns = guns or bool(supporting_bombers(game, structure, side))
    terms.append(("artillery_or_bombers", rules.artillery_or_bomber_modifier if guns else 0))
    steps = sum(
        units[u].strength
        for u in inside
        if units[u].status == "active" and board.is_combat(game, units[u])
    )
    crowd = steps // rules.overcrowding_step * rules.overcrowding_modifier
    terms.append(("overcrowding", crowd))
    expert = any(units[u].leader and world.leaders[u].siege for u in outside)
    terms.append(("besieging_leader", rules.besieger_leader_modifier if expert else 0))
    held = any(units[u].leader and world.leaders[u].siege for u in inside)
    terms.append(("besieged_leader", rules.besieged_leader_modifier if held else 0))
    region = world.structures[structure].region
    cards = 0
    for m in modifiers.of_kind(game, "modify"):
        if m.effect["stat"] != "siege":
            continue
        if any(_in_region(game, u, region) for u in m.units):
            cards += int(m.effect["amount"])
    terms.append(("cards", cards))
    return [t for t in terms if t[1]]


def _in_region(game: Game, unit_id: str, region: str) -> bool:
    unit = game.state.units.get(unit_id)
    if unit is None or unit.stack is None:
        return False
    stack = game.state.stacks.get(unit.stack)
    return stack is not None and stack.region == region


def open_siege(game: Game, structure: str) -> None:
    stats = game.state.stats
    region = game.world.structures[structure].region
    stats[STRUCTURE], stats[REGION], stats[WINDOW] = structure, region, game.active_side
    game.record(
        "siege_start",
        structure=structure,
        region=region,
        besieger=game.active_side,
        besieged=board.side_of_structure(game, structure),
    )


def pass_window(game: Game) -> None:
    """The side in the window has played what it wanted: the besieged side's window opens
    after the besieger's, then the die is rolled."""
    stats = game.state.stats
    holder = board.side_of_structure(game, stats[STRUCTURE])
    if stats[WINDOW] == game.active_side and holder is not None:
        stats[WINDOW] = holder
        return
    resolve(game)


def resolve(game: Game) -> None:
    stats = game.state.stats
    structure = stats[STRUCTURE]
    side = game.active_side
    level = game.world.structures[structure].fortification
    terms = siege_modifiers(game, structure, side)
    roll = game.dice.roll()
    total = roll + sum(a for _, a in terms)
    success = total <= level
    game.record(
        "siege_roll",
        structure=structure,
        roll=roll,
        modifiers=[list(t) for t in terms],
        total=total,
        level=level,
        success=success,
    )
    holder = board.side_of_structure(game, structure)
    if success:
        board.capture_structure(game, structure, side)
    _close(game, structure, holder, success=success, cancelled=False)


def cancel(game: Game) -> None:
    """A card called the siege off: no roll this phase."""
    stats = game.state.stats
    structure = stats[STRUCTURE]
    _close(game, structure, board.side_of_structure(game, structure), success=False, cancelled=True)


def inflict(game: Game, side: str, hits: int, source: str) -> None:
    """Hits a card deals during a siege window: to the units inside for the besieged side,
    to the besiegers outside otherwise (allocated as in battle, B5)."""
    stats = game.state.stats
    structure = stats[STRUCTURE]
    holder = board.side_of_structure(game, structure)
    inside = side == holder
    units = defenders(game, structure) if inside else besiegers(game, structure, side)
    battle: BattleSetup = {
        "region": stats[REGION],
        "structure": structure if inside else None,
        "attacker": game.active_side if inside else side,
        "defender": side if inside else (holder or side),
        "attackers": [] if inside else units,
        "defenders": units if inside else [],
        "entry": {},
        "crossings": [],
        "entrenched": False,
        "had_combat": [True, True],
        "ground": [True, True],
        "card_window": None,
        "morale_fixed": None,
    }
    setup = build(game, battle)
    s = 1 if inside else 0
    strength, taken = list(setup.strength), [0] * setup.n
    take_hits(setup, strength, [0] * setup.n, s, 0, hits, 0, taken)
    game.record("siege_auto_hits", side_id=side, hits=hits, source=source)
    for i, uid in enumerate(setup.ids):
        if not taken[i]:
            continue
        if strength[i] <= 0:
            board.eliminate(game, uid, source)
        else:
            game.state.units[uid].strength = strength[i]


def _close(
    game: Game, structure: str, holder: str | None, *, success: bool, cancelled: bool
) -> None:
    stats = game.state.stats
    region = stats[REGION]
    stats.setdefault(DONE, []).append(structure)
    stats[WINDOW] = stats[REGION] = stats[STRUCTURE] = None
    stats["sieges"] = stats.get("sieges", 0) + 1
    result = {
        "turn": game.turn,
        "structure": structure,
        "region": region,
        "besieger": game.active_side,
        "besieged": holder,
        "success": success,
        "cancelled": cancelled,
    }
    stats.setdefault("siege_results", []).append(result)
    game.record("siege_over", **result)
    modifiers.expire(game, "end_of_siege")
