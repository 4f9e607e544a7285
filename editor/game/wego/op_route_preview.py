"""The routes an organisation move would give (OO2), drawn while its destination is pointed
at: a dashed line per stack along its route, in a darker green than a move's line, under
the plan's own lines, so the player sees which way each stack would go before clicking.
Taken off when the pointer leaves the map, when the order is given and when the choosing
stops."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from editor.game.map.scene import GameMapScene
from editor.game.map.style import Z_PATH
from editor.game.wego.orders import route_of
from editor.game.wego.plan_lines import ORDER_COLOURS
from engine.game import Game
from engine.wego.orders import Order


class RoutePreview:
    """The dashed routes of orders not given yet, on one map scene."""

    def __init__(self, scene: GameMapScene) -> None:
        self.scene = scene
        self.items: list[QGraphicsItem] = []

    def show(self, game: Game, orders: tuple[Order, ...] | list[Order]) -> None:
        self.clear()
        # Darker than a move's line: the hexes under it are washed in the move's green.
        pen = QPen(ORDER_COLOURS["order_move"].darker(250), 3.0)
        pen.setCosmetic(True)
        pen.setStyle(Qt.PenStyle.DashLine)
        for order in orders:
            points = [self.scene.points[r] for r in route_of(game, order) if r in self.scene.points]
            if len(points) < 2:
                continue
            path = QPainterPath(points[0])
            for point in points[1:]:
                path.lineTo(point)
            line = QGraphicsPathItem(path)
            line.setPen(pen)
            line.setZValue(Z_PATH - 2)
            line.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.scene.addItem(line)
            self.items.append(line)

    def clear(self) -> None:
        for item in self.items:
            self.scene.removeItem(item)
        self.items = []
