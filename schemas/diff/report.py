"""The semantic diff: what changed between two scenarios, entity by entity, in words.

:func:`diff_scenarios` returns a :class:`ScenarioDiff`: one :class:`EntityChange` per entity
added, removed, renamed, changed or moved, with its section, ids, JSON pointers in both files,
the fields that changed (path, old and new values, a sentence) and one sentence for the whole.
``ScenarioDiff.to_json()`` is the stable JSON form documented in ``docs/modding.md``;
``lines()`` is the report ``salient diff`` prints.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ..scenario import Scenario
from . import paths
from .compare import CollectionDelta, FieldDelta, ScenarioDelta, compare, keyed
from .geometry import GeometryChange, OutlineIndex, outline_change
from .records import (
    MINUS,
    POSITION_PATH,
    EntityChange,
    FieldChange,
    Kind,
    ScenarioDiff,
)
from .sections import SINGLE_NAMES, TABLES, collections, noun, singles, walk_sections
from .wording import (
    LANGUAGE_FIELDS,
    WHOLE_FIELDS,
    NameBook,
    Names,
    PlainWording,
    Wording,
    display_name,
    effects_words,
    label,
    location_words,
    value_words,
)


class _Context:
    def __init__(self, delta: ScenarioDelta, wording: Wording) -> None:
        self.delta = delta
        self.wording = wording
        self.old_names = NameBook(delta.old)
        self.new_names = NameBook(delta.new)
        self.outlines = OutlineIndex(delta.old)
        self.units_per_km = delta.new.map.units_per_km or delta.old.map.units_per_km


def subject(section: str, name: str) -> str:
    """ "region Tobruk", "terrain table, Forest", "rules"."""
    if section in TABLES:
        return f"{TABLES[section]}, {name}"
    return f"{noun(section)} {name}"


def _pointer(collection_keys: tuple[str, ...], index: int | None) -> str | None:
    return None if index is None else paths.join((*collection_keys, str(index)))


def _group(deltas: list[FieldDelta]) -> list[tuple[tuple[str, ...], list[FieldDelta]]]:
    """Deltas by field: outlines and the card language as one field, others one each."""
    out: list[tuple[tuple[str, ...], list[FieldDelta]]] = []
    for delta in deltas:
        head = delta.keys[:1]
        whole = bool(head) and head[0] in WHOLE_FIELDS
        keys = head if whole else delta.keys
        if whole and out and out[-1][0] == keys:
            out[-1][1].append(delta)
        else:
            out.append((keys, [delta]))
    return out


def _walk(value: Any, keys: tuple[str, ...]) -> Any:
    for key in keys:
        if isinstance(value, BaseModel):
            value = getattr(value, key, None)
        elif isinstance(value, dict):
            value = value.get(key)
        else:
            return None
    return value


def field_changes(
    context: _Context,
    root: Any,
    entity_id: str | None,
    old: Any,
    new: Any,
    deltas: list[FieldDelta],
) -> list[FieldChange]:
    """Field changes of one entity or section, in words."""
    out: list[FieldChange] = []
    old_names: Names = context.old_names
    new_names: Names = context.new_names
    for keys, group in _group(deltas):
        path = paths.join(keys)
        words = label(keys, root, new, new_names)
        old_value, new_value = _walk(old, keys), _walk(new, keys)
        if keys and keys[0] == "polygon":
            change = outline_change(
                entity_id or "", old_value, new_value, context.outlines, context.units_per_km
            )
            out.append(
                FieldChange(
                    path,
                    words,
                    _json(old_value),
                    _json(new_value),
                    _outline_text(change, old_names),
                    geometry=change,
                )
            )
            continue
        if keys and keys[0] == "location":
            before = location_words(old_value, old_names)
            text = f"{words} {before} → {location_words(new_value, new_names)}"
            out.append(FieldChange(path, words, _json(old_value), _json(new_value), text))
            continue
        if keys and keys[0] in LANGUAGE_FIELDS:
            text = _language_change(context, keys[0], words, old_value, new_value)
            out.append(FieldChange(path, words, _json(old_value), _json(new_value), text))
            continue
        (delta,) = group
        try:
            target = paths.resolve(root, keys, new)
        except paths.PathError:
            target = None
        if (
            isinstance(delta.old, list)
            and isinstance(delta.new, list)
            and _plain(delta.old)
            and _plain(delta.new)
        ):
            came = tuple(v for v in delta.new if v not in delta.old)
            went = tuple(v for v in delta.old if v not in delta.new)
            if came or went:
                parts = []
                if came:
                    parts.append("added " + value_words(list(came), target, new_names))
                if went:
                    parts.append("removed " + value_words(list(went), target, old_names))
                text = f"{words}: {'; '.join(parts)}"
            else:
                text = f"{words}: order changed"
            out.append(FieldChange(path, words, delta.old, delta.new, text, came, went))
            continue
        text = (
            f"{words} {value_words(delta.old, target, old_names)} → "
            f"{value_words(delta.new, target, new_names)}"
        )
        out.append(FieldChange(path, words, delta.old, delta.new, text))
    return out


def _plain(values: list[Any]) -> bool:
    return all(isinstance(v, str | int) and not isinstance(v, bool) for v in values)


def _json(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", by_alias=True)
    if isinstance(value, list):
        return [_json(v) for v in value]
    return value


def _language(context: _Context, name: str, value: Any, names: Names) -> str:
    if value is None:
        return "none"
    if name == "effects":
        return effects_words(context.wording, list(value), names)
    return context.wording.condition(value, names)


def _language_change(context: _Context, name: str, words: str, old: Any, new: Any) -> str:
    """A condition or effects in words; of a list of effects as long as before, only the
    effects that changed ("effect 2: +1 attack → +2 attack")."""
    if name == "effects" and old and new and len(old) == len(new):
        differing = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
        parts = []
        for i in differing:
            head = "effect" if len(old) == 1 else f"effect {i + 1}"
            before = context.wording.effect(old[i], context.old_names)
            after = context.wording.effect(new[i], context.new_names)
            parts.append(f"{head} {before} → {after}")
        return "; ".join(parts)
    before = _language(context, name, old, context.old_names)
    after = _language(context, name, new, context.new_names)
    return f"{words} {before} → {after}"


def _area(value: float, unit: str) -> str:
    size = abs(value)
    shown = f"{size:,.1f}" if size < 100 else f"{size:,.0f}"
    sign = "+" if value > 0 else MINUS if value < 0 else "±"
    return f"{sign}{shown} {unit}"


def _outline_text(change: GeometryChange, names: Names) -> str:
    counts = []
    if change.moved_vertices:
        counts.append(
            f"{change.moved_vertices} vertex moved"
            if change.moved_vertices == 1
            else f"{change.moved_vertices} vertices moved"
        )
    if change.added_vertices:
        counts.append(f"{change.added_vertices} added")
    if change.removed_vertices:
        counts.append(f"{change.removed_vertices} removed")
    detail = ", ".join([*counts, _area(change.area_change, change.area_unit)])
    if change.borders:
        neighbours = ", ".join(names("regions", b) for b in change.borders[:4])
        more = f" and {len(change.borders) - 4} more" if len(change.borders) > 4 else ""
        return f"border with {neighbours}{more} moved ({detail})"
    return f"outline changed ({detail})"


def _collection_changes(context: _Context, name: str, delta: CollectionDelta) -> list[EntityChange]:
    collection = collections()[name]
    old = keyed(collection.items(context.delta.old)) if delta.removed else {}
    base, new = delta.old, delta.new
    to_old = {b: a for a, b in delta.renamed}
    changed = dict(delta.changed)
    moved = set(delta.moved)
    out: list[EntityChange] = []
    for key in delta.removed:
        entity = old[key]
        shown = display_name(name, entity, context.old_names)
        pointer = _pointer(collection.keys, delta.old_index.get(key))
        text = f"{subject(name, shown)} removed"
        out.append(EntityChange("removed", name, key, key, shown, pointer, None, (), text))
    relevant = {*delta.added, *changed, *moved, *to_old}
    for key in sorted(relevant, key=delta.new_index.__getitem__):
        entity = new[key]
        old_key = to_old.get(key, key)
        shown = display_name(name, entity, context.new_names)
        position = delta.new_index[key]
        new_pointer = _pointer(collection.keys, position)
        if key in delta.added:
            text = f"{subject(name, shown)} added"
            out.append(EntityChange("added", name, key, None, shown, None, new_pointer, (), text))
            continue
        old_pointer = _pointer(collection.keys, delta.old_index.get(old_key))
        fields = []
        if key in changed:
            fields = field_changes(
                context, collection.model, key, base[old_key], entity, changed[key]
            )
        if key in moved:
            previous = delta.new_order[position - 1] if position else None
            if previous is None:
                where = "to the start"
            elif "/" in name:
                where = f"after {previous}"
            else:
                where = f"after {context.new_names(name, previous)}"
            fields.append(FieldChange(POSITION_PATH, "position", None, previous, f"moved {where}"))
        renamed = old_key != key
        parts = [f.text for f in fields]
        head = subject(name, shown)
        if renamed:
            kind: Kind = "renamed"
            text = " ".join([head, f"renamed {old_key} → {key}"])
            if parts:
                text += "; " + "; ".join(parts)
        elif key in changed:
            kind = "changed"
            text = f"{head}: " + "; ".join(parts)
        else:
            kind = "moved"
            text = f"{head} {parts[0]}"
        out.append(
            EntityChange(
                kind, name, key, old_key, shown, old_pointer, new_pointer, tuple(fields), text
            )
        )
    return out


def _single_changes(context: _Context, name: str, deltas: list[FieldDelta]) -> EntityChange:
    attribute = "schema_uri" if name == "$schema" else name
    old = getattr(context.delta.renamed_old, attribute)
    new = getattr(context.delta.new, attribute)
    title = SINGLE_NAMES.get(name, name)
    pointer = paths.join((name,))
    if len(deltas) == 1 and deltas[0].keys == ():
        if old is None or new is None:
            text = f"{title} {'added' if old is None else 'removed'}"
            fields: tuple[FieldChange, ...] = ()
        else:
            before = value_words(deltas[0].old, None, context.old_names)
            text = f"{title} {before} → {value_words(deltas[0].new, None, context.new_names)}"
            fields = (FieldChange("", title, deltas[0].old, deltas[0].new, text),)
        return EntityChange("changed", name, None, None, title, pointer, pointer, fields, text)
    fields = tuple(field_changes(context, singles()[name], None, old, new, deltas))
    text = f"{title}: " + "; ".join(f.text for f in fields)
    return EntityChange("changed", name, None, None, title, pointer, pointer, fields, text)


def describe(delta: ScenarioDelta, wording: Wording | None = None) -> ScenarioDiff:
    """The records of a comparison, in file order."""
    context = _Context(delta, wording or PlainWording())
    out = ScenarioDiff(delta=delta)
    for name, collection in walk_sections():
        if collection is None:
            if name in delta.singles:
                out.changes.append(_single_changes(context, name, delta.singles[name]))
        elif name in delta.collections:
            out.changes += _collection_changes(context, name, delta.collections[name])
    return out


def diff_scenarios(old: Scenario, new: Scenario, wording: Wording | None = None) -> ScenarioDiff:
    """What changed from ``old`` to ``new``, entity by entity and in words."""
    return describe(compare(old, new, every_reference=False), wording)
