"""The engineers' marks on the map of an operational game (OE8): what their work did to the
hexsides, which every side sees (a breached minefield, a destroyed bridge, a pontoon), the
map's crossing sites where a pontoon may span a major river (OH11), and
where the planning side's engineer orders work (breach, destroy or repair a bridge, build a
pontoon), drawn only on that side's map, and what the selected stack's engineers without an
order could do there (the same letters, hollow).

Each mark is a small badge at the middle of its hexside, the same size on screen at any zoom,
with a tooltip in words: a destroyed bridge a red cross, a pontoon a brown deck on boats, a
breached minefield its mines framed in green, a crossing site two teal banks joined by dashes,
an order a disc with its letter (B, D, R, P). The marks come from
:func:`engine.wego.op.works.marks`, rebuilt when they change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.game.map.style import Z_BADGES
from engine.wego.op import works

if TYPE_CHECKING:
    from editor.game.map.scene import GameMapScene

SIZE = 18.0
"""A mark's width and height, in pixels."""

ORDER_LOOKS: dict[str, tuple[str, str]] = {
    "breach": ("B", "#2b8a3e"),
    "destroy_bridge": ("D", "#c92a2a"),
    "repair_bridge": ("R", "#1864ab"),
    "pontoon_work": ("P", "#8f5b2e"),
}
"""An order's letter and colour."""

WORDS: dict[str, str] = {
    "breached": "Breached minefield: +3 MP to cross, attack x0.5; zones and lines pass (OH7)",
    "destroyed": "Destroyed bridge: the river is impassable here until repaired (OE7)",
    "pontoon": "Pontoon: units and supply cross the river here (OE5); removed at the end of a "
    "turn without a bridging engineer in its hex, or with an enemy next to it (OE6)",
    "crossing_site": "Crossing site: a bridging engineer may span a major river here with a "
    "pontoon (OH11); a minor river takes one anywhere",
    "breach": "Your combat engineer's order: breach this minefield (OE2)",
    "destroy_bridge": "Your bridging engineer's order: destroy this bridge (OE4)",
    "repair_bridge": "Your bridging engineer's order: repair this bridge (OE4)",
    "pontoon_work": "Your bridging engineer's order: build a pontoon over this river (OE5)",
    "can_breach": "The selected combat engineer may breach this minefield (Engineers tab)",
    "can_destroy_bridge": "The selected bridging engineer may destroy this bridge (Engineers tab)",
    "can_repair_bridge": "The selected bridging engineer may repair this bridge (Engineers tab)",
    "can_pontoon_work": "The selected bridging engineer may build a pontoon here (Engineers tab)",
}
"""Each mark's tooltip."""


class WorkMark(QGraphicsItem):
    """One engineering mark at a hexside's middle (see the module docstring)."""

    def __init__(self, kind: str, hexside: str, at: QPointF, slot: int) -> None:
        super().__init__()
        self.kind, self.hexside = kind, hexside
        self.setPos(at)
        # Two marks on one hexside (the map's state and an order) stand side by side.
        self.shift = QPointF(slot * (SIZE + 2), 0)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(Z_BADGES)
        self.setToolTip(f"{WORDS.get(kind, kind)} · {hexside}")

    def boundingRect(self) -> QRectF:
        return QRectF(-SIZE / 2 - 1, -SIZE / 2 - 1, SIZE + 2, SIZE + 2).translated(self.shift)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.translate(self.shift)
        r = SIZE / 2
        ink = QColor("#1b1b1b")
        task = self.kind.removeprefix("can_")
        if task in ORDER_LOOKS:
            letter, colour = ORDER_LOOKS[task]
            # An order is a filled disc; what a selected engineer could do, a hollow one.
            could = self.kind != task
            painter.setPen(QPen(QColor(colour if could else "#ffffff"), 1.6))
            painter.setBrush(QColor("#fbfbf7" if could else colour))
            painter.drawEllipse(QPointF(), r - 1, r - 1)
            font = QFont()
            font.setPointSizeF(8.0)
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(QColor(colour if could else "#ffffff"))
            painter.drawText(QRectF(-r, -r, SIZE, SIZE), Qt.AlignmentFlag.AlignCenter, letter)
            return
        if self.kind == "crossing_site":
            # A map feature, not work done: framed in teal, two banks and the way across.
            teal = QColor("#0b7285")
            painter.setPen(QPen(teal, 1.6))
            painter.setBrush(QColor("#fbfbf7"))
            painter.drawRoundedRect(QRectF(-r, -r, SIZE, SIZE), 3, 3)
            banks = QPen(teal, 2.0)
            painter.setPen(banks)
            painter.drawLine(QPointF(-r + 3, -3.5), QPointF(r - 3, -3.5))
            painter.drawLine(QPointF(-r + 3, 3.5), QPointF(r - 3, 3.5))
            way = QPen(teal, 1.6, Qt.PenStyle.DashLine)
            painter.setPen(way)
            painter.drawLine(QPointF(0, -r + 2), QPointF(0, r - 2))
            return
        # A breached minefield's badge is framed in green: a lane now runs through the mines.
        painter.setPen(QPen(QColor("#2f9e44"), 2.0) if self.kind == "breached" else QPen(ink, 1.0))
        painter.setBrush(QColor("#fbfbf7"))
        painter.drawRoundedRect(QRectF(-r, -r, SIZE, SIZE), 3, 3)
        if self.kind == "destroyed":
            cross = QPen(QColor("#e03131"), 3.0)
            cross.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(cross)
            painter.drawLine(QPointF(-r + 4, -r + 4), QPointF(r - 4, r - 4))
            painter.drawLine(QPointF(-r + 4, r - 4), QPointF(r - 4, -r + 4))
        elif self.kind == "pontoon":
            painter.setPen(QPen(ink, 0.8))
            painter.setBrush(QColor("#8f5b2e"))
            painter.drawRect(QRectF(-r + 3, -2, SIZE - 6, 4))  # the deck
            painter.setBrush(QColor("#495057"))
            for x in (-r + 5, 0.0, r - 5):  # the boats under it
                painter.drawEllipse(QPointF(x, 4.5), 2.2, 1.6)
        elif self.kind == "breached":
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(ink)
            for x, y in ((-5, -5), (5, -5), (-5, 5), (5, 5), (-5, 0), (5, 0)):
                painter.drawEllipse(QPointF(x, y), 1.6, 1.6)  # the mines
            painter.setPen(QPen(QColor("#2f9e44"), 3.0))
            painter.drawLine(QPointF(0, -r + 3), QPointF(0, r - 3))  # the lane


class WorksMarks:
    """The engineering marks of one map (see the module docstring)."""

    def __init__(self, scene: GameMapScene) -> None:
        self.scene = scene
        self.items: list[WorkMark] = []
        self._key: tuple[object, ...] | None = None

    def refresh(
        self, viewer: str | None, selected: tuple[str, ...] = (), *, hidden: bool = False
    ) -> None:
        """Draw the marks for ``viewer`` (its orders with the map's state, and what its
        ``selected`` engineers without an order could do; ``None``: the map's state only);
        ``hidden``: the board is handed over, only the map's state."""
        grid = self.scene.grid
        if grid is None:
            return
        found = works.marks(self.scene.game, None if hidden else viewer, selected)
        key = tuple((m.hexside, m.kind) for m in found)
        if key == self._key:
            return
        self.clear()
        self._key = key
        board = works.state.base_board(self.scene.game)
        slots: dict[str, int] = {}
        for mark in found:
            number = works.side_index(board, mark.hexside)
            if number is None:
                continue
            sides = grid.hexsides
            ends = grid.edge(int(sides.left[number]), int(sides.direction[number]))
            middle = QPointF(float(ends[:, 0].mean()), float(ends[:, 1].mean()))
            slot = slots.get(mark.hexside, 0)
            slots[mark.hexside] = slot + 1
            item = WorkMark(mark.kind, mark.hexside, middle, slot)
            self.scene.addItem(item)
            self.items.append(item)

    def clear(self) -> None:
        """Take every mark off the map (the window leaves this game)."""
        for item in self.items:
            self.scene.removeItem(item)
        self.items, self._key = [], None
