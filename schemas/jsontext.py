"""JSON that parses but that Python cannot carry further: integers too long to convert, and
text holding unpaired surrogates.

``json.loads`` refuses an integer of more than ``sys.get_int_max_str_digits()`` digits (4,300
by default) with a plain ``ValueError`` that names no place in the file; it accepts an escape
such as ``"\\ud800"`` that stands for half of a character and gives a string no UTF-8 file
can hold, so that the save after a clean load fails. The helpers here find both, with the
JSON path of each, without recursion (a hostile file may nest deeply).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from typing import Any

Path = tuple[str | int, ...]

SURROGATE = re.compile("[\ud800-\udfff]")
"""A lone surrogate in decoded text (a valid escaped pair decodes to one character)."""

_HIGH = r"\\u[dD][89abAB][0-9a-fA-F]{2}"
_LOW = r"\\u[dD][c-fC-F][0-9a-fA-F]{2}"
_MAYBE_SURROGATE = re.compile(f"{_HIGH}(?!{_LOW})|(?<!{_HIGH}){_LOW}|[\ud800-\udfff]")
"""What a text holding a lone surrogate must contain: a high escape not followed by a low one,
a low escape not preceded by a high one, or the code point itself. Escaped pairs (an emoji
written ``\\ud83d\\ude00``) do not match; an escaped backslash before ``ud800`` may, and the
walk then finds nothing."""

REPLACEMENT = "\ufffd"


def may_hold_surrogates(text: str) -> bool:
    """A quick scan of the raw text: ``False`` means no string of it has a surrogate."""
    # The pattern's look-behind is tried at every character (0.4 s on a 7 MB map); most
    # files have no escape of a surrogate at all, which a substring search tells at once.
    if "\\ud" in text or "\\uD" in text:
        return _MAYBE_SURROGATE.search(text) is not None
    if text.isascii():
        return False
    try:
        text.encode()  # in C, and faster than a search: only a surrogate stops it
    except UnicodeEncodeError:
        return True
    return False


def printable(text: str) -> str:
    """``text`` with every surrogate written as its escape (``\\ud800``), safe to print."""
    if SURROGATE.search(text) is None:
        return text
    return SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _containers(raw: Any) -> Iterator[tuple[Path, Any]]:
    """Every object and array of a JSON tree with its path, parents first (leaves are left to
    the caller, so a large tree of numbers costs no path per number)."""
    stack: list[tuple[Path, Any]] = [((), raw)]
    while stack:
        path, node = stack.pop()
        yield path, node
        items = node.items() if isinstance(node, dict) else enumerate(node)
        children = [((*path, k), v) for k, v in items if isinstance(v, dict | list)]
        stack.extend(reversed(children))  # popped in file order


def repair_surrogates(raw: Any) -> tuple[Any, list[tuple[Path, str]]]:
    """Replace every unpaired surrogate of the tree's strings and keys by U+FFFD, in place
    (objects keep their identity and key order); returns the tree (a new string when the
    whole tree is one) and, for each repaired string, its path (a key's own path for a key)
    and its text as it was, escaped so it can be printed."""
    found: list[tuple[Path, str]] = []
    if isinstance(raw, str):
        if SURROGATE.search(raw):
            found.append(((), printable(raw)))
            raw = SURROGATE.sub(REPLACEMENT, raw)
        return raw, found
    if not isinstance(raw, dict | list):
        return raw, found
    for path, node in _containers(raw):
        if isinstance(node, dict):
            if any(SURROGATE.search(k) for k in node):
                items = list(node.items())
                node.clear()
                for key, value in items:
                    if SURROGATE.search(key):
                        key_was, key = printable(key), SURROGATE.sub(REPLACEMENT, key)
                        found.append(((*path, key), key_was))
                    node[key] = value
            for key, value in node.items():
                if isinstance(value, str) and SURROGATE.search(value):
                    found.append(((*path, key), printable(value)))
                    node[key] = SURROGATE.sub(REPLACEMENT, value)
        elif isinstance(node, list):
            for index, value in enumerate(node):
                if isinstance(value, str) and SURROGATE.search(value):
                    found.append(((*path, index), printable(value)))
                    node[index] = SURROGATE.sub(REPLACEMENT, value)
    return raw, found


def surrogate_paths(raw: Any) -> list[Path]:
    """Paths of the strings (or keys) of a tree that hold a surrogate."""
    if isinstance(raw, str):
        return [()] if SURROGATE.search(raw) else []
    if not isinstance(raw, dict | list):
        return []
    out: list[Path] = []
    for path, node in _containers(raw):
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            if (isinstance(key, str) and SURROGATE.search(key)) or (
                isinstance(value, str) and SURROGATE.search(value)
            ):
                out.append((*path, key))
    return out


class TooLong:
    """Stands in, after parsing, for an integer too long for Python to convert."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits


def guarded_int(text: str) -> int | TooLong:
    """``parse_int`` for ``json.loads``: the integer, or a :class:`TooLong` marker."""
    digits = len(text) - (text[0] == "-")
    limit = sys.get_int_max_str_digits()
    if limit and digits > limit:
        return TooLong(digits)
    return int(text)


def too_long_numbers(raw: Any) -> list[tuple[Path, int]]:
    """Paths of the :class:`TooLong` markers of a tree, with their number of digits."""
    if isinstance(raw, TooLong):
        return [((), raw.digits)]
    if not isinstance(raw, dict | list):
        return []
    out: list[tuple[Path, int]] = []
    for path, node in _containers(raw):
        items = node.items() if isinstance(node, dict) else enumerate(node)
        out.extend(((*path, k), v.digits) for k, v in items if isinstance(v, TooLong))
    return out
