"""Fresh ids and names for entities the designer creates."""

from __future__ import annotations

import re

from editor.studio.document import ScenarioDocument

_TAIL = re.compile(r"^(.*?)-?(\d+)$")


def _clean(stem: str) -> str:
    return re.sub(r"[^a-z0-9_-]+", "-", stem.strip().lower()).strip("-_")[:56] or "new"


def _taken(document: ScenarioDocument, section: str) -> set[str]:
    namespaces = ("units", "leaders") if section in ("units", "leaders") else (section,)
    return {e.id for name in namespaces for e in document.items(name)}


def numbered_id(document: ScenarioDocument, section: str, stem: str) -> str:
    """The next of a numbered series: ``region-1``, ``region-2``... (units and leaders share
    one namespace).

    Things the designer makes one after another (regions drawn, units added on the map) are
    numbered from the first, so the first is not ``region`` and the second ``region-2``; the
    number counts on from the highest already used, and ids of other shapes are left alone.
    """
    stem = _clean(stem)
    pattern = re.compile(rf"^{re.escape(stem)}-(\d+)$")
    taken = _taken(document, section)
    highest = max(
        (int(match.group(1)) for entity_id in taken if (match := pattern.match(entity_id))),
        default=0,
    )
    number = highest + 1
    while f"{stem}-{number}" in taken:
        number += 1
    return f"{stem}-{number}"


def new_id(
    document: ScenarioDocument, section: str, stem: str, taken: set[str] | None = None
) -> str:
    """An id not yet used in ``section`` (units and leaders share one namespace).

    ``stem`` is kept when free; otherwise a number is appended, counting on from any number
    the stem already ends with, so copies of ``inf-3`` become ``inf-4``, ``inf-5``...
    ``taken``, when given, are the ids in use instead of the section's: for ids inside a
    section (sudden-death conditions) or a set a caller keeps up to date while it adds
    thousands of entities, which must not scan the section again for each.
    """
    if taken is None:
        taken = _taken(document, section)
    stem = _clean(stem)
    if stem not in taken:
        return stem
    match = _TAIL.match(stem)
    base, number = (match.group(1), int(match.group(2))) if match else (stem, 1)
    while True:
        number += 1
        candidate = f"{base}-{number}"
        if candidate not in taken:
            return candidate
