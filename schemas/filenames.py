"""Folder and file names derived from a scenario's file name, safe to join to another folder.

The studio and the game view keep recovery copies and autosaves in folders named after the
scenario file. A name taken as it is can escape that folder: ``Path("...json").stem`` is
``..``, the parent folder; a name may hold a path separator, start with a dot (a hidden
file), hold control characters, or be a name Windows reserves (``CON``, ``NUL``...). The name
made here is always one plain path component, and two different file names never give the
same one.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

MAX_LENGTH = 64
"""Characters kept from the file name (well under the 255 bytes file systems allow)."""

_UNSAFE = re.compile(r"[^\w.\- ]+")
"""Anything but letters, digits, ``_``, ``.``, ``-`` and spaces (``\\w`` is Unicode-aware)."""

_RESERVED = re.compile(r"^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$", re.IGNORECASE)


def safe_name(file_name: str, fallback: str = "untitled") -> str:
    """A name for a folder or file of things belonging to the scenario file ``file_name``
    (a bare name or a path: only its last component counts, minus a ``.json`` ending).

    Letters, digits, ``_``, ``-``, ``.`` and inner spaces are kept; anything else becomes
    ``_``; leading dots and spaces go. When the result differs from the name, or is empty (and
    ``fallback`` is used), a short hash of the original name is added, so that ``a b.json``
    and ``a_b.json`` still get different folders. The result is never ``.``, ``..`` or a name
    Windows reserves, and holds no separator.
    """
    name = re.split(r"[\\/]", file_name)[-1]
    if name.lower().endswith(".json"):
        name = name[:-5]
    cleaned = unicodedata.normalize("NFC", name)
    cleaned = "".join(c for c in cleaned if unicodedata.category(c)[0] != "C")
    cleaned = _UNSAFE.sub("_", cleaned).strip(" .")
    cleaned = cleaned[:MAX_LENGTH].rstrip(" .")
    if _RESERVED.match(cleaned):
        cleaned = f"_{cleaned}"
    if cleaned == name and cleaned:
        return cleaned
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{cleaned or fallback}-{digest}"
