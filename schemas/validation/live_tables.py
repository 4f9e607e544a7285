"""The live validation's own tables of the scenario's lists, kept in step edit by edit: where
each entity stands, how many entities hold each id, and the connections and regions by the ids
they name. Rebuilding any of them from the whole list costs milliseconds on a 30,000-region
map, so each edit patches them instead (see :mod:`.carry` for the index's tables)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..scenario import Scenario
from .diffs import SectionDiff
from .shifted import DEPTH, ShiftedTable, replaced_ids, shifted_ids, shifted_objects, stretch


class LiveTables:
    """The tables :class:`.incremental.IncrementalValidator` keeps beside its scenario."""

    scenario: Scenario
    _positions: dict[str, Mapping[int, int]]
    _counts: dict[str, Counter[str]]
    _repeated: dict[str, set[str]]
    _by_end: dict[str, dict[int, Any]]
    _by_key: dict[tuple[str, str], dict[int, Any]]
    _by_id: dict[str, dict[int, Any]]

    def _link(self, connection: Any, add: bool) -> None:
        a, b = connection.a, connection.b
        places: list[tuple[dict[Any, dict[int, Any]], Any]] = [
            (self._by_end, a),
            (self._by_end, b),
            (self._by_key, (a, b) if a < b else (b, a)),
        ]
        for table, name in places:
            if add:
                table[name][id(connection)] = connection
            elif name in table:
                table[name].pop(id(connection), None)
                if not table[name]:
                    del table[name]

    def position_map(self, section: str) -> Mapping[int, int]:
        """Object id to position, for one list section."""
        table = self._positions.get(section)
        if table is None:
            items = getattr(self.scenario, section)
            table = self._positions[section] = dict(
                zip(map(id, items), range(len(items)), strict=True)
            )
        return table

    def _at(self, section: str, entity: Any) -> tuple[int, Any]:
        return self.position_map(section)[id(entity)], entity

    def _move(
        self, section: str, diff: SectionDiff, firsts: Mapping[str, int] | None
    ) -> Mapping[str, int] | None:
        """Keep the position table and the lookups of one section in step. ``firsts`` is the
        index's table of each id's first position before the edit, if it was built: returns
        it patched for the edit, or ``None`` when it must be built again."""
        counts, repeated = self._counts[section], self._repeated[section]
        changed = stretch(diff)
        held = {} if changed is None else {e.id: counts[e.id] for e in changed[0]}
        if not diff.shifted:
            held = {e.id: counts[e.id] for e in diff.removed}
        diff.count(counts)
        for name in diff.ids:
            if counts[name] > 1:
                repeated.add(name)
            else:
                repeated.discard(name)
        table = self._positions.get(section)
        if table is not None:
            patched = self._patched(table, diff)
            if patched is None:
                del self._positions[section]
            else:
                self._positions[section] = patched
        if section == "connections":
            for connection in diff.removed:
                self._link(connection, False)
            for _, connection in diff.added:
                self._link(connection, True)
        elif section == "regions":
            for region in diff.removed:
                self._by_id[region.id].pop(id(region), None)
                if not self._by_id[region.id]:
                    del self._by_id[region.id]
            for _, region in diff.added:
                self._by_id[region.id][id(region)] = region
        if firsts is None or diff.same_ids():
            return None
        if not diff.shifted:
            return replaced_ids(firsts, diff, held, counts, len(counts))
        return shifted_ids(firsts, diff, held, len(counts))

    @staticmethod
    def _patched(table: Mapping[int, int], diff: SectionDiff) -> Mapping[int, int] | None:
        """An object position table after ``diff``, or ``None`` to build it again."""
        if diff.shifted:
            return shifted_objects(table, diff)
        if isinstance(table, dict):
            for position, entity in diff.added:
                del table[id(diff.old[position])]
                table[id(entity)] = position
            return table
        if getattr(table, "depth", 0) >= DEPTH:
            return None
        # Entities replaced in place, over a shifted table: everything keeps its position.
        middle = {id(e): p for p, e in diff.added}
        gone = {id(diff.old[p]) for p, _ in diff.added}
        return ShiftedTable(table, len(diff.new), len(diff.new), 0, middle, gone, len(diff.new))

    def _repeats(self, namespace: tuple[str, ...]) -> bool:
        """Whether an id is used twice in the namespace."""
        if any(self._repeated[s] for s in namespace):
            return True
        counts = [self._counts[s] for s in namespace]
        return len(counts) == 2 and not counts[0].keys().isdisjoint(counts[1].keys())
