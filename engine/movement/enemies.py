"""Enemies in a stack's way: who stops a move, and when a stack overruns them instead (V2)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from .. import board, stack_index
from ..naval import sailing
from ..state import StackState
from .stacks import hit_points, stack_domain

if TYPE_CHECKING:
    from ..game import Game


def _in_the_field(game: Game, stack: StackState) -> bool:
    """A stack not sheltered in a fortified structure: one there does not stop a move (it is
    besieged instead)."""
    structure = game.world.structures.get(stack.structure) if stack.structure else None
    return structure is None or structure.fortification == 0


def enemy_here(game: Game, region: str, side: str) -> list[StackState]:
    """Enemy stacks in the field of a region. Those sheltered in fortified structures do not
    stop a move (they are besieged instead), nor do aircraft alone (V2, A1)."""
    return [s for s in board.enemy_ground_stacks_in(game, region, side) if _in_the_field(game, s)]


def field_enemies(game: Game, side: str) -> FieldEnemies:
    """:func:`enemy_here` of every region at once (in the same order): a search for where a
    stack can go asks it of every region it looks at. Kept until a stack moves, comes, goes
    or changes its units (:func:`stack_index.kept`), and shared: never to be changed."""
    return stack_index.kept(game.state, ("field_enemies", side), lambda: FieldEnemies(game, side))


class FieldEnemies(Mapping[str, list[StackState]]):
    """Per region, the enemies of a side in its field (regions without any left out), as
    a read-only mapping. ``get`` works a region out when first asked, from the stacks by
    region (a search looks at a few hundred regions of a map of thousands); going through
    the whole mapping works out every region at once, in the order of a pass over the
    stacks (a region comes where its first enemy stack does)."""

    __slots__ = ("_at_war", "_found", "_game", "_whole")

    def __init__(self, game: Game, side: str) -> None:
        world = game.world
        self._game = game
        self._at_war = {other: world.at_war(side, other) for other in world.sides}
        self._found: dict[str, list[StackState]] = {}
        self._whole: dict[str, list[StackState]] | None = None

    def get(self, region: str, default: Any = None) -> Any:
        found = self._found.get(region)
        if found is None:
            found = self._found[region] = self._in(region)
        return found if found else default

    def __getitem__(self, region: str) -> list[StackState]:
        found = self.get(region)
        if found is None:
            raise KeyError(region)
        return found  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def _enemy(self, stack: StackState) -> bool:
        game = self._game
        return (
            self._at_war.get(stack.side, False)
            and board.has_ground_units(game, stack)
            and _in_the_field(game, stack)
        )

    def _in(self, region: str) -> list[StackState]:
        here = stack_index.index_of(self._game.state).in_region(region, None)
        return [s for s in here if self._enemy(s)]

    def _all(self) -> dict[str, list[StackState]]:
        if self._whole is None:
            out: dict[str, list[StackState]] = {}
            for stack in self._game.state.stacks.values():
                if self._enemy(stack):
                    out.setdefault(stack.region, []).append(stack)
            self._whole = out
        return self._whole


def can_overrun(game: Game, stack: StackState, defenders: list[StackState]) -> bool:
    """V2: hit points at least the rules' multiple of the defenders', and no immobile or
    fortification defender."""
    rules = game.scenario.rules.movement
    for defender in defenders:
        for unit_id in defender.units:
            unit_type = game.world.unit_type(unit_id)
            if unit_type and (
                unit_type.movement_class == "immobile" or "fortification" in unit_type.roles
            ):
                return False
    ours = hit_points(game, [stack])
    theirs = hit_points(game, defenders)
    from ..fog import hidden_from

    if any(hidden_from(game, d, stack.side) for d in defenders):
        return False
    return ours > 0 and ours >= rules.overrun_ratio * theirs


def overruns(game: Game, stack: StackState, defenders: list[StackState], left: float) -> bool:
    """V2: the stack overruns ``defenders`` when it entered their region with ``left`` MP
    still to spend: it must be strong enough (:func:`can_overrun`) and still have the MP the
    overrun costs. Without them the move stops there and a battle follows. Fleets under the
    naval rules never overrun: enemy ships always stop them."""
    if sailing.sails(game, stack_domain(game, stack)):
        return False
    cost = game.scenario.rules.movement.overrun_mp_cost
    return left >= cost and can_overrun(game, stack, defenders)
