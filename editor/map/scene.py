"""The map scene: one item per thing drawn, kept in step with the document.

The scene listens to the document's changes and rebuilds only what a change touches (an
edited region, the connections and symbols around it), so editing one region of a
10,000-region map stays instant. Layers can be hidden and locked; tools ask
:meth:`MapScene.locked` before touching anything.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import shapely
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsPixmapItem, QGraphicsScene

from schemas.geometry import polygon_from_model
from schemas.issues import Issue

from ..document import Change, ScenarioDocument, Selection
from .items import (
    ConnectionItem,
    LabelItem,
    MarkerItem,
    RegionItem,
    Z,
    anchor_of,
    outline_path,
)

LAYERS = (
    "background",
    "regions",
    "connections",
    "supply",
    "structures",
    "stacks",
    "labels",
    "issues",
)
"""Layers the designer can show, hide and lock, bottom to top."""

PLAIN_CONNECTIONS = ("land", "sea")
"""Connection types drawn as thin lines between regions rather than along their border."""


class MapScene(QGraphicsScene):
    """Draws a scenario's map and follows its document."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        self.fill_mode = "terrain"
        self.visible: dict[str, bool] = dict.fromkeys(LAYERS, True)
        self.locks: dict[str, bool] = dict.fromkeys(LAYERS, False)
        self.region_items: dict[str, RegionItem] = {}
        self.region_paths: dict[str, QPainterPath] = {}
        self.label_items: dict[str, LabelItem] = {}
        self.connection_items: dict[str, ConnectionItem] = {}
        self.structure_items: dict[str, MarkerItem] = {}
        self.source_items: dict[str, MarkerItem] = {}
        self.stack_items: list[MarkerItem] = []
        self.issue_items: list[MarkerItem] = []
        self.problem_items: list[QGraphicsPathItem] = []
        self.background: QGraphicsPixmapItem | None = None
        self.setBackgroundBrush(QColor("#e8eef2"))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        document.changed.connect(self.on_change)
        document.selectionChanged.connect(self.on_selection)
        self.rebuild()

    # -- building --------------------------------------------------------------------------------

    def rebuild(self) -> None:
        self.clear()
        self.region_items.clear()
        self.region_paths.clear()
        self.label_items.clear()
        self.connection_items.clear()
        self.structure_items.clear()
        self.source_items.clear()
        self.stack_items = []
        self.issue_items = []
        self.problem_items = []
        self.background = None
        self._build_background()
        for region in self.document.scenario.regions:
            self._add_region(region.id)
        self.restyle_regions()
        for connection in self.document.scenario.connections:
            self._update_connection(connection.id)
        self._rebuild_structures()
        self._rebuild_sources()
        self._rebuild_stacks()
        self._apply_visibility()
        self.on_selection(self.document.selection)

    def _build_background(self) -> None:
        settings = self.document.scenario.map.background
        if settings is None:
            return
        base = self.document.path.parent if self.document.path else Path.cwd()
        pixmap = QPixmap(str(base / settings.path))
        if pixmap.isNull():
            return
        item = QGraphicsPixmapItem(pixmap)
        item.setZValue(Z["background"])
        item.setOpacity(settings.opacity)
        item.setPos(settings.x, settings.y)
        item.setScale(settings.width / max(1, pixmap.width()))
        item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.addItem(item)
        self.background = item

    def _add_region(self, region_id: str) -> None:
        region = self.document.get("regions", region_id)
        if region is None:
            return
        path = outline_path(region)
        item = self.region_items.get(region_id)
        if item is None:
            item = RegionItem(region_id)
            self.addItem(item)
            self.region_items[region_id] = item
        item.setPath(path)
        self.region_paths[region_id] = path
        item.setToolTip(f"{region.name} ({region.id})")
        label = self.label_items.pop(region_id, None)
        if label is not None:
            self.removeItem(label)
        label = LabelItem(region_id, region.name)
        label.setPos(anchor_of(region, "label", path))
        self.addItem(label)
        self.label_items[region_id] = label

    def _drop_region(self, region_id: str) -> None:
        for table in (self.region_items, self.label_items):
            item = table.pop(region_id, None)
            if item is not None:
                self.removeItem(item)
        self.region_paths.pop(region_id, None)

    def restyle_regions(self, ids: set[str] | None = None) -> None:
        """Fill regions by terrain or by owner (``fill_mode``)."""
        scenario = self.document.scenario
        terrain = {t.id: t for t in scenario.terrain}
        nations = {n.id: n for n in scenario.nations}
        sides = {s.id: s for s in scenario.sides}
        for region in scenario.regions:
            if ids is not None and region.id not in ids:
                continue
            item = self.region_items.get(region.id)
            if item is None:
                continue
            kind = terrain.get(region.terrain)
            if self.fill_mode == "owner":
                nation = nations.get(region.owner or "")
                side = sides.get(nation.side) if nation else None
                color = QColor(side.color if side else "#d8d8d8")
                color.setAlpha(150 if side else 255)
                if kind is not None and kind.domain in ("sea", "lake"):
                    color = QColor(kind.color)
            else:
                color = QColor(kind.color if kind else "#cccccc")
            if region.unplayable:
                color = QColor("#8a8a8a")
            item.set_look(color, region.off_map)

    def _update_connection(self, connection_id: str) -> None:
        doc = self.document
        connection = doc.get("connections", connection_id)
        item = self.connection_items.get(connection_id)
        if connection is None:
            if item is not None:
                self.removeItem(item)
                del self.connection_items[connection_id]
            return
        a, b = doc.get("regions", connection.a), doc.get("regions", connection.b)
        kind = doc.get("connection_types", connection.type)
        if a is None or b is None or kind is None:
            return
        if item is None:
            item = ConnectionItem(connection_id)
            self.addItem(item)
            self.connection_items[connection_id] = item
        path = QPainterPath()
        along = False
        if kind.id not in PLAIN_CONNECTIONS and kind.adjacent and not (a.off_map or b.off_map):
            along = _add_border(path, a, b)
        if not along:
            points = [
                anchor_of(a, "label", self.region_paths[a.id]),
                *(QPointF(*p) for p in connection.waypoints),
                anchor_of(b, "label", self.region_paths[b.id]),
            ]
            path.addPolygon(QPolygonF(points))
        item.setPath(path)
        color = QColor(kind.color)
        if kind.id in PLAIN_CONNECTIONS:
            color.setAlpha(90)
        selected = self._is_selected("connections", connection_id)
        item.set_look(color, along, connection.bridge, connection.road, selected)
        item.setVisible(self.visible["connections"])

    def _rebuild_markers(
        self,
        table: dict[str, MarkerItem],
        layer: str,
        entries: list[tuple[str, QPointF, str, QColor, str]],
    ) -> None:
        for item in table.values():
            self.removeItem(item)
        table.clear()
        for entity_id, point, shape, color, tip in entries:
            item = MarkerItem(layer, entity_id, layer)
            item.shape_kind, item.fill = shape, color
            item.setPos(point)
            item.setToolTip(tip)
            self.addItem(item)
            table[entity_id] = item

    def _side_color(self, nation_id: str | None) -> QColor:
        doc = self.document
        nation = doc.get("nations", nation_id) if nation_id else None
        side = doc.get("sides", nation.side) if nation else None
        return QColor(side.color if side else "#ffffff")

    def _rebuild_structures(self) -> None:
        doc = self.document
        entries = []
        for structure in doc.scenario.structures:
            region = doc.get("regions", structure.region)
            if region is None:
                continue
            point = (
                QPointF(*structure.anchor)
                if structure.anchor
                else anchor_of(region, "structure", self.region_paths[region.id])
            )
            shape = "square" if structure.fortification else "circle"
            color = self._side_color(structure.owner or region.owner)
            tip = f"{structure.name} ({structure.kind}"
            tip += f", fortification {structure.fortification})" if structure.fortification else ")"
            entries.append((structure.id, point, shape, color, tip))
        self._rebuild_markers(self.structure_items, "structures", entries)

    def _rebuild_sources(self) -> None:
        doc = self.document
        entries = []
        for source in doc.scenario.supply_sources:
            region = doc.get("regions", source.region)
            if region is None:
                continue
            point = anchor_of(region, "supply", self.region_paths[region.id])
            if region.anchors.supply is None:
                point += QPointF(0, -18)
            color = QColor("#3a9a3a" if source.operative else "#909090")
            tip = f"supply source {source.name or source.id}"
            entries.append((source.id, point, "diamond", color, tip))
        self._rebuild_markers(self.source_items, "supply", entries)

    def _rebuild_stacks(self) -> None:
        """One counter per side and place where units start, showing how many stand there."""
        for item in self.stack_items:
            self.removeItem(item)
        self.stack_items = []
        doc = self.document
        groups: dict[tuple[str, str, str | None], list[str]] = defaultdict(list)
        nation_of: dict[str, str] = {}
        for unit in [*doc.scenario.units, *doc.scenario.leaders]:
            if unit.location is None:
                continue
            structure = unit.location.structure
            region_id = location_region(doc, unit.location.region, structure)
            nation = doc.get("nations", unit.nation)
            if region_id is None or nation is None:
                continue
            groups[(nation.side, region_id, structure)].append(unit.id)
            nation_of[unit.id] = unit.nation
        offsets: dict[str, int] = defaultdict(int)
        for (side, region_id, structure), unit_ids in sorted(
            groups.items(), key=lambda kv: str(kv[0])
        ):
            region = doc.get("regions", region_id)
            if structure is not None and structure in self.structure_items:
                point = self.structure_items[structure].pos() + QPointF(0, 16)
            else:
                point = anchor_of(region, "stack", self.region_paths[region_id])
                if region.anchors.stack is None:
                    point += QPointF(0, -30)
            point += QPointF(0, -16 * offsets[region_id])
            offsets[region_id] += 1
            item = MarkerItem("stacks", f"{side}@{region_id}@{structure or ''}", "stacks")
            item.shape_kind = "counter"
            item.fill = self._side_color(nation_of[unit_ids[0]])
            item.text = str(len(unit_ids))
            item.units = unit_ids  # type: ignore[attr-defined]
            item.setPos(point)
            item.setToolTip(f"{side}: " + ", ".join(unit_ids))
            self.addItem(item)
            self.stack_items.append(item)
        self._apply_visibility()

    # -- following the document ------------------------------------------------------------------

    def on_change(self, change: Change) -> None:
        section = change.section
        if change.kind == "reset" and section not in ("terrain", "nations", "sides"):
            self.rebuild()
            return
        if section == "regions":
            for region_id in change.ids:
                if change.kind == "remove":
                    self._drop_region(region_id)
                else:
                    self._add_region(region_id)
            self.restyle_regions(set(change.ids))
            for connection in self.document.scenario.connections:
                if connection.a in change.ids or connection.b in change.ids:
                    self._update_connection(connection.id)
            self._rebuild_structures()
            self._rebuild_sources()
            self._rebuild_stacks()
        elif section in ("terrain", "nations", "sides"):
            self.restyle_regions()
            self._rebuild_structures()
            self._rebuild_stacks()
        elif section in ("connections", "connection_types"):
            ids = change.ids if section == "connections" else None
            for connection in list(self.connection_items):
                if ids is None or connection in ids:
                    self._update_connection(connection)
            for connection_id in change.ids if section == "connections" else ():
                self._update_connection(connection_id)
        elif section == "structures":
            self._rebuild_structures()
            self._rebuild_stacks()
        elif section == "supply_sources":
            self._rebuild_sources()
        elif section in ("units", "leaders", "unit_types"):
            self._rebuild_stacks()
        elif section == "map":
            self.rebuild()
        self._apply_visibility()

    def _is_selected(self, section: str, entity_id: str) -> bool:
        selection = self.document.selection
        return selection.section == section and entity_id in selection.ids

    def on_selection(self, selection: Selection) -> None:
        for region_id, item in self.region_items.items():
            item.set_selected_look(self._is_selected("regions", region_id))
        for connection_id in self.connection_items:
            self._update_connection(connection_id)
        for table, section in (
            (self.structure_items, "structures"),
            (self.source_items, "supply_sources"),
        ):
            for entity_id, item in table.items():
                item.selected = self._is_selected(section, entity_id)
                item.update()
        for item in self.stack_items:
            units = getattr(item, "units", [])
            item.selected = selection.section in ("units", "leaders") and bool(
                set(units) & set(selection.ids)
            )
            item.update()

    # -- layers, issues and problems -------------------------------------------------------------

    def set_visible(self, layer: str, shown: bool) -> None:
        self.visible[layer] = shown
        self._apply_visibility()

    def locked(self, layer: str) -> bool:
        return self.locks.get(layer, False) or not self.visible.get(layer, True)

    def _apply_visibility(self) -> None:
        shown = self.visible
        if self.background is not None:
            self.background.setVisible(shown["background"])
        for item in self.region_items.values():
            item.setVisible(shown["regions"])
        for item in self.label_items.values():
            item.setVisible(shown["labels"])
        for item in self.connection_items.values():
            item.setVisible(shown["connections"])
        for item in self.structure_items.values():
            item.setVisible(shown["structures"])
        for item in self.source_items.values():
            item.setVisible(shown["supply"])
        for item in self.stack_items:
            item.setVisible(shown["stacks"])
        for item in [*self.issue_items, *self.problem_items]:
            item.setVisible(shown["issues"])

    def set_issues(self, issues: list[Issue]) -> None:
        """Mark where validation found problems (red crosses)."""
        for item in self.issue_items:
            self.removeItem(item)
        self.issue_items = []
        for issue in issues:
            point = self._issue_point(issue)
            if point is None:
                continue
            item = MarkerItem("issues", issue.entity or "", "issues")
            item.shape_kind = "cross"
            item.setPos(point)
            item.setToolTip(f"{issue.severity} [{issue.code}] {issue.message}")
            self.addItem(item)
            self.issue_items.append(item)
        self._apply_visibility()

    def _issue_point(self, issue: Issue) -> QPointF | None:
        if issue.at is not None:
            return QPointF(*issue.at)
        parts = issue.path.split("/")
        if len(parts) > 2 and parts[1] == "regions" and issue.entity in self.region_paths:
            region = self.document.get("regions", issue.entity)
            return anchor_of(region, "label", self.region_paths[issue.entity])
        return None

    def set_problems(self, polygons: list[shapely.Geometry]) -> None:
        """Draw gaps and overlaps between regions in red."""
        for item in self.problem_items:
            self.removeItem(item)
        self.problem_items = []
        for geometry in polygons:
            path = QPainterPath()
            for part in shapely.get_parts(geometry):
                if part.geom_type != "Polygon":
                    continue
                for ring in (part.exterior, *part.interiors):
                    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring.coords]))
            item = QGraphicsPathItem(path)
            pen = QPen(QColor("#d01010"))
            pen.setCosmetic(True)
            pen.setWidthF(2)
            item.setPen(pen)
            item.setBrush(QBrush(QColor(220, 20, 20, 110)))
            item.setZValue(Z["problems"])
            self.addItem(item)
            self.problem_items.append(item)
        self._apply_visibility()


def location_region(doc: ScenarioDocument, region: str | None, structure: str | None) -> str | None:
    if structure is not None:
        found = doc.get("structures", structure)
        return found.region if found is not None else None
    return region if region is not None and doc.get("regions", region) is not None else None


def _add_border(path: QPainterPath, a: object, b: object) -> bool:
    """Add the border two regions share to ``path``; ``False`` if they share none."""
    try:
        common = shapely.intersection(
            polygon_from_model(a.polygon).boundary,  # type: ignore[attr-defined]
            polygon_from_model(b.polygon).boundary,  # type: ignore[attr-defined]
        )
    except (ValueError, shapely.errors.GEOSException):
        return False
    lines = [
        p
        for p in shapely.get_parts(
            shapely.line_merge(common) if common.geom_type == "MultiLineString" else common
        )
        if p.geom_type == "LineString"
    ]
    for line in lines:
        coords = list(line.coords)
        path.moveTo(QPointF(*coords[0]))
        for x, y in coords[1:]:
            path.lineTo(QPointF(x, y))
    return bool(lines)


__all__ = ["LAYERS", "MapScene"]
