"""How narrow the operational plan's sections may make the plan's column.

The column beside the map must leave the map and the turn header above it their room on a
1280 px screen (the header alone asks some 860 px of it), while its sections sit beside the
list of their names (:class:`~editor.shared.side_tabs.SideTabs`). What set the column's width
were a few controls sized to their longest text: choice boxes with long choices ("Offensive:
support an attack, else bombard") and push buttons, which Qt never makes narrower than 80 px
whatever they say. :func:`narrow_controls` lets both shrink to what they must show; the
whole of a choice stays in its open list.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGroupBox,
    QLayout,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

CHOICE_LETTERS = 8
"""How many letters a choice box keeps room for when the column is at its narrowest."""

CHOICE_ARROW = 40
"""The room of a choice box's frame and arrow (pixels)."""

BUTTON_PAD = 18
"""The room either side of a push button's words, both sides together (pixels)."""


def narrow_controls(section: QWidget) -> None:
    """Let the choice boxes and push buttons of ``section`` shrink to what they must show
    (see the module docstring): each keeps its width when there is room (its size hint is
    untouched); only its least width is set."""
    for box in section.findChildren(QComboBox):
        letters = box.fontMetrics().horizontalAdvance("X") * CHOICE_LETTERS
        box.setMinimumWidth(min(box.minimumSizeHint().width(), letters + CHOICE_ARROW))
    for button in section.findChildren(QPushButton):
        if button.menu() is not None or not button.text():
            continue  # a menu's arrow, or an icon, needs the style's own size
        words = button.fontMetrics().horizontalAdvance(button.text().replace("&", ""))
        button.setMinimumWidth(min(button.minimumSizeHint().width(), words + BUTTON_PAD))
    # The rows' layouts keep the widths they last worked out until told otherwise.
    for layout in section.findChildren(QLayout):
        layout.invalidate()


def scrolled(section: QWidget) -> QScrollArea:
    """``section`` in a scroll area that scrolls up and down only (a long section on a short
    screen), never narrower than the section's controls: a scroll area would otherwise cut
    their left or right edge."""
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setWidget(section)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    narrow_controls(section)
    bar = scroll.verticalScrollBar().sizeHint().width()
    scroll.setMinimumWidth(section.minimumSizeHint().width() + bar)
    return scroll


def under_orders(box: QGroupBox, name: str, tip: str) -> QVBoxLayout:
    """Set up ``box`` as one of the boxes under the selected stack's order table (parts of
    the stack, breakdowns): flat, with no frame of its own, its rule in a tooltip, and
    its rows in the tight column returned."""
    box.setObjectName(name)
    box.setFlat(True)
    box.setToolTip(tip)
    column = QVBoxLayout(box)
    column.setContentsMargins(6, 4, 6, 4)
    column.setSpacing(2)
    return column
