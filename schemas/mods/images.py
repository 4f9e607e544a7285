"""Image paths in mods: where they are, and moving them when a mod or its result moves.

A scenario writes images (flags, pictures, the tracing image) relative to its own file; a mod
writes them relative to the mod file. So making a mod from a scenario in another folder, or
writing a result elsewhere, rewrites the image paths the operations carry. Image fields are
found from the models (plain string fields named ``flag``, ``picture`` or ``path``), not by
name alone: a card's ``set_flag`` effect names a flag, not a picture.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import BaseModel

from ..diff import paths
from ..diff.paths import IMAGE_FIELDS, PathError
from ..diff.sections import collections, singles
from .model import Mod

Rewrite = Callable[[str], str]


def _root(section: str, entity: str | None) -> Any:
    return collections()[section].model if entity is not None else singles()[section]


def _image_field(model: type[BaseModel], name: str) -> bool:
    info = model.model_fields.get(name)
    return (
        info is not None and name in IMAGE_FIELDS and info.annotation is str and not info.metadata
    )


def _walk_value(value: Any, annotation: Any, rewrite: Rewrite) -> Any:
    """``value`` (JSON of ``annotation``) with every image path rewritten."""
    models = paths.models_in(annotation)
    if isinstance(value, dict) and models:
        kind = value.get("kind")
        model = next((m for m in models if kind is None or paths.kind_of(m) == kind), models[0])
        out = dict(value)
        for name, info in model.model_fields.items():
            key = info.alias or name
            if key not in out:
                continue
            if _image_field(model, name) and isinstance(out[key], str):
                out[key] = rewrite(out[key])
            elif out[key] is not None:
                out[key] = _walk_value(out[key], info.annotation, rewrite)
        return out
    return value


def _walk_op(op: Any, rewrite: Rewrite) -> Any:
    """The operation with the image paths it carries rewritten (the same object if none)."""
    entity = getattr(op, "id", None)
    if op.op == "set":
        try:
            target = paths.resolve(_root(op.section, entity), paths.parse(op.path), None)
        except PathError:
            return op
        if paths.is_image(target) and isinstance(op.value, str):
            return op.model_copy(update={"value": rewrite(op.value)})
        if isinstance(op.value, dict):
            return op.model_copy(
                update={"value": _walk_value(op.value, target.annotation, rewrite)}
            )
        return op
    if op.op in ("add", "replace"):
        root = (
            collections()[op.section].model
            if op.section in collections()
            else singles()[op.section]
        )
        return op.model_copy(update={"value": _walk_value(op.value, root, rewrite)})
    return op


def image_references(mod: Mod) -> Iterator[tuple[str, str]]:
    """(JSON pointer of the operation, image path) for every image a mod's operations set."""
    for index, op in enumerate(mod.operations):
        found: list[str] = []

        def note(path: str, found: list[str] = found) -> str:
            found.append(path)
            return path

        _walk_op(op, note)
        for path in found:
            if path:
                yield f"/operations/{index}", path


def rebase(path: str, source: Path, target: Path) -> str:
    """An image path relative to folder ``source`` made relative to folder ``target``."""
    if not path or PurePosixPath(path).is_absolute() or Path(path).is_absolute() or "://" in path:
        return path
    if source.resolve() == target.resolve():
        return path
    full = (source / path).resolve()
    return Path(os.path.relpath(full, target.resolve())).as_posix()


def rebase_mod(mod: Mod, source: Path, target: Path) -> Mod:
    """The mod with image paths relative to ``source`` made relative to ``target``."""
    if source.resolve() == target.resolve():
        return mod
    operations = [_walk_op(op, lambda p: rebase(p, source, target)) for op in mod.operations]
    return mod.model_copy(update={"operations": operations})
