"""Highlights drawn over the map while the player decides: where the selected stack may
move (coloured by what entering means, with the MP cost), where the troops aboard a selected
fleet may go ashore (beaches and ports), the path of a move being dragged or pointed at, and
the regions a card or a decision lets the player pick."""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from editor.game.map.landing import SHORE_BADGES, SHORE_WORDS
from editor.game.map.marks import MarkItem
from editor.game.map.moves import Destination
from editor.game.map.style import (
    PATH,
    PICKED,
    REACH_COLOURS,
    REACH_NAMES,
    SHORE_COLOURS,
    TARGET,
    Z_BADGES,
    Z_HIGHLIGHT,
    Z_PATH,
)

if TYPE_CHECKING:
    from editor.game.map.scene import GameMapScene
    from engine.naval.transport import ShoreKind


class RegionShade(QGraphicsPathItem):
    """A region washed with a colour and outlined in it; ``hatched`` adds diagonal lines
    (battles), so a highlight never reads as a side's colour."""

    def __init__(
        self, path: QPainterPath, colour: QColor, strong: bool = False, hatched: bool = False
    ) -> None:
        super().__init__(path)
        wash = QColor(colour)
        wash.setAlpha(120 if strong else 80)
        pen = QPen(colour)
        pen.setCosmetic(True)
        pen.setWidthF(3.5 if strong else 2.5)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.setPen(pen)
        self.setBrush(wash)
        self.hatch: QBrush | None = None
        if hatched:
            ink = QColor(colour)
            ink.setAlpha(170)
            self.hatch = QBrush(ink, Qt.BrushStyle.BDiagPattern)
        self.setZValue(Z_HIGHLIGHT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.brush())
        painter.drawPath(self.path())
        if self.hatch is not None:
            painter.setBrush(self.hatch)
            painter.drawPath(self.path())
        painter.strokePath(self.path(), self.pen())


class PathLine(QGraphicsPathItem):
    """A move's path: a dark line with a light halo and an arrowhead, the same width on
    screen at any zoom."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_PATH)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.colour = QColor(PATH)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        path = self.path()
        if path.elementCount() < 2:
            return
        scale = option.levelOfDetailFromTransform(painter.worldTransform()) or 1.0  # type: ignore[attr-defined]
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for colour, width in ((QColor(255, 255, 255, 230), 8.0), (PATH, 4.0), (self.colour, 2.0)):
            pen = QPen(colour, width / scale)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.strokePath(path, pen)
        count = path.elementCount()
        tip = QPointF(path.elementAt(count - 1).x, path.elementAt(count - 1).y)
        back = QPointF(path.elementAt(count - 2).x, path.elementAt(count - 2).y)
        angle = math.atan2(tip.y() - back.y(), tip.x() - back.x())
        size = 13.0 / scale
        wing = 0.45
        head = QPolygonF(
            [
                tip,
                tip - QPointF(math.cos(angle - wing), math.sin(angle - wing)) * size,
                tip - QPointF(math.cos(angle + wing), math.sin(angle + wing)) * size,
            ]
        )
        painter.setPen(QPen(QColor(255, 255, 255, 230), 2.0 / scale))
        painter.setBrush(PATH)
        painter.drawPolygon(head)


class Highlights:
    """The highlight items of a scene, made and dropped as the player's decision changes."""

    def __init__(self, scene: GameMapScene) -> None:
        self.scene = scene
        self.shades: dict[str, RegionShade] = {}
        self.costs: dict[str, MarkItem] = {}
        self.cost_values: dict[str, float] = {}
        self.targets: dict[str, RegionShade] = {}
        self.shores: dict[str, RegionShade] = {}
        """Where a selected fleet's troops may go ashore, by region."""
        self.shore_badges: dict[str, MarkItem] = {}
        self.path = PathLine()
        self.path.setVisible(False)
        scene.addItem(self.path)
        self.path_label = MarkItem("text", "path", Z_BADGES + 1)
        self.path_label.setVisible(False)
        scene.addItem(self.path_label)

    # -- destinations of the selected stack ----------------------------------------------------

    def show_destinations(self, dests: dict[str, Destination]) -> None:
        self.clear_destinations()
        scene = self.scene
        for region, dest in dests.items():
            colour = REACH_COLOURS[dest.kind]
            shade = RegionShade(
                scene.paths[region], colour, hatched=dest.kind in ("battle", "overrun")
            )
            shade.setToolTip(_reach_tip(scene, dest))
            scene.addItem(shade)
            self.shades[region] = shade
            badge = MarkItem("text", region, Z_BADGES)
            badge.set_look((f"{dest.cost:g} MP", colour.rgba()))
            badge.setPos(scene.points[region])
            badge.set_offset(scene.beside_name(region, badge.boundingRect().width(), right=True))
            badge.setToolTip(shade.toolTip())
            scene.addItem(badge)
            self.costs[region] = badge
            self.cost_values[region] = dest.cost
        self.thin_costs()

    def thin_costs(self) -> None:
        """Show only the MP badges that do not overlap one shown already, the dearest first
        (the edge of the stack's reach): zoomed out on a map of many small hexes the badges
        would otherwise pile into an unreadable heap. A hidden badge's cost is still the
        shaded region's tooltip, and pointing at the region shows the route with its cost."""
        scale = self.scene.clutter.scale or 1.0
        cell = 64.0
        taken: dict[tuple[int, int], list[QRectF]] = {}
        order = sorted(self.costs, key=lambda r: (-self.cost_values.get(r, 0.0), r))
        for region in order:
            badge = self.costs[region]
            at = badge.pos() * scale
            box = badge.boundingRect().translated(at).adjusted(-2.0, -1.0, 2.0, 1.0)
            cells = [
                (i, j)
                for i in range(math.floor(box.left() / cell), math.floor(box.right() / cell) + 1)
                for j in range(math.floor(box.top() / cell), math.floor(box.bottom() / cell) + 1)
            ]
            clash = any(box.intersects(other) for c in cells for other in taken.get(c, ()))
            badge.setVisible(not clash)
            if not clash:
                for c in cells:
                    taken.setdefault(c, []).append(box)

    def clear_destinations(self) -> None:
        for item in [*self.shades.values(), *self.costs.values()]:
            self.scene.removeItem(item)
        self.shades.clear()
        self.costs.clear()
        self.cost_values.clear()

    # -- shores of a fleet with troops aboard -----------------------------------------------------

    def show_shores(self, shores: dict[str, ShoreKind]) -> None:
        """Regions a selected fleet's troops may go ashore in now, washed in the landing
        colour (a beach held by the enemy in the battle colour, hatched) and marked with what
        dropping the fleet there does."""
        self.clear_shores()
        scene = self.scene
        for region, kind in shores.items():
            if region not in scene.paths:
                continue
            colour = SHORE_COLOURS[kind]
            shade = RegionShade(scene.paths[region], colour, strong=True, hatched=kind == "assault")
            name = escape(scene.game.world.regions[region].name)
            shade.setToolTip(f"<b>{name}</b>: drag the fleet here to {SHORE_WORDS[kind]}")
            scene.addItem(shade)
            self.shores[region] = shade
            badge = MarkItem("text", region, Z_BADGES)
            badge.set_look((SHORE_BADGES[kind], colour.rgba()))
            badge.setPos(scene.points[region])
            badge.set_offset(scene.beside_name(region, badge.boundingRect().width(), right=True))
            badge.setToolTip(shade.toolTip())
            scene.addItem(badge)
            self.shore_badges[region] = badge

    def clear_shores(self) -> None:
        for item in [*self.shores.values(), *self.shore_badges.values()]:
            self.scene.removeItem(item)
        self.shores.clear()
        self.shore_badges.clear()

    # -- a path ----------------------------------------------------------------------------------

    def show_path(self, regions: list[str], label: str, colour: QColor) -> None:
        """A line through the name points of ``regions`` (the start first), labelled at
        its end."""
        if len(regions) < 2:
            self.clear_path()
            return
        points = [self.scene.points[r] for r in regions]
        path = QPainterPath(points[0])
        for point in points[1:]:
            path.lineTo(point)
        self.path.colour = QColor(colour)
        self.path.setPath(path)
        self.path.setVisible(True)
        self.path_label.set_look((label, colour.rgba()))
        self.path_label.setPos(points[-1])
        # Above the end's name point, clear of the arrowhead, on the side the line comes from.
        last = QLineF(points[-2], points[-1])
        self.path_label.set_offset(QPointF(0, -16 if last.dy() >= 0 else 16))
        self.path_label.setVisible(True)

    def clear_path(self) -> None:
        self.path.setVisible(False)
        self.path_label.setVisible(False)

    # -- targets ---------------------------------------------------------------------------------

    def show_targets(self, allowed: set[str], picked: set[str]) -> None:
        """Regions a player may pick (``picked`` ones darker)."""
        self.clear_targets()
        for region in allowed | picked:
            if region not in self.scene.paths:
                continue
            shade = RegionShade(
                self.scene.paths[region], PICKED if region in picked else TARGET, strong=True
            )
            self.scene.addItem(shade)
            self.targets[region] = shade

    def clear_targets(self) -> None:
        for item in self.targets.values():
            self.scene.removeItem(item)
        self.targets.clear()


def _reach_tip(scene: GameMapScene, dest: Destination) -> str:
    name = escape(scene.game.world.regions[dest.region].name)
    what = REACH_NAMES[dest.kind]
    tail = "" if dest.legal else " (the move may pass through but not end here)"
    return f"<b>{name}</b>: {what}, {dest.cost:g} MP{tail}"
