"""Position tables that follow an insertion or deletion without being built again.

Deleting one connection of a 30,000-region map (90,000 connections) moves every connection
after it down by one. Building the tables of positions again (an object's position, an id's
first position) cost 25 to 30 ms per edit; a :class:`ShiftedTable` answers from the table
before the edit instead: what lay before the changed stretch kept its position, what lay
after it moved by the change of length, and the stretch itself is listed. Tables chain, edit
after edit, up to :data:`DEPTH` links; then the list's table is built again once.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from typing import Any, TypeVar

from .diffs import SectionDiff

K = TypeVar("K", bound=Hashable)

DEPTH = 8
"""Links of a chain of shifted tables before the table is built again."""
MIDDLE = 512
"""Entities in the changed stretch past which the table is built again."""


class ShiftedTable(Mapping[K, int]):
    """``base`` (the positions before an edit) seen after the edit (see the module text)."""

    def __init__(
        self,
        base: Mapping[K, int],
        start: int,
        stop: int,
        delta: int,
        middle: dict[K, int],
        gone: set[K],
        length: int,
    ) -> None:
        self._base = base
        self._start, self._stop, self._delta = start, stop, delta
        self._middle = middle
        """Keys whose position is given outright (those of the changed stretch)."""
        self._gone = gone
        self._length = length
        self.depth: int = getattr(base, "depth", 0) + 1

    def __getitem__(self, key: K) -> int:
        found = self._middle.get(key)
        if found is not None:
            return found
        if key in self._gone:
            raise KeyError(key)
        position = self._base[key]
        if position < self._start:
            return position
        if position >= self._stop:
            return position + self._delta
        raise KeyError(key)  # it lay in the changed stretch and is no longer listed

    def get(self, key: K, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[K]:
        for key in self._middle:
            yield key
        for key in self._base:
            if key not in self._middle and key in self:
                yield key


def stretch(diff: SectionDiff) -> tuple[list[Any], list[Any]] | None:
    """The changed stretch before and after, or ``None`` when a table must be built again."""
    if not diff.shifted or diff.reordered:
        return None
    old = diff.old[diff.start : len(diff.old) - diff.end]
    new = diff.new[diff.start : len(diff.new) - diff.end]
    if len(old) + len(new) > MIDDLE:
        return None
    return old, new


def shifted_objects(table: Mapping[int, int], diff: SectionDiff) -> ShiftedTable[int] | None:
    """Object id to position after ``diff``, from ``table`` (object id to position before);
    ``None`` when it should be built again."""
    found = stretch(diff)
    if found is None or getattr(table, "depth", 0) >= DEPTH:
        return None
    old, new = found
    middle = {id(e): diff.start + i for i, e in enumerate(new)}
    gone = {id(e) for e in old} - middle.keys()
    return ShiftedTable(
        table,
        diff.start,
        len(diff.old) - diff.end,
        len(diff.new) - len(diff.old),
        middle,
        gone,
        len(diff.new),
    )


def shifted_ids(
    table: Mapping[str, int],
    diff: SectionDiff,
    held_before: Mapping[str, int],
    distinct: int,
) -> ShiftedTable[str] | None:
    """An id's first position after ``diff``, from ``table`` (the same before it).
    ``held_before`` says how many entities held each id of the changed stretch before the
    edit, ``distinct`` how many ids the list holds after it. ``None`` when it should be
    built again: an id of the changed stretch that was also held elsewhere may now first
    stand where no table says."""
    found = stretch(diff)
    if found is None or getattr(table, "depth", 0) >= DEPTH:
        return None
    old, new = found
    if any(held_before.get(e.id, 0) > 1 for e in old):
        return None
    middle: dict[str, int] = {}
    for i, entity in enumerate(new):
        if entity.id in middle:
            continue
        before = table.get(entity.id)
        # Held before the stretch too: that first place did not move.
        middle[entity.id] = (
            before if before is not None and before < diff.start else (diff.start + i)
        )
    gone = {e.id for e in old} - middle.keys()
    return ShiftedTable(
        table,
        diff.start,
        len(diff.old) - diff.end,
        len(diff.new) - len(diff.old),
        middle,
        gone,
        distinct,
    )


def replaced_ids(
    table: Mapping[str, int],
    diff: SectionDiff,
    held_before: Mapping[str, int],
    held_after: Mapping[str, int],
    distinct: int,
) -> ShiftedTable[str] | None:
    """An id's first position after an edit that replaced entities in place (renaming a
    region: nothing moved, but an id came and one went), from ``table`` (the same before
    it). ``held_before`` and ``held_after`` say how many entities hold each id before and
    after the edit. ``None`` when it should be built again: the list shifted, or an id of
    the edit is held by another entity too (which one comes first is not known here)."""
    if diff.shifted or getattr(table, "depth", 0) >= DEPTH or len(diff.added) > MIDDLE:
        return None
    if any(held_before.get(e.id, 0) > 1 for e in diff.removed):
        return None
    if any(held_after.get(e.id, 0) > 1 for _, e in diff.added):
        return None
    middle = {entity.id: position for position, entity in diff.added}
    gone = {e.id for e in diff.removed} - middle.keys()
    # Nothing moved: every position the table holds lies before an end past the list.
    length = len(diff.new)
    return ShiftedTable(table, length, length, 0, middle, gone, distinct)
