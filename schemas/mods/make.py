"""Making the mod that turns one scenario into another.

``make_mod(base, edited, ...)`` compares the two entity by entity and writes the smallest
operations that apply back to exactly ``edited``: renames first (their references follow),
then, section by section, removals, field changes (down to the deepest field that changed, so
two mods changing different fields of one entity do not conflict), and additions and moves
anchored on their neighbour's id. Lists of ids change item by item when their order allows
it. Every change records the value it replaces, so a later change of the base is noticed.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ..diff import paths
from ..diff.compare import CollectionDelta, FieldDelta, ScenarioDelta, compare
from ..diff.paths import PathError
from ..diff.sections import nested_in, singles, walk_sections
from ..io import FULL_SECTIONS
from ..scenario import Scenario
from .fingerprint import scenario_fingerprint, value_fingerprint
from .model import (
    MOD_SCHEMA_VERSION,
    AddEntity,
    AddItems,
    Mod,
    ModBase,
    MoveEntity,
    RemoveEntity,
    RemoveItems,
    RenameEntity,
    ReplaceEntity,
    SetField,
    Translate,
)
from .state import as_json


class MakeError(ValueError):
    """The two scenarios cannot be told apart by id (an id is used twice)."""


def _check_ids(scenario: Scenario, which: str) -> None:
    from ..diff.sections import collections

    for collection in collections().values():
        seen: set[str] = set()
        for entity in collection.items(scenario):
            if entity.id in seen:
                raise MakeError(
                    f"{which} has two entries '{entity.id}' in {collection.name}; a mod names "
                    "entities by id, so every id must be unique"
                )
            seen.add(entity.id)


def entity_json(section: str, entity: BaseModel) -> dict[str, Any]:
    """An entity as a mod writes it: like the scenario file (tables in full)."""
    full = section in FULL_SECTIONS
    return entity.model_dump(mode="json", by_alias=True, exclude_defaults=not full)


def _scalars(value: Any) -> bool:
    return (
        isinstance(value, list)
        and all(isinstance(v, str | int) and not isinstance(v, bool) for v in value)
        and len(set(value)) == len(value)
    )


def field_operations(
    section: str,
    entity: str | None,
    deltas: list[FieldDelta],
    old: Any,
    language: str | None = None,
) -> list[Any]:
    """Operations for the field changes of one entity (or single section)."""
    ops: list[Any] = []
    texts: dict[str, str] = {}
    was: dict[str, str] = {}
    annotation = singles()[section] if entity is None else None
    if entity is not None:
        from ..diff.sections import collections

        annotation = collections()[section].model
    ident = {"id": entity} if entity is not None else {}
    for delta in deltas:
        path = paths.join(delta.keys)
        if language is not None and isinstance(delta.new, str) and isinstance(delta.old, str):
            try:
                spot = paths.resolve(annotation, delta.keys, old)
            except PathError:
                spot = None
            if spot is not None and paths.is_text(spot):
                texts[path], was[path] = delta.new, delta.old
                continue
        if _scalars(delta.old) and _scalars(delta.new):
            ops += _item_operations(section, ident, path, delta.old, delta.new)
            continue
        ops.append(
            SetField(op="set", section=section, path=path, value=delta.new, was=delta.old, **ident)
        )
    if texts:
        ops.append(Translate(op="translate", section=section, texts=texts, was=was, **ident))
    return ops


def _item_operations(
    section: str, ident: dict[str, Any], path: str, old: list[Any], new: list[Any]
) -> list[Any]:
    kept_old = [item for item in old if item in new]
    kept_new = [item for item in new if item in old]
    if kept_old != kept_new:  # reordered: only the whole list says it
        return [SetField(op="set", section=section, path=path, value=new, was=old, **ident)]
    ops: list[Any] = []
    gone = [item for item in old if item not in new]
    if gone:
        ops.append(RemoveItems(op="remove_items", section=section, path=path, items=gone, **ident))
    run: list[Any] = []
    anchor: Any = None
    for item in [*new, None]:
        if item is not None and item not in old:
            run.append(item)
            continue
        if run:
            ops.append(
                AddItems(
                    op="add_items", section=section, path=path, items=run, after=anchor, **ident
                )
            )
            run = []
        anchor = item
    return ops


def _placement(name: str, delta: CollectionDelta, new: dict[str, BaseModel]) -> list[Any]:
    """Additions and moves, in the new order, each after its neighbour."""
    ops: list[Any] = []
    added, moved = set(delta.added), set(delta.moved)
    previous: str | None = None
    for key in delta.new_order:
        if key in added:
            value = entity_json(name, new[key])
            ops.append(AddEntity(op="add", section=name, value=value, after=previous))
        elif key in moved:
            ops.append(MoveEntity(op="move", section=name, id=key, after=previous))
        previous = key
    return ops


def make_operations(delta: ScenarioDelta, language: str | None = None) -> list[Any]:
    """The operations that turn ``delta.old`` into ``delta.new``."""
    ops: list[Any] = []
    for name, change in delta.collections.items():
        ops += [
            RenameEntity(op="rename", section=name, id=old, to=new) for old, new in change.renamed
        ]
    for name, collection in walk_sections():
        if collection is None:
            deltas = delta.singles.get(name)
            if not deltas:
                continue
            old_value = getattr(delta.renamed_old, "schema_uri" if name == "$schema" else name)
            if len(deltas) == 1 and deltas[0].keys == ():
                skip = nested_in(name)
                new_value = deltas[0].new
                if isinstance(new_value, dict):
                    new_value = {k: v for k, v in new_value.items() if k not in skip}
                fingerprint = value_fingerprint(as_json(old_value, skip))
                ops.append(
                    ReplaceEntity(op="replace", section=name, value=new_value, was=fingerprint)
                )
            else:
                ops += field_operations(name, None, deltas, old_value, language)
            continue
        moved = delta.collections.get(name)
        if moved is None:
            continue
        old, new = moved.old, moved.new
        to_old = {b: a for a, b in moved.renamed}
        for key in moved.removed:
            ops.append(
                RemoveEntity(op="remove", section=name, id=key, was=value_fingerprint(old[key]))
            )
        for key, deltas in moved.changed:
            ops += field_operations(name, key, deltas, old[to_old.get(key, key)], language)
        ops += _placement(name, moved, new)
    return ops


def make_mod(
    base: Scenario,
    edited: Scenario,
    *,
    mod_id: str,
    name: str,
    base_id: str,
    version: str = "1",
    author: str = "",
    description: str = "",
    language: str | None = None,
    base_record: ModBase | None = None,
) -> Mod:
    """The mod that turns ``base`` into ``edited``. Raises :class:`MakeError` when an id is
    used twice in a collection of either (a mod could not tell those entities apart).

    ``base_record`` names another base than ``base`` itself: a studio editing the top mod of
    a stack compares against the base with the lower mods applied, but the mod is still made
    for the base scenario.
    """
    _check_ids(base, "the base scenario")
    _check_ids(edited, "the edited scenario")
    delta = compare(base, edited)
    data: dict[str, Any] = {
        "schema_version": MOD_SCHEMA_VERSION,
        "id": mod_id,
        "name": name,
        "version": version,
        "author": author,
        "description": description,
        "base": base_record
        or ModBase(
            id=base_id,
            title=base.info.title,
            version=base.info.version,
            fingerprint=scenario_fingerprint(base),
        ),
        "operations": make_operations(delta, language),
    }
    if language is not None:
        data["language"] = language
    return Mod.model_validate(data)
