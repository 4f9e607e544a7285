"""The per-entity checks of the live validation, run again on what an edit can reach: the
changed outlines, the anchors and connections around them, the units and leaders standing
where the edit was (see :mod:`.incremental`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .diffs import READS, SectionDiff, needed
from .forces import check_start_stacking, check_unit_locations
from .geometry import check_anchors, check_polygons
from .index import Check, ScenarioIndex
from .live_tables import LiveTables
from .local_geometry import RegionGeometry
from .network import check_connections, check_isolated_regions
from .subsets import Owned, owner_of, run_on

SCOPED: tuple[Check, ...] = (
    check_polygons,
    check_anchors,
    check_connections,
    check_isolated_regions,
    check_unit_locations,
    check_start_stacking,
)
"""The checks judged entity by entity, their issues kept by the entity they concern."""

Standing = tuple[str, int, Any]
"""A unit or leader where it stands: its section, its position there and itself."""
_StandingTables = tuple[tuple[Any, ...], dict[str, list[Standing]], dict[str, list[Standing]]]
"""The lists they were made from, and the units and leaders by region and by structure."""

_PLACED: tuple[Check, ...] = (check_unit_locations, check_start_stacking)
"""Checks of where units and leaders stand: judged again for the units and leaders in the
regions an edit touched (a region, a structure in it, a unit or leader that left or came),
unless a table they read changed (terrain, unit types, nations...)."""
_PLACES = ("units", "leaders", "regions", "structures")
_KEPT = ("regions", "structures", "terrain", "unit_types", "nations", "areas", "sides")
"""What placement checks look up, kept whole in the cut-down copy they run on."""
_LOOKUPS = ("regions", "structures", "terrain", "unit_types", "nations", "areas", "domain_of")

_CONNECTION_RULES = ("id", "domain", "only_from_sea", "adjacent")
"""The fields of a connection type that the connection checks judge by (costs, colours and
bonuses are the engine's business)."""

_REPORTS: dict[Check, set[str]] = {
    check_polygons: {"regions"},
    check_anchors: {"regions", "structures"},
    check_connections: {"connections"},
    check_isolated_regions: {"regions"},
    check_unit_locations: {"units", "leaders"},
    check_start_stacking: {"units", "leaders"},
}
"""The sections whose entities each per-entity check reports issues on."""


class Rescoping(LiveTables):
    """Runs the per-entity checks again for an edit (the validator's second half)."""

    index: ScenarioIndex
    geometry: RegionGeometry
    _scoped: dict[Check, dict[int, Owned]]
    _old_structures: Mapping[str, Any]
    _standing_tables: _StandingTables | None = None

    def _rescope(self, diffs: dict[str, SectionDiff], aspects: set[str]) -> None:
        """Run the per-entity checks again on what the edit can affect."""
        scenario = self.scenario
        nothing = SectionDiff([], [], [], [], False)
        regions, connections = diffs.get("regions", nothing), diffs.get("connections", nothing)
        structures = diffs.get("structures", nothing)
        changed_ids = regions.ids
        if regions.added:
            fresh = {id(r): self._at("regions", r) for _, r in regions.added}
            self._run(check_polygons, {"regions": fresh})
        if regions.removed or regions.added or structures.removed or structures.added:
            # Anchors: changed regions, and structures that changed or stand in one.
            places = {id(s): self._at("structures", s) for _, s in structures.added}
            for position, structure in enumerate(scenario.structures):
                if structure.region in changed_ids:
                    places[id(structure)] = (position, structure)
            homes = {id(r): self._at("regions", r) for _, r in regions.added}
            first = self.index.position["regions"]
            for _, structure in places.values():
                if structure.region in first:
                    home = scenario.regions[first[structure.region]]
                    homes[id(home)] = (first[structure.region], home)
            self._run(check_anchors, {"regions": homes, "structures": places})
        # A connection is judged by its own type only: an edited row of the connection table
        # re-checks the connections of that type, not all of them (30,000 on a big map).
        kinds = diffs.get("connection_types")
        every = "terrain:domain" in aspects or connections.reordered
        every = every or (kinds is not None and kinds.reordered)
        typed = set() if kinds is None else self._retyped(kinds)
        if every or connections.removed or connections.added or changed_ids or typed:
            self._rescope_connections(connections, changed_ids, every, typed)
        found: dict[str, Any] = {}  # the units standing where the edit was, found once
        for check in _PLACED:
            self._rescope_placed(check, diffs, aspects, found)

    def _rescope_placed(
        self,
        check: Check,
        diffs: dict[str, SectionDiff],
        aspects: set[str],
        found: dict[str, Any],
    ) -> None:
        """Judge again where units and leaders stand, for those an edit can concern.
        ``found`` keeps the walk over every unit for the next placement check."""
        others = frozenset(r for r in READS[check] if r.partition(".")[0] not in _PLACES)
        scenario, ix = self.scenario, self.index
        if needed(others, aspects):
            # A table they read (terrain, unit types, nations, areas, rules): all of them,
            # as a full validation does.
            every = {
                s: {id(e): (p, e) for p, e in enumerate(getattr(scenario, s))}
                for s in ("units", "leaders")
            }
            self._run(check, every)
            return
        touched: set[str | None] = set(diffs["regions"].ids) if "regions" in diffs else set()
        shelters: set[str] = set()
        if "structures" in diffs:
            diff = diffs["structures"]
            touched |= {s.region for s in diff.removed} | {s.region for _, s in diff.added}
            shelters = diff.ids
        moved: dict[str, dict[int, tuple[int, Any]]] = {"units": {}, "leaders": {}}
        for section in ("units", "leaders"):
            if section not in diffs:
                continue
            diff = diffs[section]
            for unit in diff.removed:
                touched.add(_home(self._old_structures, unit.location))
            for position, unit in diff.added:
                touched.add(_home(ix.structures, unit.location))
                moved[section][id(unit)] = (position, unit)
        touched.discard(None)
        if not touched and not any(moved.values()):
            return
        parts = moved
        if touched and "parts" in found:
            parts = found["parts"]
        elif touched:
            by_home, by_shelter = self._standing()
            for where, table in ((touched, by_home), (shelters, by_shelter)):
                for name in where:
                    for section, position, unit in table.get(name, ()):  # type: ignore[arg-type]
                        parts[section][id(unit)] = (position, unit)
            found["parts"] = parts
        lookups = {name: getattr(ix, name) for name in _LOOKUPS}
        self._run(check, parts, keep=_KEPT, lookups=lookups)

    def _standing(self) -> tuple[dict[str, list[Standing]], dict[str, list[Standing]]]:
        """The units and leaders by the region they stand in and by the structure they
        shelter in. Walking 6,000 units cost several milliseconds of every edit of a
        region on a 30,000-region map; the tables are made once for each version of the
        units, leaders and structures lists (the studio replaces a list it edits, so an
        edit of regions alone finds the same three lists)."""
        scenario = self.scenario
        lists = (scenario.units, scenario.leaders, scenario.structures)
        kept = self._standing_tables
        if kept is not None and all(a is b for a, b in zip(kept[0], lists, strict=True)):
            return kept[1], kept[2]
        structures = self.index.structures
        by_home: dict[str, list[Standing]] = {}
        by_shelter: dict[str, list[Standing]] = {}
        for section in ("units", "leaders"):
            for position, unit in enumerate(getattr(scenario, section)):
                location = unit.location
                if location is None:
                    continue
                entry = (section, position, unit)
                home = _home(structures, location)
                if home is not None:
                    by_home.setdefault(home, []).append(entry)
                if location.structure is not None:
                    by_shelter.setdefault(location.structure, []).append(entry)
        # The lists themselves are held, so that the identities compared stay theirs.
        self._standing_tables = (lists, by_home, by_shelter)
        return by_home, by_shelter

    def _retyped(self, kinds: SectionDiff) -> set[str]:
        """Ids of connection types whose connections must be judged again: those whose id or
        rules of use changed, or whose name changed when a connection of theirs is already
        wrong (its message names the type)."""
        if kinds.shifted:
            return kinds.ids
        retyped: set[str] = set()
        renamed: set[str] = set()
        for position, new in kinds.added:
            old = kinds.old[position]
            if any(getattr(old, f) != getattr(new, f) for f in _CONNECTION_RULES):
                retyped |= {old.id, new.id}
            elif old.name != new.name:
                renamed.add(new.id)
        if renamed:
            wrong = self._scoped[check_connections].values()
            retyped |= {o.entity.type for o in wrong if o.section == "connections"} & renamed
        return retyped

    def _rescope_connections(
        self, diff: SectionDiff, region_ids: set[str], every: bool, typed: set[str]
    ) -> None:
        links: dict[int, tuple[int, Any]] = {}
        if every:
            links = {id(c): (p, c) for p, c in enumerate(self.scenario.connections)}
        else:
            links = {id(c): self._at("connections", c) for _, c in diff.added}
            if typed:
                links |= {
                    id(c): (p, c)
                    for p, c in enumerate(self.scenario.connections)
                    if c.type in typed
                }
            for region_id in region_ids:
                for connection in self._by_end.get(region_id, {}).values():
                    links[id(connection)] = self._at("connections", connection)
            # Duplicates are judged among connections joining the same two regions.
            keys = {tuple(sorted((c.a, c.b))) for _, c in links.values()}
            keys |= {tuple(sorted((c.a, c.b))) for c in diff.removed}
            for key in keys:
                for connection in self._by_key.get(key, {}).values():
                    links[id(connection)] = self._at("connections", connection)
        ends = {c.a for _, c in links.values()} | {c.b for _, c in links.values()}
        self._run(
            check_connections,
            {"connections": links, "regions": self._regions_with(ends)},
            keep=("connection_types", "terrain"),
        )
        # Isolated regions: those whose links or domain may have changed.
        if every:
            loners = {id(r): (p, r) for p, r in enumerate(self.scenario.regions)}
        else:
            touched = region_ids | {c.a for c in diff.removed} | {c.b for c in diff.removed}
            touched |= {c.a for _, c in diff.added} | {c.b for _, c in diff.added}
            loners = self._regions_with(touched)
        ids = {r.id for _, r in loners.values()}
        one_link = {}
        for region_id in ids:
            for connection in self._by_end.get(region_id, {}).values():
                one_link[id(connection)] = self._at("connections", connection)
                break
        self._run(
            check_isolated_regions,
            {"regions": loners, "connections": one_link},
            keep=("terrain",),
        )

    def _regions_with(self, ids: set[str]) -> dict[int, tuple[int, Any]]:
        """Every region (all of them, when an id is repeated) with one of ``ids``."""
        return {
            key: self._at("regions", region)
            for region_id in ids
            for key, region in self._by_id.get(region_id, {}).items()
        }

    def _run(
        self,
        check: Check,
        parts: dict[str, dict[int, tuple[int, Any]]],
        keep: tuple[str, ...] = (),
        lookups: dict[str, Any] | None = None,
    ) -> None:
        store = self._scoped[check]
        reported = _REPORTS[check]
        scenario = self.scenario
        if all(len(parts.get(s, ())) == len(getattr(scenario, s)) for s in reported):
            # Everything it reports on: run it on the whole map, as a full validation does.
            for key in [k for k, owned in store.items() if owned.section in reported]:
                del store[key]
            found = []
            for issue in check(self.index):
                section, position = owner_of(issue)
                found.append((section, position, getattr(scenario, section)[position], issue))
            self.geometry.keep(self.index)
        else:
            for section in reported & parts.keys():
                for key in parts[section]:
                    store.pop(key, None)
            ordered = {s: sorted(p.values(), key=first) for s, p in parts.items()}
            found = run_on(check, scenario, ordered, keep, self.geometry.arrays, lookups)
        for section, position, entity, issue in found:
            owned = store.get(id(entity))
            if owned is None:
                owned = store[id(entity)] = Owned(section, entity, position, [])
            owned.issues.append(issue)


def first(pair: tuple[int, Any]) -> int:
    """The position of a (position, entity) pair, to sort by."""
    return pair[0]


def _home(structures: Mapping[str, Any], location: Any) -> str | None:
    """The id of the region where a unit or leader at ``location`` stands, if any."""
    if location is None:
        return None
    if location.structure is not None:
        structure = structures.get(location.structure)
        return None if structure is None else str(structure.region)
    region: str | None = location.region
    return region
