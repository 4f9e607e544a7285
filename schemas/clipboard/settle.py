"""Following, dropping or replacing the references of pasted entities.

A reference to something the scenario lacks goes the smallest way the format allows: the
reference alone where it is optional, an entry of a list, a key of a side's values; else the
innermost part of the entity holding it that may go (a card's condition naming a leader, one
effect of several), never emptying a list (an empty list often means "all"). A reference
the entity cannot lose takes the scenario's first terrain, connection type, unit type, side
or nation; failing that the entity is left out, and so are the entities that came with it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from ..base import Entity
from ..diff.sections import noun
from ..refs import M, Path, iter_references, with_references_replaced
from ..search import field_words
from .placing import PlacedMap, placed_entity, with_fields
from .resolver import Resolver

HOLDERS = ("region", "location", "a", "b")
"""Fields naming what a companion of a copied region belongs to: a structure or supply
source's region, a unit or leader's place, a connection's ends."""

Pasted = tuple[str, str]
"""A pasted entity: its collection and its id in the scenario."""


@dataclass
class Settled:
    """One pass over the pasted entities.

    ``final`` holds them ready to add; ``dropped`` maps a missing reference (collection, id)
    to the pasted entities that lost it, each with the field that went; ``replaced`` maps it
    to the entry used instead and the entities concerned; ``gone`` lists the entities that
    cannot be pasted, with the reason for one and for several.
    """

    final: dict[str, dict[str, Entity]] = field(default_factory=dict)
    dropped: dict[tuple[str, str], list[tuple[str, str, str]]] = field(default_factory=dict)
    replaced: dict[tuple[str, str], tuple[str, list[Pasted]]] = field(default_factory=dict)
    gone: list[tuple[str, str, tuple[str, str]]] = field(default_factory=list)


def _words(path: Path) -> str:
    return field_words(path, lambda name: name.replace("_", " "))


def settle(resolver: Resolver, placed: PlacedMap) -> Settled:
    """Resolve every pasted entity's references once (see the module)."""
    out = Settled()
    shapes: dict[str, Any] = {}
    sources = [(c, e, True) for c, e in resolver.definitions.items()]
    sources += [(c, e, False) for c, e in resolver.items.items()]
    for collection, entities, is_definition in sources:
        for old_id, entity in entities.items():
            new_id = old_id if is_definition else resolver.new_id[collection].get(old_id)
            if new_id is None:
                continue
            result = _settle_one(resolver, collection, entity, new_id, out)
            if isinstance(result, tuple):
                out.gone.append((collection, old_id, result))
                continue
            if not is_definition:
                result = placed_entity(collection, result, placed, shapes)
            out.final.setdefault(collection, {})[new_id] = result
    return out


def _settle_one(
    resolver: Resolver, collection: str, entity: Entity, new_id: str, out: Settled
) -> Entity | tuple[str, str]:
    """The entity with its references resolved, or why it cannot be pasted."""
    missing: dict[str, set[str]] = {}
    moves: dict[str, dict[str, str | None]] = {}
    first_path: dict[tuple[str, str], Path] = {}
    for ref in iter_references(entity):
        target = resolver.target_of(ref.collection, ref.id)
        if target is None:
            missing.setdefault(ref.collection, set()).add(ref.id)
            first_path.setdefault((ref.collection, ref.id), ref.path)
        elif target != ref.id:
            moves.setdefault(ref.collection, {})[ref.id] = target
    problem = _orphan(resolver, collection, entity, missing)
    if problem is not None:
        return problem
    dropped: list[tuple[tuple[str, str], str]] = []
    model = entity
    for target_collection, ids in missing.items():
        model = with_references_replaced(model, target_collection, dict.fromkeys(ids))
    left = {(r.collection, r.id) for r in iter_references(model)}
    for key, path in first_path.items():
        if key not in left:
            dropped.append((key, _words(path)))
    replaced: list[tuple[tuple[str, str], str]] = []
    while True:
        rest = [
            r
            for r in iter_references(model)
            if r.id in missing.get(r.collection, ()) and r.id not in moves.get(r.collection, {})
        ]
        if not rest:
            break
        ref = rest[0]
        key = (ref.collection, ref.id)
        pruned = _prune(model, ref.path) if len(ref.path) > 1 else None
        if pruned is not None:
            model, part = pruned
            dropped.append((key, _words(part)))
            continue
        instead = resolver.fallback(ref.collection)
        if instead is None:
            what = f"{noun(ref.collection)} {resolver.named(*key)}, which {resolver.absence(*key)}"
            return (f"it needs {what}", f"they need {what}")
        moves.setdefault(ref.collection, {})[ref.id] = instead
        replaced.append((key, instead))
    for target_collection, mapping in moves.items():
        model = with_references_replaced(model, target_collection, mapping)
    if new_id != entity.id:
        model = with_fields(model, id=new_id)
    for key, words in dropped:
        out.dropped.setdefault(key, []).append((collection, new_id, words))
    for key, instead in replaced:
        out.replaced.setdefault(key, (instead, []))[1].append((collection, new_id))
    return model


def _at(data: Any, path: Path) -> Any:
    for step in path:
        data = data[step]
    return data


def _prune(model: M, path: Path) -> tuple[M, Path] | None:
    """The model without the innermost part holding the reference at ``path`` that it can
    do without (an optional part, or an entry of a list that keeps others), and the path of
    what went; ``None`` when no part can go."""
    data = model.model_dump(mode="json", by_alias=True)
    for depth in range(len(path) - 1, -1, -1):
        candidate = copy.deepcopy(data)
        try:
            holder = _at(candidate, path[:depth])
        except (KeyError, IndexError, TypeError):
            continue
        key = path[depth]
        if isinstance(holder, list) and isinstance(key, int):
            if len(holder) <= 1:
                continue  # an emptied list would often mean "all" instead of "none"
            del holder[key]
        elif isinstance(holder, dict) and key in holder:
            holder[key] = None  # only an optional part takes it
        else:
            continue
        try:
            return type(model).model_validate(candidate), path[: depth + 1]
        except ValidationError:
            continue
    return None


def _orphan(
    resolver: Resolver, collection: str, entity: Entity, missing: dict[str, set[str]]
) -> tuple[str, str] | None:
    """Why an entity that came along with copied regions goes when its region does."""
    if collection == resolver.clip.primary:
        return None
    for ref in iter_references(entity):
        if (
            ref.path[0] in HOLDERS
            and ref.id in missing.get(ref.collection, ())
            and resolver.copied(ref.collection, ref.id)
        ):
            many = noun(ref.collection, 2)
            return (
                f"it belongs to {many} that were not pasted",
                f"they belong to {many} that were not pasted",
            )
    return None
