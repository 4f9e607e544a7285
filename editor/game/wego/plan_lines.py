"""The plan drawn on the WEGO game map: each order of the planning side as a line along its
route, in the colour of its kind (dashed for a withdrawal, dash-dotted for a move that
ignores the enemy, OO3), with an arrow head and a label at
its end saying the order in words.

:class:`~editor.game.wego.plan_map.PlanMapView` decides which orders are shown and when;
this module only draws one, so the map's mouse handling and the drawing are read apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from editor.game.map.marks import MarkItem, arrow_head
from editor.game.map.style import Z_BADGES, Z_PATH
from editor.game.wego.orders import order_words, route_of
from engine.wego.orders import Order, OrderIgnoreEnemy, OrderWithdraw

if TYPE_CHECKING:
    from editor.game.map.scene import GameMapScene
    from engine.game import Game

ORDER_COLOURS = {
    "order_move": QColor("#2f9e44"),
    "order_attack": QColor("#d9480f"),
    "order_withdraw": QColor("#1c7ed6"),
    "order_hold": QColor("#495057"),
    "order_defend": QColor("#5f3dc4"),
    "order_ignore_enemy": QColor("#0b7285"),
}


def draw_order(
    scene: GameMapScene, game: Game, order: Order, selected: bool
) -> list[QGraphicsItem]:
    """The line of ``order``'s route, with an arrow head, and its label at the end, added to
    ``scene``; the items, to take off when the plan is drawn again."""
    items: list[QGraphicsItem] = []
    route = [r for r in route_of(game, order) if r in scene.points]
    if not route:
        return items
    colour = ORDER_COLOURS.get(order.kind, QColor("#333333"))
    points = [scene.points[r] for r in route]
    if len(points) > 1:
        path = QPainterPath(points[0])
        for point in points[1:]:
            path.lineTo(point)
        arrow_head(path, points[-2], points[-1], scene.typical**0.5 * 0.3 + 3, 0.3)
        line = QGraphicsPathItem(path)
        pen = QPen(colour, 5.0 if selected else 3.0)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        if isinstance(order, OrderWithdraw):
            pen.setStyle(Qt.PenStyle.DashLine)
        elif isinstance(order, OrderIgnoreEnemy):  # OO3: a route that may meet the enemy
            pen.setStyle(Qt.PenStyle.DashDotLine)
        line.setPen(pen)
        line.setZValue(Z_PATH - 1)
        line.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        line.setToolTip(order_words(game, order))
        scene.addItem(line)
        items.append(line)
    words = order_words(game, order)
    label = MarkItem("text", f"order-{order.stack}", Z_BADGES + 2)
    label.set_look((words, colour.rgba()))
    label.setPos(points[-1])
    label.set_offset(QPointF(0, 18))
    label.setToolTip(words)
    scene.addItem(label)
    items.append(label)
    return items
