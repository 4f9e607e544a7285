"""The "did you mean" hint for an unknown id, found through an index.

Comparing a mistyped id with every id of a collection (what ``difflib.get_close_matches``
does) costs milliseconds on a large map, and a file with tens of thousands of broken
references then takes minutes to report. The hint here looks only at the ids an index hands
out for the name, which are the mistakes people make:

* a character typed wrong, missing, extra or two swapped (the name and the id become equal
  once at most one character is deleted from each);
* a part left off or added at either end (``tank`` for ``tanks``, ``div-12`` for
  ``pz-div-12``): one is a prefix or a suffix of the other.

Among those candidates the hint is the one ``difflib`` rates highest (its ``ratio``, at least
0.6, ties going to the greater id, as ``get_close_matches`` orders them). The choice depends
only on the name and the set of ids, so a fresh validation and the studio's incremental one
give the same hint.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Iterable

CUTOFF = 0.6
"""Lowest ``difflib`` ratio worth suggesting (``get_close_matches``' default)."""


def deletions(text: str) -> set[str]:
    """Every string made by deleting one character of ``text``."""
    return {text[:i] + text[i + 1 :] for i in range(len(text))}


def is_candidate(name: str, known: str) -> bool:
    """Whether the index offers ``known`` as a hint for ``name`` (before rating it)."""
    if known == name:
        return True
    if known.startswith(name) or name.startswith(known):
        return True
    if known.endswith(name) or name.endswith(known):
        return True
    if abs(len(known) - len(name)) > 1:
        return False
    mine, theirs = deletions(name), deletions(known)
    return known in mine or name in theirs or not mine.isdisjoint(theirs)


def score(matcher: difflib.SequenceMatcher[str], known: str) -> tuple[float, str] | None:
    """``known`` rated against the name set as the matcher's second sequence, as
    ``get_close_matches`` rates it, or ``None`` under the cutoff."""
    matcher.set_seq1(known)
    if (
        matcher.real_quick_ratio() >= CUTOFF
        and matcher.quick_ratio() >= CUTOFF
        and matcher.ratio() >= CUTOFF
    ):
        return (matcher.ratio(), known)
    return None


def _better_extension(current: str | None, candidate: str) -> str:
    # Of two ids extending the same text, the shorter shares more of itself with it (the
    # ratio is 2n / (n + len)); at equal length the greater id wins, as in difflib.
    if current is None or len(candidate) < len(current):
        return candidate
    if len(candidate) == len(current) and candidate > current:
        return candidate
    return current


class Suggester:
    """An index over the ids of one collection, answering :meth:`closest` in time that
    depends on the name's length, not on how many ids there are."""

    def __init__(self, ids: Iterable[str]) -> None:
        self.ids = set(ids)
        self._deleted: dict[str, list[str]] = {}
        """A string one deletion away from some ids -> those ids."""
        self._longer_from_start: dict[str, str] = {}
        """A proper prefix of some ids -> the best of them (see :func:`_better_extension`)."""
        self._longer_from_end: dict[str, str] = {}
        """A proper suffix of some ids -> the best of them."""
        for known in self.ids:
            for variant in deletions(known):
                self._deleted.setdefault(variant, []).append(known)
            for cut in range(1, len(known)):
                head, tail = known[:cut], known[cut:]
                starts, ends = self._longer_from_start, self._longer_from_end
                starts[head] = _better_extension(starts.get(head), known)
                ends[tail] = _better_extension(ends.get(tail), known)

    def candidates(self, name: str, hidden: Collection[str] = ()) -> set[str] | None:
        """The ids :func:`is_candidate` accepts for ``name`` that can rate best: every
        near miss, and of the ids extending or extended by it, the best at each end.

        ``hidden`` ids count as gone (ids removed since the index was built): ``None``
        when one of them was the best extension of the name at an end, since the index
        does not know the next best."""
        found: set[str] = set()
        ids = self.ids
        if name in ids and name not in hidden:
            found.add(name)
        found.update(known for known in self._deleted.get(name, ()) if known not in hidden)
        for variant in deletions(name):
            if variant in ids and variant not in hidden:
                found.add(variant)
            found.update(known for known in self._deleted.get(variant, ()) if known not in hidden)
        for table in (self._longer_from_start, self._longer_from_end):
            longer = table.get(name)
            if longer is not None:
                if longer in hidden:
                    return None
                found.add(longer)
        # Ids the name extends: the longest at each end shares the most with it.
        for cut in range(len(name) - 1, 0, -1):
            if name[:cut] in ids and name[:cut] not in hidden:
                found.add(name[:cut])
                break
        for cut in range(1, len(name)):
            if name[cut:] in ids and name[cut:] not in hidden:
                found.add(name[cut:])
                break
        return found

    def closest(self, name: str) -> tuple[float, str] | None:
        """The best candidate for ``name`` with its ratio, or ``None``."""
        found = self.candidates(name)
        assert found is not None  # nothing hidden
        return best_of(name, found)


def best_of(name: str, ids: Iterable[str]) -> tuple[float, str] | None:
    """The best of ``ids`` for ``name`` with its ratio (see :func:`score`), or ``None``."""
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(name)
    best = None
    for known in ids:
        rated = score(matcher, known)
        if rated is not None and (best is None or rated > best):
            best = rated
    return best


def closest_by_scan(name: str, ids: Iterable[str]) -> tuple[float, str] | None:
    """What :meth:`Suggester.closest` answers, found by rating every id: the reference the
    index is tested against, and the way to re-rate a few new ids."""
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(name)
    best = None
    for known in ids:
        if not is_candidate(name, known):
            continue
        rated = score(matcher, known)
        if rated is not None and (best is None or rated > best):
            best = rated
    return best
