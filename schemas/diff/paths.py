"""Field paths inside an entity: JSON pointers that follow fields and keys, never positions.

A path such as ``/location/region`` or ``/values/finland/capture`` is resolved against the
models, so a mod that names a field the format does not have is told so (with the nearest
name), and the diff knows which values are references, texts or images.
"""

from __future__ import annotations

import difflib
import types
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel

from ..base import Ref

IMAGE_FIELDS = frozenset({"flag", "picture", "path"})
"""Plain string fields that hold an image file, relative to the scenario file."""


class PathError(ValueError):
    """A path that does not lead to a value of the format."""

    def __init__(self, message: str, depth: int, missing: bool = False) -> None:
        super().__init__(message)
        self.depth = depth
        """How many keys of the path were fine before the bad one."""
        self.missing = missing
        """The path is right for the format, but the value it goes through is not there
        (``null``, or a condition of another kind): the target is missing, not misspelt."""


def parse(path: str) -> tuple[str, ...]:
    """Keys of a JSON pointer (``""`` is the whole value)."""
    if path == "":
        return ()
    if not path.startswith("/"):
        raise PathError(f"a path starts with '/', as in '/{path}'", 0)
    return tuple(p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/"))


def join(keys: Sequence[str | int]) -> str:
    """The JSON pointer of some keys."""
    text = "/".join(map(str, keys))
    if "~" in text or text.count("/") != max(len(keys) - 1, 0):  # keys to escape
        return "".join("/" + str(k).replace("~", "~0").replace("/", "~1") for k in keys)
    return "/" + text if keys else ""


def _options(annotation: Any) -> tuple[list[Any], list[Any]]:
    """The concrete types an annotation stands for, and the metadata met on the way."""
    origin = get_origin(annotation)
    if origin is Annotated:
        base, *metadata = get_args(annotation)
        options, more = _options(base)
        return options, [*metadata, *more]
    if origin is Union or origin is types.UnionType:
        options, metadata = [], []
        for arg in get_args(annotation):
            found, more = _options(arg)
            options += found
            metadata += more
        return options, metadata
    return [annotation], []


def ref_of(annotation: Any) -> Ref | None:
    """The reference marker of a value, or of the items of a list of references."""
    try:
        return _cached_ref(annotation)
    except TypeError:  # an annotation that cannot be hashed
        return _ref_of(annotation)


@lru_cache(maxsize=4096)
def _cached_ref(annotation: Any) -> Ref | None:
    return _ref_of(annotation)


def _ref_of(annotation: Any) -> Ref | None:
    options, metadata = _options(annotation)
    ref = next((m for m in metadata if isinstance(m, Ref)), None)
    if ref is not None:
        return ref
    for option in options:
        if get_origin(option) is list:
            return _ref_of(get_args(option)[0])
    return None


def models_in(annotation: Any) -> list[type[BaseModel]]:
    options, _ = _options(annotation)
    return [t for t in options if isinstance(t, type) and issubclass(t, BaseModel)]


def nullable(annotation: Any) -> bool:
    options, _ = _options(annotation)
    return type(None) in options


@dataclass(frozen=True, slots=True)
class Target:
    """What a path leads to."""

    annotation: Any
    """Type of the value there."""
    in_map: bool
    """The last key is a key of a mapping (such as a per-side table), so it may be absent."""
    field: str | None
    """Name of the model field the last key names (``None`` for a map key or the root)."""
    owner: type[BaseModel] | None
    """Model the field belongs to."""


def _field(model: type[BaseModel], key: str) -> tuple[str, Any] | None:
    for name, info in model.model_fields.items():
        if (info.alias or name) == key:
            # pydantic keeps a field's Annotated metadata (the Ref markers) apart
            if info.metadata:
                return name, Annotated[(info.annotation, *info.metadata)]
            return name, info.annotation
    return None


def _current(value: Any, key: str) -> Any:
    if isinstance(value, dict):
        return value.get(key)
    if isinstance(value, BaseModel):
        return getattr(value, key, None)
    return None


_UNION = object()


@lru_cache(maxsize=8192)
def _static(root: Any, keys: tuple[str, ...]) -> Target | object:
    """:func:`resolve` for paths that meet no union of models (the answer is the same for
    every value): cached, since the diff asks it for every changed field."""
    annotation = root
    for key in keys:
        if len(models_in(annotation)) > 1 or nullable(annotation):
            return _UNION
        try:
            annotation = resolve_walk(annotation, (key,), None).annotation
        except PathError:
            return _UNION
    try:
        return resolve_walk(root, keys, None)
    except PathError:
        return _UNION


def resolve(root: Any, keys: Sequence[str], value: Any = None) -> Target:
    """Follow ``keys`` from the annotation ``root``; ``value`` (JSON or a model) is the value
    at the root, which picks the member of a union such as a condition (by its ``kind``).

    Raises :class:`PathError` saying what is wrong with the first key that leads nowhere.
    """
    try:
        found = _static(root, tuple(keys))
    except TypeError:  # an annotation that cannot be hashed
        found = _UNION
    if isinstance(found, Target):
        return found
    return resolve_walk(root, keys, value)


def resolve_walk(root: Any, keys: Sequence[str], value: Any = None) -> Target:
    """:func:`resolve`, walking the annotations every time."""
    annotation, in_map, field, owner = root, False, None, None
    for depth, key in enumerate(keys):
        options, _ = _options(annotation)
        models = models_in(annotation)
        lists = [o for o in options if get_origin(o) is list]
        maps = [o for o in options if get_origin(o) is dict]
        if len(models) > 1:
            kind = _current(value, "kind")
            models = [m for m in models if kind_of(m) == kind]
            if not models:
                raise PathError(
                    f"'{join(keys[:depth]) or '/'}' is {_empty(value)}; set it whole", depth, True
                )
        if models:
            if value is None and depth > 0 and nullable(annotation):
                raise PathError(f"'{join(keys[:depth])}' is null; set it whole", depth, True)
            model = models[0]
            found = _field(model, key)
            if found is None:
                names = [info.alias or name for name, info in model.model_fields.items()]
                close = difflib.get_close_matches(key, names, n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise PathError(f"'{key}' is not a field of {_describe(model)}{hint}", depth)
            field, annotation = found
            owner, in_map = model, False
        elif maps:
            annotation = get_args(maps[0])[1]
            in_map, field, owner = True, None, None
        elif lists:
            raise PathError(
                f"'{join(keys[:depth])}' is a list, which is never addressed by position: "
                "set it whole, or add and remove items",
                depth,
            )
        else:
            raise PathError(f"'{join(keys[:depth])}' holds a plain value, not '{key}'", depth)
        value = _current(value, key)
    return Target(annotation, in_map, field, owner)


def kind_of(model: type[BaseModel]) -> Any:
    info = model.model_fields.get("kind")
    if info is None:
        return None
    args = get_args(info.annotation)
    return args[0] if len(args) == 1 else None


def _empty(value: Any) -> str:
    kind = _current(value, "kind")
    return f"a '{kind}'" if kind is not None else "null"


def _describe(model: type[BaseModel]) -> str:
    kind = kind_of(model)
    return f"'{kind}'" if kind is not None else model.__name__


def is_text(target: Target) -> bool:
    """A free text a translation may change (a name, a description), not an id, a colour or
    an image path."""
    if target.owner is None or target.field is None or target.field in IMAGE_FIELDS:
        return False
    info = target.owner.model_fields[target.field]
    return info.annotation is str and not info.metadata and target.field != "id"


def is_image(target: Target) -> bool:
    """An image file path (a flag, a picture, the tracing image), not a flag name."""
    if target.owner is None or target.field not in IMAGE_FIELDS:
        return False
    info = target.owner.model_fields[target.field]
    return info.annotation is str and not info.metadata


def is_id_list(annotation: Any) -> bool:
    """A list of plain values that items operations may add to and remove from."""
    options, _ = _options(annotation)
    for option in options:
        if get_origin(option) is list:
            inner, _ = _options(get_args(option)[0])
            return all(t in (str, int) or get_origin(t) is Literal for t in inner)
    return False
