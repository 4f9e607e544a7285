"""The live validation's own tables of the scenario's lists, kept in step edit by edit: where
each entity stands, how many entities hold each id, and the connections and regions by the ids
they name. Rebuilding any of them from the whole list costs milliseconds on a 30,000-region
map, so each edit patches them instead (see :mod:`.carry` for the index's tables)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..scenario import Scenario
from .diffs import SectionDiff


class LiveTables:
    """The tables :class:`.incremental.IncrementalValidator` keeps beside its scenario."""

    scenario: Scenario
    _positions: dict[str, dict[int, int]]
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

    def position_map(self, section: str) -> dict[int, int]:
        """Object id to position, for one list section."""
        table = self._positions.get(section)
        if table is None:
            items = getattr(self.scenario, section)
            table = dict(zip(map(id, items), range(len(items)), strict=True))
            self._positions[section] = table
        return table

    def _at(self, section: str, entity: Any) -> tuple[int, Any]:
        return self.position_map(section)[id(entity)], entity

    def _move(self, section: str, diff: SectionDiff) -> None:
        """Keep the position table and the lookups of one section in step."""
        counts, repeated = self._counts[section], self._repeated[section]
        diff.count(counts)
        for name in diff.ids:
            if counts[name] > 1:
                repeated.add(name)
            else:
                repeated.discard(name)
        if diff.shifted:
            self._positions.pop(section, None)
        elif section in self._positions:
            table = self._positions[section]
            for position, entity in diff.added:
                del table[id(diff.old[position])]
                table[id(entity)] = position
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

    def _repeats(self, namespace: tuple[str, ...]) -> bool:
        """Whether an id is used twice in the namespace."""
        if any(self._repeated[s] for s in namespace):
            return True
        counts = [self._counts[s] for s in namespace]
        return len(counts) == 2 and not counts[0].keys().isdisjoint(counts[1].keys())
