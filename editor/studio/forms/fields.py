"""Editors for single values, chosen from a field's type.

Each editor is a small widget with ``value()``, ``set_value()`` and an ``edited`` signal that
fires only on the user's changes. The form (:mod:`.model_form`) picks one per field with
:func:`editor_for` and binds it to the document.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal, get_args, get_origin

from pydantic.fields import FieldInfo
from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QDateEdit,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QWidget,
)

from editor.shared.vocabulary import word
from editor.shared.widgets import form_combo, set_muted
from editor.studio.forms.field_types import bounds, is_color, list_choices, reference_of, unwrap

NONE_LABEL = "(none)"

MIXED_LABEL = "mixed"
"""What a field shows when the selected entities hold different values there."""

ORDERED_LISTS = frozenset({"turn_order"})
"""Lists of references whose order means something (the sides' order of play): their chips
offer to move an id earlier or later."""


class ValueEditor(QWidget):
    """Base of the value editors."""

    edited = Signal(object)

    edit_path: tuple[str | int, ...] = ()
    """Where inside its value the last edit was made (a nested form's field, a mapping's
    key), with :attr:`edit_leaf` the value put there; empty when the whole value changed.
    Several selected entities are edited at that place only, keeping what else differs."""
    edit_leaf: Any = None

    def value(self) -> Any:
        raise NotImplementedError

    def set_value(self, value: Any) -> None:
        raise NotImplementedError

    def show_value(self, value: Any) -> None:
        """Show a value the document already holds: ``edited`` stays silent, so showing a
        value never looks like an edit."""
        self.blockSignals(True)
        try:
            self.set_value(value)
        finally:
            self.blockSignals(False)

    def show_values(self, values: list[Any]) -> bool:
        """Show what several selected entities hold here: the first one's value, shown as
        mixed where they differ. ``False`` when they differ and the editor cannot say so
        itself (its form then marks the row's label)."""
        self.show_value(values[0])
        if all(value == values[0] for value in values[1:]):
            return True
        self.blockSignals(True)
        try:
            return self.show_mixed()
        finally:
            self.blockSignals(False)

    def show_mixed(self) -> bool:
        """Show that the selected entities differ here (an empty field reading "mixed");
        ``False`` for editors that cannot. The next :meth:`set_value` shows a value again."""
        return False

    def set_choices(self, choices: list[str]) -> None:
        """Editors with a choice of values (ids a reference may point to) list them."""


def refresh_geometry(widget: QWidget) -> None:
    """Ask a form to lay itself out again after parts of it changed while hidden.

    Qt drops the size-hint updates of hidden widgets (a list item's form fills in before the
    list shows it), so a form shown later would keep stale sizes and overlap its contents.
    """
    for child in widget.findChildren(QWidget):
        child.updateGeometry()
    widget.updateGeometry()


def _row(widget: QWidget) -> QHBoxLayout:
    layout = QHBoxLayout(widget)
    layout.setContentsMargins(0, 0, 0, 0)
    return layout


class BoolEditor(ValueEditor):
    def __init__(self) -> None:
        super().__init__()
        self.box = QCheckBox()
        _row(self).addWidget(self.box)
        self.box.toggled.connect(self._toggled)
        self.box.clicked.connect(self._clicked)

    def _toggled(self, on: bool) -> None:
        if self.box.isTristate():
            return  # showing "mixed" (or leaving it: see _clicked), not an edit
        self.edited.emit(on)

    def _clicked(self, _checked: bool) -> None:
        # A click on a half-ticked box ticks it: Qt counts that as no change of "checked",
        # so the edit is sent here, for all the selected entities.
        if self.box.isTristate():
            self.box.setTristate(False)
            self.edited.emit(self.box.isChecked())

    def value(self) -> bool:
        return self.box.isChecked()

    def set_value(self, value: Any) -> None:
        self.box.setTristate(False)
        self.box.setChecked(bool(value))

    def show_mixed(self) -> bool:
        self.box.setTristate(True)
        self.box.setCheckState(Qt.CheckState.PartiallyChecked)
        return True


class TextEditor(ValueEditor):
    def __init__(self, multiline: bool = False, read_only: bool = False) -> None:
        super().__init__()
        self.multiline = multiline
        self.box: QLineEdit | QPlainTextEdit
        if multiline:
            self.box = QPlainTextEdit()
            self.box.setTabChangesFocus(True)  # Tab walks the form; it never types a tab
            self.box.setFixedHeight(70)
            self.box.setReadOnly(read_only)
        else:
            self.box = QLineEdit()
            self.box.setReadOnly(read_only)
            self.box.editingFinished.connect(self._finished)
        _row(self).addWidget(self.box)

    def _finished(self) -> None:
        # Only what the designer typed: leaving a field ("mixed" among several selected
        # entities, above all) must not write its text back.
        assert isinstance(self.box, QLineEdit)
        if self.box.isModified():
            self.box.setModified(False)
            self.edited.emit(self.value())

    def value(self) -> str:
        if isinstance(self.box, QPlainTextEdit):
            return self.box.toPlainText()
        return self.box.text()

    def set_value(self, value: Any) -> None:
        text = "" if value is None else str(value)
        self.box.setPlaceholderText("")
        if isinstance(self.box, QPlainTextEdit):
            if self.box.toPlainText() != text:
                self.box.setPlainText(text)
            self.box.document().setModified(False)
        else:
            self.box.setText(text)

    def show_mixed(self) -> bool:
        # Set, not cleared: clearing counts as typing, and leaving the field would then
        # write "" over every selected entity's text.
        if isinstance(self.box, QPlainTextEdit):
            self.box.setPlainText("")
            self.box.document().setModified(False)
        else:
            self.box.setText("")
        self.box.setPlaceholderText(MIXED_LABEL)
        return True


class MultilineTextEditor(TextEditor):
    """Long text, sent when the editor loses the focus (if the designer changed it)."""

    def __init__(self) -> None:
        super().__init__(multiline=True)
        self.box.installEventFilter(self)

    def eventFilter(self, watched: Any, event: Any) -> bool:
        if event.type() == event.Type.FocusOut:
            document = self.box.document()  # type: ignore[union-attr]
            if document.isModified():
                document.setModified(False)
                self.edited.emit(self.value())
        return False


class ChoiceEditor(ValueEditor):
    """One of a fixed list of values (a ``Literal``), each shown by its display name;
    references use ``pickers.RefEditor``."""

    def __init__(
        self, choices: list[str], optional: bool, labels: dict[str, str] | None = None
    ) -> None:
        super().__init__()
        self.optional = optional
        self.labels = dict(labels or {})
        self.values: list[str | None] = []
        """The value of each entry, in order (kept in Python, not as Qt item data)."""
        self.box = form_combo()
        self.box.setEditable(False)
        self.box.setPlaceholderText(MIXED_LABEL)  # shown only with no entry chosen
        _row(self).addWidget(self.box)
        self.set_choices(choices)
        self.box.activated.connect(lambda _i: self.edited.emit(self.value()))

    def label(self, value: str | None) -> str:
        if value is None:
            return NONE_LABEL
        return self.labels.get(value, value)

    def set_choices(self, choices: list[str]) -> None:
        current = self.value()
        self.values = [*([None] if self.optional else []), *choices]
        self.box.blockSignals(True)
        self.box.clear()
        self.box.addItems([self.label(value) for value in self.values])
        if current in self.values:
            self.box.setCurrentIndex(self.values.index(current))
        self.box.blockSignals(False)

    def value(self) -> str | None:
        index = self.box.currentIndex()
        return self.values[index] if 0 <= index < len(self.values) else None

    def set_value(self, value: Any) -> None:
        value = None if value is None else str(value)
        if value not in self.values:
            self.values.append(value)  # a value the format no longer has stays visible
            self.box.addItem(self.label(value))
        self.box.setCurrentIndex(self.values.index(value))

    def show_mixed(self) -> bool:
        self.box.setCurrentIndex(-1)
        return True


class ColorEditor(ValueEditor):
    def __init__(self) -> None:
        super().__init__()
        self.button = QPushButton()
        self.button.setFixedWidth(90)
        _row(self).addWidget(self.button)
        self._color = "#000000"
        self.button.clicked.connect(self._pick)

    def _pick(self) -> None:
        chosen = QColorDialog.getColor(QColor(self._color), self, "Choose a colour")
        if chosen.isValid():
            self.set_value(chosen.name())
            self.edited.emit(self.value())

    def value(self) -> str:
        return self._color

    def set_value(self, value: Any) -> None:
        self._color = str(value)
        self.button.setText(self._color)
        self.button.setStyleSheet(
            f"background: {self._color}; color: "
            f"{'#fff' if QColor(self._color).lightness() < 128 else '#000'}"
        )

    def show_mixed(self) -> bool:
        self.button.setText(MIXED_LABEL)
        self.button.setStyleSheet("")
        return True


class DateEditor(ValueEditor):
    def __init__(self) -> None:
        super().__init__()
        self.box = QDateEdit()
        self.box.setCalendarPopup(True)
        self.box.setDisplayFormat("yyyy-MM-dd")
        _row(self).addWidget(self.box)
        self.box.editingFinished.connect(lambda: self.edited.emit(self.value()))

    def value(self) -> dt.date:
        q = self.box.date()
        return dt.date(q.year(), q.month(), q.day())

    def set_value(self, value: Any) -> None:
        self.box.setDate(QDate(value.year, value.month, value.day))


class ListTextEditor(ValueEditor):
    """A short list of words or ids, typed comma-separated."""

    def __init__(self) -> None:
        super().__init__()
        self.box = QLineEdit()
        self.box.setPlaceholderText("comma-separated")
        _row(self).addWidget(self.box)
        self.box.editingFinished.connect(lambda: self.edited.emit(self.value()))

    def value(self) -> list[str]:
        return [part.strip() for part in self.box.text().split(",") if part.strip()]

    def set_value(self, value: Any) -> None:
        self.box.setText(", ".join(str(v) for v in value or []))


class PolygonSummary(ValueEditor):
    """A region's outline is drawn on the map, not typed: show its size only."""

    def __init__(self) -> None:
        super().__init__()
        self.label = QLabel()
        set_muted(self.label)
        self.label.setWordWrap(True)
        _row(self).addWidget(self.label)

    def value(self) -> Any:
        return self._value

    def set_value(self, value: Any) -> None:
        self._value = value
        holes = len(value.holes)
        text = f"{len(value.exterior)} vertices"
        if holes:
            text += f", {holes} hole{'s' if holes > 1 else ''}"
        self.label.setText(text + " (edit with the map's vertex tool)")

    def show_mixed(self) -> bool:
        self.label.setText("each keeps its own outline (edit with the map's vertex tool)")
        return True


# -- choosing an editor --------------------------------------------------------------------------


def editor_for(name: str, annotation: Any, info: FieldInfo | None) -> ValueEditor | None:
    """An editor for a field, or ``None`` when the form shows it some other way."""
    core, optional, metadata = unwrap(annotation)
    ref = reference_of(annotation, info)
    if ref is not None and core is str:
        from editor.studio.forms.pickers import (
            RefEditor,  # pickers build on ValueEditor, defined here
        )

        return RefEditor(ref, optional)
    if core is bool:
        return BoolEditor()
    if core in (int, float):
        from editor.studio.forms.numbers import FloatEditor, IntEditor

        low, high = bounds(info, metadata)
        if core is int:
            return IntEditor(int(low), int(high), optional)
        return FloatEditor(low, high, optional)
    if core is dt.date:
        return DateEditor()
    if get_origin(core) is Literal:
        choices = [str(a) for a in get_args(core)]
        return ChoiceEditor(choices, optional, {c: word(c, name) for c in choices})
    if core is str:
        if is_color([*metadata, *(info.metadata if info else [])]):
            return ColorEditor()
        if name in ("description", "text", "briefing", "prompt"):
            return MultilineTextEditor()
        return TextEditor(read_only=name == "id")
    if core is tuple or get_origin(core) is tuple:
        from editor.studio.forms.numbers import PointEditor

        return PointEditor()
    listed = list_choices(annotation, info)
    if listed is not None:
        from editor.studio.forms.checklist import ChecklistEditor
        from editor.studio.forms.pickers import IdListEditor

        fixed, item_ref = listed
        if item_ref is not None:
            return IdListEditor(item_ref, ordered=name in ORDERED_LISTS)
        checklist = ChecklistEditor(fixed)
        checklist.set_labels({value: word(value, name) for value in fixed})
        return checklist
    if get_origin(core) is list:
        (item,) = get_args(core)
        item_core, _, _ = unwrap(item)
        if item_core is str:
            return ListTextEditor()
    return None


__all__ = [
    "MIXED_LABEL",
    "NONE_LABEL",
    "ORDERED_LISTS",
    "ValueEditor",
    "editor_for",
    "refresh_geometry",
]
