"""Who changed what: the marks of a stack's changes, per entity and field. No Qt.

The base compared with the scenario the stack makes (the diff of :mod:`.live`) says what
changed, in the diff's words ("MP cost 2 → 3": the old value is the base's); the stack's
provenance says which mods changed it, in load order, the last one deciding. The inspector and
the map show these marks; the tooltips are written here so both say the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from editor.studio.mods.live import LiveView
from editor.studio.mods.stack import StackEntry, StackState
from schemas.diff import paths
from schemas.diff.records import POSITION_PATH, EntityChange
from schemas.mods.records import OpRef, Provenance

EntityKey = tuple[str, str | None]
"""(document section, entity id); the id is ``None`` for a single section."""


@dataclass(frozen=True)
class FieldMark:
    """One field changed by mods."""

    keys: tuple[str, ...]
    """Where the field is in the entity as the document holds it (JSON names)."""
    text: str
    """The change in words, from the base's value: "MP cost 2 → 3"."""
    by: tuple[StackEntry, ...]
    """The mods that changed it, in load order: the last one decided."""
    conflict: bool = False


@dataclass(frozen=True)
class EntityMark:
    """An entity (or single section) changed by mods."""

    section: str
    id: str | None
    kind: str
    """``added``, ``changed``, ``renamed``, ``moved``."""
    text: str
    fields: tuple[FieldMark, ...]
    by: tuple[StackEntry, ...]

    @property
    def colour(self) -> str:
        return self.by[-1].colour

    def field(self, keys: tuple[str, ...]) -> list[FieldMark]:
        """The marks at ``keys`` or inside it."""
        return [f for f in self.fields if f.keys[: len(keys)] == keys]

    def tooltip(self, limit: int = 12) -> str:
        """Who changed the entity and how, a line per field."""
        lines = [_who(self.by, self.kind)]
        if self.kind == "added":
            return lines[0]
        for mark in self.fields[:limit]:
            lines.append(f"• {mark.text}" + _by_others(mark.by, self.by))
        if len(self.fields) > limit:
            lines.append(f"… and {len(self.fields) - limit} more")
        return "\n".join(lines)


def field_tooltip(marks: list[FieldMark]) -> str:
    """What the inspector says over a changed field."""
    lines = []
    for mark in marks:
        lines.append(f"{_who(mark.by, 'changed')}: {mark.text}")
        if mark.conflict:
            lines.append("  Mods disagree here (see Conflicts in the Mods dock).")
    return "\n".join(lines)


def _names(entries: tuple[StackEntry, ...]) -> str:
    if len(entries) == 1:
        return f"“{entries[0].title}”"
    earlier = ", ".join(f"“{e.title}”" for e in entries[:-1])
    return f"{earlier}, then “{entries[-1].title}” (which applies)"


def _who(entries: tuple[StackEntry, ...], kind: str) -> str:
    verb = {"added": "Added", "renamed": "Renamed", "moved": "Moved"}.get(kind, "Changed")
    return f"{verb} by the mod {_names(entries)}" if entries else f"{verb} by a mod"


def _by_others(entries: tuple[StackEntry, ...], whole: tuple[StackEntry, ...]) -> str:
    return "" if entries == whole else f" ({', '.join(e.title for e in entries)})"


def _entries(ops: list[OpRef], state: StackState) -> tuple[StackEntry, ...]:
    found: list[StackEntry] = []
    for op in sorted(ops, key=lambda o: o.mod):
        entry = state.entry_of(op)
        if entry is not None and entry not in found:
            found.append(entry)
    return tuple(found)


def build_marks(view: LiveView) -> dict[EntityKey, EntityMark]:
    """Every entity the stack changes (removed ones aside: they are not there to mark)."""
    state = view.state
    provenance = view.derived.result.provenance
    conflicts = {(c.section, c.id, c.path) for c in view.derived.result.conflicts}
    marks: dict[EntityKey, EntityMark] = {}
    nested: dict[str, list[EntityChange]] = {}
    for change in view.diff.changes:
        if change.kind == "removed":
            continue
        if "/" in change.section:
            nested.setdefault(change.section, []).append(change)
            continue
        mark = _entity_mark(change, change.section, (), provenance, conflicts, state)
        if mark is not None:
            marks[(change.section, change.id)] = mark
    for section, changes in nested.items():
        owner, field = section.split("/", 1)
        fields = []
        everyone: list[StackEntry] = []
        for change in changes:
            by = _entries(_ops_of(provenance, section, change.id), state)
            fields.append(FieldMark((field,), change.text, by))
            everyone += [e for e in by if e not in everyone]
        if not everyone:
            continue
        old = marks.get((owner, None))
        if old is not None:
            fields = [*old.fields, *fields]
            everyone = [*old.by, *(e for e in everyone if e not in old.by)]
        text = "; ".join(f.text for f in fields)
        marks[(owner, None)] = EntityMark(
            owner, None, "changed", text, tuple(fields), tuple(everyone)
        )
    return marks


def _ops_of(provenance: Provenance, section: str, entity: str | None) -> list[OpRef]:
    return [op for ops in provenance.of(section, entity).values() for op in ops]


def _entity_mark(
    change: EntityChange,
    section: str,
    prefix: tuple[str, ...],
    provenance: Provenance,
    conflicts: set[tuple[str, str | None, str]],
    state: StackState,
) -> EntityMark | None:
    entity = change.id
    everyone = _entries(_ops_of(provenance, section, entity), state)
    if not everyone:
        return None  # changed by following a rename elsewhere, not by an operation of its own
    fields = []
    for item in change.fields:
        if item.path == POSITION_PATH:
            ops = provenance.of(section, entity).get(POSITION_PATH, [])
            keys: tuple[str, ...] = ()
        else:
            ops = provenance.touched_by(section, entity, item.path)
            keys = _keys(item.path)
        by = _entries(ops, state) or everyone
        clash = any(
            (section, entity, path) in conflicts
            for path in {item.path, *provenance.of(section, entity)}
            if path == item.path or path.startswith(item.path + "/")
        )
        fields.append(FieldMark((*prefix, *keys), item.text, by, clash))
    return EntityMark(section, entity, change.kind, change.text, tuple(fields), everyone)


def _keys(path: str) -> tuple[str, ...]:
    try:
        return paths.parse(path)
    except paths.PathError:
        return ()


def entry_changes(view: LiveView, entry: StackEntry) -> int:
    """How many entities and sections an entry's mod decides now."""
    marks = build_marks(view)
    return sum(1 for mark in marks.values() if mark.by and mark.by[-1].key == entry.key)


__all__ = ["EntityKey", "EntityMark", "FieldMark", "build_marks", "field_tooltip"]
