"""Small widgets every form and section editor builds the same way.

One maker each, so a button, a scrolling page or a refused edit looks and behaves the same in
the inspector, the forms and the section editors. Two rules hold for every form, however it
was built: the mouse wheel never edits a value the designer is not typing into (see
:class:`WheelGuard`), and a form scrolls up and down, never sideways (:func:`scrolling`).
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import ValidationError
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QScrollBar,
    QSizePolicy,
    QTextEdit,
    QToolButton,
    QWidget,
)

ERROR_COLOUR = "#b00020"

MUTED_COLOUR = "#5f6368"
"""Grey of help text, notes and summaries: readable, but quieter than what it explains."""

FORM_WIDTH = 620
"""Forms stop growing here: a field stretched across a wide dock is hard to read."""

COMBO_LETTERS = 10
"""Letters a form's combo box asks room for: long names elide instead of widening the form."""


def set_muted(label: QLabel, extra: str = "") -> QLabel:
    """Show ``label`` as help text (grey); ``extra`` adds style rules such as a margin."""
    label.setStyleSheet(f"color: {MUTED_COLOUR}; {extra}".strip())
    return label


def tool_button(text: str, tip: str, *, flat: bool = False) -> QToolButton:
    """A small text button; ``flat`` ones draw no frame until hovered (inside a form's rows)."""
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    if flat:
        button.setAutoRaise(True)
    return button


def filter_box(placeholder: str, changed: Callable[[str], object]) -> QLineEdit:
    """A field that filters a list as the designer types, with a button to clear it."""
    box = QLineEdit()
    box.setPlaceholderText(placeholder)
    box.setClearButtonEnabled(True)
    box.textChanged.connect(changed)
    return box


def form_combo(box: QComboBox | None = None) -> QComboBox:
    """A combo box for a form row: as wide as the row, never wider than a few words asks.

    Qt sizes a combo box to its longest entry, so one picker listing "Name (id)" of every
    region made the whole inspector wider than its dock (and Tab then scrolled it sideways).
    """
    box = box if box is not None else QComboBox()
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(COMBO_LETTERS)
    box.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    return box


class FormScroll(QScrollArea):
    """A frameless area that scrolls its form up and down only.

    The form is laid out to the area's width (it wraps rather than overflows), and the
    horizontal position stays at zero even when Qt would scroll a focused field into view:
    Tab through a form must never slide its labels out of sight.
    """

    def __init__(self, content: QWidget | None = None) -> None:
        super().__init__()
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        bar = self.horizontalScrollBar()
        bar.valueChanged.connect(lambda value: value and bar.setValue(0))
        if content is not None:
            self.setWidget(content)
        install_wheel_guard()


def scrolling(content: QWidget) -> QScrollArea:
    """``content`` in a :class:`FormScroll`: forms wrap to the width and scroll vertically."""
    return FormScroll(content)


class MessageLabel(QLabel):
    """A red line saying why an edit was not made; hidden until there is something to say."""

    def __init__(self, wrap: bool = True) -> None:
        super().__init__()
        self.setStyleSheet(f"color: {ERROR_COLOUR};")
        self.setWordWrap(wrap)
        self.hide()

    def say(self, text: str) -> None:
        self.setText(text)
        self.show()

    def not_applied(self, error: ValidationError) -> None:
        """The format refused an edit: show its first reason."""
        self.say(f"Not applied: {error.errors()[0]['msg']}")


# -- the wheel -----------------------------------------------------------------------------------

_VALUES = (
    QAbstractSpinBox,
    QComboBox,
    QAbstractSlider,
    QAbstractItemView,
    QPlainTextEdit,
    QTextEdit,
)
"""Widgets the wheel would change or scroll inside a form: a spin box, a combo box or a
slider changes its value; a list or a text box scrolls itself and traps the form's scroll."""


def _has_focus(widget: QWidget) -> bool:
    focus = QApplication.focusWidget()
    return focus is not None and (focus is widget or widget.isAncestorOf(focus))


def _value_widget(widget: QWidget) -> QWidget | None:
    """The value widget a wheel event over ``widget`` would reach (itself or an ancestor in
    the same window: a spin box's text field, a list's viewport)."""
    while widget is not None:
        if isinstance(widget, _VALUES) and not isinstance(widget, QScrollBar):
            return widget
        if widget.isWindow():
            return None
        widget = widget.parentWidget()
    return None


def _in_studio(widget: QWidget) -> bool:
    """Whether a widget belongs to the studio: a game started from it (a window of its own)
    keeps Qt's own wheel, as it has when it runs alone."""
    root = widget
    while root.parentWidget() is not None:
        root = root.parentWidget()
    return not type(root).__module__.startswith("editor.game")


def _outer_scroll(widget: QWidget) -> QAbstractScrollArea | None:
    """The scrolling area holding ``widget`` in its window (a form's page), if any."""
    parent = widget.parentWidget() if not widget.isWindow() else None
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea) and not isinstance(parent, _VALUES):
            return parent
        if parent.isWindow():
            return None
        parent = parent.parentWidget()
    return None


_WHEEL, _POLISH = QEvent.Type.Wheel, QEvent.Type.Polish


class WheelGuard(QObject):
    """The application-wide rule of the wheel over forms.

    The wheel over a spin box, combo box, slider, list or text box that does not have the
    keyboard focus scrolls the form around it (or does nothing when there is no form to
    scroll, for value widgets); only a widget the designer clicked or tabbed into takes the
    wheel. Otherwise scrolling down a form silently changes whatever passes under the
    pointer (a combo box even reports the change as the designer's choice). Qt also gives
    the focus to spin and combo boxes on the wheel, before any filter could look at the
    event, so their focus policy is lowered to click-and-Tab as they are first shown.
    """

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Every event of the application passes here: the common case returns at once.
        kind = event.type()
        if kind is not _WHEEL:
            if kind is _POLISH and isinstance(watched, QWidget) and _in_studio(watched):
                _no_wheel_focus(watched)
            return False
        if not isinstance(watched, QWidget):
            return False
        target = _value_widget(watched)
        if target is None or _has_focus(target) or not _in_studio(target):
            return False
        outer = _outer_scroll(target)
        if outer is not None:
            QApplication.sendEvent(outer.viewport(), event)
            event.accept()  # handled here: Qt must not hand it on to the widget's parents
            return True
        if isinstance(target, QAbstractSpinBox | QComboBox | QAbstractSlider):
            event.accept()  # nothing to scroll: the wheel does nothing rather than edit
            return True
        return False  # a list or text box on its own scrolls itself


def _no_wheel_focus(widget: QWidget) -> None:
    if widget.focusPolicy() == Qt.FocusPolicy.WheelFocus:
        widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)


_guard: list[WheelGuard] = []


def install_wheel_guard() -> None:
    """Install :class:`WheelGuard` on the application once (form makers call this)."""
    app = QApplication.instance()
    if app is None or any(guard.parent() is app for guard in _guard):
        return
    guard = WheelGuard(app)
    app.installEventFilter(guard)
    _guard[:] = [guard]
    for widget in QApplication.allWidgets():  # those shown before the guard was installed
        if _in_studio(widget):
            _no_wheel_focus(widget)


__all__ = [
    "ERROR_COLOUR",
    "FORM_WIDTH",
    "FormScroll",
    "MessageLabel",
    "WheelGuard",
    "filter_box",
    "form_combo",
    "install_wheel_guard",
    "scrolling",
    "tool_button",
]
