"""Finding every reference in a scenario from the ``Ref`` markers on the id types.

The walk is planned once per model class from its annotations, so adding a field of type
``RegionId`` anywhere in the format is enough for validation (and the studio's renames) to
follow it; nothing lists references by hand.
"""

from __future__ import annotations

import types
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from operator import attrgetter
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from .base import Ref

Path = tuple[str | int, ...]

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class Reference:
    """One id found in a reference field."""

    collection: str
    id: str
    path: Path
    """Location in the JSON, as pointer segments."""


# A plan says how to walk a value: ("ref", Ref), ("list", plan), ("dict", Ref | None, plan),
# or ("model", classes), meaning "look the value's own class up at run time" (one of
# ``classes``). Fields whose values can hold no reference at all get no plan.
Plan = tuple[Any, ...]


def _ref_in(metadata: list[Any] | tuple[Any, ...]) -> Ref | None:
    return next((m for m in metadata if isinstance(m, Ref)), None)


def _plan(annotation: Any) -> Plan | None:
    origin = get_origin(annotation)
    if origin is Annotated:
        base, *metadata = get_args(annotation)
        ref = _ref_in(metadata)
        return ("ref", ref) if ref is not None else _plan(base)
    if origin is list:
        inner = _plan(get_args(annotation)[0])
        return ("list", inner) if inner is not None else None
    if origin is dict:
        key, value = get_args(annotation)
        key_ref = _plan(key)
        value_plan = _plan(value)
        if key_ref is None and value_plan is None:
            return None
        return ("dict", key_ref[1] if key_ref else None, value_plan)
    if origin is Union or origin is types.UnionType:
        plans = [p for arg in get_args(annotation) if (p := _plan(arg)) is not None]
        classes = tuple(c for p in plans if p[0] == "model" for c in p[1])
        if classes:
            return ("model", classes)
        return plans[0] if plans else None
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return ("model", (annotation,))
    return None


def _may_hold_refs(plan: Plan, visiting: set[type]) -> bool:
    kind = plan[0]
    if kind == "ref":
        return True
    if kind == "list":
        return _may_hold_refs(plan[1], visiting)
    if kind == "dict":
        return plan[1] is not None or (plan[2] is not None and _may_hold_refs(plan[2], visiting))
    return any(_class_may_hold_refs(cls, visiting) for cls in plan[1])


def _class_may_hold_refs(model: type[BaseModel], visiting: set[type]) -> bool:
    if model in visiting:
        return False  # a cycle adds nothing new; other fields decide
    visiting = visiting | {model}
    for info in model.model_fields.values():
        if _ref_in(info.metadata) is not None:
            return True
        plan = _plan(info.annotation)
        if plan is not None and _may_hold_refs(plan, visiting):
            return True
    return False


@cache
def _class_plan(model: type[BaseModel]) -> tuple[tuple[str, str, Plan], ...]:
    if not getattr(model, "__pydantic_fields_complete__", True):
        # A field typed by a forward reference (a recursive effect or condition) reads as a
        # string until the model is rebuilt; walked as such, its references went unseen.
        model.model_rebuild()
    out = []
    for name, info in model.model_fields.items():
        ref = _ref_in(info.metadata)
        plan: Plan | None = ("ref", ref) if ref is not None else _plan(info.annotation)
        if plan is not None and _may_hold_refs(plan, {model}):
            out.append((name, info.alias or name, plan))
    return tuple(out)


def iter_references(model: BaseModel, path: Path = ()) -> Iterator[Reference]:
    """Every reference held by ``model`` and the models inside it, in document order."""
    for name, key, plan in _class_plan(type(model)):
        value = getattr(model, name)
        if value is not None:
            yield from _walk(value, plan, (*path, key))


def _walk(value: Any, plan: Plan, path: Path) -> Iterator[Reference]:
    kind = plan[0]
    if kind == "ref":
        ref: Ref = plan[1]
        if isinstance(value, str) and value not in ref.tokens:
            yield Reference(ref.collection, value, path)
    elif kind == "list":
        for index, item in enumerate(value):
            yield from _walk(item, plan[1], (*path, index))
    elif kind == "dict":
        key_ref, value_plan = plan[1], plan[2]
        for key, item in value.items():
            if key_ref is not None and key not in key_ref.tokens:
                yield Reference(key_ref.collection, key, (*path, key))
            if value_plan is not None and item is not None:
                yield from _walk(item, value_plan, (*path, key))
    elif kind == "model" and isinstance(value, BaseModel):
        yield from iter_references(value, path)


def with_references_replaced(model: M, collection: str, mapping: Mapping[str, str | None]) -> M:
    """A copy of ``model`` whose references into ``collection`` follow ``mapping``.

    Ids mapped to a new id are renamed; ids mapped to ``None`` are dropped where the format
    allows it (an item of a list, a key of a mapping, an optional field) and kept otherwise,
    for validation to report. The same object is returned when nothing changes, so callers
    can tell cheaply whether an entity needs an undoable edit.
    """
    changed, data = _replace_in_model(model, collection, mapping)
    return type(model).model_validate(data) if changed else model


_KEEP = object()


def _replace_in_model(
    model: BaseModel, collection: str, mapping: Mapping[str, str | None]
) -> tuple[bool, dict[str, Any]]:
    fields = type(model).model_fields
    data = {(info.alias or name): getattr(model, name) for name, info in fields.items()}
    changed = False
    for name, key, plan in _class_plan(type(model)):
        value = getattr(model, name)
        if value is None:
            continue
        new = _replace(value, plan, collection, mapping)
        if new is not _KEEP:
            optional = not fields[name].is_required() and fields[name].default is None
            if new is None and not optional:
                continue
            data[key] = new
            changed = True
    return changed, data


def _replace(value: Any, plan: Plan, collection: str, mapping: Mapping[str, str | None]) -> Any:
    """The value with references replaced, or ``_KEEP`` when nothing in it changes."""
    kind = plan[0]
    if kind == "ref":
        ref: Ref = plan[1]
        if ref.collection == collection and isinstance(value, str) and value in mapping:
            return mapping[value]
        return _KEEP
    if kind == "list":
        out, changed = [], False
        for item in value:
            new = _replace(item, plan[1], collection, mapping)
            if new is _KEEP:
                out.append(item)
            else:
                changed = True
                if new is not None:
                    out.append(new)
        if not changed:
            return _KEEP
        if value and not out:
            # An empty list often means "no restriction" (a scope without regions is the
            # whole map): emptying one would widen it silently. Keep the names instead, for
            # validation to point at.
            return _KEEP
        return list(dict.fromkeys(out)) if _hashable(out) else out
    if kind == "dict":
        key_ref, value_plan = plan[1], plan[2]
        out_map: dict[Any, Any] = {}
        changed = False
        for key, item in value.items():
            new_key = key
            if key_ref is not None and key_ref.collection == collection and key in mapping:
                new_key, changed = mapping[key], True
                if new_key is None:
                    continue
            new_item = item
            if value_plan is not None and item is not None:
                replaced = _replace(item, value_plan, collection, mapping)
                if replaced is not _KEEP:
                    new_item, changed = replaced, True
            out_map.setdefault(new_key, new_item)
        return out_map if changed else _KEEP
    if isinstance(value, BaseModel):
        changed, data = _replace_in_model(value, collection, mapping)
        if not changed:
            return _KEEP
        try:
            return type(value).model_validate(data)
        except ValidationError:
            return None  # dropping the reference leaves nothing valid: drop the whole part
    return _KEEP


def _hashable(items: list[Any]) -> bool:
    return all(isinstance(item, str) for item in items)


def referenced_ids(models: Sequence[BaseModel]) -> dict[str, set[str]]:
    """Every id referenced by ``models``, per collection, gathered field by field.

    This is the fast question ("is anything missing?"): it looks at all values of one field
    at a time with set comprehensions instead of walking each model, and builds no paths.
    """
    out: dict[str, set[str]] = {}
    _gather_models(models, out)
    return out


def _gather_models(models: Sequence[BaseModel], out: dict[str, set[str]]) -> None:
    first = type(models[0])
    groups: Mapping[type[BaseModel], Sequence[BaseModel]]
    if all(type(m) is first for m in models):
        groups = {first: models}  # the usual case: one list of one kind of entity
    else:
        by_type: dict[type[BaseModel], list[BaseModel]] = {}
        for model in models:
            by_type.setdefault(type(model), []).append(model)
        groups = by_type
    for cls, items in groups.items():
        for name, _, plan in _class_plan(cls):
            _gather(list(map(attrgetter(name), items)), plan, out)


def _gather(values: list[Any], plan: Plan, out: dict[str, set[str]]) -> None:
    kind = plan[0]
    if kind == "ref":
        ref: Ref = plan[1]
        found = set(values)
        found.discard(None)
        found -= ref.tokens
        if found:
            out.setdefault(ref.collection, set()).update(found)
    elif kind == "list":
        _gather([item for value in values if value for item in value], plan[1], out)
    elif kind == "dict":
        key_ref, value_plan = plan[1], plan[2]
        present = [value for value in values if value]
        if key_ref is not None:
            keys = {key for value in present for key in value} - key_ref.tokens
            if keys:
                out.setdefault(key_ref.collection, set()).update(keys)
        if value_plan is not None:
            _gather([item for value in present for item in value.values()], value_plan, out)
    elif kind == "model":
        nested = [v for v in values if isinstance(v, BaseModel)]
        if nested:
            _gather_models(nested, out)
