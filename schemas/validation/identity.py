"""Ids must be unique within their list, and every reference must name something."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from pydantic import BaseModel

from ..base import Entity
from ..issues import Issue, make_issue, pointer
from ..refs import iter_references, referenced_ids
from ..suggest import Suggester
from .index import ENTITY_COLLECTIONS, ScenarioIndex

_SINGULAR = {
    "terrain": "terrain type",
    "connection_types": "connection type",
    "theatres": "theatre",
    "areas": "area",
    "regions": "region",
    "connections": "connection",
    "structures": "structure",
    "supply_sources": "supply source",
    "sides": "side",
    "nations": "nation",
    "unit_types": "unit type",
    "units": "unit",
    "leaders": "leader",
    "cards": "card",
    "events": "event",
    "reinforcements": "reinforcement",
    "replacements": "replacement grant",
}


def singular(collection: str) -> str:
    return _SINGULAR.get(collection, collection)


NAMESPACES: tuple[tuple[str, ...], ...] = tuple(
    ("units", "leaders") if name == "units" else (name,)
    for name in ENTITY_COLLECTIONS
    if name != "leaders"
)
"""The id namespaces in file order, each one or more collections (units and leaders share
one)."""


def check_duplicate_ids(ix: ScenarioIndex) -> Iterator[Issue]:
    for namespace in NAMESPACES:
        yield from duplicate_ids_in(ix, namespace)


def duplicate_ids_in(ix: ScenarioIndex, namespace: tuple[str, ...]) -> Iterator[Issue]:
    """Repeated ids within one namespace (see :data:`NAMESPACES`)."""
    ids = [e.id for name in namespace for e in getattr(ix.scenario, name)]
    if len(set(ids)) == len(ids):
        return  # the common case, settled without building messages
    seen: dict[str, str] = {}
    for collection in namespace:
        for index, entity in enumerate(getattr(ix.scenario, collection)):
            first = seen.get(entity.id)
            if first is not None:
                yield make_issue(
                    "duplicate-id",
                    pointer(collection, index, "id"),
                    f"id '{entity.id}' is already used by {first}; ids must be unique",
                    entity.id,
                )
            else:
                seen[entity.id] = f"{singular(collection)} #{index + 1}"


Closest = Callable[[str, str], str | None]
"""``closest(collection, name)``: the existing id most like ``name``, or ``None``."""

SINGLE_OWNERS = ("calendar", "hex_map", "tension", "victory")
"""Sections that are one model and hold references."""


def check_references(ix: ScenarioIndex) -> Iterator[Issue]:
    scenario = ix.scenario
    groups: list[list[BaseModel]] = [getattr(scenario, name) for name in ENTITY_COLLECTIONS]
    singles = (getattr(scenario, name) for name in SINGLE_OWNERS)
    groups.append([m for m in singles if m])
    wanted: dict[str, set[str]] = {}
    for group in groups:
        if group:
            for name, ids in referenced_ids(group).items():
                wanted.setdefault(name, set()).update(ids)
    if all(ids <= ix.position[name].keys() for name, ids in wanted.items()):
        return  # every reference resolves; no need to walk for paths
    for collection, index, entity in ix.entities():
        yield from entity_reference_issues(ix, collection, index, entity)
    for section in SINGLE_OWNERS:
        yield from section_reference_issues(ix, section)


def entity_reference_issues(
    ix: ScenarioIndex, collection: str, index: int, entity: Entity, closest: Closest | None = None
) -> Iterator[Issue]:
    """Unknown references held by one entity (at ``index`` of ``collection``)."""
    for ref in iter_references(entity, (collection, index)):
        if ref.id not in ix.position[ref.collection]:
            yield _unknown(ix, ref.collection, ref.id, ref.path, entity.id, closest)


def section_reference_issues(
    ix: ScenarioIndex, section: str, closest: Closest | None = None
) -> Iterator[Issue]:
    """Unknown references held by ``calendar``, ``hex_map``, ``tension`` or ``victory``."""
    scenario = ix.scenario
    value = getattr(scenario, section)
    if value is None:
        return
    for ref in iter_references(value, (section,)):
        if ref.id not in ix.position[ref.collection]:
            owner = ref.path[2] if section == "victory" and len(ref.path) > 2 else None
            entity = scenario.victory.sudden_death[owner].id if isinstance(owner, int) else None
            yield _unknown(ix, ref.collection, ref.id, ref.path, entity, closest)


def closest_id(ix: ScenarioIndex, collection: str, name: str) -> str | None:
    """The id of ``collection`` most like ``name``, as the "did you mean" hints choose it
    (:mod:`schemas.suggest`); the index of ids is built once per validation run."""
    tables: dict[str, tuple[Suggester, dict[str, str | None]]] = ix.__dict__.setdefault(
        "_suggesters", {}
    )
    table = tables.get(collection)
    if table is None:
        table = tables[collection] = (Suggester(ix.position[collection]), {})
    index, asked = table
    if name not in asked:
        best = index.closest(name)
        asked[name] = best[1] if best else None
    return asked[name]


def _unknown(
    ix: ScenarioIndex,
    collection: str,
    name: str,
    path: tuple[str | int, ...],
    entity: str | None,
    closest: Closest | None = None,
) -> Issue:
    near = closest(collection, name) if closest else closest_id(ix, collection, name)
    hint = f" (did you mean '{near}'?)" if near else ""
    return make_issue(
        "unknown-reference",
        pointer(*path),
        f"there is no {singular(collection)} with id '{name}'{hint}",
        entity,
    )
