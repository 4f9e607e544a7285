"""Small widgets every form and section editor builds the same way.

One maker each, so a button, a scrolling page or a refused edit looks and behaves the same in
the inspector, the forms and the section editors.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import ValidationError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QScrollArea, QToolButton, QWidget

ERROR_COLOUR = "#b00020"

FORM_WIDTH = 620
"""Forms stop growing here: a field stretched across a wide dock is hard to read."""


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


def scrolling(content: QWidget) -> QScrollArea:
    """``content`` in a frameless area that scrolls up and down only: forms wrap to the width."""
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QScrollArea.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setWidget(content)
    return scroll


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


__all__ = [
    "ERROR_COLOUR",
    "FORM_WIDTH",
    "MessageLabel",
    "filter_box",
    "scrolling",
    "tool_button",
]
