"""The Qt binding must not corrupt the interpreter during a long editing session.

PySide6 6.12.0 released a reference to ``None`` on every call of a Qt method that returns
nothing; on Python 3.11 the interpreter aborts once ``None``'s count runs out (a few thousand
calls: minutes of real use). pyproject.toml excludes that release; this test catches any
binding with the same fault before a designer loses work to it.
"""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QComboBox, QWidget


def test_qt_calls_keep_none_alive(qtbot):
    widget, combo = QWidget(), QComboBox()
    qtbot.addWidget(widget)
    qtbot.addWidget(combo)
    combo.addItem("nothing", None)
    before = sys.getrefcount(None)
    for _ in range(2_000):
        widget.setVisible(False)
        widget.setToolTip("tip")
        combo.itemData(0)
    assert sys.getrefcount(None) >= before - 50
