"""What validation found, drawn on the map: a red cross where each error lies (an amber
triangle for a warning), and gaps and overlaps between regions in red. A mark about a whole
region sits just right of its name, so it covers neither the name nor the region's symbols."""

from __future__ import annotations

from typing import TYPE_CHECKING

import shapely
from PySide6.QtCore import QPointF
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from editor.shared.map.drawing import LabelItem
from editor.studio.map.items import MarkerItem, Z
from schemas.issues import Issue

if TYPE_CHECKING:
    from editor.studio.map.scene import MapScene


class ProblemLayer:
    """The issue markers and problem outlines of a scene (the issues layer)."""

    def __init__(self, scene: MapScene) -> None:
        self.scene = scene
        self.issue_items: list[MarkerItem] = []
        self.problem_items: list[QGraphicsPathItem] = []

    def clear(self) -> None:
        self.issue_items = []
        self.problem_items = []

    def items(self) -> list[QGraphicsItem]:
        return [*self.issue_items, *self.problem_items]

    def set_issues(self, issues: list[Issue]) -> None:
        """One mark per place (a region's name, a point), an error's if any of the issues
        there is an error, its tooltip listing them: a map whose 10,000 regions share one id
        (70,000 issues about the same few places) gets a few marks, not 70,000."""
        scene = self.scene
        for item in self.issue_items:
            scene.discard(item)
        self.issue_items = []
        places: dict[tuple[float, float, str, bool], list[Issue]] = {}
        for issue in issues:
            point = self._point(issue)
            if point is not None:
                key = (point.x(), point.y(), issue.entity or "", issue.at is None)
                places.setdefault(key, []).append(issue)
        for (x, y, entity, by_name), found in places.items():
            item = MarkerItem("issues", entity, "issues")
            item.shape_kind = "cross" if any(i.is_error for i in found) else "warning"
            item.setPos(QPointF(x, y))
            widths = self.scene.regions.widths.get(entity) if by_name else None
            if widths is not None:
                label = self.scene.regions.labels.get(entity)  # made once it was shown
                small = label is not None and label.small
                width = widths[1 if small else 0]
                height = LabelItem.heights()[1 if small else 0]
                right = width / 2 + MarkerItem.SIZE / 2 + 3
                item.set_offset(QPointF(right, LabelItem.DROP + height / 2))
            item.setToolTip(_tooltip(found))
            scene.place(item, "issues")
            self.issue_items.append(item)

    def _point(self, issue: Issue) -> QPointF | None:
        if issue.at is not None:
            return QPointF(*issue.at)
        hexes = self.scene.hexes
        if hexes is not None and issue.entity is not None:
            # On a hex map a problem of a hex or a hexside (its runs, its record, a unit
            # standing there) is marked on it.
            section = "connections" if "-" in issue.entity else "regions"
            box = hexes.rect_of(section, issue.entity)
            if box is not None:
                return box.center()
        parts = issue.path.split("/")
        if len(parts) > 2 and parts[1] == "regions" and issue.entity is not None:
            return self.scene.regions.name_points.get(issue.entity)
        return None

    def set_problems(self, polygons: list[shapely.Geometry]) -> None:
        scene = self.scene
        for item in self.problem_items:
            scene.discard(item)
        self.problem_items = []
        pen = QPen(QColor("#d01010"))
        pen.setCosmetic(True)
        pen.setWidthF(2)
        for geometry in polygons:
            path = QPainterPath()
            for part in shapely.get_parts(geometry):
                if part.geom_type != "Polygon":
                    continue
                for ring in (part.exterior, *part.interiors):
                    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring.coords]))
            item = QGraphicsPathItem(path)
            item.setPen(pen)
            item.setBrush(QBrush(QColor(220, 20, 20, 110)))
            item.setZValue(Z["problems"])
            item.setVisible(scene.group_shown("issues"))
            scene.addItem(item)
            self.problem_items.append(item)


TOOLTIP_LINES = 6
"""Issues a mark's tooltip names; the others are counted."""


def _tooltip(issues: list[Issue]) -> str:
    lines = [f"{i.severity.capitalize()}: {i.message} ({i.code})" for i in issues[:TOOLTIP_LINES]]
    if len(issues) > TOOLTIP_LINES:
        lines.append(f"... and {len(issues) - TOOLTIP_LINES:,} more here (see Issues)")
    return "\n".join(lines)
