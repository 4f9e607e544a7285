"""Small widgets every form and section editor builds the same way.

One maker each, so a button, a scrolling page or a refused edit looks and behaves the same in
the inspector, the forms and the section editors. Two rules hold for every form, however it
was built: the mouse wheel never edits a value the designer is not typing into (see
:class:`WheelGuard`), and a form scrolls up and down, never sideways (:func:`scrolling`).
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import ValidationError
from PySide6.QtCore import QChildEvent, QEvent, QObject, Qt
from PySide6.QtGui import QWheelEvent, QWindow
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDockWidget,
    QLabel,
    QLineEdit,
    QMainWindow,
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
    """Whether a widget belongs to the studio, where the whole rule applies; a game window
    keeps Qt's wheel for its lists and text boxes, but not for values (:data:`_EDITS`)."""
    root = widget
    while root.parentWidget() is not None:
        root = root.parentWidget()
    return not type(root).__module__.startswith("editor.game")


_EDITS = (QAbstractSpinBox, QComboBox, QAbstractSlider)
"""Widgets whose value the wheel would change: guarded in the game windows too (the wheel
over the plan's Wait box, passing on its way down the panel, gave a stack's order 2 ticks
of delay)."""


def _guarded(widget: QWidget) -> bool:
    """Whether the rule of the wheel applies to a value widget where it lies."""
    return _in_studio(widget) or isinstance(widget, _EDITS)


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


class WheelGuard(QObject):
    """The studio's rule of the wheel over forms, applied where the wheel lands.

    The wheel over a spin box, combo box, slider, list or text box that does not have the
    keyboard focus scrolls the form around it (or does nothing when there is no form to
    scroll, for value widgets); only a widget the designer clicked or tabbed into takes the
    wheel. Otherwise scrolling down a form silently changes whatever passes under the
    pointer (a combo box even reports the change as the designer's choice).

    This filter sits only on widgets a wheel event was about to reach inside a value widget
    (a spin box's text field, a list's viewport): :class:`_WindowWatch` puts it there as the
    event arrives at the window. An application-wide filter would do the same with less
    machinery, but then Qt calls Python for every event of every object (about 37 for each
    mouse move of a drag on the map), a sixth of what a move costs.
    """

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() is not _WHEEL or not isinstance(watched, QWidget):
            return False
        target = _value_widget(watched)
        if target is None or _has_focus(target) or not _guarded(target):
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


class _WindowWatch(QObject):
    """Watches one studio window: its native window for the wheel, the widget for its showing
    (the native window is made then) and for docks and windows made inside it later.

    On a wheel it finds the widget Qt will deliver the event to, as Qt does (the active popup
    first, then the child under the pointer), lowers the focus policy of that widget and its
    parents (Qt gives the focus to a spin or combo box on the wheel, before any filter could
    look at the event), and puts :class:`WheelGuard` on it when it lies in a value widget.
    """

    def __init__(self, root: QWidget) -> None:
        super().__init__(root)  # goes with its window
        self.root = root
        self.handle: QWindow | None = None
        root.installEventFilter(self)
        self.follow_handle()

    def follow_handle(self) -> None:
        handle = self.root.windowHandle() if self.root.isWindow() else None
        if handle is not None and handle is not self.handle:
            handle.installEventFilter(self)
            self.handle = handle

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind is _WHEEL:
            if watched is self.handle and isinstance(event, QWheelEvent):
                self.arm(event)
        elif kind is _SHOW and watched is self.root:
            self.follow_handle()  # a native window is made (or made again) as it shows
        elif kind is _CHILD_POLISHED and isinstance(event, QChildEvent):
            child = event.child()
            if isinstance(child, QWidget) and (child.isWindow() or isinstance(child, QDockWidget)):
                watch(child)
        return False

    def arm(self, event: QWheelEvent) -> None:
        root, at = self.root, event.position().toPoint()
        popup = QApplication.activePopupWidget()
        if popup is not None and popup is not root:  # Qt hands the wheel to the open popup
            root, at = popup, popup.mapFromGlobal(event.globalPosition().toPoint())
        widget = root.childAt(at) or root
        target = _value_widget(widget)
        if not _in_studio(widget) and (target is None or not _guarded(target)):
            return  # a game window's map, list or text box keeps Qt's wheel
        chain: QWidget | None = widget
        while chain is not None:
            _no_wheel_focus(chain)
            if chain.isWindow():
                break
            chain = chain.parentWidget()
        if target is not None:
            widget.installEventFilter(_guard())  # installing it again leaves one copy


def _no_wheel_focus(widget: QWidget) -> None:
    if widget.focusPolicy() == Qt.FocusPolicy.WheelFocus:
        widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)


_WATCHED = "salientWheelWatch"
_guards: list[WheelGuard] = []


def _guard() -> WheelGuard:
    return _guards[0]


def watch(widget: QWidget) -> None:
    """Apply the rule of the wheel to ``widget``'s window (once; in a game window, to its
    values only).

    A dock is watched while docked too, so that the window it becomes when floated is."""
    if widget.property(_WATCHED):
        return
    if widget.isWindow() and widget.windowType() in _POPUPS:
        return  # Qt hands a popup's wheel to it alone, as it would without the guard
    widget.setProperty(_WATCHED, True)
    _WindowWatch(widget)


def _watch_windows() -> None:
    """Watch every studio window not watched yet (at start and when a window takes focus:
    a dialog made with a form's widget as parent is found this way)."""
    for widget in QApplication.topLevelWidgets():
        watch(widget)
        if isinstance(widget, QMainWindow):
            # A main window's docks are its own children, floating or not; a search of all
            # its descendants walked thousands of form widgets at every focus change.
            for dock in widget.findChildren(QDockWidget, options=_DIRECT):
                watch(dock)


def install_wheel_guard() -> None:
    """Apply :class:`WheelGuard` to the studio's windows, now and later (form makers call
    this; the first call does the work)."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    if _guards and _guards[0].parent() is app:
        _watch_windows()
        return
    _guards[:] = [WheelGuard(app)]
    app.focusWindowChanged.connect(lambda _window: _watch_windows())
    _watch_windows()


_DIRECT = Qt.FindChildOption.FindDirectChildrenOnly
_WHEEL, _SHOW, _CHILD_POLISHED = QEvent.Type.Wheel, QEvent.Type.Show, QEvent.Type.ChildPolished
_POPUPS = (Qt.WindowType.Popup, Qt.WindowType.ToolTip)


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
