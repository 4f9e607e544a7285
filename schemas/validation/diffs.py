"""How a section changed between two versions, and which checks read what changed.

The studio never changes an entity in place: an edit swaps in a new object and undo swaps
the old one back. So comparing two versions of a list object by object tells exactly which
entities came, went or moved, however many edits, undos and whole-section replacements lie
between them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from operator import is_
from typing import Any

from . import cards, forces, organisation, transport, victory, wego


@dataclass
class SectionDiff:
    """How one list section changed between two updates."""

    old: list[Any]
    new: list[Any]
    removed: list[Any]
    added: list[tuple[int, Any]]
    shifted: bool
    """Entities that stayed may have moved (something was inserted, removed or reordered)."""
    reordered: bool = False
    """Entities that stayed are no longer in the same order."""
    gained: set[str] = field(default_factory=set)
    """Ids the section did not have before."""
    lost: set[str] = field(default_factory=set)
    """Ids the section no longer has."""
    start: int = 0
    """Of a shifted section: how many entities at the start of the list stayed in place."""
    end: int = 0
    """Of a shifted section: how many entities at the end stayed (moved by the change of
    length). Between the two lies what changed, usually a few entities."""

    @property
    def ids(self) -> set[str]:
        """Ids of the entities that changed, came or went."""
        return {e.id for e in self.removed} | {e.id for _, e in self.added}

    def same_ids(self) -> bool:
        """No id came, went or moved: only entities' other fields changed."""
        return not self.shifted and all(self.old[p].id == e.id for p, e in self.added)

    def count(self, counts: Counter[str]) -> None:
        """Follow the change in ``counts`` (how many entities have each id), noting the ids
        gained and lost."""
        names = self.ids
        was = {name: counts[name] for name in names}
        for entity in self.removed:
            counts[entity.id] -= 1
        for _, entity in self.added:
            counts[entity.id] += 1
        for name in names:
            if counts[name] <= 0:
                del counts[name]
                if was[name] > 0:
                    self.lost.add(name)
            elif was[name] <= 0:
                self.gained.add(name)


def diff_section(old: list[Any], new: list[Any]) -> SectionDiff | None:
    # Edits touch a few entities: skip the common start and end (identity tests in C).
    shortest = min(len(old), len(new))
    start = next((i for i, same in enumerate(map(is_, old, new)) if not same), shortest)
    if start == len(old) == len(new):
        return None
    back = map(is_, reversed(old), reversed(new))
    end = min(next((i for i, same in enumerate(back) if not same), shortest), shortest - start)
    middle_old, middle_new = old[start : len(old) - end], new[start : len(new) - end]
    if len(middle_old) == len(middle_new):
        changed = [i for i, same in enumerate(map(is_, middle_old, middle_new)) if not same]
        olds = {id(middle_old[i]) for i in changed}
        if olds.isdisjoint(id(middle_new[i]) for i in changed):
            removed = [middle_old[i] for i in changed]
            added = [(start + i, middle_new[i]) for i in changed]
            return SectionDiff(old, new, removed, added, False)
    before = {id(e): i for i, e in enumerate(middle_old)}
    after = set(map(id, middle_new))
    removed = [e for e in middle_old if id(e) not in after]
    added = [(start + i, e) for i, e in enumerate(middle_new) if id(e) not in before]
    kept = [before[id(e)] for e in middle_new if id(e) in before]
    reordered = any(b < a for a, b in pairwise(kept))
    return SectionDiff(old, new, removed, added, True, reordered, start=start, end=end)


QUIET = {
    "regions": {"name", "owner", "income", "description"},
    "structures": {"name", "kind", "owner", "relay", "description"},
    "terrain": set(),
    "units": set(),
    "leaders": set(),
}
"""Sections whose edits are told field by field (``regions.terrain``), and their fields no
check re-run whole reads (references are checked per entity anyway)."""


def changed_aspects(section: str, diff: SectionDiff) -> set[str]:
    """What changed, as the names global checks depend on (see :data:`READS`): the section,
    and for the sections of :data:`QUIET` each field that changed (``regions.terrain``); when
    entities came or went, their ids and the fields they fill; ``regions.*`` when entities
    were reordered."""
    if section not in QUIET:
        return {section}
    if diff.shifted:
        out = {section, f"{section}:outline", f"{section}:anchor", f"{section}:domain"}
        if diff.reordered:
            return out | {f"{section}.*"}
        # Entities came or went (ids always change then): a field counts as changed where one
        # of them holds something in it. A region deleted with no VP values leaves what the
        # victory check sums as it was (re-running it costs 80 ms at 30,000 regions).
        out.add(f"{section}.id")
        for entity in (*diff.removed, *(e for _, e in diff.added)):
            out |= {f"{section}.{name}" for name in _filled(entity, QUIET[section])}
        return out
    out = set()
    for position, new in diff.added:
        old = diff.old[position]
        for name in type(new).model_fields:
            if name in QUIET[section] or getattr(old, name) == getattr(new, name):
                continue
            if name in ("polygon", "anchors", "anchor"):
                out.add(f"{section}:outline" if name == "polygon" else f"{section}:anchor")
            else:
                out |= {section, f"{section}.{name}"}
                if name in ("id", "domain"):
                    out.add(f"{section}:domain")
    return out


def _filled(entity: Any, quiet: set[str]) -> list[str]:
    """The fields of ``entity`` not in ``quiet`` that are required or hold other than their
    default."""
    filled = []
    for name, info in type(entity).model_fields.items():
        if name in quiet:
            continue
        if info.is_required() or getattr(entity, name) != info.get_default(
            call_default_factory=True
        ):
            filled.append(name)
    return filled


def needed(reads: frozenset[str], aspects: set[str]) -> bool:
    """Whether a check that reads ``reads`` must run again after changes of ``aspects``."""
    for read in reads:
        if read in aspects:
            return True
        section, dot, _ = read.partition(".")
        if dot and f"{section}.*" in aspects:
            return True
    return False


DOMAIN = frozenset(
    {"regions.id", "regions.terrain", "regions.unplayable", "terrain.id", "terrain.domain"}
)
"""What a region's domain (``ScenarioIndex.domain_of``) is made of."""
_UNITS = frozenset({"units.id", "units.location", "units.type", "units.nation"})
_LEADERS = frozenset({"leaders.id", "leaders.location", "leaders.nation"})
_SHELTERS = frozenset(
    {"structures.id", "structures.region", "structures.airport", "structures.port"}
)
_PLACES = frozenset(
    {*_UNITS, *_LEADERS, *_SHELTERS, *DOMAIN, "regions.area", "unit_types", "nations", "areas"}
)
"""What says whether a unit or leader can stand where it is."""

READS: dict[Callable[..., Any], frozenset[str]] = {
    organisation.check_sides: frozenset({"nations", "sides"}),
    organisation.check_nation_hierarchy: frozenset({"nations"}),
    organisation.check_capitals: frozenset(
        {"nations", "structures.region", "structures.airport", "structures.port", *DOMAIN}
    ),
    organisation.check_turn_order: frozenset({"calendar", "sides"}),
    organisation.check_phases: frozenset({"calendar", "rules"}),
    organisation.check_turn_numbers: frozenset(
        {"calendar", "victory", "tension", "cards", "events", "reinforcements", "replacements"}
    ),
    forces.check_structures: frozenset({"structures.id", "structures.region", *DOMAIN}),
    forces.check_unit_locations: _PLACES,
    forces.check_start_stacking: frozenset(
        {
            *_PLACES,
            "leaders.stacking",
            "structures.capacity",
            "regions.stacking",
            "regions.air_stacking",
            "regions.network",
            "terrain.stacking",
            "terrain.stacking_with_trail",
            "rules",
        }
    ),
    forces.check_unit_strength: frozenset(
        {"units.id", "units.type", "units.strength", "unit_types"}
    ),
    forces.check_arrivals: frozenset(
        {"units.id", "units.location", "leaders.id", "leaders.location", "reinforcements"}
    ),
    forces.check_supply_sources: frozenset(
        {"supply_sources", "regions.network", "terrain.supply", "terrain.name", *DOMAIN}
    ),
    forces.check_reinforcement_places: frozenset(
        {"units.id", "units.type", "leaders.id", *_SHELTERS, *DOMAIN, "regions.area"}
        | {"unit_types", "areas", "reinforcements"}
    ),
    forces.check_reinforcement_triggers: frozenset(
        {"reinforcements", "cards", "events", "tension"}
    ),
    forces.check_ports: frozenset(
        {"structures.id", "structures.region", "structures.port", "structures.sea_region"}
        | {"connections", *DOMAIN}
    ),
    transport.check_transport: frozenset({"unit_types", "rules"}),
    transport.check_starting_aboard: frozenset(
        {"units", "leaders", "unit_types", "rules", "nations"}
    ),
    cards.check_card_phases: frozenset({"calendar", "cards", "sides", "structures.fortification"}),
    cards.check_conditions_and_effects: frozenset(
        {"cards", "events", "reinforcements", "victory", "tension", "calendar", "sides"}
    ),
    cards.check_reachability: frozenset(
        {"cards", "events", "tension", "sides", "regions.id", "regions.values"}
        | {"structures.id", "structures.values"}
    ),
    victory.check_victory_level: frozenset(
        {
            "rules",
            "sides",
            "nations",
            "calendar",
            "regions.values",
            "structures.values",
            "units.type",
            "units.nation",
            "leaders.nation",
            "leaders.killed_vp",
            "unit_types",
            "cards",
            "events",
            "tension",
        }
    ),
    cards.check_self_feeding_cards: frozenset({"cards", "events", "tension", "rules"}),
    wego.check_wego: frozenset(
        {"calendar", "cards", "events", "reinforcements", "units.id", "units.type", "unit_types"}
    ),
}
"""What each check that is re-run whole reads, as :func:`changed_aspects` names it: a
section (any change of it), or a field of a section of :data:`QUIET` (``regions.values``;
entities that came or went count as a change of their id and of every field they do not
leave at its default, a reorder as a change of every field). A check missing here
is re-run after every edit."""
