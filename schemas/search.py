"""Finding entities by name or id, and every place an entity is referenced.

Both answer with :class:`Place` records that say where to go: the section to select, the
entity's id, and the field path to focus, so the studio can jump to each result. Usages come
from the format's reference walk (:mod:`schemas.refs`), so they cover every reference field
there is, nested conditions and effects included, without a hand-written list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from pydantic import BaseModel

from .diff.sections import collections, nested_in, noun
from .diff.wording import NameBook, display_name
from .hexgrid.grid import parse_hex_id
from .refs import iter_references, referenced_ids
from .scenario import SINGLE_SECTIONS, Scenario

Path = tuple[str | int, ...]

SINGLE_NAMES = {
    "info": "Scenario information",
    "calendar": "Calendar",
    "rules": "Rules",
    "map": "Map settings",
    "tension": "Tension index",
    "victory": "Victory",
}


@dataclass(frozen=True, slots=True)
class Place:
    """An entity (or a field of one) to go to.

    ``collection`` is where the entity lives (``regions``, ``victory/sudden_death``, or a
    single section such as ``rules``); ``section`` and ``field`` are what to select and
    focus in the studio: a nested entity is selected in the section holding it, with its
    position in the field path. ``entity`` is ``None`` for a single section.
    """

    collection: str
    section: str
    entity: str | None
    name: str
    field: Path = ()
    path: Path = ()
    """For a usage: the reference's path inside the entity (or single section)."""

    @property
    def kind(self) -> str:
        """What the entity is, in words: ``region``, ``sudden death condition``."""
        if self.entity is None:
            return SINGLE_NAMES.get(self.collection, self.collection).lower()
        return noun(self.collection)

    def title(self) -> str:
        """``Region Tobruk (tobruk)``, or ``Rules`` for a single section."""
        if self.entity is None:
            return SINGLE_NAMES.get(self.collection, self.collection)
        named = f"{self.name} ({self.entity})" if self.name != self.entity else self.entity
        return f"{self.kind.capitalize()} {named}"

    def where(self) -> str:
        """The referring field in words: ``effects #2 > select > regions``, with
        right-pointing angles between the steps."""
        return field_words(self.path)


def _label(name: str) -> str:
    words = name.replace("_", " ")
    return words[:1].upper() + words[1:]


def field_words(path: Path, label: Callable[[str], str] = _label) -> str:
    """A field path in words, ``label`` naming each field: ``Conditions #2 > Regions``
    (with right-pointing angles); list positions count from 1, as a person counts."""
    parts: list[str] = []
    for step in path:
        if not isinstance(step, int):
            parts.append(label(step))
        elif parts:
            parts[-1] += f" #{step + 1}"
        else:
            parts.append(f"#{step + 1}")
    return " \u203a ".join(parts)


def _name(collection: str, entity: object, names: NameBook | None) -> str:
    """How a designer calls the entity: a connection by its two regions' names, a unit
    without a name by its type (``names`` looks those up), else its name, title or id.
    The id is shown beside it, so a unit is not named ``Infantry (inf-1)`` here."""
    if collection == "units" and names is not None and not getattr(entity, "name", None):
        return names("unit_types", entity.type)  # type: ignore[attr-defined]
    return display_name(collection, entity, names)


def _own_name(entity: BaseModel) -> str:
    """The entity's name or title, else its id. The model's fields are looked up first: a
    missing attribute costs pydantic an exception, and Find reads every entity."""
    fields = type(entity).model_fields
    for key in ("name", "title"):
        if key in fields and (value := getattr(entity, key)):
            return str(value)
    return str(entity.id)  # type: ignore[attr-defined]


def _entities(scenario: Scenario) -> Iterator[tuple[str, int, BaseModel]]:
    """Every entity with its collection and position, in file order."""
    for name, info in collections().items():
        for position, entity in enumerate(info.items(scenario)):
            yield name, position, entity


def place_of(
    collection: str,
    position: int,
    entity: BaseModel,
    path: Path = (),
    names: NameBook | None = None,
) -> Place:
    """Where an entity (and a field inside it) is selected; ``names`` (the scenario's
    :class:`NameBook`) names connections and unnamed units by what they join or are."""
    info = collections()[collection]
    entity_id = entity.id  # type: ignore[attr-defined]
    name = _name(collection, entity, names)
    if info.parent is None:
        return Place(collection, collection, entity_id, name, path, path)
    inner = info.keys[1]
    return Place(collection, info.parent, entity_id, name, (inner, position, *path), path)


def find_entities(scenario: Scenario, text: str, limit: int | None = None) -> list[Place]:
    """Entities whose id or name contains ``text`` (case and accents as typed, spaces at the
    ends ignored), best first: an exact id or name, then those starting with it, then the
    rest, each group in file order."""
    wanted = text.strip().casefold()
    if not wanted:
        return []
    ranked: list[tuple[int, int, Place]] = []
    names = NameBook(scenario)
    for order, (collection, position, entity) in enumerate(_entities(scenario)):
        entity_id = entity.id.casefold()  # type: ignore[attr-defined]
        # its own name only: a connection is not found by its regions' names (Find usages
        # of the region lists those), though it is shown by them
        name = _own_name(entity).casefold()
        if wanted in (entity_id, name):
            rank = 0
        elif entity_id.startswith(wanted) or name.startswith(wanted):
            rank = 1
        elif wanted in entity_id or wanted in name:
            rank = 2
        else:
            continue
        ranked.append((rank, order, place_of(collection, position, entity, names=names)))
    ranked.extend(_hexes_found(scenario, wanted, len(ranked)))
    ranked.sort(key=lambda item: item[:2])
    places = [place for _, _, place in ranked]
    return places if limit is None else places[:limit]


def _hexes_found(scenario: Scenario, wanted: str, after: int) -> list[tuple[int, int, Place]]:
    """Hexes of a hex map found by their name (a hex record's) or their whole id: hexes are
    the map's regions, though not entities of the file. Any part of an id would match
    thousands of hexes, so only the whole id is looked for."""
    hex_map = scenario.hex_map
    if hex_map is None:
        return []
    found: list[tuple[int, int, Place]] = []
    seen: set[str] = set()
    for order, record in enumerate(hex_map.hexes):
        name = record.name.casefold()
        if not name:
            continue
        if wanted in (record.hex, name):
            rank = 0
        elif name.startswith(wanted):
            rank = 1
        elif wanted in name:
            rank = 2
        else:
            continue
        seen.add(record.hex)
        place = Place("regions", "regions", record.hex, record.name)
        found.append((rank, after + order, place))
    parsed = parse_hex_id(wanted)
    if wanted not in seen and parsed is not None:
        column, row = parsed
        if column < hex_map.columns and row < hex_map.rows:
            found.append(
                (0, after + len(hex_map.hexes), Place("regions", "regions", wanted, wanted))
            )
    return found


def find_usages(scenario: Scenario, collection: str, entity_id: str) -> list[Place]:
    """Every reference to ``entity_id`` of ``collection``, in file order: the referring
    entity (or single section) and the field, one :class:`Place` per reference."""
    found: list[Place] = []
    names = NameBook(scenario)
    for name, info in collections().items():
        items = info.items(scenario)
        if not items or entity_id not in referenced_ids(items).get(collection, ()):
            continue  # the quick column-wise look: most collections never name the id
        for position, entity in enumerate(items):
            for ref in iter_references(entity):
                if ref.collection == collection and ref.id == entity_id:
                    found.append(place_of(name, position, entity, ref.path, names))
    for single in SINGLE_SECTIONS:
        value = getattr(scenario, single)
        if not isinstance(value, BaseModel):
            continue
        nested = nested_in(single)
        for ref in iter_references(value):
            if ref.path and ref.path[0] in nested:
                continue  # counted with its own collection above
            if ref.collection == collection and ref.id == entity_id:
                label = SINGLE_NAMES.get(single, single)
                found.append(Place(single, single, None, label, ref.path, ref.path))
    return found


def collection_of(section: str | None) -> str | None:
    """The collection a studio selection's ``section`` names (sudden-death conditions are
    selected in ``victory``)."""
    if section is None:
        return None
    if section in collections():
        return section
    nested = [c for c in collections().values() if c.parent == section]
    return nested[0].name if len(nested) == 1 else None
