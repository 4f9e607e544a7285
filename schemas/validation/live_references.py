"""Unknown references, kept per owner, with a reverse index of every reference.

When an id appears or disappears, the entities that refer to it (found in the reverse index)
are checked again, and so are those whose "did you mean" hint may change.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any, Protocol

from ..refs import iter_references
from ..scenario import SECTIONS, Scenario
from ..suggest import Suggester, best_of, closest_by_scan, is_candidate
from .diffs import SectionDiff
from .identity import SINGLE_OWNERS, entity_reference_issues, section_reference_issues
from .index import ScenarioIndex
from .subsets import Owned

Owner = tuple[str, Any]
"""A section and an object in it (an entity, or the model of a single section)."""


class Validator(Protocol):
    """What :class:`References` reads of the validator that owns it."""

    scenario: Scenario
    index: ScenarioIndex

    def position_map(self, section: str) -> Mapping[int, int]: ...


class _Table:
    """A collection's ids as an index, with the ids that came and went since it was built,
    so an edit that renames or removes one id of 30,000 does not rebuild the index (a third
    of a second)."""

    REBUILD = 256
    """Past this many ids come or gone, the index is built again."""

    def __init__(self, known: Mapping[str, int]) -> None:
        self.known = known
        """The id table the index answers for (the index's ``position[collection]``)."""
        self.index = Suggester(known)
        self.added: set[str] = set()
        self.lost: set[str] = set()

    def note(self, gained: set[str], lost: set[str], known: Mapping[str, int]) -> None:
        for name in gained:
            if name in self.lost:
                self.lost.discard(name)
            else:
                self.added.add(name)
        for name in lost:
            if name in self.added:
                self.added.discard(name)
            else:
                self.lost.add(name)
        self.known = known
        if len(self.added) + len(self.lost) > self.REBUILD:
            self.__init__(known)  # type: ignore[misc]

    def closest(self, name: str) -> tuple[float, str] | None:
        if not self.added and not self.lost:
            return self.index.closest(name)
        found = self.index.candidates(name, self.lost)
        if found is None:  # a gone id was the best extension of the name: look afresh
            self.__init__(self.known)  # type: ignore[misc]
            return self.index.closest(name)
        found.update(known for known in self.added if is_candidate(name, known))
        return best_of(name, found)


class Hints:
    """The "did you mean" id of each unknown reference (see :mod:`schemas.suggest`), kept as
    ids come and go: a name's hint is looked up once in an index of its collection, and
    re-rated only against the ids that appear later."""

    def __init__(self) -> None:
        self.best: dict[tuple[str, str], tuple[float, str] | None] = {}
        self._tables: dict[str, _Table] = {}

    def closest(self, ix: ScenarioIndex, collection: str, name: str) -> str | None:
        key = (collection, name)
        if key not in self.best:
            known = ix.position[collection]
            table = self._tables.get(collection)
            if table is None or table.known is not known:
                table = self._tables[collection] = _Table(known)
            self.best[key] = table.closest(name)
        best = self.best[key]
        return best[1] if best else None

    def ids_changed(
        self,
        collection: str,
        gained: set[str],
        lost: set[str],
        known: Mapping[str, int] | None = None,
    ) -> set[str]:
        """Note ids that appeared in or left ``collection`` (whose ids are now ``known``,
        when given: its index follows without being built again); the names whose hint
        changed."""
        table = self._tables.get(collection)
        if table is not None and known is not None:
            table.note(gained, lost, known)
        changed = set()
        for (where, name), best in list(self.best.items()):
            if where != collection:
                continue
            if best is not None and best[1] in lost:
                del self.best[(where, name)]  # found again when next asked
                changed.add(name)
                continue
            newer = closest_by_scan(name, gained)
            if newer is not None and (best is None or newer > best):
                self.best[(where, name)] = newer
                changed.add(name)
        return changed


class References:
    """Unknown references per owner, with a reverse index of every reference."""

    def __init__(self, owner: Validator) -> None:
        self.v = owner
        self.hints = Hints()
        self.owned: dict[int, Owned] = {}
        self.users: dict[tuple[str, str], dict[int, Owner]] = defaultdict(dict)
        """Who refers to each (collection, id)."""
        self.dangling: dict[tuple[str, str], dict[int, Owner]] = defaultdict(dict)
        """Who refers to each (collection, id) that does not exist."""
        self.missing: dict[int, set[tuple[str, str]]] = {}
        scenario = owner.scenario
        for section in SECTIONS:
            for entity in getattr(scenario, section):
                self._check((section, entity), self._index((section, entity), True))
        for single in SINGLE_OWNERS:
            value = getattr(scenario, single)
            if value is not None:
                self._check((single, value), self._index((single, value), True))

    def _closest(self, collection: str, name: str) -> str | None:
        return self.hints.closest(self.v.index, collection, name)

    def _index(self, owner: Owner, add: bool) -> list[tuple[str, str]]:
        """Enter (or remove) the owner's references in the reverse index; returns them."""
        key = id(owner[1])
        refs = [(r.collection, r.id) for r in iter_references(owner[1])]
        for name in refs:
            if add:
                self.users[name][key] = owner
            elif name in self.users:
                self.users[name].pop(key, None)
                if not self.users[name]:
                    del self.users[name]
        return refs

    def _check(self, owner: Owner, refs: list[tuple[str, str]] | None = None) -> None:
        section, model = owner
        key = id(model)
        for name in self.missing.pop(key, ()):
            self.dangling[name].pop(key, None)
            if not self.dangling[name]:
                del self.dangling[name]
        self.owned.pop(key, None)
        ix = self.v.index
        if refs is None:
            refs = [(r.collection, r.id) for r in iter_references(model)]
        missing = {name for name in refs if name[1] not in ix.position[name[0]]}
        if not missing:
            return
        self.missing[key] = missing
        for name in missing:
            self.dangling[name][key] = owner
        if section in SINGLE_OWNERS:
            issues = list(section_reference_issues(ix, section, self._closest))
            self.owned[key] = Owned(section, model, None, issues)
        else:
            position = self.v.position_map(section)[key]
            issues = list(entity_reference_issues(ix, section, position, model, self._closest))
            self.owned[key] = Owned(section, model, position, issues)

    def update(
        self, old_ix: ScenarioIndex, diffs: dict[str, SectionDiff], singles: set[str]
    ) -> None:
        dirty: dict[int, Owner] = {}
        walked: dict[int, list[tuple[str, str]]] = {}
        for section, diff in diffs.items():
            for entity in diff.removed:
                self._forget((section, entity))
            for _, entity in diff.added:
                walked[id(entity)] = self._index((section, entity), True)
                dirty[id(entity)] = (section, entity)
        for section in singles & set(SINGLE_OWNERS):
            old, new = getattr(old_ix.scenario, section), getattr(self.v.scenario, section)
            if old is not None:
                self._forget((section, old))
            if new is not None:
                walked[id(new)] = self._index((section, new), True)
                dirty[id(new)] = (section, new)
        for collection, diff in diffs.items():
            gained, lost = diff.gained, diff.lost
            if not gained and not lost:
                continue
            for name in gained | lost:
                dirty.update(self.users.get((collection, name), {}))
            known = self.v.index.position[collection]
            for name in self.hints.ids_changed(collection, gained, lost, known):
                dirty.update(self.dangling.get((collection, name), {}))
        for key, owner in dirty.items():
            self._check(owner, walked.get(key))
        hints = self.hints.best
        for stale in [ref for ref in hints if ref not in self.dangling]:
            del hints[stale]

    def _forget(self, owner: Owner) -> None:
        key = id(owner[1])
        self._index(owner, False)
        self.owned.pop(key, None)
        for name in self.missing.pop(key, ()):
            self.dangling[name].pop(key, None)
            if not self.dangling[name]:
                del self.dangling[name]
