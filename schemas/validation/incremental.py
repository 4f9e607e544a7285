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
that), in the order of :data:`CHECKS` and, within a check, of the file. The per-entity checks
re-run live in :mod:`.rescope`, the tables of positions and ids it keeps in :mod:`.live_tables`.
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
from .forces import check_ports
from .geometry import check_coverage
from .identity import NAMESPACES, check_duplicate_ids, check_references, duplicate_ids_in
from .index import Check, ScenarioIndex
from .live_references import References
from .local_geometry import Box, Coverage, RegionGeometry
from .rescope import SCOPED, Rescoping, first
from .subsets import Owned, owner_of, run_on

_ORDER = {name: n for n, name in enumerate((*SECTIONS, *SINGLE_SECTIONS))}


class IncrementalValidator(Rescoping):
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
        self._positions = {}
        self.geometry = RegionGeometry(ix)
        self.coverage = Coverage(ix, self.geometry)
        self._global = {c: list(c(ix)) for c in CHECKS if c not in (*SCOPED, *_CUSTOM)}
        self._scoped: dict[Check, dict[int, Owned]] = {c: {} for c in SCOPED}
        for check in SCOPED:
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
        firsts = {s: self._move(s, d, old_ix.position.get(s)) for s, d in diffs.items()}
        changed = set(diffs) | singles
        self._old_structures = old_ix.structures
        ix = self.index = old_ix.successor(self.scenario, changed)
        for section, diff in diffs.items():
            if diff.same_ids() and section in old_ix.position:
                ix.position[section] = old_ix.position[section]
            elif firsts[section] is not None:
                ix.position[section] = firsts[section]  # type: ignore[assignment]
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
            same = not region_diff.shifted and all(
                region_diff.old[p].polygon == r.polygon for p, r in region_diff.added
            )
            self.geometry.update(self.scenario, survivors, fresh, same)
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
        ordered = {name: sorted(part.values(), key=first) for name, part in parts.items()}
        return [issue for *_, issue in run_on(check_ports, self.scenario, ordered, ("terrain",))]

    def _carry_domains(self, old_ix: ScenarioIndex, diffs: dict[str, SectionDiff]) -> None:
        """Region domains cost 5 ms to rebuild on a big map: patch them when only some
        regions changed."""
        regions = diffs.get("regions")
        if regions is None or "terrain" in diffs or "domain_of" not in old_ix.__dict__:
            return
        # Taken over from the old index and patched in place: copying 30,000 entries cost
        # more than the rest of this. The old index is dropped after the edit (and, asked
        # again, would build its own table from its own regions).
        domains = old_ix.__dict__.pop("domain_of")
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
