"""Which units a card or event means: filters, scopes and picks of the scenario language."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from schemas.selection import Scope, Selection, UnitFilter

from .board import relative_sides
from .state import UnitState

if TYPE_CHECKING:
    from .game import Game


@dataclass
class Context:
    """Who is acting and where: the frame in which ``@self`` and "this battle" make sense."""

    side: str
    source: str
    targets: tuple[str, ...] = ()
    """Stacks, units or regions the player picked when playing the card."""
    picked: list[str] = field(default_factory=list)
    """What the last selection picked (for the log)."""
    preview: bool = False
    """Only asking whether something could happen: never roll dice."""


def nation_matches(game: Game, nation: str, wanted: list[str]) -> bool:
    """A nation matches a list if it, or a nation it is attached to, is in the list."""
    seen = 0
    current: str | None = nation
    while current is not None and seen < 16:
        if current in wanted:
            return True
        current = game.world.nations[current].parent
        seen += 1
    return False


def unit_matches(game: Game, unit: UnitState, flt: UnitFilter, ctx: Context) -> bool:
    if unit.side not in relative_sides(game, flt.side, ctx.side):
        return False
    return _type_matches(game, unit, flt)


def _type_matches(game: Game, unit: UnitState, flt: UnitFilter) -> bool:
    """:func:`unit_matches` past the side."""
    world = game.world
    if flt.units and unit.id not in flt.units:
        return False
    if flt.nations and not nation_matches(game, world.nation_of(unit.id), flt.nations):
        return False
    if flt.domains and unit.domain not in flt.domains:
        return False
    if unit.leader:
        # Leaders only answer filters that ask for nothing a leader lacks.
        return not (flt.unit_types or flt.roles or flt.tags or flt.classes)
    unit_type = world.unit_type(unit.id)
    assert unit_type is not None
    if flt.unit_types and unit_type.id not in flt.unit_types:
        return False
    if flt.roles and not set(flt.roles) & set(unit_type.roles):
        return False
    if flt.tags and not set(flt.tags) & set(unit_type.tags):
        return False
    return not (flt.classes and unit_type.unit_class not in flt.classes)


def in_scope(game: Game, unit: UnitState, scope: Scope) -> bool:
    fighting = battle_units(game) if scope.context == "battle" else None
    return _in_scope(game, unit, scope, fighting)


def _in_scope(game: Game, unit: UnitState, scope: Scope, fighting: set[str] | None) -> bool:
    """:func:`in_scope`, given the battle's units when the scope is a battle."""
    if unit.stack is None:
        return False
    stack = game.state.stacks[unit.stack]
    if scope.context == "battle":
        battle = game.state.battle
        if battle is None or fighting is None or unit.id not in fighting:
            return False
    elif scope.context == "siege":
        siege = game.state.stats.get("siege_region")
        if siege is None or stack.region != siege:
            return False
    region = stack.region
    world = game.world
    if scope.regions and region not in scope.regions:
        return False
    if scope.areas and not any(region in world.area_regions[a] for a in scope.areas):
        return False
    return not (
        scope.theatres and not any(region in world.theatre_regions[t] for t in scope.theatres)
    )


def battle_units(game: Game) -> set[str]:
    battle = game.state.battle
    if battle is None:
        return set()
    return set(battle["attackers"]) | set(battle["defenders"])


def matching(game: Game, flt: UnitFilter, scope: Scope, ctx: Context) -> list[UnitState]:
    """Active units answering a filter within a scope, in a stable order."""
    # Asked of every unit of the game (a card's condition at every decision of a window):
    # the sides and the battle's units are the same for all of them.
    sides = relative_sides(game, flt.side, ctx.side)
    fighting = battle_units(game) if scope.context == "battle" else None
    units: Iterable[UnitState] = game.state.units.values()
    if fighting is not None:
        units = [u for u in units if u.id in fighting]  # no other unit is in the scope
    # A filter naming no unit, nation, domain, type, role, tag or class lets any unit of
    # its sides through (``_type_matches``), so it is not asked unit by unit.
    typed = bool(
        flt.units
        or flt.nations
        or flt.domains
        or flt.unit_types
        or flt.roles
        or flt.tags
        or flt.classes
    )
    return [
        unit
        for unit in units
        if unit.status == "active"
        and unit.side in sides
        and (not typed or _type_matches(game, unit, flt))
        and _in_scope(game, unit, scope, fighting)
    ]


def select(game: Game, selection: Selection, ctx: Context) -> list[str]:
    """Unit ids a selection picks: every match, or ``count`` units or stacks of them, chosen
    by the player's targets (or the strongest, when the player named none) or by the die."""
    candidates = matching(game, selection.units, selection.scope, ctx)
    if selection.count is None:
        return [u.id for u in candidates]
    if selection.per == "stack":
        groups: dict[str, list[str]] = {}
        for unit in candidates:
            groups.setdefault(unit.stack or "", []).append(unit.id)
        chosen = _choose(game, list(groups), selection, ctx, lambda s: len(groups[s]))
        return [u for stack in chosen for u in groups[stack]]
    strengths = {u.id: u.strength for u in candidates}
    return _choose(game, list(strengths), selection, ctx, lambda u: strengths[u])


def _choose(
    game: Game,
    items: list[str],
    selection: Selection,
    ctx: Context,
    weight: Callable[[str], int],
) -> list[str]:
    count = selection.count or 0
    if selection.pick == "random":
        return game.dice.sample(items, count)
    named = [t for t in ctx.targets if t in items]
    if named:
        return named[:count]
    return sorted(items, key=lambda item: (-weight(item), item))[:count]
