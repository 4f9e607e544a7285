"""Live validation: after an edit, re-check only what the edit can reach.

An :class:`IncrementalValidator` is built once from a scenario (one full validation), then
given the new content of the sections an edit changed. It finds what changed by comparing
entity objects by identity: the studio never changes an entity in place (an edit swaps in a
new object, undo swaps the old one back), so any run of edits, undos and whole-section
replacements between two updates is seen exactly. It then re-runs

- references: of the entities that changed, and of those referring to ids that appeared or
  disappeared (a reverse index of every reference, built once);
- outlines, anchors, connections and isolated regions: the real checks, on a cut-down copy of
  the scenario holding the changed entities and those that refer to them
  (:mod:`.subsets`);
- coverage (gaps, overlaps) around the changed outlines only (:mod:`.local_geometry`);
- repeated ids, for the namespaces whose ids changed;
- every other check whole, when a section it reads changed: they take a few milliseconds
  even on a 10,000-region map.

The issues equal those of a full :func:`validate_scenario` (a property test holds it to
that), in the order of :data:`CHECKS` and, within a check, of the file.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..collector import gc_paused
from ..issues import Issue
from ..scenario import SECTIONS, SINGLE_SECTIONS, Scenario
from . import CHECKS, run_checks
from .carry import carry_areas, carry_region_lookup
from .carry import survivors as kept_positions
from .diffs import READS, SectionDiff, changed_aspects, diff_section, needed
from .forces import check_ports, check_start_stacking, check_unit_locations
from .geometry import check_anchors, check_coverage, check_polygons
from .identity import NAMESPACES, check_duplicate_ids, check_references, duplicate_ids_in
from .index import Check, ScenarioIndex
from .live_references import References
from .local_geometry import Box, Coverage, RegionGeometry
from .network import check_connections, check_isolated_regions
from .subsets import Owned, owner_of, run_on

_ORDER = {name: n for n, name in enumerate((*SECTIONS, *SINGLE_SECTIONS))}


_SCOPED: tuple[Check, ...] = (
    check_polygons,
    check_anchors,
    check_connections,
    check_isolated_regions,
    check_unit_locations,
    check_start_stacking,
)

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


class IncrementalValidator:
    """The issues of a scenario, kept up to date edit by edit (see the module docstring).

    Not thread-safe: use it from one thread at a time. It keeps its own copy of the
    scenario's lists, so the caller may change its scenario while an update runs elsewhere,
    as long as entities themselves are never changed in place.
    """

    rebuild_share = 0.25
    """Above this share of regions and connections changed at once, validate from scratch."""

    def __init__(self, scenario: Scenario) -> None:
        with gc_paused():  # not settled: this runs on the studio's worker thread
            self._build(scenario)

    @property
    def issues(self) -> list[Issue]:
        return self._issues

    @property
    def problems(self) -> list[Any]:
        """Gaps and overlaps as shapely geometries, for the map."""
        return self._problems

    # -- building ------------------------------------------------------------------------------

    def _build(self, scenario: Scenario) -> None:
        update: dict[str, Any] = {name: list(getattr(scenario, name)) for name in SECTIONS}
        self.scenario = scenario.model_copy(update=update)
        ix = self.index = ScenarioIndex(self.scenario)
        if self.scenario.hex_map is not None:
            # A hex map is validated whole after each edit: its places and links are arrays
            # built in milliseconds, not outlines to re-check one by one.
            self._issues = run_checks(ix)
            self._problems = list(ix.problem_shapes)
            return
        self._positions: dict[str, dict[int, int]] = {}
        self.geometry = RegionGeometry(ix)
        self.coverage = Coverage(ix, self.geometry)
        self._global = {c: list(c(ix)) for c in CHECKS if c not in (*_SCOPED, *_CUSTOM)}
        self._scoped: dict[Check, dict[int, Owned]] = {c: {} for c in _SCOPED}
        for check in _SCOPED:
            for issue in check(ix):
                section, position = owner_of(issue)
                self._own(self._scoped[check], section, position, issue)
        self._duplicates = {ns: list(duplicate_ids_in(ix, ns)) for ns in NAMESPACES}
        self._counts: dict[str, Counter[str]] = {
            name: Counter(e.id for e in getattr(self.scenario, name)) for name in SECTIONS
        }
        self._repeated = {
            name: {i for i, n in counts.items() if n > 1} for name, counts in self._counts.items()
        }
        """Ids held by more than one entity of a section, kept with the counts."""
        self._by_end: dict[str, dict[int, Any]] = defaultdict(dict)
        self._by_key: dict[tuple[str, str], dict[int, Any]] = defaultdict(dict)
        for connection in self.scenario.connections:
            self._link(connection, True)
        self._by_id: dict[str, dict[int, Any]] = defaultdict(dict)
        for region in self.scenario.regions:
            self._by_id[region.id][id(region)] = region
        self._references = References(self)
        self._assemble()

    def _own(self, store: dict[int, Owned], section: str, position: int, issue: Issue) -> None:
        entity = getattr(self.scenario, section)[position]
        store.setdefault(id(entity), Owned(section, entity, position, [])).issues.append(issue)

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

    # -- updating ------------------------------------------------------------------------------

    def update(self, changes: Mapping[str, Any]) -> list[Issue]:
        """Follow an edit: ``changes`` maps each section that may have changed to its new
        content (a list section's list of entities, or a single section's model). Returns
        the issues."""
        diffs: dict[str, SectionDiff] = {}
        singles: set[str] = set()
        for section, value in changes.items():
            if section in SINGLE_SECTIONS:
                if getattr(self.scenario, section) is not value:
                    singles.add(section)
                continue
            if section not in _ORDER:
                raise KeyError(f"no section '{section}'")
            diff = diff_section(getattr(self.scenario, section), list(value))
            if diff is not None:
                diffs[section] = diff
        if not diffs and not singles:
            return self._issues
        with gc_paused():  # not settled: this runs on the studio's worker thread
            hexes = self.scenario.hex_map is not None or "hex_map" in singles
            if hexes or self._too_big(diffs):
                update = {s: d.new for s, d in diffs.items()} | {s: changes[s] for s in singles}
                self._build(self.scenario.model_copy(update=update))
            else:
                self._apply(diffs, singles, {s: changes[s] for s in singles})
                self._assemble()
        return self._issues

    def _too_big(self, diffs: dict[str, SectionDiff]) -> bool:
        big = [diffs[s] for s in ("regions", "connections") if s in diffs]
        changed = sum(len(d.removed) + len(d.added) for d in big)
        total = len(self.scenario.regions) + len(self.scenario.connections)
        if changed > 200 and changed > self.rebuild_share * total:
            return True
        # Overlaps and first-of-an-id lookups remember which region comes first.
        return "regions" in diffs and diffs["regions"].reordered

    def _apply(
        self, diffs: dict[str, SectionDiff], singles: set[str], values: dict[str, Any]
    ) -> None:
        old_ix = self.index
        region_diff = diffs.get("regions")
        old_boxes: list[Box] = []
        survivors = None
        if region_diff is not None:
            old_pos = self.position_map("regions")
            old_boxes = [tuple(self.geometry.boxes[old_pos[id(r)]]) for r in region_diff.removed]
            if region_diff.shifted:
                # Integers even when no region is left: positions index the kept outlines.
                survivors = kept_positions(region_diff, old_pos)
        update: dict[str, Any] = {s: d.new for s, d in diffs.items()} | values
        self.scenario = self.scenario.model_copy(update=update)
        for section, diff in diffs.items():
            self._move(section, diff)
        changed = set(diffs) | singles
        self._old_structures = old_ix.structures
        ix = self.index = old_ix.successor(self.scenario, changed)
        for section, diff in diffs.items():
            if diff.same_ids() and section in old_ix.position:
                ix.position[section] = old_ix.position[section]
        aspects = set(singles)
        for section, diff in diffs.items():
            aspects |= changed_aspects(section, diff)
        self._carry_domains(old_ix, diffs)
        if region_diff is not None:
            carry_areas(old_ix, ix, region_diff, lambda: self.position_map("regions"))
            carry_region_lookup(old_ix, ix, region_diff, self._by_id)
        for store in self._scoped.values():
            for diff in diffs.values():
                for entity in diff.removed:
                    store.pop(id(entity), None)
        if region_diff is not None:
            fresh = [self._at("regions", r) for _, r in region_diff.added]
            self.geometry.update(self.scenario, survivors, fresh)
            gone = {id(r) for r in region_diff.removed}
            self.coverage.forget(gone)
            boxes = old_boxes + [tuple(self.geometry.boxes[p]) for p, _ in fresh]
            boxes = [b for b in boxes if not np.isnan(b[0])]
            self.coverage.update(ix, self.geometry, boxes, [p for p, _ in fresh])
        self.geometry.lend(ix)
        self._rescope(diffs, aspects)
        self._references.update(old_ix, diffs, singles)
        for namespace in NAMESPACES:
            if any(s in diffs and not diffs[s].same_ids() for s in namespace) and (
                self._duplicates[namespace] or self._repeats(namespace)
            ):
                self._duplicates[namespace] = list(duplicate_ids_in(ix, namespace))
        for check in self._global:
            needs = READS.get(check)
            if needs is None or needed(needs, aspects):
                self._global[check] = self._ports() if check is check_ports else list(check(ix))

    def _ports(self) -> list[Issue]:
        """Ports, judged on the regions and connections around them only: a whole-map
        search for coasts costs 10 ms."""
        structures = self.scenario.structures
        ports = {id(s): (p, s) for p, s in enumerate(structures) if s.port}
        links = {}
        for _, port in ports.values():
            for connection in self._by_end.get(port.region, {}).values():
                links[id(connection)] = self._at("connections", connection)
        ends = {c.a for _, c in links.values()} | {c.b for _, c in links.values()}
        ends |= {s.region for _, s in ports.values()}
        ends |= {s.sea_region for _, s in ports.values() if s.sea_region is not None}
        parts = {"structures": ports, "connections": links, "regions": self._regions_with(ends)}
        ordered = {name: sorted(part.values(), key=_first) for name, part in parts.items()}
        return [issue for *_, issue in run_on(check_ports, self.scenario, ordered, ("terrain",))]

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

    def _carry_domains(self, old_ix: ScenarioIndex, diffs: dict[str, SectionDiff]) -> None:
        """Region domains cost 5 ms to rebuild on a big map: patch them when only some
        regions changed."""
        regions = diffs.get("regions")
        if regions is None or "terrain" in diffs or "domain_of" not in old_ix.__dict__:
            return
        domains = dict(old_ix.domain_of)
        kinds = {t.id: t.domain for t in reversed(self.scenario.terrain)}
        first = self.index.position["regions"]
        for region_id in regions.ids:
            position = first.get(region_id)
            if position is None:
                domains.pop(region_id, None)
            else:
                region = self.scenario.regions[position]
                domains[region_id] = (
                    "unplayable" if region.unplayable else kinds.get(region.terrain)
                )
        self.index.__dict__["domain_of"] = domains

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
            structures = ix.structures
            for section in ("units", "leaders"):
                part = parts[section]
                for position, unit in enumerate(getattr(scenario, section)):
                    location = unit.location
                    if location is not None and (
                        _home(structures, location) in touched or location.structure in shelters
                    ):
                        part[id(unit)] = (position, unit)
            found["parts"] = parts
        lookups = {name: getattr(ix, name) for name in _LOOKUPS}
        self._run(check, parts, keep=_KEPT, lookups=lookups)

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
            ordered = {s: sorted(p.values(), key=_first) for s, p in parts.items()}
            found = run_on(check, scenario, ordered, keep, self.geometry.arrays, lookups)
        for section, position, entity, issue in found:
            owned = store.get(id(entity))
            if owned is None:
                owned = store[id(entity)] = Owned(section, entity, position, [])
            owned.issues.append(issue)

    # -- the result ----------------------------------------------------------------------------

    def _assemble(self) -> None:
        issues: list[Issue] = []
        problems: list[Any] = []
        for check in CHECKS:
            if check is check_duplicate_ids:
                for namespace in NAMESPACES:
                    issues += self._duplicates[namespace]
            elif check is check_references:
                issues += self._ordered(self._references.owned.values())
            elif check is check_coverage:
                found, shapes = self.coverage.issues(self.position_map("regions"))
                issues += found
                problems += shapes
            elif check in self._scoped:
                issues += self._ordered(self._scoped[check].values())
            else:
                issues += self._global[check]
        self._issues, self._problems = issues, problems

    def _ordered(self, owned: Any) -> list[Issue]:
        rows = []
        for record in owned:
            if record.position is None:
                rows.append((_ORDER[record.section], 0, record))
            else:
                position = self.position_map(record.section)[id(record.entity)]
                rows.append((_ORDER[record.section], position, record))
        rows.sort(key=lambda row: (row[0], row[1]))
        out: list[Issue] = []
        for _, position, record in rows:
            out += record.at(position if record.position is not None else None)
        return out


_CUSTOM: tuple[Check, ...] = (check_duplicate_ids, check_references, check_coverage)
_REPORTS: dict[Check, set[str]] = {
    check_polygons: {"regions"},
    check_anchors: {"regions", "structures"},
    check_connections: {"connections"},
    check_isolated_regions: {"regions"},
    check_unit_locations: {"units", "leaders"},
    check_start_stacking: {"units", "leaders"},
}
"""The sections whose entities each per-entity check reports issues on."""


def _first(pair: tuple[int, Any]) -> int:
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
