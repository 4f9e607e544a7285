"""Unknown references, kept per owner, with a reverse index of every reference.

When an id appears or disappears, the entities that refer to it (found in the reverse index)
are checked again, and so are those whose "did you mean" hint may change.
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from typing import Any, Protocol

import numpy as np

from ..refs import iter_references
from ..scenario import SECTIONS, Scenario
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

    def position_map(self, section: str) -> dict[int, int]: ...


class Hints:
    """The "did you mean" id of each unknown reference, as :func:`difflib.get_close_matches`
    picks it, kept as ids come and go: comparing a name with 10,000 region ids one by one
    takes 50 ms, so candidates are first sifted by letter counts, all at once."""

    def __init__(self) -> None:
        self.best: dict[tuple[str, str], tuple[float, str] | None] = {}
        self._tables: dict[str, tuple[dict[str, int], _Letters]] = {}

    def closest(self, ix: ScenarioIndex, collection: str, name: str) -> str | None:
        key = (collection, name)
        if key not in self.best:
            known = ix.position[collection]
            table = self._tables.get(collection)
            if table is None or table[0] is not known:
                table = self._tables[collection] = (known, _Letters(list(known)))
            matcher = difflib.SequenceMatcher()
            matcher.set_seq2(name)
            best = None
            for bound, other in table[1].near(name):
                if best is not None and bound < best[0]:
                    break  # a ratio never exceeds its quick bound: nothing left can win
                score = _score(matcher, other)
                if score is not None and (best is None or score > best):
                    best = score
            self.best[key] = best
        best = self.best[key]
        return best[1] if best else None

    def ids_changed(self, collection: str, gained: set[str], lost: set[str]) -> set[str]:
        """Note ids that appeared in or left ``collection``; the names whose hint changed."""
        changed = set()
        for (where, name), best in list(self.best.items()):
            if where != collection:
                continue
            if best is not None and best[1] in lost:
                del self.best[(where, name)]  # found again when next asked
                changed.add(name)
                continue
            matcher = difflib.SequenceMatcher()
            matcher.set_seq2(name)
            for known in gained:
                score = _score(matcher, known)
                if score is not None and (best is None or score > best):
                    best = score
            if best != self.best[(where, name)]:
                self.best[(where, name)] = best
                changed.add(name)
        return changed


class _Letters:
    """How often each letter occurs in each of many ids, to compute difflib's cheap upper
    bounds (``real_quick_ratio``, ``quick_ratio``) for all of them in one go."""

    def __init__(self, ids: list[str]) -> None:
        self.ids = ids
        self.counts: np.ndarray | None = None
        text = "".join(ids)
        if not text.isascii():
            return  # ids are slugs; anything else is compared one by one
        self.lengths = np.fromiter(map(len, ids), dtype=np.int64, count=len(ids))
        codes = np.frombuffer(text.encode("ascii"), dtype=np.uint8)
        self.alphabet, letters = np.unique(codes, return_inverse=True)
        owner = np.repeat(np.arange(len(ids)), self.lengths)
        self.counts = np.zeros((len(ids), len(self.alphabet)), dtype=np.int32)
        np.add.at(self.counts, (owner, letters), 1)

    def near(self, name: str, cutoff: float = 0.6) -> list[tuple[float, str]]:
        """The ids whose cheap bounds reach ``cutoff`` (difflib's own tests, same floats),
        with their ``quick_ratio``, highest first."""
        if self.counts is None or not name.isascii():
            return [(1.0, known) for known in self.ids]
        mine = np.zeros(len(self.alphabet), dtype=np.int32)
        for code in name.encode("ascii"):
            at = int(np.searchsorted(self.alphabet, code))
            if at < len(self.alphabet) and self.alphabet[at] == code:
                mine[at] += 1
        total = self.lengths + len(name)
        safe = np.where(total == 0, 1, total)
        real = np.where(total == 0, 1.0, 2.0 * np.minimum(self.lengths, len(name)) / safe)
        quick = np.where(total == 0, 1.0, 2.0 * np.minimum(self.counts, mine).sum(1) / safe)
        rows = np.flatnonzero((real >= cutoff) & (quick >= cutoff))
        rows = rows[np.argsort(-quick[rows], kind="stable")]
        return [(float(quick[i]), self.ids[i]) for i in rows.tolist()]


def _score(matcher: difflib.SequenceMatcher[str], known: str) -> tuple[float, str] | None:
    """As :func:`difflib.get_close_matches` ranks candidates: ratio, then the id itself."""
    matcher.set_seq1(known)
    cutoff = 0.6
    if (
        matcher.real_quick_ratio() >= cutoff
        and matcher.quick_ratio() >= cutoff
        and matcher.ratio() >= cutoff
    ):
        return (matcher.ratio(), known)
    return None


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
            for name in self.hints.ids_changed(collection, gained, lost):
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
