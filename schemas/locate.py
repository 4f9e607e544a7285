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
from collections.abc import Iterable
from json.decoder import scanstring

from .jsontext import REPLACEMENT, SURROGATE, guarded_int

_SPACE = re.compile(r"[ \t\n\r]*")
_KEY = re.compile(r'"((?:[^"\\]|\\.)*)"[ \t\n\r]*:[ \t\n\r]*')
"""A key, its colon and the spaces up to its value."""
_NEXT = re.compile(r"[ \t\n\r]*([,\]}])[ \t\n\r]*")
"""What follows a value: a comma or the end of its container, and the spaces after."""
_SCAN = json.JSONDecoder().scan_once
"""The C scanner of the json module: parses one value from an offset and says where it ends,
which skips a subtree at C speed."""
_SCAN_GUARDED = json.JSONDecoder(parse_int=guarded_int).scan_once
"""The same, for a subtree holding an integer too long for Python to convert."""

Trie = dict[str, "Trie"]


def _split(pointer: str) -> tuple[str, ...]:
    if not pointer:
        return ()
    parts = pointer[1:].split("/")
    if "~" not in pointer:
        return tuple(parts)
    return tuple(p.replace("~1", "/").replace("~0", "~") for p in parts)


def _skip(text: str, start: int) -> int:
    """Offset just past the value that begins at ``start``."""
    try:
        return _SCAN(text, start)[1]
    except ValueError:
        return _SCAN_GUARDED(text, start)[1]


def locate(text: str, pointers: Iterable[str]) -> dict[str, tuple[int, int]]:
    """Line and column (both from 1) of each pointer's value, or of its nearest parent.

    Only the objects and arrays on the way to a pointer are read key by key; every other
    value is skipped by the json module's C scanner, so the time grows with the size of the
    file plus the number of pointers, never with their product.
    """
    wanted = {p: _split(p) for p in pointers}
    trie: Trie = {}
    for parts in wanted.values():
        node = trie
        for part in parts:
            node = node.setdefault(part, {})
    found: dict[tuple[str, ...], int] = {}
    # Text that is not JSON from some point on: what was found before it stands.
    with contextlib.suppress(ValueError, StopIteration, IndexError, RecursionError):
        _scan(text, trie, found)
    return _to_lines(text, wanted, found)


def _scan(text: str, trie: Trie, found: dict[tuple[str, ...], int]) -> None:
    """Record the offset of every value of ``text`` on a path of ``trie``."""
    start = _SPACE.match(text, 1 if text.startswith("\ufeff") else 0).end()
    # Each entry: a value's path, its start, and the branch of the trie below it.
    stack: list[tuple[tuple[str, ...], int, Trie]] = [((), start, trie)]
    while stack:
        path, at, below = stack.pop()
        found.setdefault(path, at)
        opener = text[at]
        if not below or opener not in "{[":
            continue
        members = _object_members(text, at, below) if opener == "{" else _items(text, at, below)
        # Pushed last to first so that they are visited in file order.
        for key, value_at in reversed(members):
            stack.append(((*path, key), value_at, below[key]))


def _object_members(text: str, at: int, wanted: Trie) -> list[tuple[str, int]]:
    """The keys of ``wanted`` in the object at ``at``, with their values' offsets; reading
    stops once every wanted key is found (of a repeated key, the first counts)."""
    out: list[tuple[str, int]] = []
    left = len(wanted)
    position = _SPACE.match(text, at + 1).end()
    if text[position] == "}":
        return out
    seen: set[str] = set()
    while True:
        match = _KEY.match(text, position)
        if match is None:
            raise ValueError("a key expected")
        key = match.group(1)
        if "\\" in key:
            # Keys with half a character were repaired on load (see schemas.jsontext).
            key = SURROGATE.sub(REPLACEMENT, scanstring(text, position + 1)[0])
        position = match.end()
        if key in wanted and key not in seen:
            seen.add(key)
            out.append((key, position))
            left -= 1
            if not left:
                return out
        after = _NEXT.match(text, _skip(text, position))
        if after is None:
            raise ValueError("',' or '}' expected")
        if after.group(1) != ",":
            return out
        position = after.end()


def _items(text: str, at: int, wanted: Trie) -> list[tuple[str, int]]:
    """The indices of ``wanted`` in the array at ``at``, with their items' offsets; reading
    stops after the last wanted index."""
    out: list[tuple[str, int]] = []
    last = max((int(k) for k in wanted if k.isdigit()), default=-1)
    position = _SPACE.match(text, at + 1).end()
    if text[position] == "]":
        return out
    index = 0
    while index <= last:
        key = str(index)
        if key in wanted:
            out.append((key, position))
        after = _NEXT.match(text, _skip(text, position))
        if after is None:
            raise ValueError("',' or ']' expected")
        if after.group(1) != ",":
            return out
        position = after.end()
        index += 1
    return out


def _to_lines(
    text: str, wanted: dict[str, tuple[str, ...]], found: dict[tuple[str, ...], int]
) -> dict[str, tuple[int, int]]:
    offsets: dict[str, int] = {}
    for pointer, parts in wanted.items():
        offset = found.get(parts)
        if offset is not None:
            offsets[pointer] = offset
            continue
        for length in range(len(parts) - 1, -1, -1):
            offset = found.get(parts[:length])
            if offset is not None:
                offsets[pointer] = offset
                break
    places = line_columns(text, offsets.values())
    return {pointer: places[offset] for pointer, offset in offsets.items()}


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
