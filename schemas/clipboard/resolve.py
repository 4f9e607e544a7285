"""How a copy is pasted into a scenario: ids, references and the place on the map.

:func:`resolve_paste` decides everything a paste does without changing the scenario, so the
studio applies the answer as one undo step and tests check it without a window:

1. **Ids.** A pasted entity keeps its id when the scenario has none like it; otherwise it gets
   the first free ``<id>-2``, ``<id>-3``... (an id already ending in ``-<number>`` counts on
   from that number: a copy of ``inf-3`` becomes ``inf-4``). Units and leaders share ids.
   References between pasted entities follow the new ids.
2. **References to what was not copied** stay when the scenario has that id; else they go to
   an entity of the same name (``Desert`` is ``desert`` in one file and ``sand`` in
   another); else, for terrain and connection types, unit types, areas and theatres, the
   copied definition is added to the scenario. What is still missing is dropped where the
   format allows (an owner, an entry of a list, a side's values); a reference the format
   requires is given the scenario's first terrain, connection type, unit type, side or
   nation; an entity that cannot do without it (a connection whose end did not come) is
   left out. Every such decision is a :class:`Note`.
3. **The map.** Pasted regions keep their place when the ground there is free, else move to
   the nearest free place (``schemas.geometry.pasting``); pasted at a point, they are
   centred there and clipped by the regions already there like a drawn region. Anchors,
   structures' symbols and connections' bends move with them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import shapely
from pydantic import BaseModel, ValidationError

from ..base import Entity
from ..diff.sections import collections, noun
from ..geometry.build import build_polygons, polygon_from_model
from ..geometry.outlines import XY
from ..geometry.pasting import fit_pasted_regions, free_offset, translated
from ..geometry.snapping import SnapIndex
from ..map import Polygon
from ..refs import iter_references, with_references_replaced
from ..scenario import SCHEMA_VERSION, Scenario
from .payload import DEFINITIONS, Clip, ClipboardError, describe, display_name, namespace

FALLBACK = ("terrain", "connection_types", "unit_types", "sides", "nations")
"""Collections where a reference the format requires may be given the scenario's first
entry when the copied one is missing (a unit must have a nation, a region a terrain)."""

_TAIL = re.compile(r"^(.*)-(\d+)$")
_ID_LENGTH = 64


def fresh_id(wanted: str, taken: set[str] | frozenset[str]) -> str:
    """``wanted`` if free, else the first free ``<wanted>-2``, ``-3``... (counting on from
    the number ``wanted`` already ends with, if any), at most 64 characters."""
    if wanted not in taken:
        return wanted
    match = _TAIL.match(wanted)
    base, number = (match.group(1), int(match.group(2))) if match else (wanted, 1)
    while True:
        number += 1
        tail = f"-{number}"
        candidate = base[: _ID_LENGTH - len(tail)].rstrip("-_") + tail
        if candidate not in taken:
            return candidate


@dataclass(frozen=True)
class Note:
    """One decision of a paste a designer should know about.

    ``kind`` is ``renamed``, ``matched``, ``added``, ``dropped`` (a reference left out),
    ``replaced`` (a required reference given the scenario's first entry), ``left_out`` (an
    entity not pasted), ``clipped`` (a region that lost ground) or ``moved`` (the group moved
    aside to free ground). ``entities`` are the pasted entities it concerns, by collection
    and their id in the scenario.
    """

    kind: str
    text: str
    entities: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class MapOutlines:
    """The map as the paste sees it: region ids and outlines by position (``None`` in empty
    slots) and, optionally, a :class:`SnapIndex` of those outlines (the studio keeps one)."""

    ids: Sequence[str | None]
    outlines: Sequence[Polygon | None]
    index: SnapIndex | None = None

    @classmethod
    def of(cls, scenario: Scenario) -> MapOutlines:
        return cls([r.id for r in scenario.regions], [r.polygon for r in scenario.regions])


@dataclass
class PastePlan:
    """What a paste adds and changes; apply it all as one step.

    ``added`` holds new entities by collection (file order; definitions before what uses
    them); ``outlines`` gives regions already on the map their new outlines (shared vertices
    where pasted borders meet them); ``selected`` is the primary collection's pasted ids.
    """

    primary: str
    added: dict[str, list[Entity]] = field(default_factory=dict)
    outlines: dict[str, Polygon] = field(default_factory=dict)
    notes: list[Note] = field(default_factory=list)
    offset: XY = (0.0, 0.0)

    @property
    def selected(self) -> list[str]:
        return [e.id for e in self.added.get(self.primary, [])]

    @property
    def empty(self) -> bool:
        return not any(self.added.values())

    def count(self, collection: str) -> int:
        return len(self.added.get(collection, ()))

    def summary(self) -> str:
        """``Pasted 3 regions with 2 structures; added 2 terrain types``."""
        counts = {c: len(items) for c, items in self.added.items() if c == self.primary}
        for c, items in self.added.items():
            if c != self.primary:
                counts[c] = len([e for e in items if not self._definition(c, e.id)])
        text = f"Pasted {describe(counts, self.primary)}"
        definitions = {
            c: n
            for c in self.added
            if (n := len([e for e in self.added[c] if self._definition(c, e.id)]))
        }
        if definitions:
            text += f"; added {describe(definitions)}"
        return text

    def _definition(self, collection: str, entity_id: str) -> bool:
        return any(n.kind == "added" and (collection, entity_id) in n.entities for n in self.notes)


# -- resolving -----------------------------------------------------------------------------------


def _target_ids(scenario: Scenario) -> dict[str, list[Any]]:
    return {name: info.items(scenario) for name, info in collections().items()}


def _validated(collection: str, items: Iterable[dict[str, Any]], notes: list[Note]) -> dict:
    model = collections()[collection].model
    out: dict[str, Entity] = {}
    for data in items:
        try:
            entity = model.model_validate(data)
        except ValidationError as error:
            first = error.errors()[0]
            where = "/".join(str(p) for p in first["loc"])
            notes.append(
                Note(
                    "left_out",
                    f"{noun(collection).capitalize()} {data.get('id')!r} is not valid here "
                    f"({where}: {first['msg']}); not pasted",
                )
            )
            continue
        out.setdefault(entity.id, entity)
    return out


class _Resolver:
    def __init__(self, clip: Clip, scenario: Scenario) -> None:
        self.clip, self.scenario = clip, scenario
        self.notes: list[Note] = []
        self.target = _target_ids(scenario)
        self.target_ids = {c: {e.id for e in items} for c, items in self.target.items()}
        self.items: dict[str, dict[str, Entity]] = {
            c: _validated(c, data, self.notes) for c, data in clip.entities.items()
        }
        self.new_id: dict[str, dict[str, str | None]] = {}
        """Pasted entities' ids in the scenario, by collection (``None``: not pasted)."""
        self.matched: dict[tuple[str, str], str] = {}
        self.definitions: dict[str, dict[str, Entity]] = {}

    # references to what was not copied -------------------------------------------------------

    def _copied(self, collection: str, entity_id: str) -> bool:
        return entity_id in self.items.get(collection, {})

    def _name_of(self, collection: str, entity_id: str) -> str | None:
        for data in self.clip.definitions.get(collection, ()):
            if data.get("id") == entity_id:
                return str(data.get("name") or data.get("title") or "") or None
        return self.clip.names.get(collection, {}).get(entity_id)

    def _match_by_name(self, collection: str, entity_id: str) -> str | None:
        name = self._name_of(collection, entity_id)
        if not name:
            return None
        wanted = name.casefold()
        for entity in self.target.get(collection, ()):
            if display_name(entity).casefold() == wanted:
                return entity.id
        return None

    def settle_references(self) -> None:
        """Decide, for every reference to something not copied, whether the scenario has it,
        has it under another id, or takes the copied definition."""
        queue = [m for items in self.items.values() for m in items.values()]
        seen: set[tuple[str, str]] = set()
        while queue:
            model = queue.pop(0)
            for ref in iter_references(model):
                key = (ref.collection, ref.id)
                if key in seen or self._copied(*key) or ref.id in self.target_ids.get(key[0], ()):
                    continue
                seen.add(key)
                match = self._match_by_name(*key)
                if match is not None:
                    self.matched[key] = match
                    continue
                if ref.collection in DEFINITIONS:
                    found = self._definition(*key)
                    if found is not None:
                        self.definitions.setdefault(ref.collection, {})[ref.id] = found
                        queue.append(found)

    def _definition(self, collection: str, entity_id: str) -> Entity | None:
        for data in self.clip.definitions.get(collection, ()):
            if data.get("id") == entity_id:
                found = _validated(collection, [data], self.notes)
                return found.get(entity_id)
        return None

    # ids -------------------------------------------------------------------------------------

    def assign_ids(self) -> None:
        taken: dict[str, set[str]] = {}

        def pool(collection: str) -> set[str]:
            key = namespace(collection)[0]
            if key not in taken:
                taken[key] = {i for c in namespace(collection) for i in self.target_ids.get(c, ())}
            return taken[key]

        for collection, defined in self.definitions.items():
            pool(collection).update(defined)
        for collection, items in self.items.items():
            ids = self.new_id.setdefault(collection, {})
            for old in items:
                new = fresh_id(old, pool(collection))
                pool(collection).add(new)
                ids[old] = new

    def rename_notes(self, final: dict[str, dict[str, Entity]]) -> None:
        for collection, ids in self.new_id.items():
            renamed = [
                (old, new)
                for old, new in ids.items()
                if new is not None and new != old and new in final.get(collection, {})
            ]
            if renamed:
                shown = ", ".join(f"{a} → {b}" for a, b in renamed[:6])
                more = f" and {len(renamed) - 6} more" if len(renamed) > 6 else ""
                self.notes.append(
                    Note(
                        "renamed",
                        f"{len(renamed)} {noun(collection, len(renamed))} had ids already "
                        f"in use and were renamed: {shown}{more}",
                        tuple((collection, b) for _, b in renamed),
                    )
                )

    def target_of(self, collection: str, entity_id: str) -> str | None:
        """Where a reference of a pasted entity points in the scenario (``None``: nowhere)."""
        if self._copied(collection, entity_id):
            return self.new_id[collection].get(entity_id)
        if entity_id in self.definitions.get(collection, {}):
            return entity_id
        if entity_id in self.target_ids.get(collection, ()):
            return entity_id
        return self.matched.get((collection, entity_id))

    def fallback(self, collection: str) -> str | None:
        if collection not in FALLBACK:
            return None
        for entity in self.target.get(collection, ()):
            return entity.id
        for entity in self.definitions.get(collection, {}).values():
            return entity.id
        return None

    # the map ---------------------------------------------------------------------------------

    def place_regions(self, at: XY | None, map_outlines: MapOutlines | None) -> PlacedMap:
        regions = self.items.get("regions", {})
        if not regions:
            return PlacedMap()
        current = map_outlines or MapOutlines.of(self.scenario)
        group = [r.polygon for r in regions.values()]
        if at is None:
            offset = free_offset(current.outlines, group, index=current.index)
        else:
            shapes = [s for s in build_polygons(group) if s is not None]
            minx, miny, maxx, maxy = shapely.total_bounds(shapes) if shapes else (0, 0, 0, 0)
            offset = (float(at[0] - (minx + maxx) / 2), float(at[1] - (miny + maxy) / 2))
        moved = [translated(p, *offset) for p in group]
        fitted = fit_pasted_regions(current.outlines, moved, index=current.index)
        placed = PlacedMap(offset=offset)
        names = list(regions)
        for number, region_id in enumerate(names):
            outline = fitted.outlines[number]
            if outline is None:
                refused = fitted.refused.get(number)
                placed.gone[region_id] = (
                    (refused, refused)
                    if refused
                    else (
                        "the regions already there cover all its ground",
                        "the regions already there cover all their ground",
                    )
                )
                continue
            placed.outlines[region_id] = outline
            if number in fitted.pieces:
                placed.pieces[region_id] = fitted.pieces[number]
            elif number in fitted.clipped:
                placed.clipped.append(region_id)
        for position, outline in fitted.changes.items():
            region_id = current.ids[position]
            if region_id is not None:
                placed.existing[region_id] = outline
        if offset != (0.0, 0.0) and at is None:
            self.notes.append(
                Note(
                    "moved",
                    f"The pasted regions would have covered regions already on the map; "
                    f"they were put beside them (moved by {offset[0]:.6g}, {offset[1]:.6g})",
                )
            )
        return placed


@dataclass
class PlacedMap:
    offset: XY = (0.0, 0.0)
    outlines: dict[str, Polygon] = field(default_factory=dict)
    existing: dict[str, Polygon] = field(default_factory=dict)
    gone: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Pasted regions left out, with the reason for one and for several."""
    clipped: list[str] = field(default_factory=list)
    pieces: dict[str, int] = field(default_factory=dict)
    by_new: dict[str, Polygon] = field(default_factory=dict)
    """Pasted regions' outlines by their id in the scenario."""


def _moved_point(point: XY | None, dx: float, dy: float) -> XY | None:
    return None if point is None else (point[0] + dx, point[1] + dy)


def _with(model: BaseModel, **changes: Any) -> Any:
    data = model.model_dump(by_alias=True)
    data.update(changes)
    return type(model).model_validate(data)


def _inside(point: XY | None, shape: shapely.Geometry | None) -> bool:
    return point is not None and shape is not None and shape.contains(shapely.Point(point))


def _placed_entity(
    collection: str, entity: Entity, placed: PlacedMap, shapes: dict[str, Any]
) -> Entity:
    """A map entity moved with the pasted regions (anchors outside its new outline are
    given back to the map to choose)."""
    dx, dy = placed.offset
    if collection == "regions":
        outline = placed.by_new[entity.id]
        shape = shapes.setdefault(entity.id, polygon_from_model(outline))
        anchors = {
            key: point if _inside(point, shape) else None
            for key, value in entity.anchors.model_dump().items()  # type: ignore[attr-defined]
            for point in [_moved_point(tuple(value) if value else None, dx, dy)]
        }
        return _with(entity, polygon=outline, anchors=anchors)
    if collection == "structures" and entity.anchor is not None:  # type: ignore[attr-defined]
        anchor = _moved_point(entity.anchor, dx, dy)  # type: ignore[attr-defined]
        region = entity.region  # type: ignore[attr-defined]
        shape = shapes.get(region)
        if shape is None and region in placed.by_new:
            shape = shapes.setdefault(region, polygon_from_model(placed.by_new[region]))
        return _with(entity, anchor=anchor if shape is None or _inside(anchor, shape) else None)
    if collection == "connections" and entity.waypoints and (dx or dy):  # type: ignore[attr-defined]
        bends = [(x + dx, y + dy) for x, y in entity.waypoints]  # type: ignore[attr-defined]
        return _with(entity, waypoints=bends)
    return entity


def resolve_paste(
    clip: Clip,
    scenario: Scenario,
    *,
    at: XY | None = None,
    map_outlines: MapOutlines | None = None,
) -> PastePlan:
    """What pasting ``clip`` into ``scenario`` adds and changes (see the module's
    description); ``at`` centres pasted regions on a map point, clipped by what is there.

    Never changes ``scenario``. Raises :class:`ClipboardError` for a copy of a newer format
    and :class:`~schemas.geometry.GeometryEditError` when the regions cannot be fitted.
    """
    if clip.schema_version > SCHEMA_VERSION:
        raise ClipboardError("the copy uses a newer scenario format; update Salient to paste it")
    resolver = _Resolver(clip, scenario)
    resolver.settle_references()
    resolver.assign_ids()
    placed = resolver.place_regions(at, map_outlines)
    notes = resolver.notes
    left_out: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for region_id, why in placed.gone.items():
        resolver.new_id["regions"][region_id] = None
        left_out.setdefault(why, []).append(("regions", region_id))
    _note_map(resolver, placed)
    for region_id, outline in placed.outlines.items():
        placed.by_new[resolver.new_id["regions"][region_id] or region_id] = outline

    # Entities whose required references lead nowhere are left out, which may leave others
    # without what they need in turn: repeat until nothing more goes.
    final: dict[str, dict[str, Entity]] = {}
    dropped: dict[tuple[str, str], list[tuple[str, str]]] = {}
    replaced: dict[tuple[str, str], tuple[str, list[tuple[str, str]]]] = {}
    while True:
        final, dropped, replaced, gone = _settle(resolver, placed)
        if not gone:
            break
        for collection, entity_id, why in gone:
            resolver.new_id[collection][entity_id] = None
            left_out.setdefault(why, []).append((collection, entity_id))
    resolver.rename_notes(final)
    for (one, many), entities in left_out.items():
        why = one if len(entities) == 1 else many
        notes.append(Note("left_out", f"{_listed(resolver, entities)} not pasted: {why}"))

    for (collection, missing), concerned in dropped.items():
        notes.append(
            Note(
                "dropped",
                f"{noun(collection).capitalize()} {_missing(resolver, collection, missing)} "
                f"{_absence(resolver, collection, missing)}: left out of {_entities(concerned)}",
                tuple(concerned),
            )
        )
    for (collection, missing), (instead, concerned) in replaced.items():
        verb = "uses" if len(concerned) == 1 else "use"
        notes.append(
            Note(
                "replaced",
                f"{noun(collection).capitalize()} {_missing(resolver, collection, missing)} "
                f"{_absence(resolver, collection, missing)}: {_entities(concerned)} "
                f"{verb} {_existing(resolver, collection, instead)} instead",
                tuple(concerned),
            )
        )
    for (collection, source_id), target_id in resolver.matched.items():
        notes.append(
            Note(
                "matched",
                f"{noun(collection).capitalize()} {source_id} is {target_id} here (same name)",
            )
        )

    plan = PastePlan(clip.primary, offset=placed.offset, outlines=dict(placed.existing))
    for collection in collections():
        entities = list(resolver.definitions.get(collection, {}).values())
        if entities:
            names = ", ".join(display_name(e) for e in entities)
            notes.append(
                Note(
                    "added",
                    f"Added {len(entities)} {noun(collection, len(entities))} the copy uses: "
                    f"{names}",
                    tuple((collection, e.id) for e in entities),
                )
            )
        entities = list(final.get(collection, {}).values())
        if entities:
            plan.added[collection] = entities
    plan.notes = _ordered(notes)
    return plan


_ORDER = ("left_out", "dropped", "replaced", "clipped", "moved", "renamed", "matched", "added")


def _ordered(notes: list[Note]) -> list[Note]:
    """What needs the designer's eye first."""
    return sorted(notes, key=lambda n: _ORDER.index(n.kind) if n.kind in _ORDER else 99)


HOLDERS = ("region", "location", "a", "b")
"""Fields naming what a companion of a copied region belongs to: a structure or supply
source's region, a unit or leader's place, a connection's ends."""


def _orphan(
    resolver: _Resolver, collection: str, entity: Entity, missing: dict[str, set[str]]
) -> tuple[str, str] | None:
    """Why an entity that came along with copied regions goes when its region does."""
    if collection == resolver.clip.primary:
        return None
    for ref in iter_references(entity):
        if (
            ref.path[0] in HOLDERS
            and ref.id in missing.get(ref.collection, ())
            and resolver._copied(ref.collection, ref.id)
        ):
            many = noun(ref.collection, 2)
            return (
                f"it belongs to {many} that were not pasted",
                f"they belong to {many} that were not pasted",
            )
    return None


def _absence(resolver: _Resolver, collection: str, entity_id: str) -> str:
    if resolver._copied(collection, entity_id):
        return "was not pasted"
    return "is not in this scenario"


def _listed(resolver: _Resolver, entities: Sequence[tuple[str, str]]) -> str:
    """Entities left out, by name when few: ``Regions Agedabia and Barce``."""
    counts: dict[str, int] = {}
    for collection, _ in entities:
        counts[collection] = counts.get(collection, 0) + 1
    if len(entities) <= 4:
        names = [_named(resolver, i, c) for c, i in entities]
        kinds = {c for c, _ in entities}
        head = noun(next(iter(kinds)), len(entities)) if len(kinds) == 1 else "entities"
        tail = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return f"{head.capitalize()} {tail}"
    return _counted(counts).capitalize()


def _counted(counts: dict[str, int]) -> str:
    """``4 structures, 1 supply source and 2 units``."""
    parts = [f"{n} {noun(c, n)}" for c, n in counts.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _named(resolver: _Resolver, entity_id: str, collection: str = "regions") -> str:
    entity = resolver.items.get(collection, {}).get(entity_id)
    name = display_name(entity) if entity is not None else entity_id
    return f"{name} ({entity_id})" if name != entity_id else entity_id


def _missing(resolver: _Resolver, collection: str, entity_id: str) -> str:
    name = resolver._name_of(collection, entity_id)
    return f"{name} ({entity_id})" if name and name != entity_id else entity_id


def _existing(resolver: _Resolver, collection: str, entity_id: str) -> str:
    for entity in resolver.target.get(collection, ()):
        if entity.id == entity_id:
            name = display_name(entity)
            return f"{name} ({entity_id})" if name != entity_id else entity_id
    return entity_id


def _entities(concerned: Sequence[tuple[str, str]]) -> str:
    counts: dict[str, int] = {}
    for collection, _ in concerned:
        counts[collection] = counts.get(collection, 0) + 1
    if len(concerned) == 1:
        collection, entity_id = concerned[0]
        return f"{noun(collection)} {entity_id}"
    return _counted(counts)


def _note_map(resolver: _Resolver, placed: PlacedMap) -> None:
    ids = resolver.new_id.get("regions", {})
    clipped = [(r, ids[r]) for r in placed.clipped if ids.get(r)]
    if clipped:
        resolver.notes.append(
            Note(
                "clipped",
                f"{len(clipped)} pasted {noun('regions', len(clipped))} lost the ground "
                "regions already there cover",
                tuple(("regions", new) for _, new in clipped if new),
            )
        )
    for region_id, count in placed.pieces.items():
        new = ids.get(region_id)
        if new:
            resolver.notes.append(
                Note(
                    "clipped",
                    f"Region {new}: the free ground fell into {count} pieces; the largest was kept",
                    (("regions", new),),
                )
            )


def _settle(
    resolver: _Resolver, placed: PlacedMap
) -> tuple[
    dict[str, dict[str, Entity]],
    dict[tuple[str, str], list[tuple[str, str]]],
    dict[tuple[str, str], tuple[str, list[tuple[str, str]]]],
    list[tuple[str, str, tuple[str, str]]],
]:
    """One pass over the pasted entities: references followed, dropped or replaced; the
    entities that cannot be pasted are returned with the reason."""
    final: dict[str, dict[str, Entity]] = {}
    dropped: dict[tuple[str, str], list[tuple[str, str]]] = {}
    replaced: dict[tuple[str, str], tuple[str, list[tuple[str, str]]]] = {}
    gone: list[tuple[str, str, tuple[str, str]]] = []
    shapes: dict[str, Any] = {}
    sources = list(resolver.definitions.items()) + list(resolver.items.items())
    for collection, entities in sources:
        is_definition = (
            collection in resolver.definitions and entities is resolver.definitions[collection]
        )
        for old_id, entity in entities.items():
            new_id = old_id if is_definition else resolver.new_id[collection].get(old_id)
            if new_id is None:
                continue
            missing: dict[str, set[str]] = {}
            moves: dict[str, dict[str, str | None]] = {}
            for ref in iter_references(entity):
                target = resolver.target_of(ref.collection, ref.id)
                if target is None:
                    missing.setdefault(ref.collection, set()).add(ref.id)
                elif target != ref.id:
                    moves.setdefault(ref.collection, {})[ref.id] = target
            model: Any = entity
            for target_collection, ids in missing.items():
                model = with_references_replaced(model, target_collection, dict.fromkeys(ids))
            still = {(r.collection, r.id) for r in iter_references(model)}
            problem = _orphan(resolver, collection, entity, missing)
            for target_collection, ids in ({} if problem else missing).items():
                for missing_id in sorted(ids):
                    if (target_collection, missing_id) not in still:
                        dropped.setdefault((target_collection, missing_id), []).append(
                            (collection, new_id)
                        )
                        continue
                    instead = resolver.fallback(target_collection)
                    if instead is None:
                        what = (
                            f"{noun(target_collection)} "
                            f"{_missing(resolver, target_collection, missing_id)}, which "
                            f"{_absence(resolver, target_collection, missing_id)}"
                        )
                        problem = (f"it needs {what}", f"they need {what}")
                        break
                    moves.setdefault(target_collection, {})[missing_id] = instead
                    entry = replaced.setdefault((target_collection, missing_id), (instead, []))
                    entry[1].append((collection, new_id))
                if problem:
                    break
            if problem:
                gone.append((collection, old_id, problem))
                continue
            for target_collection, mapping in moves.items():
                model = with_references_replaced(model, target_collection, mapping)
            if new_id != old_id:
                model = _with(model, id=new_id)
            if not is_definition:
                model = _placed_entity(collection, model, placed, shapes)
            final.setdefault(collection, {})[new_id] = model
    return final, dropped, replaced, gone
