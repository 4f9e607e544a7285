"""Attribute docstrings read once per source file, for pydantic's ``use_attribute_docstrings``.

Every scenario model takes its fields' descriptions from the docstrings under them (the
studio's tooltips and the JSON schema show them). On Python before 3.13, pydantic finds each
model's source by walking the call stack at class creation (``inspect.getmodule`` for every
frame of the import chain), tokenises the class's block and parses it twice: for the 190-odd
scenario models that was about a quarter of importing ``schemas.scenario``, paid by every
studio start (see the sixth large-map round in ``docs/performance.md``).

:func:`install` has pydantic read the docstrings from a parse of the whole source file made
once per file, with pydantic's own visitor, so the descriptions come out the same. A class
name that appears more than once in its file (or a class with no source file) is left to
pydantic's own search. If pydantic's internals are not as expected, nothing is replaced and
pydantic works as it always did, only slower.

Parsing the 33 source files was itself about 80 ms of every start (the eleventh large-map
round), so the docstrings found in a file are kept beside its bytecode
(:func:`docstrings_in`), under the same rules as the bytecode: read back while the source
file's size and modification time are those they were read from, written unless Python
writes no bytecode.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pydantic

from .beside_bytecode import kept_path, read_kept, write_kept

_CLASSES: dict[str, dict[str, list[ast.ClassDef]]] = {}
"""Per source file: its classes by name, at any depth (classes inside functions too)."""


def _classes_in(filename: str) -> dict[str, list[ast.ClassDef]]:
    found = _CLASSES.get(filename)
    if found is None:
        found = {}
        try:
            tree = ast.parse(Path(filename).read_text(encoding="utf-8"), filename)
        except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
            tree = ast.Module(body=[], type_ignores=[])
        for node in _statements(tree):
            if isinstance(node, ast.ClassDef):
                found.setdefault(node.name, []).append(node)
        _CLASSES[filename] = found
    return found


_BLOCKS = ("body", "orelse", "finalbody", "handlers", "cases")
"""The fields of a node that hold statements (``handlers``: except clauses, ``cases``: a
match's cases, each with a body of its own)."""


def _statements(tree: ast.Module) -> list[ast.AST]:
    """Every statement of ``tree`` at any depth (and the except clauses and match cases
    between them): a class is only ever defined by a statement, so walking these finds
    every class, without visiting the expressions that make up most of a file's nodes
    (``ast.walk`` over them was a third of reading a file's classes)."""
    found: list[ast.AST] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        for name in _BLOCKS:
            block = getattr(node, name, None)
            if isinstance(block, list):
                found.extend(block)
                stack.extend(block)
    return found


def class_node(cls: type[Any]) -> ast.ClassDef | None:
    """The definition of ``cls`` in its module's source file, when its name is found there
    exactly once; otherwise ``None``."""
    module = sys.modules.get(cls.__module__)
    filename = getattr(module, "__file__", None)
    if not isinstance(filename, str) or not filename.endswith(".py"):
        return None
    nodes = _classes_in(filename).get(cls.__name__, [])
    return nodes[0] if len(nodes) == 1 else None


_CACHE_FORMAT = 1
"""Changed whenever what :func:`docstrings_in` keeps changes, so older files are read again."""

_DOCS: dict[str, dict[str, dict[str, str]]] = {}
"""Per source file, as :func:`docstrings_in` returns it."""


def docstrings_in(filename: str, visitor: Callable[[], Any]) -> dict[str, dict[str, str]]:
    """The attribute docstrings of each class whose name is found exactly once in the file
    (by class name, each as pydantic's ``visitor`` reads the class's block): from the copy
    beside the file's bytecode when it was made from this very source, else from a parse."""
    found = _DOCS.get(filename)
    if found is not None:
        return found
    cache = kept_path(filename, ".attrdocs")
    key = _cache_key(filename)
    found = _read_cache(cache, key) if cache is not None and key is not None else None
    if found is None:
        found = {}
        for name, nodes in _classes_in(filename).items():
            if len(nodes) == 1:
                walker = visitor()
                walker.generic_visit(nodes[0])
                found[name] = dict(walker.attrs)
        if cache is not None and key is not None and not sys.dont_write_bytecode:
            write_kept(cache, key, docs=found)
    _DOCS[filename] = found
    return found


def _cache_key(filename: str) -> list[object] | None:
    """What the kept docstrings must have been read from: the source's size and time, and
    the pydantic whose visitor read them."""
    try:
        stat = Path(filename).stat()
    except OSError:
        return None
    return [_CACHE_FORMAT, pydantic.VERSION, stat.st_size, stat.st_mtime_ns]


def _read_cache(cache: Path, key: list[object]) -> dict[str, dict[str, str]] | None:
    kept = read_kept(cache, key)
    docs = kept.get("docs") if kept is not None else None
    return docs if isinstance(docs, dict) else None


def fast_extractor(
    original: Callable[..., dict[str, str]], visitor: Callable[[], Any]
) -> Callable[..., dict[str, str]]:
    """A replacement for pydantic's ``extract_docstrings_from_cls``: the class's docstrings
    from its file's table (:func:`docstrings_in`); ``original`` where the class's node is not
    certain (its name is not found exactly once in the file, or it has no source file)."""

    def extract(cls: type[Any], use_inspect: bool = False) -> dict[str, str]:
        module = sys.modules.get(cls.__module__)
        filename = getattr(module, "__file__", None)
        if isinstance(filename, str) and filename.endswith(".py"):
            found = docstrings_in(filename, visitor).get(cls.__name__)
            if found is not None:
                return dict(found)
        return original(cls, use_inspect=use_inspect)

    extract.original = original  # type: ignore[attr-defined]
    return extract


def install() -> bool:
    """Replace pydantic's docstring extraction with :func:`fast_extractor`'s; ``False`` (and
    nothing changed) when pydantic's internals are not the ones this was written against."""
    try:
        from pydantic._internal import _docs_extraction, _fields
    except ImportError:  # pragma: no cover - a pydantic without these modules
        return False
    original = getattr(_fields, "extract_docstrings_from_cls", None)
    visitor = getattr(_docs_extraction, "DocstringVisitor", None)
    if original is None or visitor is None:  # pragma: no cover
        return False
    if hasattr(original, "original"):  # already installed
        return True
    setattr(_fields, "extract_docstrings_from_cls", fast_extractor(original, visitor))  # noqa: B010
    return True
