"""Editors for lists and mappings of structured values, and a last-resort JSON editor.

A list of models (effects of a card, options of a choice, ranks of a table) shows a summary
line per item with buttons to add, remove and reorder, and the form of the selected item
below. A mapping keyed by side shows one row per key. Every change hands the whole new list
or mapping up, like any other value editor.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.shared.widgets import MessageLabel, form_combo, tool_button
from editor.studio.forms.defaults import default_model, default_value
from editor.studio.forms.field_types import reference_of, unwrap
from editor.studio.forms.fields import ValueEditor, refresh_geometry
from editor.studio.forms.model_form import FormContext, build_editor, describe, union_members
from editor.studio.forms.pickers import id_label


def item_kind(annotation: Any) -> str:
    """``model``, ``union`` or ``scalar``: how the items of a list are edited."""
    if union_members(annotation) is not None:
        return "union"
    core, _, _ = unwrap(annotation)
    if isinstance(core, type) and issubclass(core, BaseModel):
        return "model"
    return "scalar"


class ListEditor(ValueEditor):
    """A list of models or of union members, with a form for the selected item."""

    def __init__(self, item: Any, context: FormContext) -> None:
        super().__init__()
        self.item, self.context = item, context
        self.items: list[Any] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.list = QListWidget()
        self.list.setMaximumHeight(110)
        # Long summaries end in "…" (the whole shows as a tip) rather than scroll sideways.
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.currentRowChanged.connect(self._show_item)
        row.addWidget(self.list, 1)
        buttons = QVBoxLayout()
        self.add = tool_button("+", "Add an item", flat=True)
        self.remove = tool_button("\u2212", "Remove the selected item", flat=True)
        self.up = tool_button("↑", "Move the selected item up", flat=True)
        self.down = tool_button("↓", "Move the selected item down", flat=True)
        for button in (self.add, self.remove, self.up, self.down):
            buttons.addWidget(button)
        buttons.addStretch(1)
        row.addLayout(buttons)
        layout.addLayout(row)
        self.error = MessageLabel(wrap=False)
        layout.addWidget(self.error)
        self.form = build_editor("item", item, None, context)
        self.form.edited.connect(self._item_edited)
        layout.addWidget(self.form)
        self.form.hide()
        self.add.clicked.connect(self._add)
        self.remove.clicked.connect(self._remove)
        self.up.clicked.connect(lambda: self._move(-1))
        self.down.clicked.connect(lambda: self._move(1))

    def value(self) -> list[Any]:
        return list(self.items)

    def set_value(self, value: Any) -> None:
        row = self.list.currentRow()
        self.items = list(value or [])
        self.list.blockSignals(True)
        self.list.clear()
        self.list.addItems([describe(item, names=self.context.names) for item in self.items])
        for row, item in enumerate(self.items):
            self.list.item(row).setToolTip(describe(item, 400, self.context.names))
        self.list.blockSignals(False)
        if self.items:
            self.list.setCurrentRow(min(max(row, 0), len(self.items) - 1))
            self._show_item(self.list.currentRow())
        else:
            self.form.hide()

    def _show_item(self, row: int) -> None:
        if not 0 <= row < len(self.items):
            self.form.hide()
            return
        self.form.show_value(self.items[row])
        self.form.show()
        refresh_geometry(self.form)

    def _changed(self, items: list[Any], row: int) -> None:
        self.items = items
        self.set_value(items)
        self.list.setCurrentRow(row)
        self.edited.emit(list(items))

    def _add(self) -> None:
        try:
            members = union_members(self.item)
            if members is not None:
                made: Any = default_model(members[0], self.context.reference_choices)
            else:
                made = default_value(self.item, None, self.context.reference_choices)
        except ValueError as error:
            self.error.say(str(error))
            return
        self.error.hide()
        self._changed([*self.items, made], len(self.items))

    def _remove(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.items):
            items = self.items[:row] + self.items[row + 1 :]
            self._changed(items, min(row, len(items) - 1))

    def _move(self, step: int) -> None:
        row = self.list.currentRow()
        target = row + step
        if 0 <= row < len(self.items) and 0 <= target < len(self.items):
            items = list(self.items)
            items[row], items[target] = items[target], items[row]
            self._changed(items, target)

    def _item_edited(self, value: Any) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.items) and value is not None:
            items = list(self.items)
            items[row] = value
            self.items = items
            self.list.item(row).setText(describe(value, names=self.context.names))
            self.list.item(row).setToolTip(describe(value, 400, self.context.names))
            self.edited.emit(list(items))

    def focus(self, path: tuple[str | int, ...]) -> bool:
        if not path or not isinstance(path[0], int) or not 0 <= path[0] < len(self.items):
            return False
        self.list.setCurrentRow(path[0])
        focus = getattr(self.form, "focus", None)
        return bool(focus(path[1:])) if focus and len(path) > 1 else True


class MappingEditor(ValueEditor):
    """A mapping such as per-side values: one row per key, a combo to add a key.

    Keys that are ids show as "Name (id)"; the ids stay in a Python list, not in Qt items.
    """

    def __init__(self, key: Any, item: Any, context: FormContext) -> None:
        super().__init__()
        self.key_type, self.item, self.context = key, item, context
        self.ref = reference_of(key)
        self.new_ids: list[str] = []
        """Ids the add combo offers, in its order (for keys that are references)."""
        self.mapping: dict[Any, Any] = {}
        self.rows: dict[Any, tuple[QWidget, ValueEditor]] = {}
        self.key_labels: dict[Any, QLabel] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.rows_layout = QVBoxLayout()
        layout.addLayout(self.rows_layout)
        adder = QHBoxLayout()
        self.new_key = form_combo()
        self.new_key.setEditable(self.ref is None)
        self.new_key.setToolTip("Key to add")
        add = QPushButton("Add")
        add.clicked.connect(self._add)
        adder.addWidget(self.new_key, 1)
        adder.addWidget(add)
        layout.addLayout(adder)
        self.error = MessageLabel(wrap=False)
        layout.addWidget(self.error)
        if self.ref is not None:
            context.editors.append(self)

    def _key_label(self, key: Any) -> str:
        if self.ref is None:
            return str(key)
        return id_label(self.context.names, self.ref.collection, str(key))

    def set_choices(self, choices: list[str]) -> None:
        for key, label in self.key_labels.items():  # names follow renames
            label.setText(self._key_label(key))
        self.new_ids = [c for c in choices if c not in self.mapping]
        self.new_key.clear()
        self.new_key.addItems([self._key_label(c) for c in self.new_ids])

    def value(self) -> dict[Any, Any]:
        return dict(self.mapping)

    def set_value(self, value: Any) -> None:
        value = dict(value or {})
        if list(value) != list(self.mapping):
            self._rebuild_rows(list(value))
        self.mapping = value
        for key, (_, editor) in self.rows.items():
            editor.show_value(value[key])
            self.key_labels[key].setText(self._key_label(key))
        if self.ref is not None:
            self.set_choices(self.context.reference_choices(self.ref))

    def _rebuild_rows(self, keys: list[Any]) -> None:
        for widget, _ in self.rows.values():
            widget.deleteLater()
        self.rows, self.key_labels = {}, {}
        for key in keys:
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            label = QLabel(self._key_label(key))
            label.setToolTip(self._key_label(key))
            label.setWordWrap(True)
            label.setMinimumWidth(60)
            self.key_labels[key] = label
            label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            editor = build_editor(str(key), self.item, None, self.context)
            editor.edited.connect(lambda value, k=key: self._item_edited(k, value))
            drop = tool_button("\u00d7", f"Remove {self._key_label(key)}", flat=True)
            drop.clicked.connect(lambda _=False, k=key: self._drop(k))
            line.addWidget(label)
            line.addWidget(editor, 1)
            line.addWidget(drop, 0, Qt.AlignmentFlag.AlignTop)
            self.rows_layout.addWidget(row)
            self.rows[key] = (row, editor)

    def show_values(self, values: list[Any]) -> bool:
        """The first mapping's rows, each field that differs among those holding the key shown
        as mixed; ``False`` when the mappings hold different keys (the form marks it)."""
        self.show_value(values[0])
        mappings = [dict(value or {}) for value in values]
        for key, (_, editor) in self.rows.items():
            column = [mapping[key] for mapping in mappings if key in mapping]
            if len(column) < len(mappings):
                self.key_labels[key].setText(f"{self._key_label(key)} (not on all)")
            if any(item != column[0] for item in column[1:]):
                editor.blockSignals(True)
                try:
                    editor.show_values(column) or editor.show_mixed()
                finally:
                    editor.blockSignals(False)
        return all(list(mapping) == list(mappings[0]) for mapping in mappings[1:])

    def _emit(self, mapping: dict[Any, Any]) -> None:
        self.set_value(mapping)
        self.edit_path = ()
        self.edited.emit(dict(mapping))

    def _add(self) -> None:
        if self.ref is not None:
            index = self.new_key.currentIndex()
            key = self.new_ids[index] if 0 <= index < len(self.new_ids) else ""
        else:
            key = self.new_key.currentText().strip()
        if not key or key in self.mapping:
            return
        try:
            made = default_value(self.item, None, self.context.reference_choices)
        except ValueError as error:
            self.error.say(str(error))
            return
        self.error.hide()
        self._emit({**self.mapping, key: made})

    def _drop(self, key: Any) -> None:
        self._emit({k: v for k, v in self.mapping.items() if k != key})

    def _item_edited(self, key: Any, value: Any) -> None:
        self.mapping = {**self.mapping, key: value}
        editor = self.rows[key][1]
        self.edit_path = (key, *editor.edit_path)
        self.edit_leaf = editor.edit_leaf if editor.edit_path else value
        self.edited.emit(dict(self.mapping))

    def focus(self, path: tuple[str | int, ...]) -> bool:
        row = self.rows.get(path[0]) if path else None
        if row is None:
            return False
        focus = getattr(row[1], "focus", None)
        if focus and len(path) > 1:
            return bool(focus(path[1:]))
        row[1].setFocus()
        return True


class JsonEditor(ValueEditor):
    """The last resort for a value no form fits: its JSON, checked when the editor loses focus."""

    def __init__(self, annotation: Any, empty_text: str = "none") -> None:
        super().__init__()
        self.adapter: TypeAdapter[Any] = TypeAdapter(annotation)
        self.current: Any = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.box = QPlainTextEdit()
        # An empty list or mapping shows as an empty box saying what it means, not as "[]".
        self.box.setPlaceholderText(empty_text)
        self.box.setTabChangesFocus(True)
        self.box.setFixedHeight(80)
        self.box.installEventFilter(self)
        self.error = MessageLabel(wrap=False)
        layout.addWidget(self.box)
        layout.addWidget(self.error)

    def eventFilter(self, watched: Any, event: Any) -> bool:
        if event.type() == event.Type.FocusOut:
            self._commit()
        return False

    def _empty(self) -> str:
        """What an emptied box stands for: the empty list or mapping, else nothing."""
        for text in ("[]", "{}"):
            try:
                self.adapter.validate_json(text)
            except ValidationError:
                continue
            return text
        return "null"

    def _commit(self) -> None:
        try:
            value = self.adapter.validate_json(self.box.toPlainText().strip() or self._empty())
        except ValidationError as error:
            self.error.say(error.errors()[0]["msg"])
            return
        self.error.hide()
        if value != self.current:
            self.current = value
            self.edited.emit(value)

    def value(self) -> Any:
        return self.current

    def set_value(self, value: Any) -> None:
        self.current = value
        dumped = self.adapter.dump_python(value, mode="json", by_alias=True)
        text = json.dumps(dumped, indent=1) if dumped not in ([], {}) else ""
        self.box.setPlainText(text)
