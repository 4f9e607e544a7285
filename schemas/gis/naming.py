"""Ids and names of imported features, and the lookup of property values in the scenario.

Ids are made by transliterating a name to ASCII (``anyascii``: "Récollet" -> "Recollet",
"Œ" -> "OE", "Москва" -> "Moskva") and then keeping letters and digits, every other run of
characters (spaces, dashes of any kind, apostrophes, dots) becoming one ``-``. No letter is
ever dropped for being accented or foreign; only what is not a letter or a digit goes.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from typing import Any

from anyascii import anyascii

MAX_ID = 64
"""Longest id the format allows."""

_NOT_SLUG = re.compile(r"[^a-z0-9_]+")


def slugify(value: Any) -> str:
    """A valid id made from any value, ``""`` when nothing of it is a letter or a digit.

    ``"Sault-au-Récollet"`` -> ``sault-au-recollet``;
    ``"Champlain—L'Île-des-Sœurs"`` -> ``champlain-l-ile-des-soeurs``.
    """
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = anyascii(str(value)).lower()
    text = _NOT_SLUG.sub("-", text).strip("-_")
    if len(text) > MAX_ID:
        # Cut at a word boundary when there is one not too far back, so ids stay readable.
        cut = text[:MAX_ID]
        boundary = cut.rfind("-")
        text = cut[:boundary] if boundary >= MAX_ID // 2 else cut
    return text.strip("-_")


def numbered(stem: str, number: int) -> str:
    """``stem-number``, the stem shortened so that the whole fits in an id."""
    suffix = f"-{number}"
    return stem[: MAX_ID - len(suffix)].rstrip("-_") + suffix


class IdMaker:
    """Hands out distinct ids: the first feature named "Verdun" gets ``verdun``, the next
    ``verdun-2``, then ``verdun-3``; ids in ``taken`` (other entities the import must not
    touch) are skipped too."""

    def __init__(self, taken: Iterable[str] = ()) -> None:
        self.taken = set(taken)

    def claim(self, wanted: str, fallback: str, avoid: Collection[str] = ()) -> str:
        """``wanted`` (or ``fallback`` when empty) if free, else the first free numbered id;
        ids in ``avoid`` count as taken for this claim only."""
        stem = wanted or fallback
        if stem not in self.taken and stem not in avoid:
            self.taken.add(stem)
            return stem
        number = 2
        while numbered(stem, number) in self.taken or numbered(stem, number) in avoid:
            number += 1
        fresh = numbered(stem, number)
        self.taken.add(fresh)
        return fresh


class Lookup:
    """Finds an entity id from a property value: by id, by name (case and accents do not
    matter), or by the id its name would make."""

    def __init__(self, entities: Sequence[Any]) -> None:
        self.ids = {e.id for e in entities}
        self.names: dict[str, str] = {}
        for entity in reversed(entities):
            name = getattr(entity, "name", "")
            if name:
                self.names[slugify(name)] = entity.id

    def find(self, value: Any) -> str | None:
        text = str(value).strip()
        if text in self.ids:
            return text
        key = slugify(text)
        if key in self.ids:
            return key
        return self.names.get(key)


def text_value(value: Any) -> str:
    """A property value as text for a name: numbers without a useless ``.0``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()
