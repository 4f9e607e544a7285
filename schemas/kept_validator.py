"""The scenario's validator kept beside the bytecode, for the fast reader of :mod:`.io`.

Reading a file in the current format hands its text to pydantic's validator of
:class:`~schemas.scenario.Scenario`. The models are built at their first use (``defer_build``,
see :mod:`.base`), so the first file a process reads first has pydantic generate the schema
of the scenario and of every model it holds, in Python: 55 to 100 ms of CPU of every studio
start that opens a map (the twelfth large-map round in ``docs/performance.md``). The validator
pydantic makes from that schema can be pickled (pydantic-core pickles the schema and builds
the validator again from it, in Rust, in about a tenth of the time), so it is kept in a file
beside the bytecode of :mod:`schemas.scenario` and read back while nothing it was made from
has changed:

- the size and modification time of every source file of the ``schemas`` package (any of
  them may define a model the scenario holds, or a validator or default of one);
- the versions of Python, pydantic and pydantic-core;
- :data:`_FORMAT`, changed whenever what is kept changes.

It is written under the bytecode's own rule (not when Python writes no bytecode), whole under
another name and then renamed. Anything unexpected (no file, another key, a damaged file,
a schema that cannot be pickled) falls back to pydantic's own validator, built as before.
The kept file is trusted as the bytecode beside it is: both are run as they are found.

A few defaults are made by lambdas in the class body (``default_factory=lambda: ...``), which
pickle cannot name; they are written as the model and field they belong to and looked up
there when read back.
"""

from __future__ import annotations

import importlib
import importlib.util
import io
import os
import pickle
import sys
import threading
import types
from pathlib import Path
from typing import Any

import pydantic
import pydantic_core
from pydantic import BaseModel
from pydantic_core import SchemaValidator

from . import beside_bytecode
from .scenario import Scenario

_FORMAT = 1
"""Changed whenever what is kept changes, so older files are made again."""

_PACKAGE = Path(__file__).resolve().parent
"""The ``schemas`` folder, whose sources the kept validator depends on."""

_LOCK = threading.Lock()
_KEPT: list[Any] = []
"""The validator once found (a list, so that no ``global`` is needed)."""


def scenario_validator() -> Any:
    """The validator of :class:`Scenario`: pydantic's own when the class is already built,
    else the one kept beside the bytecode when it was made from these very sources, else
    pydantic's, built now (and kept for the next process)."""
    if Scenario.__pydantic_complete__:
        return Scenario.__pydantic_validator__
    with _LOCK:
        if not _KEPT:
            _KEPT.append(_find())
        return _KEPT[0]


def _find() -> Any:
    path = kept_path()
    key = sources_key()
    if path is not None:
        found = _read(path, key)
        if found is not None:
            return found
    validator = _built()
    if path is not None and not sys.dont_write_bytecode and isinstance(validator, SchemaValidator):
        _write(path, key, validator)
    return validator


def _built() -> Any:
    # Asking the placeholder pydantic leaves on a deferred model for a method builds the
    # model, as its first use would.
    getattr(Scenario.__pydantic_validator__, "validate_json")  # noqa: B009
    return Scenario.__pydantic_validator__


def kept_path() -> Path | None:
    """Where the validator is kept: beside the bytecode of :mod:`schemas.scenario`."""
    module = sys.modules[Scenario.__module__]
    source = getattr(module, "__file__", None)
    if not isinstance(source, str) or not source.endswith(".py"):
        return None
    return beside_bytecode.kept_path(source, ".validator")


def sources_key() -> list[Any]:
    """What a kept validator must have been made from (see the module's text)."""
    files: list[tuple[str, int, int]] = []
    _sources(str(_PACKAGE), files)
    files.sort()
    versions = [sys.version, pydantic.VERSION, pydantic_core.__version__]
    return [_FORMAT, *versions, files]


def _sources(folder: str, out: list[tuple[str, int, int]]) -> None:
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            if entry.name != "__pycache__":
                _sources(entry.path, out)
        elif entry.name.endswith(".py"):
            try:
                stat = entry.stat()
            except OSError:
                continue
            out.append((os.path.relpath(entry.path, _PACKAGE), stat.st_size, stat.st_mtime_ns))


def _read(path: Path, key: list[Any]) -> Any:
    kept = beside_bytecode.read_kept(path, key)
    if kept is None:
        return None
    try:
        validator = pickle.loads(kept["validator"])
    except Exception:  # a damaged or foreign file: build the validator
        return None
    return validator if isinstance(validator, SchemaValidator) else None


def _write(path: Path, key: list[Any], validator: SchemaValidator) -> None:
    try:
        data = _pickled(validator)
    except Exception:  # something of the schema pickle cannot name: not kept
        return
    beside_bytecode.write_kept(path, key, validator=data)


def _pickled(validator: SchemaValidator) -> bytes:
    factories = _nameless_factories()

    class _Pickler(pickle.Pickler):
        def reducer_override(self, obj: Any) -> Any:
            if isinstance(obj, types.FunctionType) and "<" in obj.__qualname__:
                named = factories.get(id(obj))
                if named is None:
                    raise pickle.PicklingError(f"cannot name {obj.__qualname__}")
                return (default_factory, named)
            return NotImplemented

    out = io.BytesIO()
    _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(validator)
    return out.getvalue()


def _nameless_factories() -> dict[int, tuple[str, str, str]]:
    """The defaults made by lambdas (or other functions pickle cannot name) of every model of
    the format, by the function's id: (module, class, field)."""
    found: dict[int, tuple[str, str, str]] = {}
    stack: list[type[BaseModel]] = [BaseModel]
    seen: set[type[BaseModel]] = set()
    while stack:
        for model in stack.pop().__subclasses__():
            if model in seen:
                continue
            seen.add(model)
            stack.append(model)
            if not model.__module__.startswith("schemas."):
                continue
            for name, info in model.__pydantic_fields__.items():
                factory = info.default_factory
                if isinstance(factory, types.FunctionType) and "<" in factory.__qualname__:
                    found[id(factory)] = (model.__module__, model.__qualname__, name)
    return found


def default_factory(module: str, qualname: str, field: str) -> Any:
    """The default factory of a model's field (how a kept validator names a lambda)."""
    owner: Any = importlib.import_module(module)
    for part in qualname.split("."):
        owner = getattr(owner, part)
    return owner.__pydantic_fields__[field].default_factory
