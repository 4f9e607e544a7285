"""Find where JSON pointers point in the text of a file (line and column).

Validation works on parsed data, so its issues carry JSON pointers. People reading a report
want a line to jump to; this reads the text along the pointers' paths and records where the
values they name begin. Everything off those paths is skipped by the json module's C scanner,
and line numbers are counted in one pass at the end, so 100,000 issues cost about as much as
reading the file twice. A pointer to a key that is absent (a missing required field) resolves
to the object that should hold it.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable, Iterable
from typing import Any

from .jsontext import REPLACEMENT, SURROGATE, guarded_int

_SPACE = re.compile(r"[ \t\n\r]*")
_KEY = re.compile(r'"((?:[^"\\]|\\.)*)"[ \t\n\r]*:[ \t\n\r]*')
"""A key, its colon and the spaces up to its value."""
_NEXT = re.compile(r"[ \t\n\r]*([,\]}])[ \t\n\r]*")
"""What follows a value: a comma or the end of its container, and the spaces after."""


class _Decoder(json.JSONDecoder):
    """The json decoder with the two attributes its ``__init__`` sets that the type stubs
    leave out (declared only: nothing here changes the decoder)."""

    scan_once: Callable[[str, int], tuple[Any, int]]
    parse_string: Callable[[str, int], tuple[str, int]]


_SCAN = _Decoder().scan_once
"""The C scanner of the json module: parses one value from an offset and says where it ends,
which skips a subtree at C speed."""
_SCAN_GUARDED = _Decoder(parse_int=guarded_int).scan_once
"""The same, for a subtree holding an integer too long for Python to convert."""
_SCAN_STRING = _Decoder().parse_string
"""The json module's C string reader (``json.decoder.scanstring``): the text of the string
that begins after an offset, and where it ends."""


def _unescape(segment: str) -> str:
    return segment.replace("~1", "/").replace("~0", "~") if "~" in segment else segment


def _after_space(text: str, at: int) -> int:
    """Offset of the first character from ``at`` on that is not JSON white space."""
    match = _SPACE.match(text, at)
    assert match is not None  # the pattern matches the empty string: it always matches
    return match.end()


def _skip(text: str, start: int) -> int:
    """Offset just past the value that begins at ``start``."""
    try:
        return _SCAN(text, start)[1]
    except ValueError:
        return _SCAN_GUARDED(text, start)[1]


Children = dict[str, dict[str, str]]
"""For a pointer leading to wanted values: each key (an array's indices as text) below it
that leads on, with the pointer it makes."""


def locate(text: str, pointers: Iterable[str]) -> dict[str, tuple[int, int]]:
    """Line and column (both from 1) of each pointer's value, or of its nearest parent.

    Only the objects and arrays on the way to a pointer are read key by key; every other
    value is skipped by the json module's C scanner, so the time grows with the size of the
    file plus the number of pointers, never with their product.
    """
    wanted = set(pointers)
    children: Children = {}
    for pointer in wanted:
        # From the pointer up, until a parent already known (with its own parents).
        child = pointer
        while child:
            cut = child.rfind("/")
            parent, key = child[:cut], child[cut + 1 :]
            if "~" in key:
                key = _unescape(key)
            below = children.get(parent)
            if below is not None:
                below[key] = child
                break
            children[parent] = {key: child}
            child = parent
    found: dict[str, int] = {}
    # Text that is not JSON from some point on: what was found before it stands.
    with contextlib.suppress(ValueError, StopIteration, IndexError, RecursionError):
        _scan(text, children, found)
    offsets: dict[str, int] = {}
    for pointer in wanted:
        at = found.get(pointer)
        parent = pointer
        while at is None and parent:
            parent = parent[: parent.rfind("/")]  # a missing key: its object, or further up
            at = found.get(parent)
        if at is not None:
            offsets[pointer] = at
    places = line_columns(text, offsets.values())
    return {pointer: places[offset] for pointer, offset in offsets.items()}


def _scan(text: str, children: Children, found: dict[str, int]) -> None:
    """Record the offset of every value of ``text`` that a pointer leads to or through."""
    start = _after_space(text, 1 if text.startswith("\ufeff") else 0)
    found[""] = start
    stack = [("", start)] if "" in children else []
    while stack:
        pointer, at = stack.pop()
        below = children[pointer]
        opener = text[at]
        if opener == "{":
            members = _object_members(text, at, below)
        elif opener == "[":
            members = _items(text, at, below)
        else:
            continue
        # Pushed last to first so that they are visited in file order.
        for child, value_at in reversed(members):
            found.setdefault(child, value_at)
            if child in children:
                stack.append((child, value_at))


def _object_members(text: str, at: int, wanted: dict[str, str]) -> list[tuple[str, int]]:
    """The pointers of the keys of ``wanted`` in the object at ``at``, with their values'
    offsets; reading stops once every wanted key is found (of a repeated key, the first)."""
    out: list[tuple[str, int]] = []
    left = dict(wanted)
    position = _after_space(text, at + 1)
    if text[position] == "}":
        return out
    key_at, after_value = _KEY.match, _NEXT.match
    while True:
        match = key_at(text, position)
        if match is None:
            raise ValueError("a key expected")
        key = match.group(1)
        if "\\" in key:
            # Keys with half a character were repaired on load (see schemas.jsontext).
            key = SURROGATE.sub(REPLACEMENT, _SCAN_STRING(text, position + 1)[0])
        position = match.end()
        child = left.pop(key, None)
        if child is not None:
            out.append((child, position))
            if not left:
                return out
        after = after_value(text, _skip(text, position))
        if after is None:
            raise ValueError("',' or '}' expected")
        if after.group(1) != ",":
            return out
        position = after.end()


def _items(text: str, at: int, wanted: dict[str, str]) -> list[tuple[str, int]]:
    """The pointers of the indices of ``wanted`` in the array at ``at``, with their items'
    offsets; reading stops after the last wanted index."""
    out: list[tuple[str, int]] = []
    indices = {int(k): child for k, child in wanted.items() if k.isdigit()}
    last = max(indices, default=-1)
    position = _after_space(text, at + 1)
    if text[position] == "]":
        return out
    after_value = _NEXT.match
    for index in range(last + 1):
        child = indices.get(index)
        if child is not None:
            out.append((child, position))
            if index == last:
                return out
        after = after_value(text, _skip(text, position))
        if after is None:
            raise ValueError("',' or ']' expected")
        if after.group(1) != ",":
            return out
        position = after.end()
    return out


def line_columns(text: str, offsets: Iterable[int]) -> dict[int, tuple[int, int]]:
    """Line and column (from 1) of each offset of ``text``, counted in one pass over the text
    however many offsets there are."""
    out: dict[int, tuple[int, int]] = {}
    line, line_start, position = 1, 0, 0
    for offset in sorted(set(offsets)):
        newlines = text.count("\n", position, offset)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", position, offset) + 1
        position = offset
        out[offset] = (line, offset - line_start + 1)
    return out
