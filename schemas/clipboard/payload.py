"""What a copied selection carries, and its JSON.

A copy holds the selected entities with what belongs to them (a region brings its
structures, supply sources, stacks and the connections between copied regions), the full
definitions of the table entries they use that a scenario can take in whole (terrain and
connection types, unit types, areas and theatres), and the names of everything else they
refer to (sides, nations, other regions...), so that a paste into another scenario can match
those by name. It is canonical JSON, readable as text and stable across versions of Salient
that read the same format.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from ..diff.sections import collections, noun
from ..io import FULL_SECTIONS, canonical_json
from ..refs import iter_references
from ..scenario import SCHEMA_VERSION, Scenario

MIME_TYPE = "application/x-salient-entities+json"
"""How the studio labels a copy on the system clipboard (plain text carries the same JSON)."""

FORMAT = "salient-clipboard"
FORMAT_VERSION = 1
"""Version of the copy's own wrapping (the entities inside follow ``schema_version``)."""

DEFINITIONS = ("terrain", "connection_types", "unit_types", "theatres", "areas")
"""Collections whose entries travel whole with a copy and are added by a paste into a
scenario that lacks them: they describe things (a terrain, a kind of unit, a group of
regions) rather than being players or places of the map."""

SHARED_IDS = {"units": ("units", "leaders"), "leaders": ("units", "leaders")}
"""Collections sharing one namespace of ids: a unit and a leader never have the same id."""


class ClipboardError(ValueError):
    """The clipboard's text is not a copy Salient can paste; the message says why."""


def namespace(collection: str) -> tuple[str, ...]:
    """The collections whose ids an entity of ``collection`` must differ from."""
    return SHARED_IDS.get(collection, (collection,))


def entity_json(collection: str, entity: BaseModel) -> dict[str, Any]:
    """An entity as a scenario file writes it (tables in full, elsewhere defaults left out)."""
    full = collection in FULL_SECTIONS
    return entity.model_dump(mode="json", by_alias=True, exclude_defaults=not full)


def display_name(entity: Any) -> str:
    """What a person calls an entity: its name, title or id."""
    return str(getattr(entity, "name", "") or getattr(entity, "title", "") or entity.id)


@dataclass(frozen=True)
class Clip:
    """A copied selection (see the module's description).

    ``entities`` and ``definitions`` hold entity JSON by collection, in the order the file
    lists collections; ``names`` maps, per collection, the ids of referenced entities that
    were not copied to their names; ``primary`` is the collection the designer selected.
    """

    primary: str
    entities: dict[str, list[dict[str, Any]]]
    definitions: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    names: dict[str, dict[str, str]] = field(default_factory=dict)
    source: str = ""
    schema_version: int = SCHEMA_VERSION

    def count(self, collection: str | None = None) -> int:
        """How many entities were copied (of one collection, or in all)."""
        if collection is not None:
            return len(self.entities.get(collection, ()))
        return sum(len(items) for items in self.entities.values())

    def ids(self, collection: str) -> list[str]:
        return [str(item.get("id")) for item in self.entities.get(collection, ())]

    def summary(self) -> str:
        """The copy in words: ``3 regions with 2 structures and 4 units``."""
        return describe({c: len(items) for c, items in self.entities.items()}, self.primary)

    def to_data(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "schema_version": self.schema_version,
            "source": self.source,
            "primary": self.primary,
            "entities": self.entities,
            "definitions": self.definitions,
            "names": {c: dict(sorted(ids.items())) for c, ids in self.names.items()},
        }

    def to_json(self) -> str:
        """Canonical JSON: the same copy always gives the same text."""
        return canonical_json(self.to_data())

    @classmethod
    def from_json(cls, text: str | bytes) -> Clip:
        """Read a copy; raises :class:`ClipboardError` saying what is wrong."""
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as error:
            raise ClipboardError(
                f"the clipboard does not hold Salient entities ({error})"
            ) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ClipboardError("the clipboard does not hold Salient entities")
        version = data.get("version")
        if not isinstance(version, int) or version > FORMAT_VERSION:
            raise ClipboardError(
                f"the clipboard was written by a newer Salient (copy format {version!r}); "
                "update Salient to paste it"
            )
        schema = data.get("schema_version")
        if not isinstance(schema, int) or schema > SCHEMA_VERSION:
            raise ClipboardError(
                f"the copied entities use scenario format {schema!r}, newer than this "
                f"Salient reads ({SCHEMA_VERSION}); update Salient to paste them"
            )
        known = collections()
        entities = _entity_lists(data.get("entities"), "entities", known)
        definitions = _entity_lists(data.get("definitions", {}), "definitions", known)
        names = data.get("names", {})
        if not isinstance(names, dict) or not all(
            isinstance(v, dict) and all(isinstance(n, str) for n in v.values())
            for v in names.values()
        ):
            raise ClipboardError("the copy's 'names' must map ids to names per collection")
        primary = data.get("primary")
        if primary not in known:
            raise ClipboardError(f"the copy names an unknown collection {primary!r}")
        return cls(
            primary=str(primary),
            entities=entities,
            definitions=definitions,
            names={str(c): {str(k): str(v) for k, v in ids.items()} for c, ids in names.items()},
            source=str(data.get("source", "")),
            schema_version=schema,
        )


def _entity_lists(value: Any, where: str, known: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    if not isinstance(value, dict):
        raise ClipboardError(f"the copy's '{where}' must be an object of lists")
    out: dict[str, list[dict[str, Any]]] = {}
    for collection in known:
        items = value.get(collection)
        if items is None:
            continue
        if not isinstance(items, list) or not all(
            isinstance(i, dict) and isinstance(i.get("id"), str) for i in items
        ):
            raise ClipboardError(f"the copy's {where}/{collection} must be a list of entities")
        out[collection] = items
    unknown = sorted(set(value) - set(known))
    if unknown:
        raise ClipboardError(f"the copy's {where} name unknown collections: {', '.join(unknown)}")
    return out


def describe(counts: dict[str, int], primary: str | None = None) -> str:
    """Counts of entities in words, the primary collection first."""
    order = [c for c in collections() if counts.get(c)]
    if primary in order:
        order.remove(primary)
        order.insert(0, primary)
    parts = [f"{counts[c]} {noun(c, counts[c])}" for c in order]
    if not parts:
        return "nothing"
    if len(parts) == 1:
        return parts[0]
    rest = parts[1:]
    tail = rest[0] if len(rest) == 1 else ", ".join(rest[:-1]) + " and " + rest[-1]
    return f"{parts[0]} with {tail}"


# -- copying -------------------------------------------------------------------------------------


def belonging(scenario: Scenario, collection: str, ids: Sequence[str]) -> dict[str, list[str]]:
    """The ids a copy of ``ids`` takes, by collection: the entities themselves and, for
    regions, what belongs to them (structures and supply sources in them, connections
    between two of them, units and leaders placed in them or in their structures)."""
    wanted = list(dict.fromkeys(ids))
    if collection != "regions":
        return {collection: wanted}
    regions = set(wanted)
    structures = [s.id for s in scenario.structures if s.region in regions]
    inside = set(structures)

    def placed(entity: Any) -> bool:
        where = entity.location
        return where is not None and (where.region in regions or where.structure in inside)

    return {
        "regions": wanted,
        "connections": [c.id for c in scenario.connections if c.a in regions and c.b in regions],
        "structures": structures,
        "supply_sources": [s.id for s in scenario.supply_sources if s.region in regions],
        "units": [u.id for u in scenario.units if placed(u)],
        "leaders": [leader.id for leader in scenario.leaders if placed(leader)],
    }


def copy_entities(scenario: Scenario, collection: str, ids: Sequence[str]) -> Clip:
    """A copy of the entities ``ids`` of ``collection`` (a top-level list, or a nested one
    such as ``victory/sudden_death``) with what belongs to them; unknown ids are skipped."""
    known = collections()
    if collection not in known:
        raise KeyError(f"no collection {collection!r}")
    taken = belonging(scenario, collection, ids)
    entities: dict[str, list[dict[str, Any]]] = {}
    copied: dict[str, set[str]] = {}
    models: list[tuple[str, BaseModel]] = []
    for name, info in known.items():
        wanted = set(taken.get(name, ()))
        if not wanted:
            continue
        # File order, not selection order: a paste adds them in the order the file has them.
        found = [e for e in info.items(scenario) if e.id in wanted]
        if found:
            entities[name] = [entity_json(name, e) for e in found]
            copied[name] = {e.id for e in found}
            models.extend((name, e) for e in found)
    definitions, names = _referenced(scenario, [m for _, m in models], copied)
    return Clip(
        primary=collection,
        entities=entities,
        definitions=definitions,
        names=names,
        source=scenario.info.title,
    )


def _referenced(
    scenario: Scenario, models: Iterable[BaseModel], copied: dict[str, set[str]]
) -> tuple[dict[str, list[dict[str, Any]]], dict[str, dict[str, str]]]:
    """The definitions the copied entities use (and those these use in turn), whole, and
    the names of every other entity they refer to."""
    known = collections()
    lookup: dict[str, dict[str, Any]] = {}

    def find(collection: str, entity_id: str) -> Any | None:
        if collection not in lookup:
            info = known.get(collection)
            lookup[collection] = {e.id: e for e in info.items(scenario)} if info else {}
        return lookup[collection].get(entity_id)

    definitions: dict[str, dict[str, BaseModel]] = {}
    names: dict[str, dict[str, str]] = {}
    queue = list(models)
    while queue:
        model = queue.pop()
        for ref in iter_references(model):
            collection, entity_id = ref.collection, ref.id
            if entity_id in copied.get(collection, ()):
                continue
            target = find(collection, entity_id)
            if target is None:
                continue  # a dangling reference in the source: nothing to carry
            if collection in DEFINITIONS:
                if entity_id not in definitions.setdefault(collection, {}):
                    definitions[collection][entity_id] = target
                    queue.append(target)
            else:
                names.setdefault(collection, {})[entity_id] = display_name(target)
    ordered = {
        c: [entity_json(c, e) for e in known[c].items(scenario) if e.id in definitions[c]]
        for c in known
        if definitions.get(c)
    }
    return ordered, names
