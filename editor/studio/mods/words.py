"""Conflicts and stale operations in words, for the Mods dock. No Qt.

A target is named as the diff names it ("terrain table, Forest: MP cost"), values are put in
words by the diff's wording (references by name, conditions and effects as sentences).
"""

from __future__ import annotations

from typing import Any

from editor.commands.diff import StudioWording
from schemas.diff import paths
from schemas.diff.report import subject
from schemas.diff.sections import SINGLE_NAMES, collections, singles
from schemas.diff.wording import (
    LANGUAGE_FIELDS,
    NameBook,
    display_name,
    effects_words,
    label,
    value_words,
)
from schemas.mods.records import Conflict, Stale
from schemas.scenario import Scenario


def _root(section: str, entity: str | None) -> Any:
    if entity is not None and section in collections():
        return collections()[section].model
    return singles().get(section)


def _keys(path: str) -> tuple[str, ...]:
    if not path or path.startswith("#"):
        return ()
    try:
        return paths.parse(path)
    except paths.PathError:
        return ()


def target_words(scenario: Scenario, section: str, entity: str | None, path: str) -> str:
    """ "terrain table, Forest: MP cost", "card Night Raid", "rules: battle rounds"."""
    names = NameBook(scenario)
    if entity is None:
        head = SINGLE_NAMES.get(section, section)
    else:
        found = None
        if section in collections():
            found = next(
                (e for e in collections()[section].items(scenario) if e.id == entity), None
            )
        shown = display_name(section, found, names) if found is not None else entity
        head = subject(section, shown)
    keys = _keys(path)
    if path == "#position":
        return f"{head}: place in the list"
    if not keys:
        return head
    root = _root(section, entity)
    return f"{head}: {label(keys, root, None, names)}" if root is not None else f"{head} {path}"


def value_in_words(
    scenario: Scenario, section: str, entity: str | None, path: str, value: Any
) -> str:
    """A value a mod sets, in words."""
    names = NameBook(scenario)
    keys = _keys(path)
    if keys and keys[-1] in LANGUAGE_FIELDS and value is not None:
        wording = StudioWording()
        try:
            if keys[-1] == "effects":
                return effects_words(wording, list(value), names)
            return wording.condition(value, names)
        except Exception:  # a value the wording cannot read: show it plainly
            return value_words(value, None, names)
    root = _root(section, entity)
    target = None
    if root is not None and keys:
        try:
            target = paths.resolve(root, keys, None)
        except paths.PathError:
            target = None
    return value_words(value, target, names)


def conflict_cells(scenario: Scenario, conflict: Conflict) -> tuple[str, str, str]:
    """What two mods disagree on, and each one's value."""
    what = target_words(scenario, conflict.section, conflict.id, conflict.path)

    def side(value: Any, kind: str) -> str:
        if value is None and kind == "remove":
            return "removes it"
        return value_in_words(scenario, conflict.section, conflict.id, conflict.path, value)

    earlier = side(conflict.earlier_value, conflict.earlier.op)
    later = side(conflict.later_value, conflict.later.op)
    return what, earlier, later


def stale_words(scenario: Scenario, stale: Stale) -> str:
    """What a stale operation is about."""
    return target_words(scenario, stale.section, stale.id, stale.path)


def stale_problem(scenario: Scenario, stale: Stale) -> str:
    """What is wrong with a stale operation, shortly."""
    if stale.code == "mod-target-missing":
        return "gone from the base scenario: skipped"
    if stale.code == "mod-target-exists":
        return "the base has it already: the mod's replaces it"
    if stale.code == "mod-anchor-missing":
        return "what it follows is gone: put at the end" if stale.applied else "skipped"
    if stale.code == "mod-base-value-changed":
        if isinstance(stale.expected, str) and stale.expected.startswith("sha256:"):
            return "changed in the base since the mod was made; the mod's is applied"
        words = [
            value_in_words(scenario, stale.section, stale.id, stale.path, v)
            for v in (stale.expected, stale.found)
        ]
        return f"expected {words[0]}, the base now has {words[1]}; the mod's value is applied"
    return stale.message


__all__ = ["conflict_cells", "stale_problem", "stale_words", "target_words", "value_in_words"]
