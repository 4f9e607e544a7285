"""Smallest valid values of a model, so "Add" can create something before the designer edits it.

A new entity or list item must already be valid (the document only holds valid models), but
most models have required fields. :func:`default_value` fills each one with the plainest value
its type allows: the first id the reference may point to, the lower bound of a number, the
first choice of a fixed list, an empty list.
"""

from __future__ import annotations

import datetime as dt
import types
from collections.abc import Callable
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from editor.studio.forms.field_types import reference_of, unwrap
from schemas.base import Ref

Choices = Callable[[Ref], list[str]]


def _lower_bound(info: FieldInfo | None, metadata: list[Any]) -> float | None:
    for item in [*(info.metadata if info else []), *metadata]:
        for name in ("ge", "gt"):
            value = getattr(item, name, None)
            if value is not None:
                return float(value) + (1 if name == "gt" else 0)
    return None


def _min_length(info: FieldInfo | None, metadata: list[Any]) -> int:
    for item in [*(info.metadata if info else []), *metadata]:
        value = getattr(item, "min_length", None)
        if value:
            return int(value)
    return 0


def union_members(annotation: Any) -> list[type[BaseModel]] | None:
    """Model classes of a discriminated union (``kind`` tells them apart), else ``None``."""
    core, _, _ = unwrap(annotation)
    if get_origin(core) not in (Union, types.UnionType):
        return None
    members = [a for a in get_args(core) if a is not type(None)]
    if members and all(
        isinstance(m, type) and issubclass(m, BaseModel) and "kind" in m.model_fields
        for m in members
    ):
        return members  # type: ignore[return-value]
    return None


def default_value(
    annotation: Any, info: FieldInfo | None, choices: Choices, stem: str = "new"
) -> Any:
    """A plain valid value for a field, or raise ``ValueError`` when there is none."""
    if info is not None and not info.is_required():
        return info.get_default(call_default_factory=True)
    core, optional, metadata = unwrap(annotation)
    if optional:
        return None
    ref = reference_of(annotation, info)
    if ref is not None and core is str:
        ids = choices(ref)
        if not ids:
            raise ValueError(f"create a {ref.collection.rstrip('s')} first")
        return ids[0]
    if core is bool:
        return False
    if core in (int, float):
        low = _lower_bound(info, metadata)
        value = max(0.0, low) if low is not None else 0.0
        return int(value) if core is int else value
    if core is str:
        return stem
    if core is dt.date:
        return dt.date(1940, 1, 1)
    origin = get_origin(core)
    if origin is Literal:
        return get_args(core)[0]
    if origin is list:
        needed = _min_length(info, metadata)
        if not needed:
            return []
        (item,) = get_args(core)
        # A union of models without ``kind`` is left to default_value, which takes its first
        # member too.
        members = union_members(item)
        if members:
            return [default_model(members[0], choices, stem) for _ in range(needed)]
        return [default_value(item, None, choices, stem) for _ in range(needed)]
    if origin is dict:
        return {}
    if origin is tuple:
        return tuple(0.0 for _ in get_args(core))
    if origin is Annotated or origin is Union or origin is types.UnionType:
        first = get_args(core)[0]
        return default_value(first, None, choices, stem)
    if isinstance(core, type) and issubclass(core, BaseModel):
        return default_model(core, choices, stem)
    raise ValueError(f"no default for {annotation!r}")


def default_model(
    model: type[BaseModel], choices: Choices, stem: str = "new", **given: Any
) -> BaseModel:
    """The plainest valid instance of ``model``, with ``given`` field values."""
    data: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        key = info.alias or name
        if name in given:
            data[key] = given[name]
        elif info.is_required():
            data[key] = default_value(info.annotation, info, choices, stem)
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ValueError(f"{where}: {first['msg']}") from error
