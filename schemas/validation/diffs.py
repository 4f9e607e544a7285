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

from . import cards, forces, organisation, victory


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
    return SectionDiff(old, new, removed, added, True, reordered)


QUIET = {
    "regions": {"name", "owner", "income", "description"},
    "structures": {"name", "kind", "owner", "relay", "description"},
    "terrain": set(),
}
"""Fields no check re-run whole reads (references are checked per entity anyway)."""


def changed_aspects(section: str, diff: SectionDiff) -> set[str]:
    """What changed, as the names global checks depend on (see :data:`READS`)."""
    if section not in QUIET:
        return {section}
    if diff.shifted:
        return {section, f"{section}:outline", f"{section}:anchor", f"{section}:domain"}
    out = set()
    for position, new in diff.added:
        old = diff.old[position]
        for name in type(new).model_fields:
            if name in QUIET[section] or getattr(old, name) == getattr(new, name):
                continue
            if name in ("polygon", "anchors", "anchor"):
                out.add(f"{section}:outline" if name == "polygon" else f"{section}:anchor")
            else:
                out.add(section)
                if name in ("id", "domain"):
                    out.add(f"{section}:domain")
    return out


_PLACES = ("units", "leaders", "structures", "regions", "unit_types", "nations", "terrain")

READS: dict[Callable[..., Any], frozenset[str]] = {
    organisation.check_sides: frozenset({"nations", "sides"}),
    organisation.check_nation_hierarchy: frozenset({"nations"}),
    organisation.check_capitals: frozenset({"nations", "structures", "regions", "terrain"}),
    organisation.check_turn_order: frozenset({"calendar", "sides"}),
    organisation.check_phases: frozenset({"calendar", "rules"}),
    organisation.check_turn_numbers: frozenset(
        {"calendar", "victory", "tension", "cards", "events", "reinforcements", "replacements"}
    ),
    forces.check_structures: frozenset({"structures", "regions", "terrain"}),
    forces.check_unit_locations: frozenset({*_PLACES, "areas"}),
    forces.check_start_stacking: frozenset({*_PLACES, "rules"}),
    forces.check_unit_strength: frozenset({"units", "unit_types"}),
    forces.check_arrivals: frozenset({"units", "leaders", "reinforcements"}),
    forces.check_supply_sources: frozenset({"supply_sources", "regions", "terrain"}),
    forces.check_reinforcement_places: frozenset({*_PLACES, "reinforcements", "areas"}),
    forces.check_reinforcement_triggers: frozenset(
        {"reinforcements", "cards", "events", "tension"}
    ),
    forces.check_ports: frozenset({"structures", "regions", "terrain", "connections"}),
    cards.check_card_phases: frozenset({"calendar", "cards", "sides", "structures"}),
    cards.check_conditions_and_effects: frozenset(
        {"cards", "events", "reinforcements", "victory", "tension", "calendar", "sides"}
    ),
    cards.check_reachability: frozenset(
        {"cards", "events", "tension", "sides", "regions", "structures"}
    ),
    victory.check_victory_level: frozenset(
        {
            "rules",
            "sides",
            "nations",
            "calendar",
            "regions",
            "structures",
            "units",
            "leaders",
            "unit_types",
            "cards",
            "events",
            "tension",
        }
    ),
    cards.check_self_feeding_cards: frozenset({"cards", "events", "tension", "rules"}),
}
"""What each check that is re-run whole reads, as :func:`changed_aspects` names it:
``regions`` is anything of a region but its outline and anchors (and fields no check reads),
``structures`` anything of a structure but its anchor. A check missing here is re-run after
every edit."""
