"""The scenario being edited, and the only way to change it.

Every user edit is one ``QUndoCommand`` pushed by this document (compound edits are macros),
so the whole editing history can be undone to the exact starting file. Entities are never
modified in place: an edit builds a validated copy and swaps it in, and undo swaps the old
object back. Views, panels and the map only listen to :attr:`ScenarioDocument.changed` and
:attr:`ScenarioDocument.selectionChanged`; none of them change the scenario themselves.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack
from shiboken6 import isValid

from schemas.base import Entity
from schemas.io import UnwritableError, encode, save, to_canonical_dict
from schemas.refs import referenced_ids, with_references_replaced
from schemas.scenario import SECTIONS, SINGLE_SECTIONS, Scenario

LIST_SECTIONS: tuple[str, ...] = SECTIONS
"""Sections that are lists of entities with ids."""


@dataclass(frozen=True)
class Change:
    """What an edit changed: a section, the ids concerned, and how."""

    section: str
    ids: frozenset[str] = frozenset()
    kind: str = "update"
    """``update``, ``insert``, ``remove`` or ``reset`` (the whole section or scenario)."""


@dataclass(frozen=True)
class Selection:
    """What the designer has selected: entities of one section (possibly none)."""

    section: str | None = None
    ids: tuple[str, ...] = ()
    field: tuple[str | int, ...] = field(default=())
    """A field to focus in the inspector (from a validation issue's path)."""


class ScenarioDocument(QObject):
    """Owns a scenario, its undo history, its file path and the current selection."""

    changed = Signal(object)
    """A :class:`Change`, after every edit, undo or redo."""
    selectionChanged = Signal(object)
    """The new :class:`Selection`."""
    pathChanged = Signal(object)
    """The document's file path (``None`` when never saved)."""
    frameChanged = Signal()
    """The drawing frame changed (see :attr:`frame`)."""

    def __init__(self, scenario: Scenario, path: Path | None = None) -> None:
        super().__init__()
        self.scenario = scenario
        self.path = path
        self.undo_stack = QUndoStack(self)
        self.selection = Selection()
        self.recovered = False
        """Loaded from a recovery copy: differs from the file until saved."""
        self.frame: tuple[float, float, float, float] | None = None
        """The sheet the map is drawn on (x, y, width, height in map units), chosen when the
        scenario was made: a frame to draw the first regions in. The studio keeps it, not
        the scenario file (the map's extent is that of its regions)."""
        self._index: dict[str, dict[str, int]] = {}

    def __del__(self, _valid: Callable[[object], bool] = isValid) -> None:
        # The undo commands hold this document (their do/undo close over it) and the stack's
        # wrapper holds them, so a closed document is freed by the cyclic collector. Released
        # PySide (6.11; PYSIDE-2221) clears such a cycle one wrapper at a time, and clearing a
        # command's wrapper hands it back the ownership of a C++ command the stack still
        # holds: the wrapper deletes the command, then ~QUndoStack deletes it again (a
        # segfault in QUndoStack::clear once the window's deleteLater() has run). Python runs
        # finalizers before it clears anything (PEP 442), so the stack deletes its commands
        # here, while every wrapper is intact. Nobody may hear it: the listeners are garbage
        # too, or already deleted with their window (what is told of the stack's own
        # destruction, as QObject.destroyed, is left as it was). isValid is bound as a
        # default: at the interpreter's exit this module's globals may already be gone.
        stack = self.__dict__.get("undo_stack")
        if stack is not None and _valid(stack):
            was = stack.blockSignals(True)
            stack.clear()
            stack.blockSignals(was)

    @property
    def modified(self) -> bool:
        """Whether the scenario differs from its file."""
        return self.recovered or not self.undo_stack.isClean()

    @property
    def folder(self) -> Path | None:
        """The scenario file's folder, where the images it names are read (``None`` until the
        scenario is saved)."""
        return self.path.parent if self.path is not None else None

    def mark_saved(self, path: Path) -> None:
        """The scenario was just written to ``path``."""
        self.recovered = False
        self.undo_stack.setClean()
        if path != self.path:
            self.path = path
            self.pathChanged.emit(path)

    def set_frame(self, frame: tuple[float, float, float, float] | None) -> None:
        if frame != self.frame:
            self.frame = frame
            self.frameChanged.emit()

    # -- the file (a document of a stack of mods writes its mod instead: see studio/mods) ----

    @property
    def display_name(self) -> str:
        """What the title bar and prompts call the document."""
        return self.path.name if self.path is not None else "Untitled"

    @property
    def play_name(self) -> str:
        """The name games started from the document are remembered under."""
        return self.path.stem if self.path is not None else "untitled"

    def save_dialog(self) -> tuple[str, str, str]:
        """The title, file filter and suggested file of a Save as dialog."""
        stem = re.sub(r"[^a-z0-9]+", "-", self.scenario.info.title.lower()).strip("-")[:60]
        start = str(self.path) if self.path else f"{stem or 'scenario'}.json"
        return "Save the scenario as", "Salient scenarios (*.json);;All files (*)", start

    def write(self, path: Path) -> None:
        """Write the document's file (canonical, atomic); raises ``OSError``, or
        ``ValueError`` when there is nothing that can be written."""
        save(self.scenario, path)

    def recovery_copy(self) -> tuple[bytes, dict[str, Any]]:
        """What a crash-recovery copy holds, and what its note says besides the file."""
        return recovery_bytes(self.scenario), {}

    # -- reading -----------------------------------------------------------------------------

    def items(self, section: str) -> list[Any]:
        return getattr(self.scenario, section)

    def index_of(self, section: str, entity_id: str) -> int:
        """Position of an entity in its section, or -1."""
        table = self._index.get(section)
        if table is None:
            table = {e.id: i for i, e in reversed(list(enumerate(self.items(section))))}
            self._index[section] = table
        return table.get(entity_id, -1)

    def get(self, section: str, entity_id: str) -> Any | None:
        index = self.index_of(section, entity_id)
        return self.items(section)[index] if index >= 0 else None

    # -- selection ---------------------------------------------------------------------------

    def select(
        self, section: str | None, ids: Sequence[str] = (), focus: tuple[str | int, ...] = ()
    ) -> None:
        selection = Selection(section, tuple(ids), focus)
        if selection != self.selection:
            self.selection = selection
            self.selectionChanged.emit(selection)

    # -- editing (each call is one undoable step) --------------------------------------------

    def replace(self, section: str, new: Entity, text: str | None = None) -> None:
        """Swap an entity for an edited copy with the same id."""
        self.replace_many(section, [new], text or f"Edit {new.id}")

    def replace_many(self, section: str, new: Sequence[Entity], text: str) -> None:
        """Swap several entities for edited copies as one step that listeners hear as one
        change (a moved vertex shared by three regions): the map, the snapping index and
        the names redo their work once rather than once per entity."""
        olds = []
        for entity in new:
            index = self.index_of(section, entity.id)
            if index < 0:
                raise KeyError(f"no {section} entity '{entity.id}'")
            olds.append(self.items(section)[index])
        changed = [(o, n) for o, n in zip(olds, new, strict=True) if o != n]
        if not changed:
            return
        self._push(
            text,
            lambda: self._do_replace_many(section, [n for _, n in changed]),
            lambda: self._do_replace_many(section, [o for o, _ in changed]),
        )

    def set_field(
        self,
        section: str,
        entity_id: str,
        path: Sequence[str | int],
        value: Any,
        text: str | None = None,
    ) -> None:
        """Set one (possibly nested) field of an entity, validated by its model."""
        old = self.get(section, entity_id)
        if old is None:
            raise KeyError(f"no {section} entity '{entity_id}'")
        self.replace(section, with_value(old, path, value), text or f"Set {path[-1]}")

    def add(
        self, section: str, entity: Entity, index: int | None = None, text: str | None = None
    ) -> None:
        items = self.items(section)
        position = len(items) if index is None else index
        self._push_insert(section, entity, position, text or f"Add {entity.id}")

    def add_many(self, section: str, entities: Sequence[Entity], text: str | None = None) -> None:
        """Append several entities as one step that listeners hear as one change (a paste):
        the map and the lists take them in at once rather than one by one."""
        added = list(entities)
        if not added:
            return
        ids = [e.id for e in added]
        self._push(
            text or f"Add {len(added)}",
            lambda: self._do_insert_many(section, added),
            lambda: self._do_remove_many(section, ids),
        )

    def remove(self, section: str, ids: Sequence[str], text: str | None = None) -> None:
        wanted, label = self._deletion(section, ids, text)
        if not wanted:
            return
        with self.macro(label):
            for entity_id in wanted:
                position = self.index_of(section, entity_id)
                entity = self.items(section)[position]
                self._push_remove(section, entity, position, f"Delete {entity_id}")

    def set_section(self, section: str, value: Any, text: str | None = None) -> None:
        """Replace a whole section (``info``, ``rules``... or a list section)."""
        old = getattr(self.scenario, section)
        if old == value:
            return
        self._push(
            text or f"Edit {section}",
            lambda: self._do_set_section(section, value),
            lambda: self._do_set_section(section, old),
        )

    def rename(self, section: str, old_id: str, new_id: str) -> None:
        """Give an entity a new id and follow it in every reference, as one step."""
        entity = self.get(section, old_id)
        if entity is None or old_id == new_id:
            return
        if self.get(section, new_id) is not None:
            raise ValueError(f"there is already a {section} entity '{new_id}'")
        renamed = type(entity).model_validate({**_fields(entity), "id": new_id})
        position = self.index_of(section, old_id)
        with self.macro(f"Rename {old_id} to {new_id}"):
            self._push_remove(section, entity, position, f"Remove {old_id}")
            self._push_insert(section, renamed, position, f"Insert {new_id}")
            self.redirect_references(section, {old_id: new_id})
        if self.selection.section == section and not self.selection.ids:
            self.select(section, [new_id])

    def delete(self, section: str, ids: Sequence[str], text: str | None = None) -> None:
        """Remove entities and every reference to them the format lets go of, as one step.

        References that cannot be dropped (a unit's type, a connection's end) stay, so live
        validation points at what still needs the designer's decision.
        """
        wanted, label = self._deletion(section, ids, text)
        if not wanted:
            return
        with self.macro(label):
            self.remove(section, wanted)
            self.redirect_references(section, dict.fromkeys(wanted))

    def redirect_references(self, collection: str, mapping: dict[str, str | None]) -> None:
        """Make every reference into ``collection`` follow ``mapping`` (an id to its new id,
        or to ``None`` to drop it where the format allows), one edit per entity touched."""
        if not mapping:
            return
        for name in LIST_SECTIONS:
            items = self.items(name)
            # One column-wise look per section first: most sections never name these ids.
            if not items or not referenced_ids(items).get(collection, set()) & mapping.keys():
                continue
            for entity in list(items):
                new = with_references_replaced(entity, collection, mapping)
                if new is not entity:
                    self.replace(name, new, f"Update {entity.id}")
        for name in SINGLE_SECTIONS:
            value = getattr(self.scenario, name)
            if isinstance(value, BaseModel):
                new_value = with_references_replaced(value, collection, mapping)
                if new_value is not value:
                    self.set_section(name, new_value, f"Update {name}")

    def _deletion(
        self, section: str, ids: Sequence[str], text: str | None
    ) -> tuple[list[str], str]:
        """The ids that exist, each once, and the undo text for deleting them."""
        wanted = [i for i in dict.fromkeys(ids) if self.index_of(section, i) >= 0]
        many = f"Delete {wanted[0]}" if len(wanted) == 1 else f"Delete {len(wanted)}"
        return wanted, text or many

    @contextmanager
    def macro(self, text: str) -> Iterator[None]:
        """Group edits into one undoable step."""
        self.undo_stack.beginMacro(text)
        try:
            yield
        finally:
            self.undo_stack.endMacro()

    def _push(self, text: str, do: Callable[[], None], undo: Callable[[], None]) -> None:
        self.undo_stack.push(_Command(text, do, undo))

    def _push_insert(self, section: str, entity: Entity, position: int, text: str) -> None:
        self._push(
            text,
            lambda: self._do_insert(section, entity, position),
            lambda: self._do_remove(section, entity.id),
        )

    def _push_remove(self, section: str, entity: Entity, position: int, text: str) -> None:
        self._push(
            text,
            lambda: self._do_remove(section, entity.id),
            lambda: self._do_insert(section, entity, position),
        )

    # -- primitives the commands run (never call them from views) -----------------------------

    def _emit(self, change: Change) -> None:
        self.changed.emit(change)

    def _do_replace_many(self, section: str, entities: Sequence[Entity]) -> None:
        items = self.items(section)
        for entity in entities:
            items[self.index_of(section, entity.id)] = entity
        self._emit(Change(section, frozenset(e.id for e in entities)))

    def _do_insert(self, section: str, entity: Entity, position: int) -> None:
        self.items(section).insert(position, entity)
        self._index.pop(section, None)
        self._emit(Change(section, frozenset({entity.id}), "insert"))

    def _do_insert_many(self, section: str, entities: list[Entity]) -> None:
        self.items(section).extend(entities)
        self._index.pop(section, None)
        self._emit(Change(section, frozenset(e.id for e in entities), "insert"))

    def _do_remove_many(self, section: str, ids: list[str]) -> None:
        gone = set(ids)
        items = self.items(section)
        items[:] = [e for e in items if e.id not in gone]
        self._index.pop(section, None)
        if self.selection.section == section and gone & set(self.selection.ids):
            self.select(section, [i for i in self.selection.ids if i not in gone])
        self._emit(Change(section, frozenset(gone), "remove"))

    def _do_remove(self, section: str, entity_id: str) -> None:
        position = self.index_of(section, entity_id)
        del self.items(section)[position]
        self._index.pop(section, None)
        if self.selection.section == section and entity_id in self.selection.ids:
            self.select(section, [i for i in self.selection.ids if i != entity_id])
        self._emit(Change(section, frozenset({entity_id}), "remove"))

    def _do_set_section(self, section: str, value: Any) -> None:
        # Bypass assignment validation: values come from validated edits or from undo.
        self.scenario.__dict__[section] = value
        self._index.pop(section, None)
        self._emit(Change(section, frozenset(), "reset"))


def _fields(model: BaseModel) -> dict[str, Any]:
    """A model's field values keyed as the format spells them (aliases)."""
    return {
        (info.alias or name): getattr(model, name)
        for name, info in type(model).model_fields.items()
    }


def with_value(model: BaseModel, path: Sequence[str | int], value: Any) -> Any:
    """A validated copy of ``model`` with the field at ``path`` set to ``value``.

    Raises pydantic's ``ValidationError`` when the value does not fit, so a form can show it.
    """
    head, rest = path[0], path[1:]
    if isinstance(model, BaseModel):
        current = getattr(model, str(head))
        new_value = with_value(current, rest, value) if rest else value
        info = type(model).model_fields[str(head)]
        data = _fields(model)
        data[info.alias or str(head)] = new_value
        return type(model).model_validate(data)
    if isinstance(model, list):
        copy = list(model)
        copy[int(head)] = with_value(copy[int(head)], rest, value) if rest else value
        return copy
    if isinstance(model, dict):
        copy = dict(model)
        copy[head] = with_value(copy[head], rest, value) if rest else value
        return copy
    raise TypeError(f"cannot set {path!r} inside a {type(model).__name__}")


# -- commands ------------------------------------------------------------------------------------


class _Command(QUndoCommand):
    """One undo step: a primitive of the document and the primitive that reverses it."""

    def __init__(self, text: str, do: Callable[[], None], undo: Callable[[], None]) -> None:
        super().__init__(text)
        self._do, self._undo = do, undo

    def redo(self) -> None:
        self._do()

    def undo(self) -> None:
        self._undo()


def recovery_bytes(scenario: Scenario) -> bytes:
    """The recovery copy of a scenario: its canonical file, or, when it holds something no
    file can store (half of a character pasted in a text), the same JSON with every
    non-ASCII character escaped, which any file holds; opening the copy then repairs that
    text and reports where it was, so the rest of the work is not lost with it."""
    try:
        return encode(scenario)
    except UnwritableError:
        data = to_canonical_dict(scenario)
        return (json.dumps(data, ensure_ascii=True, indent=2) + "\n").encode("ascii")
