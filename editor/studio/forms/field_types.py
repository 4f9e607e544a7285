"""What a field's type says about how to edit it: its core type, reference, bounds, choices.

Pydantic keeps constraints and ``Ref`` markers in ``Annotated`` metadata and in the field's
``FieldInfo``; these helpers read both, so the form (:func:`.fields.editor_for`), the
spreadsheet columns and the defaults agree on what a field is.
"""

from __future__ import annotations

import types
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic.fields import FieldInfo

from schemas.base import Ref


def unwrap(annotation: Any) -> tuple[Any, bool, list[Any]]:
    """The core type of an annotation, whether ``None`` is allowed, and its metadata."""
    optional = False
    metadata: list[Any] = []
    while True:
        origin = get_origin(annotation)
        if origin is Annotated:
            base, *extra = get_args(annotation)
            metadata.extend(extra)
            annotation = base
        elif origin is Union or origin is types.UnionType:
            args = [a for a in get_args(annotation) if a is not type(None)]
            optional = optional or len(args) < len(get_args(annotation))
            if len(args) != 1:
                return annotation, optional, metadata
            annotation = args[0]
        else:
            return annotation, optional, metadata


def reference_of(annotation: Any, info: FieldInfo | None = None) -> Ref | None:
    _, _, metadata = unwrap(annotation)
    if info is not None:
        metadata = [*metadata, *info.metadata]
    return next((m for m in metadata if isinstance(m, Ref)), None)


def bounds(info: FieldInfo | None, metadata: list[Any]) -> tuple[float, float]:
    """The range a number field accepts, from its ``ge``/``gt``/``le``/``lt`` constraints."""
    low, high = -1_000_000.0, 1_000_000.0
    for item in [*(info.metadata if info else []), *metadata]:
        for name in ("ge", "gt"):
            value = getattr(item, name, None)
            if value is not None:
                low = float(value) + (1 if name == "gt" and isinstance(value, int) else 0)
        for name in ("le", "lt"):
            value = getattr(item, name, None)
            if value is not None:
                high = float(value)
    return low, high


def is_color(metadata: list[Any]) -> bool:
    """Colours are strings constrained to ``#rrggbb``."""
    pattern = next((getattr(m, "pattern", None) for m in metadata if hasattr(m, "pattern")), None)
    return bool(pattern) and "#" in str(pattern)


def list_choices(annotation: Any, info: FieldInfo | None) -> tuple[list[str], Ref | None] | None:
    """For a list of fixed values or of references: its fixed values and its reference.

    ``None`` for any other list (free text such as tags keeps a text box).
    """
    core, _, _ = unwrap(annotation)
    if get_origin(core) is not list:
        return None
    (item,) = get_args(core)
    item_core, _, _ = unwrap(item)
    ref = reference_of(item)
    if ref is not None and item_core is str:
        return [], ref
    if get_origin(item_core) is Literal:
        return [str(a) for a in get_args(item_core)], None
    return None


__all__ = ["bounds", "is_color", "list_choices", "reference_of", "unwrap"]
