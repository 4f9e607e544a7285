"""Pickers for entity ids and flag names: names shown beside ids, searched as you type.

A reference is picked, never typed: :class:`RefEditor` for one id, :class:`IdListEditor` for
a list of them. Both show each entity as "Name (id)" and find it from any part of its name
or id, so a map of hundreds of regions stays usable. Their choices and names come from the
form's context (``FormContext.bind``), which refreshes them after every document edit.

The ids live in Python lists, never as Qt item data: PySide6 6.12 drops a reference to
``None`` each time Qt hands back an empty item value, which ends in a crash at exit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic.fields import FieldInfo
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QCompleter, QHBoxLayout, QMenu, QVBoxLayout, QWidget

from editor.shared.sentences import SIDE_TOKENS, Names, plain_names
from editor.shared.vocabulary import section_name, word
from editor.shared.widgets import form_combo
from editor.studio.forms.chips import FlowLayout, chip
from editor.studio.forms.field_types import unwrap
from editor.studio.forms.fields import MIXED_LABEL, NONE_LABEL, ValueEditor
from schemas.base import Ref


def searchable(box: QComboBox, placeholder: str = "") -> QComboBox:
    """Make a combo box find its entries from any part of their text."""
    box.setEditable(True)
    box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    box.lineEdit().setPlaceholderText(placeholder)
    completer = box.completer()
    completer.setFilterMode(Qt.MatchFlag.MatchContains)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
    return box


def matching(text: str, ids: list[str], labels: list[str]) -> str | None:
    """The id that typed text names: an exact id or label, else the only one containing it."""
    needle = text.strip().lower()
    if not needle:
        return None
    for entity_id, label in zip(ids, labels, strict=True):
        if needle in (entity_id.lower(), label.lower()):
            return entity_id
    found = [i for i, label in zip(ids, labels, strict=True) if needle in label.lower()]
    return found[0] if len(found) == 1 else None


def id_label(names: Names, collection: str, entity_id: str) -> str:
    """How an id is shown: "Name (id)", or the id alone for an entity without a name."""
    if entity_id in SIDE_TOKENS:
        return word(entity_id)  # "This side": the token is the file's spelling
    name = names(collection, entity_id)
    return entity_id if not name or name == entity_id else f"{name} ({entity_id})"


class ReferenceEditor(ValueEditor):
    """Base of the pickers of ids: what they point to and how entities are named."""

    def __init__(self, ref: Ref) -> None:
        super().__init__()
        self.ref = ref
        """The collection the ids point into; the form's context refreshes the choices."""
        self.names: Names = plain_names
        """Display names of entities, set by the form's context."""
        self.choices: list[str] = []

    def label(self, entity_id: str) -> str:
        return id_label(self.names, self.ref.collection, entity_id)

    def missing(self, entity_id: str) -> bool:
        return entity_id not in self.choices


class RefEditor(ReferenceEditor):
    """One entity id, picked by name or id; side references offer ``@self``... in words."""

    def __init__(self, ref: Ref, optional: bool) -> None:
        super().__init__(ref)
        self.optional = optional
        self.placeholder = f"find {section_name(ref.collection).lower()}…"
        self.box = searchable(form_combo(), self.placeholder)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.box)
        self._value: str | None = None
        self.mixed = False
        self.ids: list[str | None] = []
        self.labels: list[str] = []
        self.box.activated.connect(self._picked)
        self.box.lineEdit().editingFinished.connect(self._typed)

    def _text(self, entity_id: str | None) -> str:
        if entity_id is None:
            return NONE_LABEL
        text = self.label(entity_id)
        return f"{text} (missing)" if self.missing(entity_id) else text

    def set_choices(self, choices: list[str]) -> None:
        self.choices = list(choices)
        self._fill()

    def _fill(self) -> None:
        ids: list[str | None] = [None] if self.optional else []
        ids += self.choices
        if self._value not in ids:
            ids.append(self._value)  # a dangling reference stays visible, to be fixed
        labels = [self._text(entity_id) for entity_id in ids]
        if ids != self.ids or labels != self.labels:
            # Every document edit refreshes every picker: only the changed ones touch Qt.
            self.ids, self.labels = ids, labels
            self.box.blockSignals(True)
            self.box.clear()
            self.box.addItems(labels)
            self.box.blockSignals(False)
        self._show_current()

    def _show_current(self) -> None:
        if self.mixed:
            return
        index = self.ids.index(self._value)
        self.box.blockSignals(True)
        self.box.setCurrentIndex(index)
        self.box.setEditText(self.labels[index])  # the same index keeps typed text: reset it
        self.box.blockSignals(False)

    def _picked(self, index: int) -> None:
        if 0 <= index < len(self.ids):
            self._choose(self.ids[index])

    def _typed(self) -> None:
        text = self.box.currentText()
        if self.mixed and not text.strip():
            return  # left "mixed" as it was
        if self.optional and text.strip() in ("", NONE_LABEL):
            self._choose(None)
            return
        real = [(i, t) for i, t in zip(self.ids, self.labels, strict=True) if i is not None]
        found = matching(text, [i for i, _ in real], [t for _, t in real])  # type: ignore[misc]
        if found is not None:
            self._choose(found)
        self._show_current()  # what was typed gives way to the chosen entity's name

    def _choose(self, value: str | None) -> None:
        if value != self._value or self.mixed:
            self.mixed = False
            self.box.lineEdit().setPlaceholderText(self.placeholder)
            self._value = value
            self._fill()
            self.edited.emit(value)

    def value(self) -> str | None:
        return self._value

    def set_value(self, value: Any) -> None:
        self.mixed = False
        self.box.lineEdit().setPlaceholderText(self.placeholder)
        self._value = None if value is None else str(value)
        self._fill()

    def show_mixed(self) -> bool:
        self.mixed = True
        self.box.blockSignals(True)
        self.box.setCurrentIndex(-1)
        self.box.clearEditText()
        self.box.blockSignals(False)
        self.box.lineEdit().setPlaceholderText(MIXED_LABEL)
        return True


class IdListEditor(ReferenceEditor):
    """Entity ids as chips naming them, and a searchable picker to add one.

    The ids keep the order the designer gave them. In an ordered list (the sides' order of
    play) each chip has a menu to move it earlier or later; elsewhere a click removes it.
    """

    def __init__(self, ref: Ref, ordered: bool = False) -> None:
        super().__init__(ref)
        self.ordered = ordered
        self.ids: list[str] = []
        self.chips: dict[str, Any] = {}
        self.offered: list[str] = []
        self._shown: tuple[Any, ...] | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.chip_box = QWidget()
        self.flow = FlowLayout(self.chip_box)
        layout.addWidget(self.chip_box)
        self.picker = searchable(form_combo(), f"add {section_name(ref.collection).lower()}…")
        self.picker.activated.connect(self._picked)
        self.picker.lineEdit().returnPressed.connect(self._typed)
        layout.addWidget(self.picker)
        self._show()

    def set_choices(self, choices: list[str]) -> None:
        self.choices = list(choices)
        self._show()

    def _show(self) -> None:
        offered = [i for i in self.choices if i not in self.ids]
        chips = [(i, self.label(i), self.missing(i)) for i in self.ids]
        shape = (tuple(offered), tuple(self.label(i) for i in offered), tuple(chips))
        if shape == self._shown:
            return  # every document edit refreshes every picker: only the changed ones redraw
        self._shown = shape
        self.offered = offered
        self.picker.blockSignals(True)
        self.picker.clear()
        self.picker.addItems(list(shape[1]))
        self.picker.setCurrentIndex(-1)
        self.picker.blockSignals(False)
        self.flow.clear()
        self.chips = {}
        for position, (entity_id, text, missing) in enumerate(chips):
            self.chips[entity_id] = self._chip(entity_id, text, missing, position)
        self.chip_box.setVisible(bool(self.ids))
        self.flow.invalidate()
        self.chip_box.updateGeometry()
        self.updateGeometry()

    def _chip(self, entity_id: str, text: str, missing: bool, position: int) -> Any:
        tip = f"{entity_id} no longer exists" if missing else entity_id
        if not self.ordered:
            button = chip(f"{text}  \u00d7", f"{tip}: click to remove", missing=missing)
            button.clicked.connect(lambda _=False, i=entity_id: self.drop(i))
        else:
            button = chip(f"{position + 1}. {text}  \u25be", tip, missing=missing)
            menu = QMenu(button)
            earlier = menu.addAction("Move earlier", lambda i=entity_id: self.move(i, -1))
            later = menu.addAction("Move later", lambda i=entity_id: self.move(i, 1))
            menu.addAction("Remove", lambda i=entity_id: self.drop(i))
            earlier.setEnabled(position > 0)
            later.setEnabled(position < len(self.ids) - 1)
            button.setMenu(menu)
            button.setPopupMode(button.ToolButtonPopupMode.InstantPopup)
        self.flow.addWidget(button)
        return button

    def offered_labels(self) -> list[str]:
        """What the picker lists: the ids not chosen yet, named."""
        return [self.picker.itemText(row) for row in range(self.picker.count())]

    def _picked(self, index: int) -> None:
        if 0 <= index < len(self.offered):
            self.add(self.offered[index])
        self._clear_picker()

    def _typed(self) -> None:
        labels = [self.label(i) for i in self.offered]
        found = matching(self.picker.currentText(), self.offered, labels)
        if found is not None:
            self.add(found)
            self._clear_picker()

    def _clear_picker(self) -> None:
        self.picker.blockSignals(True)
        self.picker.setCurrentIndex(-1)
        self.picker.clearEditText()
        self.picker.blockSignals(False)

    # -- edits, as the user makes them -----------------------------------------------------------

    def add(self, entity_id: str) -> None:
        """Add an id at the end (ignored when already listed)."""
        if entity_id not in self.ids:
            self._commit([*self.ids, entity_id])

    def drop(self, entity_id: str) -> None:
        self._commit([i for i in self.ids if i != entity_id])

    def move(self, entity_id: str, step: int) -> None:
        """Move an id ``step`` places (an ordered list's order means something)."""
        row = self.ids.index(entity_id)
        target = row + step
        if 0 <= target < len(self.ids):
            new = list(self.ids)
            new[row], new[target] = new[target], new[row]
            self._commit(new)

    def _commit(self, ids: list[str]) -> None:
        if ids != self.ids:
            self.ids = ids
            self._show()
            self.edited.emit(list(ids))

    def value(self) -> list[str]:
        return list(self.ids)

    def set_value(self, value: Any) -> None:
        self.ids = [str(v) for v in value or []]
        self._show()


class FlagEditor(ValueEditor):
    """A flag name: pick one the scenario already uses, or type a new one."""

    def __init__(self, known: Callable[[], list[str]]) -> None:
        super().__init__()
        self.known = known
        self.box = form_combo()
        self.box.setEditable(True)
        self.box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.box.setToolTip(
            "Flags set or tested anywhere in the scenario; type a new name to add one"
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.box)
        self.box.activated.connect(lambda _i: self._commit())
        self.box.lineEdit().editingFinished.connect(self._commit)
        self._value = ""

    def _commit(self) -> None:
        text = self.box.currentText().strip()
        if text and text != self._value:
            self._value = text
            self.edited.emit(text)

    def value(self) -> str:
        return self._value

    def set_value(self, value: Any) -> None:
        self._value = str(value or "")
        self.box.blockSignals(True)
        self.box.clear()
        self.box.addItems(sorted(set(self.known()) | ({self._value} - {""})))
        self.box.setCurrentText(self._value)
        self.box.blockSignals(False)


def is_flag_name(name: str, info: FieldInfo | None) -> bool:
    """Flag names are slugs called ``flag``; a side's ``flag`` (an image path) is free text."""
    metadata = info.metadata if info is not None else []
    return name == "flag" and any(getattr(m, "pattern", None) for m in metadata)


def flag_factory(name: str, annotation: Any, info: FieldInfo | None, context: Any) -> Any:
    """A ``FormContext`` factory: flag names picked from those the scenario uses."""
    core, _, _ = unwrap(annotation)
    return FlagEditor(context.flags) if core is str and is_flag_name(name, info) else None
