"""Finding every reference in a scenario from the ``Ref`` markers on the id types.

The walk is planned once per model class from its annotations, so adding a field of type
``RegionId`` anywhere in the format is enough for validation (and the studio's renames) to
follow it; nothing lists references by hand.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel

from .base import Ref

Path = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Reference:
    """One id found in a reference field."""

    collection: str
    id: str
    path: Path
    """Location in the JSON, as pointer segments."""


# A plan says how to walk a value: ("ref", Ref), ("list", plan), ("dict", Ref | None, plan),
# or ("model",), meaning "look the value's own class up at run time".
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
        if any(p[0] == "model" for p in plans):
            return ("model",)
        return plans[0] if plans else None
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return ("model",)
    return None


@cache
def _class_plan(model: type[BaseModel]) -> tuple[tuple[str, str, Plan], ...]:
    out = []
    for name, info in model.model_fields.items():
        ref = _ref_in(info.metadata)
        plan: Plan | None = ("ref", ref) if ref is not None else _plan(info.annotation)
        if plan is not None:
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
