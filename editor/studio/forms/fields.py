"""Editors for single values, chosen from a field's type.

Each editor is a small widget with ``value()``, ``set_value()`` and an ``edited`` signal that
fires only on the user's changes. The form (:mod:`.model_form`) picks one per field with
:func:`editor_for` and binds it to the document.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, Literal, get_args, get_origin

from pydantic.fields import FieldInfo
from PySide6.QtCore import QDate, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QDateEdit,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QWidget,
)

from editor.shared.widgets import form_combo, tool_button
from editor.studio.forms.field_types import bounds, is_color, list_choices, reference_of, unwrap

NONE_LABEL = "(none)"

ORDERED_LISTS = frozenset({"turn_order"})
"""Lists of references whose order means something (the sides' order of play): their chips
offer to move an id earlier or later."""


class ValueEditor(QWidget):
    """Base of the value editors."""

    edited = Signal(object)

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
        self.box.toggled.connect(lambda on: self.edited.emit(on))

    def value(self) -> bool:
        return self.box.isChecked()

    def set_value(self, value: Any) -> None:
        self.box.setChecked(bool(value))


class _NumberEditor(ValueEditor):
    """A spin box; an optional number takes one step below the range for "(none)"."""

    _convert: Callable[[Any], Any]

    def __init__(
        self, box: QSpinBox | QDoubleSpinBox, low: float, high: float, optional: bool
    ) -> None:
        super().__init__()
        self.optional = optional
        self.box = box
        self.box.setRange(low - (1 if optional else 0), high)
        if optional:
            self.box.setSpecialValueText(NONE_LABEL)
        self.box.setKeyboardTracking(False)
        _row(self).addWidget(self.box)
        self.box.valueChanged.connect(lambda _v: self.edited.emit(self.value()))

    def value(self) -> float | None:  # an int for IntEditor
        if self.optional and self.box.value() == self.box.minimum():
            return None
        return self.box.value()

    def set_value(self, value: Any) -> None:
        self.box.setValue(self.box.minimum() if value is None else type(self)._convert(value))


class IntEditor(_NumberEditor):
    _convert = int

    def __init__(self, low: int, high: int, optional: bool) -> None:
        super().__init__(QSpinBox(), low, high, optional)


class FloatEditor(_NumberEditor):
    _convert = float

    def __init__(self, low: float, high: float, optional: bool) -> None:
        box = QDoubleSpinBox()
        box.setDecimals(3)  # before the range, which a spin box rounds to its decimals
        super().__init__(box, low, high, optional)


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
            self.box.editingFinished.connect(lambda: self.edited.emit(self.value()))
        _row(self).addWidget(self.box)

    def value(self) -> str:
        if isinstance(self.box, QPlainTextEdit):
            return self.box.toPlainText()
        return self.box.text()

    def set_value(self, value: Any) -> None:
        text = "" if value is None else str(value)
        if isinstance(self.box, QPlainTextEdit):
            if self.box.toPlainText() != text:
                self.box.setPlainText(text)
        else:
            self.box.setText(text)


class MultilineTextEditor(TextEditor):
    """Long text, sent when the editor loses the focus."""

    def __init__(self) -> None:
        super().__init__(multiline=True)
        self.box.installEventFilter(self)

    def eventFilter(self, watched: Any, event: Any) -> bool:
        if event.type() == event.Type.FocusOut:
            self.edited.emit(self.value())
        return False


class ChoiceEditor(ValueEditor):
    """One of a fixed list of values (a ``Literal``); references use ``pickers.RefEditor``."""

    def __init__(self, choices: list[str], optional: bool) -> None:
        super().__init__()
        self.optional = optional
        self.box = form_combo()
        self.box.setEditable(False)
        _row(self).addWidget(self.box)
        self.set_choices(choices)
        self.box.activated.connect(lambda _i: self.edited.emit(self.value()))

    def set_choices(self, choices: list[str]) -> None:
        current = self.box.currentText()
        self.box.blockSignals(True)
        self.box.clear()
        if self.optional:
            self.box.addItem(NONE_LABEL)
        self.box.addItems(choices)
        self.box.setCurrentText(current)
        self.box.blockSignals(False)

    def value(self) -> str | None:
        text = self.box.currentText()
        return None if self.optional and text == NONE_LABEL else text

    def set_value(self, value: Any) -> None:
        text = NONE_LABEL if value is None else str(value)
        if self.box.findText(text) < 0:
            self.box.addItem(text)  # a dangling reference stays visible, to be fixed
        self.box.setCurrentText(text)


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


class PointEditor(ValueEditor):
    """An optional map point: two coordinates, "auto" while the map chooses the point."""

    def __init__(self) -> None:
        super().__init__()
        layout = _row(self)
        self.x, self.y = QDoubleSpinBox(), QDoubleSpinBox()
        for box in (self.x, self.y):
            box.setRange(-1e9, 1e9)
            box.setDecimals(1)
            box.setSpecialValueText("auto")  # shown at the minimum, which stands for "unset"
            box.setKeyboardTracking(False)
            # Map coordinates can be huge numbers: let the boxes shrink to the panel's width.
            box.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            box.setMinimumWidth(56)
            layout.addWidget(box, 1)
            box.valueChanged.connect(lambda _v: self.edited.emit(self.value()))
        self.clear = tool_button("\u00d7", "Let the map choose the point")
        layout.addWidget(self.clear)
        self.clear.clicked.connect(lambda: self.edited.emit(None))

    def value(self) -> tuple[float, float] | None:
        if self.x.value() == self.x.minimum() or self.y.value() == self.y.minimum():
            return None
        return (self.x.value(), self.y.value())

    def set_value(self, value: Any) -> None:
        if value is None:
            self.x.setValue(self.x.minimum())
            self.y.setValue(self.y.minimum())
        else:
            self.x.setValue(value[0])
            self.y.setValue(value[1])
        self.clear.setEnabled(value is not None)


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
        self.label.setStyleSheet("color: #555;")
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
    if core is int:
        low, high = bounds(info, metadata)
        return IntEditor(int(low), int(high), optional)
    if core is float:
        low, high = bounds(info, metadata)
        return FloatEditor(low, high, optional)
    if core is dt.date:
        return DateEditor()
    if get_origin(core) is Literal:
        return ChoiceEditor([str(a) for a in get_args(core)], optional)
    if core is str:
        if is_color([*metadata, *(info.metadata if info else [])]):
            return ColorEditor()
        if name in ("description", "text", "briefing", "prompt"):
            return MultilineTextEditor()
        return TextEditor(read_only=name == "id")
    if core is tuple or get_origin(core) is tuple:
        return PointEditor()
    listed = list_choices(annotation, info)
    if listed is not None:
        from editor.studio.forms.checklist import ChecklistEditor
        from editor.studio.forms.pickers import IdListEditor

        fixed, item_ref = listed
        if item_ref is not None:
            return IdListEditor(item_ref, ordered=name in ORDERED_LISTS)
        return ChecklistEditor(fixed)
    if get_origin(core) is list:
        (item,) = get_args(core)
        item_core, _, _ = unwrap(item)
        if item_core is str:
            return ListTextEditor()
    return None


__all__ = ["NONE_LABEL", "ORDERED_LISTS", "ValueEditor", "editor_for", "refresh_geometry"]
