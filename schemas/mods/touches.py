"""Conflicts between mods: two operations of different mods reaching the same thing.

Every operation leaves a *touch* on its target: the entity, the field path, and what it did
(set a value, remove, add or remove an item, move). A new touch that overlaps a touch of
another mod is a conflict: same field, a field and the entity or section holding it, a removal
and any change, the same list item added by one and removed by the other, two moves. Items
added by two mods, or changes to different fields, do not conflict.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..diff.sections import noun
from .records import Conflict, EntityKey, OpRef

POSITION = ("#position",)
"""The touch of a move: the entity's place in its list, apart from its fields."""

Keys = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Touch:
    keys: Keys
    op: OpRef
    kind: str
    """``value`` (set, add, replace, translate, rename), ``remove``, ``add_item``,
    ``remove_item`` or ``move``."""
    value: Any = None
    item: Any = None


def _prefix(a: Keys, b: Keys) -> bool:
    return a == b[: len(a)]


def _overlap(new: Touch, old: Touch) -> bool:
    if "remove" in (new.kind, old.kind):
        return True
    if (new.keys == POSITION) != (old.keys == POSITION):
        return False
    if new.kind == old.kind == "move":
        return True
    if not (_prefix(new.keys, old.keys) or _prefix(old.keys, new.keys)):
        return False
    items = {new.kind, old.kind} <= {"add_item", "remove_item"}
    if items:
        return new.kind != old.kind and new.item == old.item and new.keys == old.keys
    return True


class Touches:
    """Every touch so far, per entity, and the conflicts they made."""

    def __init__(self) -> None:
        self.by_entity: dict[EntityKey, list[Touch]] = {}
        self.conflicts: list[Conflict] = []

    def add(self, target: EntityKey, touch: Touch) -> list[Conflict]:
        """Record a touch; returns the conflicts it makes with earlier mods."""
        found: list[Conflict] = []
        seen: set[tuple[int, str]] = set()
        for old in self.by_entity.get(target, ()):
            if old.op.mod == touch.op.mod or not _overlap(touch, old):
                continue
            if (old.op.mod, old.op.pointer) in seen:
                continue
            seen.add((old.op.mod, old.op.pointer))
            found.append(_conflict(target, old, touch))
        self.by_entity.setdefault(target, []).append(touch)
        self.conflicts += found
        return found

    def by_others(self, target: EntityKey, keys: Keys, mod: int) -> bool:
        """Whether another (earlier) mod changed ``keys`` or what holds or is inside it."""
        return any(
            old.op.mod != mod
            and old.kind != "move"
            and (_prefix(old.keys, keys) or _prefix(keys, old.keys))
            for old in self.by_entity.get(target, ())
        )

    def rename(self, section: str, old: str, new: str) -> None:
        touches = self.by_entity.pop((section, old), None)
        if touches is not None:
            self.by_entity.setdefault((section, new), []).extend(touches)

    def forget(self, target: EntityKey, mod: int) -> None:
        """Drop one mod's touches of an entity (its changes to it were undone)."""
        kept = [t for t in self.by_entity.get(target, []) if t.op.mod != mod or t.kind != "value"]
        self.by_entity[target] = kept


def _path(keys: Keys) -> str:
    if keys == POSITION:
        return "(position)"
    return "".join("/" + k for k in keys)


def _what(touch: Touch) -> str:
    if touch.kind == "remove":
        return "removes it"
    if touch.kind == "move":
        return f"moves it after {touch.value!r}" if touch.value else "moves it first"
    if touch.kind == "add_item":
        return f"adds {touch.item!r} to {_path(touch.keys)}"
    if touch.kind == "remove_item":
        return f"removes {touch.item!r} from {_path(touch.keys)}"
    return f"sets {_path(touch.keys) or 'all of it'}"


def _conflict(target: EntityKey, old: Touch, new: Touch) -> Conflict:
    section, entity = target
    subject = f"{noun(section)} '{entity}'" if entity is not None else section
    keys = new.keys if len(new.keys) >= len(old.keys) else old.keys
    agree = new.kind == old.kind == "value" and new.keys == old.keys and _same(new.value, old.value)
    if agree:
        message = f"{subject}: {old.op.named()} and {new.op.named()} both {_what(new)} the same way"
    else:
        message = (
            f"{subject}: {old.op.named()} {_what(old)}, and {new.op.named()} {_what(new)}; "
            f"'{new.op.mod_id}' comes later and wins"
        )
    return Conflict(
        section,
        entity,
        "" if keys == POSITION else _path(keys),
        old.op,
        new.op,
        old.value if old.kind != "remove" else None,
        new.value if new.kind != "remove" else None,
        agree,
        message,
    )


def _same(a: Any, b: Any) -> bool:
    return bool(a == b)
