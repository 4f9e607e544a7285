"""The state of a paste being resolved: the copied entities read back, their ids in the
scenario, and where each reference to something not copied leads."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from pydantic import ValidationError

from ..base import Entity
from ..diff.sections import collections, noun
from ..refs import iter_references
from ..scenario import Scenario
from .payload import DEFINITIONS, Clip, display_name, namespace
from .records import Note

FALLBACK = ("terrain", "connection_types", "unit_types", "sides", "nations")
"""Collections where a reference the format requires may be given the scenario's first
entry when the copied one is missing (a unit must have a nation, a region a terrain)."""

_TAIL = re.compile(r"^(.*)-(\d+)$")
_ID_LENGTH = 64


def fresh_id(wanted: str, taken: set[str] | frozenset[str]) -> str:
    """``wanted`` if free, else the first free ``<wanted>-2``, ``-3``... (counting on from
    the number ``wanted`` already ends with, if any), at most 64 characters."""
    if wanted not in taken:
        return wanted
    match = _TAIL.match(wanted)
    base, number = (match.group(1), int(match.group(2))) if match else (wanted, 1)
    while True:
        number += 1
        tail = f"-{number}"
        candidate = base[: _ID_LENGTH - len(tail)].rstrip("-_") + tail
        if candidate not in taken:
            return candidate


def validated(
    collection: str, items: Iterable[dict[str, Any]], notes: list[Note]
) -> dict[str, Entity]:
    """Copied entity JSON read as models, by id; what does not read is noted and skipped."""
    model = collections()[collection].model
    out: dict[str, Entity] = {}
    for data in items:
        try:
            entity = model.model_validate(data)
        except ValidationError as error:
            first = error.errors()[0]
            where = "/".join(str(p) for p in first["loc"])
            notes.append(
                Note(
                    "left_out",
                    f"{noun(collection).capitalize()} {data.get('id')!r} is not valid here "
                    f"({where}: {first['msg']}); not pasted",
                )
            )
            continue
        out.setdefault(entity.id, entity)
    return out


class Resolver:
    """Ids and references of a paste of ``clip`` into ``scenario``."""

    def __init__(self, clip: Clip, scenario: Scenario) -> None:
        self.clip, self.scenario = clip, scenario
        self.notes: list[Note] = []
        self.target = {name: info.items(scenario) for name, info in collections().items()}
        self.target_ids = {c: {e.id for e in items} for c, items in self.target.items()}
        self.items: dict[str, dict[str, Entity]] = {
            c: validated(c, data, self.notes) for c, data in clip.entities.items()
        }
        self.new_id: dict[str, dict[str, str | None]] = {}
        """Pasted entities' ids in the scenario, by collection (``None``: not pasted)."""
        self.matched: dict[tuple[str, str], str] = {}
        self.definitions: dict[str, dict[str, Entity]] = {}
        """Copied definitions the scenario lacks, added with their own ids."""

    # -- what was copied ---------------------------------------------------------------------

    def copied(self, collection: str, entity_id: str) -> bool:
        return entity_id in self.items.get(collection, {})

    def name_of(self, collection: str, entity_id: str) -> str | None:
        """The name the source gave a referenced entity, when the copy says."""
        entity = self.items.get(collection, {}).get(entity_id)
        if entity is not None:
            return display_name(entity)
        for data in self.clip.definitions.get(collection, ()):
            if data.get("id") == entity_id:
                return str(data.get("name") or data.get("title") or "") or None
        return self.clip.names.get(collection, {}).get(entity_id)

    def _match_by_name(self, collection: str, entity_id: str) -> str | None:
        name = self.name_of(collection, entity_id)
        if not name:
            return None
        wanted = name.casefold()
        for entity in self.target.get(collection, ()):
            if display_name(entity).casefold() == wanted:
                return entity.id
        return None

    def _definition(self, collection: str, entity_id: str) -> Entity | None:
        for data in self.clip.definitions.get(collection, ()):
            if data.get("id") == entity_id:
                return validated(collection, [data], self.notes).get(entity_id)
        return None

    # -- references and ids ------------------------------------------------------------------

    def settle_references(self) -> None:
        """Decide, for every reference to something not copied, whether the scenario has it,
        has it under another id (same name), or takes the copied definition."""
        queue = [m for items in self.items.values() for m in items.values()]
        seen: set[tuple[str, str]] = set()
        while queue:
            model = queue.pop(0)
            for ref in iter_references(model):
                key = (ref.collection, ref.id)
                if key in seen or self.copied(*key) or ref.id in self.target_ids.get(key[0], ()):
                    continue
                seen.add(key)
                match = self._match_by_name(*key)
                if match is not None:
                    self.matched[key] = match
                    continue
                if ref.collection in DEFINITIONS:
                    found = self._definition(*key)
                    if found is not None:
                        self.definitions.setdefault(ref.collection, {})[ref.id] = found
                        queue.append(found)

    def assign_ids(self) -> None:
        """Every copied entity's id in the scenario (see :func:`fresh_id`)."""
        taken: dict[str, set[str]] = {}

        def pool(collection: str) -> set[str]:
            key = namespace(collection)[0]
            if key not in taken:
                taken[key] = {i for c in namespace(collection) for i in self.target_ids.get(c, ())}
            return taken[key]

        for collection, defined in self.definitions.items():
            pool(collection).update(defined)
        for collection, items in self.items.items():
            ids = self.new_id.setdefault(collection, {})
            for old in items:
                new = fresh_id(old, pool(collection))
                pool(collection).add(new)
                ids[old] = new

    def target_of(self, collection: str, entity_id: str) -> str | None:
        """Where a reference of a pasted entity points in the scenario (``None``: nowhere)."""
        if self.copied(collection, entity_id):
            return self.new_id[collection].get(entity_id)
        if entity_id in self.definitions.get(collection, {}):
            return entity_id
        if entity_id in self.target_ids.get(collection, ()):
            return entity_id
        return self.matched.get((collection, entity_id))

    def fallback(self, collection: str) -> str | None:
        """The entry a required reference into ``collection`` takes when its own is missing."""
        if collection not in FALLBACK:
            return None
        for entity in self.target.get(collection, ()):
            return str(entity.id)
        for entity in self.definitions.get(collection, {}).values():
            return str(entity.id)
        return None

    # -- words -------------------------------------------------------------------------------

    def named(self, collection: str, entity_id: str) -> str:
        """``Tobruk (tobruk)``, or the id alone when that is all there is."""
        name = self.name_of(collection, entity_id)
        return f"{name} ({entity_id})" if name and name != entity_id else entity_id

    def existing(self, collection: str, entity_id: str) -> str:
        """A scenario's own entity, named."""
        for entity in self.target.get(collection, ()):
            if entity.id == entity_id:
                name = display_name(entity)
                return f"{name} ({entity_id})" if name != entity_id else entity_id
        return entity_id

    def absence(self, collection: str, entity_id: str) -> str:
        return "was not pasted" if self.copied(collection, entity_id) else "is not in this scenario"

    def rename_notes(self, final: dict[str, dict[str, Entity]]) -> None:
        for collection, ids in self.new_id.items():
            renamed = [
                (old, new)
                for old, new in ids.items()
                if new is not None and new != old and new in final.get(collection, {})
            ]
            if renamed:
                shown = ", ".join(f"{a} → {b}" for a, b in renamed[:6])
                more = f" and {len(renamed) - 6} more" if len(renamed) > 6 else ""
                self.notes.append(
                    Note(
                        "renamed",
                        f"{len(renamed)} {noun(collection, len(renamed))} had ids already "
                        f"in use and were renamed: {shown}{more}",
                        tuple((collection, b) for _, b in renamed),
                    )
                )
