"""Number editors: spin boxes that can also say "mixed", and a map point.

Split from :mod:`.fields` (the other value editors), which picks them for ``int``, ``float``
and point fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QDoubleSpinBox, QSizePolicy, QSpinBox

from editor.shared.widgets import tool_button
from editor.studio.forms.fields import MIXED_LABEL, NONE_LABEL, ValueEditor, _row


class _Mixable:
    """A spin box that can show "mixed": no number, whatever value it holds underneath.

    Qt writes a spin box's text again whenever it is shown or its value is read back, so
    the text cannot simply be cleared: the box itself says "" while mixed.
    """

    mixed = False
    typed = False
    """Whether the designer typed into the box since it was set mixed."""
    _special = ""

    def set_mixed(self, mixed: bool) -> None:
        box: Any = self
        if mixed and not self.mixed:
            self._special = box.specialValueText()
        self.mixed, self.typed = mixed, False
        box.lineEdit().setPlaceholderText(MIXED_LABEL if mixed else "")
        # Setting the special text makes Qt write the text again, through textFromValue.
        box.setSpecialValueText("" if mixed else self._special)

    def textFromValue(self, value: Any) -> str:
        return "" if self.mixed else super().textFromValue(value)  # type: ignore[misc]


class SpinBox(_Mixable, QSpinBox):
    pass


class DoubleSpinBox(_Mixable, QDoubleSpinBox):
    pass


class _NumberEditor(ValueEditor):
    """A spin box; an optional number takes one step below the range for "(none)"."""

    _convert: Callable[[Any], Any]

    def __init__(
        self, box: SpinBox | DoubleSpinBox, low: float, high: float, optional: bool
    ) -> None:
        super().__init__()
        self.optional = optional
        self.box = box
        self.box.setRange(low - (1 if optional else 0), high)
        if optional:
            self.box.setSpecialValueText(NONE_LABEL)
        self.box.setKeyboardTracking(False)
        _row(self).addWidget(self.box)
        self.box.valueChanged.connect(self._changed)
        self.box.editingFinished.connect(self._finished)
        self.box.lineEdit().textEdited.connect(self._typed)

    def _typed(self, _text: str) -> None:
        self.box.typed = True

    def _changed(self, _value: Any) -> None:
        if self.box.mixed:
            self.box.set_mixed(False)
        self.edited.emit(self.value())

    def _finished(self) -> None:
        # A number typed over "mixed" may equal the first entity's (hidden) value, which
        # changes nothing in the box: it is still the designer's choice for all of them.
        if self.box.mixed and self.box.typed:
            self.box.set_mixed(False)
            self.edited.emit(self.value())

    def value(self) -> float | None:  # an int for IntEditor
        if self.optional and self.box.value() == self.box.minimum():
            return None
        return self.box.value()

    def set_value(self, value: Any) -> None:
        if self.box.mixed:
            self.box.set_mixed(False)
        self.box.setValue(self.box.minimum() if value is None else type(self)._convert(value))

    def show_mixed(self) -> bool:
        self.box.set_mixed(True)
        return True


class IntEditor(_NumberEditor):
    _convert = int

    def __init__(self, low: int, high: int, optional: bool) -> None:
        super().__init__(SpinBox(), low, high, optional)


class FloatEditor(_NumberEditor):
    _convert = float

    def __init__(self, low: float, high: float, optional: bool) -> None:
        box = DoubleSpinBox()
        box.setDecimals(3)  # before the range, which a spin box rounds to its decimals
        super().__init__(box, low, high, optional)


class PointEditor(ValueEditor):
    """An optional map point: two coordinates, "auto" while the map chooses the point."""

    def __init__(self) -> None:
        super().__init__()
        layout = _row(self)
        self.x, self.y = DoubleSpinBox(), DoubleSpinBox()
        for box in (self.x, self.y):
            box.setRange(-1e9, 1e9)
            box.setDecimals(1)
            box.setSpecialValueText("auto")  # shown at the minimum, which stands for "unset"
            box.setKeyboardTracking(False)
            # Map coordinates can be huge numbers: let the boxes shrink to the panel's width.
            box.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            box.setMinimumWidth(56)
            layout.addWidget(box, 1)
            box.valueChanged.connect(self._changed)
        self.clear = tool_button("\u00d7", "Let the map choose the point")
        layout.addWidget(self.clear)
        self.clear.clicked.connect(lambda: self.edited.emit(None))

    def _changed(self, _value: float) -> None:
        for box in (self.x, self.y):
            if box.mixed:
                box.set_mixed(False)
        self.edited.emit(self.value())

    def value(self) -> tuple[float, float] | None:
        if self.x.value() == self.x.minimum() or self.y.value() == self.y.minimum():
            return None
        return (self.x.value(), self.y.value())

    def set_value(self, value: Any) -> None:
        for box in (self.x, self.y):
            if box.mixed:
                box.set_mixed(False)
        if value is None:
            self.x.setValue(self.x.minimum())
            self.y.setValue(self.y.minimum())
        else:
            self.x.setValue(value[0])
            self.y.setValue(value[1])
        self.clear.setEnabled(value is not None)

    def show_mixed(self) -> bool:
        for box in (self.x, self.y):
            box.set_mixed(True)
        return True


__all__ = ["DoubleSpinBox", "FloatEditor", "IntEditor", "PointEditor", "SpinBox"]
