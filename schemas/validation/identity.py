"""Ids must be unique within their list, and every reference must name something."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from pydantic import BaseModel

from ..issues import Issue, make_issue, pointer
from ..refs import iter_references, referenced_ids
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


def check_duplicate_ids(ix: ScenarioIndex) -> Iterator[Issue]:
    scenario = ix.scenario
    quick = [
        [e.id for e in getattr(scenario, name)]
        for name in ENTITY_COLLECTIONS
        if name not in ("units", "leaders")
    ]
    quick.append([e.id for e in scenario.units] + [e.id for e in scenario.leaders])
    if all(len(set(ids)) == len(ids) for ids in quick):
        return  # the common case, settled without building messages
    seen: dict[str, dict[str, str]] = {}
    for collection, index, entity in ix.entities():
        namespace = "units" if collection in ("units", "leaders") else collection
        first = seen.setdefault(namespace, {}).get(entity.id)
        if first is not None:
            yield make_issue(
                "duplicate-id",
                pointer(collection, index, "id"),
                f"id '{entity.id}' is already used by {first}; ids must be unique",
                entity.id,
            )
        else:
            seen[namespace][entity.id] = f"{singular(collection)} #{index + 1}"


def check_references(ix: ScenarioIndex) -> Iterator[Issue]:
    scenario = ix.scenario
    groups: list[list[BaseModel]] = [getattr(scenario, name) for name in ENTITY_COLLECTIONS]
    groups.append([m for m in (scenario.calendar, scenario.tension, scenario.victory) if m])
    wanted: dict[str, set[str]] = {}
    for group in groups:
        if group:
            for name, ids in referenced_ids(group).items():
                wanted.setdefault(name, set()).update(ids)
    if all(ids <= ix.position[name].keys() for name, ids in wanted.items()):
        return  # every reference resolves; no need to walk for paths
    for collection, index, entity in ix.entities():
        for ref in iter_references(entity, (collection, index)):
            if ref.id not in ix.position[ref.collection]:
                yield _unknown(ix, ref.collection, ref.id, ref.path, entity.id)
    for section in ("calendar", "tension", "victory"):
        value = getattr(scenario, section)
        if value is None:
            continue
        for ref in iter_references(value, (section,)):
            if ref.id not in ix.position[ref.collection]:
                owner = ref.path[2] if section == "victory" and len(ref.path) > 2 else None
                entity = scenario.victory.sudden_death[owner].id if isinstance(owner, int) else None
                yield _unknown(ix, ref.collection, ref.id, ref.path, entity)


def _unknown(
    ix: ScenarioIndex, collection: str, name: str, path: tuple[str | int, ...], entity: str | None
) -> Issue:
    known = list(ix.position[collection])
    close = difflib.get_close_matches(name, known, n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return make_issue(
        "unknown-reference",
        pointer(*path),
        f"there is no {singular(collection)} with id '{name}'{hint}",
        entity,
    )
