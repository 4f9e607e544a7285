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
   copied definition is added to the scenario. What is still missing goes the smallest way
   the format allows, or is replaced, or leaves the entity out (:mod:`.settle`). Every such
   decision is a :class:`Note`.
3. **The map.** Pasted regions keep their place when the ground there is free, else move to
   the nearest free place (``schemas.geometry.pasting``); pasted at a point, they are
   centred there and clipped by the regions already there like a drawn region. Anchors,
   structures' symbols and connections' bends move with them (:mod:`.placing`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..base import Entity
from ..diff.sections import collections, noun
from ..geometry.outlines import XY
from ..map import Polygon
from ..refs import iter_references
from ..scenario import SCHEMA_VERSION, Scenario
from .payload import Clip, ClipboardError, describe, display_name
from .placing import note_map, place_regions
from .records import MapOutlines, Note, ordered
from .resolver import Resolver
from .settle import Settled, settle


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

    def definitions(self) -> set[tuple[str, str]]:
        """The copied definitions the paste adds (terrain types, unit types...)."""
        return {key for n in self.notes if n.kind == "added" for key in n.entities}

    def summary(self) -> str:
        """``Pasted 3 regions with 2 structures; added 2 terrain types``."""
        added = self.definitions()
        pasted: dict[str, int] = {}
        defined: dict[str, int] = {}
        for collection, items in self.added.items():
            for entity in items:
                into = defined if (collection, entity.id) in added else pasted
                into[collection] = into.get(collection, 0) + 1
        text = f"Pasted {describe(pasted, self.primary)}"
        return text + (f"; added {describe(defined)}" if defined else "")


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
    resolver = Resolver(clip, scenario)
    resolver.settle_references()
    resolver.assign_ids()
    placed = place_regions(resolver, at, map_outlines)
    left_out: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for region_id, why in placed.gone.items():
        resolver.new_id["regions"][region_id] = None
        left_out.setdefault(why, []).append(("regions", region_id))
    note_map(resolver, placed)
    for region_id, outline in placed.outlines.items():
        placed.by_new[resolver.new_id["regions"][region_id] or region_id] = outline

    # Entities whose required references lead nowhere are left out, which may leave others
    # without what they need in turn: repeat until nothing more goes.
    while True:
        settled = settle(resolver, placed)
        if not settled.gone:
            break
        for collection, entity_id, why in settled.gone:
            resolver.new_id[collection][entity_id] = None
            left_out.setdefault(why, []).append((collection, entity_id))
    _drop_unused_definitions(resolver, settled)
    resolver.rename_notes(settled.final)
    notes = resolver.notes
    for (one, many), entities in left_out.items():
        reason = one if len(entities) == 1 else many
        notes.append(Note("left_out", f"{_listed(resolver, entities)} not pasted: {reason}"))
    notes += _reference_notes(resolver, settled)

    plan = PastePlan(clip.primary, offset=placed.offset, outlines=dict(placed.existing))
    for collection in collections():
        defined = list(resolver.definitions.get(collection, {}).values())
        if defined:
            names = ", ".join(display_name(e) for e in defined)
            notes.append(
                Note(
                    "added",
                    f"Added {len(defined)} {noun(collection, len(defined))} the copy uses: {names}",
                    tuple((collection, e.id) for e in defined),
                )
            )
        pasted = list(settled.final.get(collection, {}).values())
        if pasted:
            plan.added[collection] = pasted
    plan.notes = ordered(notes)
    return plan


def _drop_unused_definitions(resolver: Resolver, settled: Settled) -> None:
    """Forget the copied definitions nothing pasted uses any more: when the entities that
    needed a unit type or an area were all left out, the scenario does not get them."""
    defined = {(c, i) for c, items in resolver.definitions.items() for i in items}
    if not defined:
        return
    queue: list[Entity] = [
        entity
        for collection, items in settled.final.items()
        for entity_id, entity in items.items()
        if (collection, entity_id) not in defined
    ]
    used: set[tuple[str, str]] = set()
    while queue:
        for ref in iter_references(queue.pop()):
            key = (ref.collection, ref.id)
            if key in defined and key not in used:
                used.add(key)
                queue.append(resolver.definitions[ref.collection][ref.id])
    for collection, entity_id in defined - used:
        del resolver.definitions[collection][entity_id]
        settled.final.get(collection, {}).pop(entity_id, None)


def _reference_notes(resolver: Resolver, settled: Settled) -> list[Note]:
    notes = []
    for (collection, missing), concerned in settled.dropped.items():
        fields = sorted({words for _, _, words in concerned})
        entities = list(dict.fromkeys((c, i) for c, i, _ in concerned))
        notes.append(
            Note(
                "dropped",
                f"{noun(collection).capitalize()} {resolver.named(collection, missing)} "
                f"{resolver.absence(collection, missing)}: left out of the "
                f"{_and(fields)} of {_entities(entities, settled)}",
                tuple(entities),
            )
        )
    for (collection, missing), (instead, users) in settled.replaced.items():
        verb = "uses" if len(users) == 1 else "use"
        notes.append(
            Note(
                "replaced",
                f"{noun(collection).capitalize()} {resolver.named(collection, missing)} "
                f"{resolver.absence(collection, missing)}: {_entities(users, settled)} "
                f"{verb} {resolver.existing(collection, instead)} instead",
                tuple(users),
            )
        )
    for (collection, source_id), target_id in resolver.matched.items():
        notes.append(
            Note(
                "matched",
                f"{noun(collection).capitalize()} {source_id} is {target_id} here (same name)",
            )
        )
    return notes


def _and(words: Sequence[str]) -> str:
    """``owner``, ``condition and effects #2``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _counted(counts: dict[str, int]) -> str:
    """``4 structures, 1 supply source and 2 units``."""
    parts = [f"{n} {noun(c, n)}" for c, n in counts.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _tally(entities: Sequence[tuple[str, str]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for collection, _ in entities:
        counts[collection] = counts.get(collection, 0) + 1
    return counts


def _listed(resolver: Resolver, entities: Sequence[tuple[str, str]]) -> str:
    """Entities left out, by name when few: ``Regions Agedabia and Barce``."""
    if len(entities) > 4:
        return _counted(_tally(entities)).capitalize()
    names = [resolver.named(c, i) for c, i in entities]
    kinds = {c for c, _ in entities}
    head = noun(next(iter(kinds)), len(entities)) if len(kinds) == 1 else "entities"
    tail = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{head.capitalize()} {tail}"


def _entities(concerned: Sequence[tuple[str, str]], settled: Settled) -> str:
    """``structure Tobruk (tobruk)`` (as pasted, new id and all), or ``3 regions``."""
    if len(concerned) == 1:
        collection, entity_id = concerned[0]
        pasted = settled.final.get(collection, {}).get(entity_id)
        name = display_name(pasted) if pasted is not None else entity_id
        named = f"{name} ({entity_id})" if name != entity_id else entity_id
        return f"{noun(collection)} {named}"
    return _counted(_tally(concerned))
