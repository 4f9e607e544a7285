"""Pydantic's validation errors as issues a designer can act on.

Each error's location is mapped onto the JSON of the file (union tags dropped), named by the
id of the entity it falls in, and worded: an unknown field gets the closest known field name,
a missing field says so, a wrong value shows what was found, shortened.
"""

from __future__ import annotations

import difflib
import json
import types
from collections.abc import Sequence
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from .issues import Issue, make_issue, pointer
from .scenario import Scenario


def _unwrap(annotation: Any) -> list[Any]:
    """The concrete types an annotation may stand for (Annotated and unions opened)."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _unwrap(get_args(annotation)[0])
    if origin is Union or origin is types.UnionType:
        return [t for arg in get_args(annotation) for t in _unwrap(arg)]
    return [annotation]


def _step(annotation: Any, segment: str | int) -> Any:
    """The annotation one location segment further down, or ``None`` if it leads nowhere."""
    for option in _unwrap(annotation):
        origin = get_origin(option)
        if origin is list and isinstance(segment, int):
            return get_args(option)[0]
        if origin is dict and isinstance(segment, str):
            return get_args(option)[1]
        if isinstance(option, type) and issubclass(option, BaseModel) and isinstance(segment, str):
            field = option.model_fields.get(segment)
            if field is not None:
                return field.annotation
            kind = option.model_fields.get("kind")
            if kind is not None and get_args(kind.annotation) == (segment,):
                return option  # a union tag in the location: stay on this member
    return None


def _fields_at(loc: Sequence[str | int], root: type[BaseModel] = Scenario) -> list[str]:
    """Field names allowed in the object that ``loc`` (minus its last key) points into."""
    annotation: Any = root
    for segment in loc[:-1]:
        annotation = _step(annotation, segment)
        if annotation is None:
            return []
    models = [t for t in _unwrap(annotation) if isinstance(t, type) and issubclass(t, BaseModel)]
    return [info.alias or name for model in models for name, info in model.model_fields.items()]


def _resolve(raw: Any, loc: Sequence[str | int]) -> tuple[list[str | int], str | None]:
    """Map a pydantic error location onto the JSON: drop union tags, find the entity id."""
    keys: list[str | int] = []
    entity: str | None = None
    node = raw
    last = len(loc) - 1
    for position, segment in enumerate(loc):
        in_object = isinstance(node, dict) and isinstance(segment, str) and segment in node
        in_array = isinstance(node, list) and isinstance(segment, int) and 0 <= segment < len(node)
        if in_object or in_array:
            node = node[segment]
        elif position == last and isinstance(node, dict) and isinstance(segment, str):
            keys.append(segment)  # a required key that is absent
            break
        else:
            continue  # a union member or tag name: not part of the JSON
        keys.append(segment)
        if isinstance(node, dict) and isinstance(node.get("id"), str):
            entity = node["id"]
    return keys, entity


def schema_issues(
    error: ValidationError, raw: Any, root: type[BaseModel] = Scenario
) -> list[Issue]:
    """One ``schema`` issue per error of a model's validation, at the JSON pointers of the
    values in ``raw`` (the JSON that ``root``, a scenario by default, was validated from)."""
    issues = []
    for detail in error.errors(include_url=False):
        loc = detail["loc"]
        keys, entity = _resolve(raw, loc)
        name = next((k for k in reversed(keys) if isinstance(k, str)), None)
        kind = detail["type"]
        if kind == "extra_forbidden" and name is not None:
            close = difflib.get_close_matches(name, _fields_at(loc, root), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            message = f"unknown field '{name}'{hint}"
        elif kind == "missing" and name is not None:
            message = f"missing required field '{name}'"
        else:
            value = detail.get("input")
            shown = _short(value)
            prefix = f"{name}: " if name is not None else ""
            message = f"{prefix}{detail['msg'][0].lower()}{detail['msg'][1:]}"
            if shown is not None and kind not in ("union_tag_invalid",):
                message += f" (found {shown})"
        issues.append(make_issue("schema", pointer(*keys), message, entity))
    return issues


def _short(value: Any) -> str | None:
    if isinstance(value, dict | list):
        return None
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."
