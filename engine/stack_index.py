"""The stacks of a game by region, kept up to date as stacks come, go and move.

``board.stacks_in`` is the board's most asked question (movement asks it of every region a
search looks at, the AI of every region it weighs). Scanning every stack for it made a
decision's cost grow with the number of stacks times the regions looked at: on a generated
map of 5,000 regions that scan alone was a quarter of the AI's turn. The index answers from
the region's own list.

The index lives on the :class:`~engine.state.GameState` it describes (a transient attribute,
never saved) and is built at the first question. Every change of where a stack stands or
of which units it holds goes through :mod:`engine.board` (``relocate``, ``split``, ``merge``,
``remove_from_stack``) and :mod:`engine.setup` (``new_stack``, ``place_unit``), which tell
the index (:func:`added`, :func:`moved`, :func:`dropped`, :func:`touched`), and so does a
stack going into or out of a structure (``engine/phases/movement.py``): what is kept from the
stacks (the room left in the field, the enemies in the field, the airspace) depends on it.
Rules code that puts a unit into a stack it has just made needs not (no question comes in
between).
:func:`kept` keeps answers drawn from the stacks until the next such change.

Each region's list keeps the stacks in the order of ``state.stacks`` (the order a scan would
give), so every answer is the scan's, in the scan's order.

A state whose stacks were replaced wholesale (a loaded save, ``dataclasses.replace``) or
whose number of stacks changed behind the index's back gets a fresh index at the next
question.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Hashable, Iterable
from itertools import count
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from .state import GameState, StackState

T = TypeVar("T")

_VERSIONS = count(1)
"""Versions of every index of every game: an index built again never repeats one."""


class StackIndex:
    """Per region, the stacks standing there (inside its structures too), in ``state.stacks``
    order."""

    __slots__ = (
        "by_region",
        "following",
        "kept",
        "kept_at",
        "kept_by_side",
        "position",
        "sides",
        "stacks",
        "version",
    )

    def __init__(self, stacks: dict[str, StackState]) -> None:
        self.stacks = stacks
        """The dict indexed (the index is dropped when the state holds another)."""
        self.position: dict[str, int] = {}
        """Each stack's rank in ``stacks`` (new stacks come last)."""
        self.following = 0
        self.by_region: dict[str, list[StackState]] = {}
        """Per region, its stacks in rank order (the lists are the index's own: answers are
        copies)."""
        self.version = next(_VERSIONS)
        """Changes at every change of where a stack stands or of which units it holds."""
        self.kept: dict[Hashable, object] = {}
        """Answers worked out from the stacks (:func:`kept`), valid while ``version`` holds."""
        self.kept_at = self.version
        self.sides: dict[str, int] = {}
        """Per side, the version of the last change of one of its stacks."""
        self.kept_by_side: dict[Hashable, tuple[tuple[int, ...], object]] = {}
        """Answers drawn from some sides' stacks (:func:`kept_for`), with their versions."""
        for stack in stacks.values():
            self._put(stack)

    def __deepcopy__(self, memo: dict[int, object]) -> None:
        # A copy of a state (the AI's forks) builds its own index when first asked: copying
        # this one would copy what its kept answers refer to, the game and its scenario.
        return None

    def __reduce__(self) -> tuple[Callable[[], None], tuple[()]]:
        return _nothing, ()  # nor is it pickled with a state (the balance lab's workers)

    def _put(self, stack: StackState) -> None:
        rank = self.following
        self.following += 1
        self.position[stack.id] = rank
        self.by_region.setdefault(stack.region, []).append(stack)

    def fresh_for(self, stacks: dict[str, StackState]) -> bool:
        return self.stacks is stacks and len(self.position) == len(stacks)

    def in_region(self, region: str, side: str | None) -> list[StackState]:
        found = self.by_region.get(region)
        if not found:
            return []
        if side is None:
            return found[:]
        return [s for s in found if s.side == side]

    def touch(self, side: str) -> None:
        self.version = self.sides[side] = next(_VERSIONS)

    def add(self, stack: StackState) -> None:
        self._put(stack)
        self.touch(stack.side)

    def move(self, stack: StackState, before: str) -> None:
        if stack.id not in self.position:
            return
        self._take(before, stack)
        position = self.position
        insort(self.by_region.setdefault(stack.region, []), stack, key=lambda s: position[s.id])
        self.touch(stack.side)

    def drop(self, stack: StackState) -> None:
        if self.position.pop(stack.id, None) is None:
            return
        self._take(stack.region, stack)
        self.touch(stack.side)

    def _take(self, region: str, stack: StackState) -> None:
        found = self.by_region.get(region, [])
        for i, there in enumerate(found):
            if there is stack:
                del found[i]
                break
        if not found:
            self.by_region.pop(region, None)


def _nothing() -> None:
    return None


def index_of(state: GameState) -> StackIndex:
    """The state's index, built (or built again) when missing or out of date."""
    index = state._stack_index
    stacks = state.stacks
    # ``fresh_for``, written out: asked tens of thousands of times a game.
    if index is None or index.stacks is not stacks or len(index.position) != len(stacks):
        index = state._stack_index = StackIndex(stacks)
    return index


def added(state: GameState, stack: StackState) -> None:
    """``stack`` was just put into ``state.stacks``."""
    index = state._stack_index
    if index is not None and index.stacks is state.stacks:
        index.add(stack)


def moved(state: GameState, stack: StackState, before: str) -> None:
    """``stack`` went from region ``before`` to ``stack.region``."""
    index = state._stack_index
    if index is not None and index.stacks is state.stacks:
        index.move(stack, before)


def dropped(state: GameState, stack: StackState) -> None:
    """``stack`` was just taken out of ``state.stacks``."""
    index = state._stack_index
    if index is not None and index.stacks is state.stacks:
        index.drop(stack)


def touched(state: GameState, stack: StackState) -> None:
    """The units of ``stack`` changed (one joined or left it), or it went into or out of a
    structure."""
    index = state._stack_index
    if index is not None and index.stacks is state.stacks:
        index.touch(stack.side)


def kept(state: GameState, key: Hashable, work: Callable[[], T]) -> T:
    """``work()``, kept until a stack of ``state`` moves, comes, goes or changes its units.

    For answers that depend on nothing else of the state than where the stacks stand and
    which units they hold (a unit's strength or status is not part of that)."""
    index = index_of(state)
    if index.kept_at != index.version:
        index.kept.clear()
        index.kept_at = index.version
    if key not in index.kept:
        index.kept[key] = work()
    return index.kept[key]  # type: ignore[return-value]


def kept_for(state: GameState, key: Hashable, sides: Iterable[str], work: Callable[[], T]) -> T:
    """``work()``, kept until a stack of one of ``sides`` moves, comes, goes or changes its
    units: for answers drawn from those sides' stacks alone (an enemy's stacks stand still
    while a side moves, however many moves it makes)."""
    index = index_of(state)
    versions = tuple(index.sides.get(side, 0) for side in sides)
    found = index.kept_by_side.get(key)
    if found is not None and found[0] == versions:
        return found[1]  # type: ignore[return-value]
    value = work()
    index.kept_by_side[key] = (versions, value)
    return value
