"""Comparing two scenarios entity by entity: the raw material of the diff and of mods.

Entities are matched by id within their collection. An entity that disappears under one id
while an otherwise identical one appears under another is a rename, not a removal and an
addition; once renames are known, the references that followed them (a rename in the studio
rewrites every reference) are not counted as changes. Unchanged entities are skipped by model
equality; only changed ones are turned into JSON and compared field by field.
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from itertools import pairwise
from typing import Any

from pydantic import BaseModel

from ..scenario import Scenario
from .renames import Renames, follow, follow_all
from .sections import SCHEMA_KEY, Collection, collections, nested_in, singles

Keys = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FieldDelta:
    """One value that differs: where (keys inside the entity) and both JSON values.

    An absent key of a mapping (a side with no entry in a per-side table) reads as ``None``;
    mappings of the format never hold ``null`` values, so the two cannot be confused.
    """

    keys: Keys
    old: Any
    new: Any


def dump(model: Any) -> Any:
    """A model as JSON data with every field, defaults included."""
    if isinstance(model, BaseModel):
        return model.model_dump(mode="json", by_alias=True)
    return model


def field_deltas(old: Any, new: Any, prefix: Keys = ()) -> list[FieldDelta]:
    """Differences between two JSON values, as deep as objects of the same kind go.

    Objects are compared key by key; lists and plain values are compared whole. Two objects
    of different kinds (a condition that was a ``turn`` test and is now a ``control`` test) are
    one difference, not a mix of their fields.
    """
    if old == new:
        return []
    if isinstance(old, dict) and isinstance(new, dict) and old.get("kind") == new.get("kind"):
        out: list[FieldDelta] = []
        for key in [*old, *(k for k in new if k not in old)]:
            out += field_deltas(old.get(key), new.get(key), (*prefix, key))
        return out
    return [FieldDelta(prefix, old, new)]


@dataclass
class CollectionDelta:
    """How one collection changed."""

    collection: Collection
    renamed: list[tuple[str, str]] = field(default_factory=list)
    """(old id, new id), in the new file's order."""
    removed: list[str] = field(default_factory=list)
    """Ids gone, in the old file's order."""
    added: list[str] = field(default_factory=list)
    """Ids new, in the new file's order."""
    changed: list[tuple[str, list[FieldDelta]]] = field(default_factory=list)
    """Entities whose fields changed (renamed ones included, by new id), in the new order."""
    moved: list[str] = field(default_factory=list)
    """Entities that changed place among those that stayed, in the new order."""
    old: dict[str, Any] = field(default_factory=dict)
    """The old entities by id (references following the renames)."""
    new: dict[str, Any] = field(default_factory=dict)
    """The new entities by id."""

    @cached_property
    def old_index(self) -> dict[str, int]:
        """Position of each old id (renamed ones by their old id) in the old list."""
        return {key: i for i, key in enumerate(self.old)}

    @cached_property
    def new_index(self) -> dict[str, int]:
        """Position of each new id in the new list."""
        return {key: i for i, key in enumerate(self.new)}

    @cached_property
    def new_order(self) -> list[str]:
        return list(self.new)

    @property
    def empty(self) -> bool:
        return not (self.renamed or self.removed or self.added or self.changed or self.moved)


@dataclass
class ScenarioDelta:
    """Everything that differs between two scenarios."""

    old: Scenario
    new: Scenario
    renamed_old: Scenario
    """``old`` with the renames applied and their references followed: what the field
    comparisons (and a mod's recorded base values) are made against."""
    collections: dict[str, CollectionDelta]
    singles: dict[str, list[FieldDelta]]
    """Per single section; a delta with no keys replaces the section whole."""

    @property
    def empty(self) -> bool:
        return not self.collections and not self.singles

    def renames(self) -> dict[str, dict[str, str]]:
        """Old id to new id, per collection."""
        return {
            name: dict(delta.renamed) for name, delta in self.collections.items() if delta.renamed
        }


def keyed(models: Iterable[Any]) -> dict[str, Any]:
    """Entities by id; a repeated id (a file with errors) gets ``#2``, ``#3``... after it."""
    models = list(models)
    out: dict[str, Any] = {model.id: model for model in models}
    if len(out) == len(models):
        return out
    out = {}
    for model in models:
        key, count = model.id, 1
        while key in out:
            count += 1
            key = f"{model.id}#{count}"
        out[key] = model
    return out


def _signature(model: BaseModel, exclude: set[str] | None = None) -> str:
    data = model.model_dump(mode="json", exclude={"id", *(exclude or ())})
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def _display(model: BaseModel) -> str:
    return str(getattr(model, "name", "") or getattr(model, "title", "") or "")


def find_renames(old: dict[str, BaseModel], new: dict[str, BaseModel]) -> list[tuple[str, str]]:
    """Pairs (old id, new id) of entities renamed between two versions of a collection.

    An entity gone under one id is the same as one new under another id when everything but
    the id is equal; failing that, when a region keeps its outline, or when the two are the
    only ones of the collection to carry their (non-empty) name.
    """
    gone = [key for key in old if key not in new]
    came = [key for key in new if key not in old]
    if not gone or not came:
        return []
    pairs: list[tuple[str, str]] = []
    used_old: set[str] = set()
    used_new: set[str] = set()

    def match(signature: Any, unique: bool = False) -> None:
        leaving: dict[str, list[str]] = {}
        arriving: dict[str, list[str]] = {}
        for keys, models, used, into in (
            (gone, old, used_old, leaving),
            (came, new, used_new, arriving),
        ):
            for key in keys:
                sign = None if key in used else signature(models[key])
                if sign:
                    into.setdefault(sign, []).append(key)
        for sign, olds in leaving.items():
            news = arriving.get(sign, [])
            if unique and (len(olds) != 1 or len(news) != 1):
                continue
            for a, b in zip(olds, news, strict=False):
                pairs.append((a, b))
                used_old.add(a)
                used_new.add(b)

    match(_signature)
    match(_by_outline)
    match(_by_name, unique=True)
    order = {key: i for i, key in enumerate(new)}
    pairs.sort(key=lambda pair: order[pair[1]])
    return pairs


def _by_outline(model: BaseModel) -> str | None:
    polygon = getattr(model, "polygon", None)
    return json.dumps(dump(polygon)) if polygon is not None else None


def _by_name(model: BaseModel) -> str | None:
    return _display(model) or None


def apply_renames(
    scenario: Scenario, renames: dict[str, dict[str, str]], *, collections_too: bool = True
) -> Scenario:
    """``scenario`` with every reference to a renamed id following the rename (the renamed
    entities themselves keep their ids: they are matched by the rename pairs); without
    ``collections_too``, only in the single sections."""
    if not renames:
        return scenario
    update: dict[str, Any] = {}
    for name in Scenario.model_fields:
        value = getattr(scenario, name)
        if isinstance(value, list) and value and isinstance(value[0], BaseModel):
            if collections_too:
                update[name] = follow_all(value, renames)
        elif isinstance(value, BaseModel):
            update[name] = follow(value, renames)
    return scenario.model_copy(update=update)


def _longest_increasing(positions: list[int]) -> set[int]:
    """Indexes (into ``positions``) of one longest increasing run: what need not move."""
    tails: list[int] = []
    tail_index: list[int] = []
    previous = [-1] * len(positions)
    for i, value in enumerate(positions):
        slot = bisect.bisect_left(tails, value)
        if slot == len(tails):
            tails.append(value)
            tail_index.append(i)
        else:
            tails[slot] = value
            tail_index[slot] = i
        previous[i] = tail_index[slot - 1] if slot else -1
    keep: set[int] = set()
    i = tail_index[-1] if tail_index else -1
    while i >= 0:
        keep.add(i)
        i = previous[i]
    return keep


def compare_collection(
    collection: Collection,
    old: dict[str, Any],
    new: dict[str, Any],
    renamed: list[tuple[str, str]],
    follow_changed: Renames | None = None,
) -> CollectionDelta:
    """How a collection changed (entities by id, see :func:`keyed`), the old ones having
    their renames' references followed, or, with ``follow_changed``, following those
    renames here, only in entities that differ (an entity equal in both did not change,
    whatever its references)."""
    delta = CollectionDelta(collection, renamed=renamed, old=old, new=new)
    to_new = dict(renamed)
    to_old = {b: a for a, b in renamed}
    same_ids = not renamed and old.keys() == new.keys()
    if not same_ids:
        delta.removed = [key for key in old if key not in new and key not in to_new]
        delta.added = [key for key in new if key not in old and key not in to_old]
    for key, model in new.items():
        before = old.get(to_old.get(key, key)) if to_old else old.get(key)
        if before is None or before is model or before == model:
            continue
        if follow_changed:
            before = follow(before, follow_changed)
            old[to_old.get(key, key)] = before
            if before == model:
                continue
        deltas = [d for d in field_deltas(dump(before), dump(model)) if d.keys != ("id",)]
        if deltas:
            delta.changed.append((key, deltas))
    if same_ids and list(old) == list(new):
        return delta
    old_index = delta.old_index
    survivors = [key for key in new if to_old.get(key, key) in old]
    positions = [old_index[to_old.get(key, key)] for key in survivors]
    if any(b < a for a, b in pairwise(positions)):
        keep = _longest_increasing(positions)
        delta.moved = [key for i, key in enumerate(survivors) if i not in keep]
    return delta


def compare(
    old: Scenario, new: Scenario, *, renames: bool = True, every_reference: bool = True
) -> ScenarioDelta:
    """Everything that differs between ``old`` and ``new``.

    With ``every_reference``, every reference to a renamed id follows the rename before the
    comparison, as applying a rename does (a mod needs that). Without, only entities that
    differ are looked at again that way, which is what a report needs, and quicker on a
    large map; ``renamed_old`` then has its collections as they were.
    """
    found: dict[str, list[tuple[str, str]]] = {}
    olds = {name: keyed(c.items(old)) for name, c in collections().items()}
    news = {name: keyed(c.items(new)) for name, c in collections().items()}
    if renames:
        for name in collections():
            if olds[name].keys() != news[name].keys():
                pairs = find_renames(olds[name], news[name])
                if pairs:
                    found[name] = pairs
    reference_renames = {name: dict(pairs) for name, pairs in found.items() if "/" not in name}
    lazy = reference_renames if not every_reference else None
    base = apply_renames(old, reference_renames, collections_too=every_reference)
    if base is not old and every_reference:
        olds = {name: keyed(c.items(base)) for name, c in collections().items()}
    out = ScenarioDelta(old, new, base, {}, {})
    for name, collection in collections().items():
        pairs = found.get(name, [])
        delta = compare_collection(collection, olds[name], news[name], pairs, lazy)
        if not delta.empty:
            out.collections[name] = delta
    for name in singles():
        deltas = compare_single(name, base, new)
        if deltas:
            out.singles[name] = deltas
    return out


def compare_single(name: str, old: Scenario, new: Scenario) -> list[FieldDelta]:
    """Differences in one single section (its nested collections left out)."""
    attribute = "schema_uri" if name == SCHEMA_KEY else name
    a, b = getattr(old, attribute), getattr(new, attribute)
    if a == b:
        return []
    if not isinstance(a, BaseModel) or not isinstance(b, BaseModel):
        return [FieldDelta((), dump(a), dump(b))]
    skip = nested_in(name)
    a_json = {k: v for k, v in dump(a).items() if k not in skip}
    b_json = {k: v for k, v in dump(b).items() if k not in skip}
    return field_deltas(a_json, b_json)
