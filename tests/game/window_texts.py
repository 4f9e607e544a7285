"""Every text a game window shows or would show on hover, and the fog-of-war check on them.

The check is deliberately blunt: it does not ask the panels what they meant to show, it reads
every label, button, tooltip, text browser, list and table cell, combo item, action and
scene item of the window (and of the windows it owns: the end screen, a popup menu) and
looks for the name or id of any unit in a stack the viewer does not see in full.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGraphicsView,
    QLabel,
    QLineEdit,
    QStatusBar,
    QTextEdit,
    QWidget,
)

from editor.game.map.counters import CounterItem
from editor.game.map.marks import MarkItem
from engine import fog
from engine.game import Game

FULL = "full"
MIN_ID = 6
"""Shorter unit ids ('vane') are common words or parts of words: only names are sought."""


def _model_texts(view: QAbstractItemView) -> Iterator[str]:
    model = view.model()
    if model is None:
        return
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
    pending = [QModelIndex()]
    while pending:
        parent = pending.pop()
        for row in range(model.rowCount(parent)):
            for column in range(model.columnCount(parent)):
                index = model.index(row, column, parent)
                for role in roles:
                    value = model.data(index, role)
                    if value:
                        yield str(value)
                if column == 0 and model.rowCount(index) > 0:
                    pending.append(index)


def _scene_texts(view: QGraphicsView) -> Iterator[str]:
    scene = view.scene()
    if scene is None:
        return
    for item in scene.items():
        yield item.toolTip()
        if isinstance(item, QGraphicsSimpleTextItem):
            yield item.text()
        elif isinstance(item, QGraphicsTextItem):
            yield item.toPlainText()
        if isinstance(item, CounterItem):
            look = item.look
            yield from (look.text, look.symbol, look.picture)
        if isinstance(item, MarkItem):
            yield from (str(part) for part in item.look)
        text = getattr(item, "text", "")
        if isinstance(text, str):
            yield text


def widget_texts(widget: QWidget, *, visible: bool = False) -> Iterator[tuple[QWidget, str]]:
    """Every text of ``widget``: its own, and that of every widget and action inside it
    (with ``visible``, only of the widgets on screen)."""
    for child in [widget, *widget.findChildren(QWidget)]:
        if visible and not child.isVisible():
            continue
        texts = [child.toolTip(), child.statusTip(), child.whatsThis(), child.windowTitle()]
        if isinstance(child, QLabel | QAbstractButton | QLineEdit):
            texts.append(child.text())
        if isinstance(child, QTextEdit):
            texts += [child.toPlainText(), child.toHtml()]
        if isinstance(child, QStatusBar):
            texts.append(child.currentMessage())
        if isinstance(child, QComboBox):
            texts += [child.itemText(i) for i in range(child.count())]
        if isinstance(child, QAbstractItemView):
            texts += list(_model_texts(child))
        if isinstance(child, QGraphicsView):
            texts += list(_scene_texts(child))
        for action in child.actions():
            texts += [action.text(), action.toolTip()]
        yield from ((child, text) for text in texts if text)
    if visible:
        return
    for action in widget.findChildren(QAction):
        yield from ((widget, text) for text in (action.text(), action.toolTip()) if text)


def secrets(game: Game, viewer: str) -> set[str]:
    """Names and ids of the units the viewer may not know are where they are.

    A name is only a secret when no unit the viewer sees bears it too (both sides of the
    sample have a "1st Mountain"): seeing one's own 1st Mountain tells nothing of the
    enemy's."""
    world = game.world
    hidden: set[str] = set()
    seen: set[str] = set()
    for stack in game.state.stacks.values():
        target = seen if fog.view_of(game, stack, viewer) == FULL else hidden
        target.update(stack.units)
    hidden -= seen

    def name(unit_id: str) -> str | None:
        unit = world.units.get(unit_id)
        if unit is not None:
            return unit.name or None
        leader = world.leaders.get(unit_id)
        return leader.name if leader is not None else None

    seen_names = {name(u) for u in seen} | {
        name(u) for u, unit in game.state.units.items() if unit.side == viewer
    }
    words = {u for u in hidden if len(u) >= MIN_ID}
    words |= {n for u in hidden if (n := name(u)) is not None and n not in seen_names}
    return words


def _path(widget: QWidget) -> str:
    """Where a widget is: its class and those of its parents up to the dock or window."""
    names = []
    while widget is not None and len(names) < 8:
        names.append(widget.objectName() or type(widget).__name__)
        widget = widget.parentWidget()
    return "/".join(reversed(names))


def leaks(widget: QWidget, game: Game, viewer: str, *, visible: bool = False) -> list[str]:
    """Each text of ``widget`` that names a unit hidden from ``viewer``, with the widget
    (with ``visible``, of the widgets on screen only)."""
    words = sorted(secrets(game, viewer))
    if not words:
        return []
    # Whole words only: the 4th Rifles hidden is not betrayed by one's own 14th Rifles. One
    # look-behind before the alternatives, not one per word: whole games run this check
    # hundreds of times over every text of the window, and it was most of their time.
    alternatives = "|".join(re.escape(w) for w in words)
    pattern = re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")
    matched: dict[str, list[str]] = {}  # a text shown by many widgets is searched once
    found = []
    for child, text in widget_texts(widget, visible=visible):
        if text not in matched:
            matched[text] = [m.group(0) for m in pattern.finditer(text) if m.group(0)]
        for word in matched[text]:
            found.append(f"{_path(child)} shows hidden {word!r}: {text[:200]!r}")
    return found
