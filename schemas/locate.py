"""Find where JSON pointers point in the text of a file (line and column).

Validation works on parsed data, so its issues carry JSON pointers. People reading a report
want a line to jump to; this scans the text once and records where the values the pointers
name begin. Containers that lead to none of the pointers are skipped wholesale. A pointer to a
key that is absent (a missing required field) resolves to the object that should hold it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass

from .jsontext import REPLACEMENT, SURROGATE

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+')
_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]]')


@dataclass
class _Open:
    """A container being scanned."""

    path: tuple[str, ...]
    is_object: bool
    index: int = 0
    awaiting_key: bool = False
    key: str = ""


def _split(pointer: str) -> tuple[str, ...]:
    if not pointer:
        return ()
    return tuple(p.replace("~1", "/").replace("~0", "~") for p in pointer[1:].split("/"))


def _skip(text: str, start: int) -> int:
    """Offset just past the container whose opening bracket ends at ``start``."""
    depth = 1
    for match in _BRACKET.finditer(text, start):
        token = match.group()
        if token in "{[":
            depth += 1
        elif token in "}]":
            depth -= 1
            if depth == 0:
                return match.end()
    return len(text)


def locate(text: str, pointers: Iterable[str]) -> dict[str, tuple[int, int]]:
    """Line and column (both from 1) of each pointer's value, or of its nearest parent."""
    wanted = {p: _split(p) for p in pointers}
    prefixes = {parts[:n] for parts in wanted.values() for n in range(len(parts) + 1)}
    found: dict[tuple[str, ...], int] = {}
    stack: list[_Open] = []
    position = 0
    while wanted:
        match = _TOKEN.search(text, position)
        if match is None:
            break
        token, position = match.group(), match.end()
        top = stack[-1] if stack else None
        if top is not None and top.awaiting_key:
            if token == "}":
                stack.pop()
            elif token.startswith('"'):
                top.key, top.awaiting_key = _key(token), False
            continue
        if token == ":":
            continue
        if token == ",":
            if top is not None:
                top.awaiting_key = top.is_object
                top.index += 0 if top.is_object else 1
            continue
        if token in "]}":
            if stack:
                stack.pop()
            continue
        if top is None:
            path: tuple[str, ...] = ()
        else:
            path = (*top.path, top.key if top.is_object else str(top.index))
        if path in prefixes:
            found.setdefault(path, match.start())
            if token in "{[":
                stack.append(_Open(path, token == "{", awaiting_key=token == "{"))
        elif token in "{[":
            position = _skip(text, position)
    return _to_lines(text, wanted, found)


def _key(token: str) -> str:
    if "\\" not in token:
        return token[1:-1]
    try:
        key = str(json.loads(token))
    except ValueError:
        return token[1:-1]
    # Keys with half a character were repaired on load (see schemas.jsontext); match them so.
    return SURROGATE.sub(REPLACEMENT, key)


def _to_lines(
    text: str, wanted: dict[str, tuple[str, ...]], found: dict[tuple[str, ...], int]
) -> dict[str, tuple[int, int]]:
    offsets: dict[str, int] = {}
    for pointer, parts in wanted.items():
        for length in range(len(parts), -1, -1):
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
