"""Revert one change of a comparison: one row of the Changes dock (an entity, or one field of
it) goes back to what the other side holds, as one undoable step.

A comparison's "old" side is the saved file (or any file compared with); the document is its
"new" side. Reverting is an ordinary edit of the document, so for a stack of mods it lands in
the edit target like any other, and Edit > Undo takes it back.

Entities of the top-level lists are edited one by one (the map redraws only them); a list
nested in a single section (``victory/sudden_death``) and a single section are set whole,
since they are small.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from editor.studio.document import ScenarioDocument, with_value
from schemas.diff.compare import dump
from schemas.diff.paths import parse
from schemas.diff.records import POSITION_PATH, EntityChange, FieldChange
from schemas.scenario import Scenario


class CannotRevert(Exception):
    """The change cannot be taken back as it stands (the message says why)."""


def _attribute(section: str) -> str:
    return "schema_uri" if section == "$schema" else section


def _entities(scenario: Scenario, section: str) -> list[Any]:
    outer, _, inner = section.partition("/")
    value = getattr(scenario, outer)
    return list(getattr(value, inner) if inner else value)


def _find(items: list[Any], entity_id: str | None) -> Any | None:
    return next((e for e in items if e.id == entity_id), None)


def _place(current: list[Any], other: list[Any], old_id: str, skip: str | None = None) -> int:
    """Where an entity goes back in ``current``: after the entity it followed in ``other``
    (if that one is still there), else at its old index (or the end)."""
    ids = [e.id for e in current if e.id != skip]
    index = next((i for i, e in enumerate(other) if e.id == old_id), len(ids))
    if index > 0 and other[index - 1].id in ids:
        return ids.index(other[index - 1].id) + 1
    return min(index, len(ids))


def reverted_list(current: list[Any], other: list[Any], change: EntityChange) -> list[Any]:
    """``current`` with ``change`` taken back to how ``other`` has it."""
    items = list(current)
    if change.kind == "added":
        return [e for e in items if e.id != change.id]
    old_entity = _find(other, change.old_id)
    if old_entity is None:
        raise CannotRevert(f"{change.name} is not in the other version")
    if change.kind == "removed":
        if _find(items, change.old_id) is not None:
            raise CannotRevert(f"there is already an entity '{change.old_id}' now")
        items.insert(_place(items, other, change.old_id or ""), old_entity)
        return items
    position = next((i for i, e in enumerate(items) if e.id == change.id), -1)
    if position < 0:
        raise CannotRevert(f"{change.name} is not in the scenario now")
    if change.id != change.old_id and _find(items, change.old_id) is not None:
        raise CannotRevert(f"the id '{change.old_id}' is taken by another entity now")
    moved = any(f.path == POSITION_PATH for f in change.fields)
    if moved:
        del items[position]
        items.insert(_place(items, other, change.old_id or ""), old_entity)
    else:
        items[position] = old_entity
    return items


def revert_change(document: ScenarioDocument, other: Scenario, change: EntityChange) -> None:
    """Take one change back, as one undoable step."""
    section = change.section
    text = f"Revert: {change.text}"
    if len(text) > 80:
        text = text[:79] + "…"
    if change.id is None and change.old_id is None:  # a single section
        attribute = _attribute(section)
        document.set_section(attribute, getattr(other, attribute), text)
        return
    current = _entities(document.scenario, section)
    others = _entities(other, section)
    if "/" in section:
        outer, inner = section.split("/", 1)
        value = getattr(document.scenario, outer)
        new_list = reverted_list(current, others, change)
        document.set_section(outer, with_value(value, [inner], new_list), text)
        return
    reverted_list(current, others, change)  # raises CannotRevert before anything is done
    with document.macro(text):
        _revert_entity(document, others, change)


def _revert_entity(document: ScenarioDocument, others: list[Any], change: EntityChange) -> None:
    section = change.section
    if change.kind == "added":
        document.remove(section, [change.id or ""])
        return
    old_entity = _find(others, change.old_id)
    assert old_entity is not None  # checked by reverted_list
    if change.kind == "removed":
        current = document.items(section)
        document.add(section, old_entity, _place(current, others, old_entity.id))
        return
    entity_id = change.id or ""
    if change.old_id is not None and change.old_id != entity_id:
        document.rename(section, entity_id, change.old_id)  # references follow it back
        entity_id = change.old_id
    if any(f.path == POSITION_PATH for f in change.fields):
        current = document.items(section)
        place = _place(current, others, entity_id, skip=entity_id)
        document.remove(section, [entity_id])
        document.add(section, old_entity, place)
    else:
        document.replace(section, old_entity)


def _set_pointer(data: Any, keys: tuple[str, ...], value: Any, present: bool) -> Any:
    """A copy of JSON ``data`` with the value at ``keys`` set (or taken out if not
    ``present``). Diff paths go through objects only, never into lists."""
    if not keys:
        return value
    if not isinstance(data, dict):
        raise CannotRevert("the field's place has changed shape")
    copy = dict(data)
    head, rest = keys[0], keys[1:]
    if rest:
        copy[head] = _set_pointer(copy.get(head), rest, value, present)
    elif present:
        copy[head] = value
    else:
        copy.pop(head, None)
    return copy


def _get_pointer(data: Any, keys: tuple[str, ...]) -> tuple[Any, bool]:
    for key in keys:
        if not isinstance(data, dict) or key not in data:
            return None, False
        data = data[key]
    return data, True


def _with_field(model: BaseModel, other: BaseModel, path: str) -> BaseModel:
    keys = parse(path)
    value, present = _get_pointer(dump(other), keys)
    data = _set_pointer(dump(model), keys, value, present)
    try:
        return type(model).model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        raise CannotRevert(f"that field alone does not fit: {first['msg']}") from error


def revert_field(
    document: ScenarioDocument, other: Scenario, change: EntityChange, field: FieldChange
) -> None:
    """Take one field of a changed entity (or single section) back, as one undoable step."""
    if field.path == POSITION_PATH:
        raise CannotRevert("a place in the list is reverted with its whole row")
    text = f"Revert {change.name}: {field.label}"
    if change.id is None and change.old_id is None:
        attribute = _attribute(change.section)
        now, before = getattr(document.scenario, attribute), getattr(other, attribute)
        if not isinstance(now, BaseModel) or not isinstance(before, BaseModel):
            document.set_section(attribute, before, text)
            return
        document.set_section(attribute, _with_field(now, before, field.path), text)
        return
    if change.kind not in ("changed", "renamed"):
        raise CannotRevert("only a changed entity has fields to revert one by one")
    current = _entities(document.scenario, change.section)
    entity = _find(current, change.id)
    old_entity = _find(_entities(other, change.section), change.old_id)
    if entity is None or old_entity is None:
        raise CannotRevert(f"{change.name} is not in both versions")
    new = _with_field(entity, old_entity, field.path)
    if "/" in change.section:
        outer, inner = change.section.split("/", 1)
        value = getattr(document.scenario, outer)
        items = [new if e.id == entity.id else e for e in current]
        document.set_section(outer, with_value(value, [inner], items), text)
    else:
        document.replace(change.section, new, text)


__all__ = ["CannotRevert", "revert_change", "revert_field", "reverted_list"]
