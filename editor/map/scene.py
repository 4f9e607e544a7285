"""The map scene: one item per thing drawn, kept in step with the document.

The scene listens to the document's changes and rebuilds only what a change touches (an
edited region, the connections and symbols around it), so editing one region of a
10,000-region map stays instant. Layers can be hidden and locked; tools ask
:meth:`MapScene.locked` before touching anything.

Zoomed out, the scene shows less and draws the rest from a picture (see :mod:`.overview`): it
reads the zoom from each repaint (:meth:`MapScene.drawBackground`, which Qt calls before it
decides what to draw), so any way of zooming gets it. The detail follows the view that
painted last: a second view of the same scene at a very different zoom (a minimap) would
make it switch at every repaint, and should draw its own picture instead.
"""

from __future__ import annotations

import gc
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QGraphicsScene,
)

from schemas.geometry.build import Rings
from schemas.issues import Issue

from ..document import Change, ScenarioDocument, Selection
from .borders import PLAIN_CONNECTIONS, add_border, follows_border, shared_borders
from .items import (
    ConnectionItem,
    LabelItem,
    MarkerItem,
    RegionItem,
    Z,
    anchor_of,
    outline_path,
)
from .overview import Detail, MapPicture, detail_for, paints_itself, view_scale

NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents

_LAYER_OF = {
    "background": "background",
    "regions": "regions",
    "labels": "labels",
    "borders": "connections",
    "lines": "connections",
    "structures": "structures",
    "supply": "supply",
    "stacks": "stacks",
    "issues": "issues",
}
"""The layer each group of items belongs to (connections come in two groups)."""

BACKGROUND = QColor("#e8eef2")

_COLORS: dict[tuple[str, str], QColor] = {}
"""Colour of each connection type (parsed once, not for each of 30,000 connections)."""

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
        self.picture: MapPicture | None = None
        self.detail = Detail()
        """What is shown at the current zoom; until a view paints, as little as possible."""
        self._shown: dict[str, bool] = {}
        self._anchors: dict[str, QPointF] = {}
        self._bounds = QRectF()
        self._typical = 1.0
        self._selection = Selection()
        self._building = False
        self.setBackgroundBrush(BACKGROUND)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        document.changed.connect(self.on_change)
        document.selectionChanged.connect(self.on_selection)
        self.rebuild()

    # -- building --------------------------------------------------------------------------------

    def rebuild(self) -> None:
        # Tens of thousands of new items beside a loaded scenario's million objects: the
        # garbage collector would rescan the heap many times over (a third of the time).
        enabled = gc.isenabled()
        gc.disable()
        try:
            self._rebuild()
        finally:
            if enabled:
                gc.enable()

    def _rebuild(self) -> None:
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
        self._anchors.clear()
        self._shown = {}
        self._selection = Selection()
        self.picture = MapPicture(self)
        self.addItem(self.picture)
        self._build_background()
        self._building = True
        for region in self.document.scenario.regions:
            self._add_region(region.id)
        self._building = False
        self.restyle_regions()
        self._measure()
        self._update_connections([c.id for c in self.document.scenario.connections])
        self._rebuild_structures()
        self._rebuild_sources()
        self._rebuild_stacks()
        self._apply_visibility()
        self.on_selection(self.document.selection)

    def _measure(self) -> None:
        """The map's extent and how big a typical region is, for choosing the detail."""
        rings = Rings.of([r.polygon for r in self.document.scenario.regions])
        bounds, typical = QRectF(), 1.0
        full = rings.lengths > 0
        if full.any():
            starts = np.concatenate([[0], np.cumsum(rings.lengths)[:-1]])
            lows = np.minimum.reduceat(rings.coords, starts[full])
            highs = np.maximum.reduceat(rings.coords, starts[full])
            exterior = np.r_[True, rings.owner[1:] != rings.owner[:-1]][full]
            sizes = np.sqrt(np.prod(highs[exterior] - lows[exterior], axis=1))
            typical = float(np.median(sizes)) or 1.0
            bounds = QRectF(QPointF(*lows.min(axis=0)), QPointF(*highs.max(axis=0)))
        self._bounds, self._typical = bounds, typical
        if self.picture is not None:
            self.picture.set_bounds(bounds)

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
        item.setVisible(self._group_shown("background"))
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
            item.setFlag(NO_CONTENTS, not paints_itself(item, self.detail.picture))
            item.setVisible(self._group_shown("regions"))
            self.addItem(item)
            self.region_items[region_id] = item
        item.setPath(path)
        self.region_paths[region_id] = path
        item.setToolTip(f"{region.name} ({region.id})")
        anchor = self._anchors[region_id] = anchor_of(region, "label", path)
        label = self.label_items.pop(region_id, None)
        if label is not None:
            self._discard(label)
        label = LabelItem(region_id, region.name)
        label.setPos(anchor)
        self._place(label, "labels")
        self.label_items[region_id] = label
        if self.picture is not None and not self._building:
            rect = item.boundingRect()
            if not self._bounds.contains(rect):
                self._bounds = self._bounds.united(rect)
                self.picture.set_bounds(self._bounds)
            self.picture.regions_changed([region_id])

    def _drop_region(self, region_id: str) -> None:
        for table in (self.region_items, self.label_items):
            item = table.pop(region_id, None)
            if item is not None:
                self._discard(item)
        self.region_paths.pop(region_id, None)
        self._anchors.pop(region_id, None)
        if self.picture is not None:
            self.picture.regions_changed([region_id])

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
        if self.picture is not None:
            if ids is None:
                self.picture.invalidate()
            else:
                self.picture.regions_changed(ids)

    def _update_connections(self, ids: list[str]) -> None:
        """Many connections at once: lookups made once, and the borders they follow found
        in one pass."""
        scenario = self.document.scenario
        regions = {r.id: r for r in reversed(scenario.regions)}
        kinds = {k.id: k for k in reversed(scenario.connection_types)}
        links = {c.id: c for c in reversed(scenario.connections)}
        found = []
        for connection_id in ids:
            connection = links.get(connection_id)
            if connection is None:
                found.append((connection_id, None, None, None, None))
                continue
            a, b = regions.get(connection.a), regions.get(connection.b)
            found.append((connection_id, connection, a, b, kinds.get(connection.type)))
        wanted = [
            (connection_id, a, b)
            for connection_id, connection, a, b, kind in found
            if connection is not None
            and a is not None
            and b is not None
            and kind is not None
            and follows_border(kind, a, b)
        ]
        borders = dict(zip([w[0] for w in wanted], shared_borders(wanted), strict=True))
        for connection_id, connection, a, b, kind in found:
            self._draw_connection(connection_id, connection, a, b, kind, borders.get(connection_id))

    def _update_connection(self, connection_id: str) -> None:
        doc = self.document
        connection = doc.get("connections", connection_id)
        if connection is None:
            self._draw_connection(connection_id, None, None, None, None, None)
            return
        a, b = doc.get("regions", connection.a), doc.get("regions", connection.b)
        kind = doc.get("connection_types", connection.type)
        self._draw_connection(connection_id, connection, a, b, kind, None)

    def _draw_connection(
        self,
        connection_id: str,
        connection: Any,
        a: Any,
        b: Any,
        kind: Any,
        border: QPainterPath | None,
    ) -> None:
        """Draw one connection; ``border`` is the shared border it follows, when known."""
        item = self.connection_items.get(connection_id)
        if connection is None:
            if item is not None:
                self._discard(item)
                del self.connection_items[connection_id]
                if item.along and self.picture is not None:
                    self.picture.links_changed()
            return
        if a is None or b is None or kind is None:
            return
        was_along = item is not None and item.along
        if item is None:
            item = ConnectionItem(connection_id)
            self.connection_items[connection_id] = item
        path = QPainterPath()
        along = False
        if border is not None:
            path, along = border, not border.isEmpty()
        elif follows_border(kind, a, b):
            along = add_border(path, a, b)
        if not along:
            path = QPainterPath()
            points = [
                self._anchors[a.id],
                *(QPointF(*p) for p in connection.waypoints),
                self._anchors[b.id],
            ]
            path.addPolygon(QPolygonF(points))
        item.setPath(path)
        color = _COLORS.get((kind.id, kind.color))
        if color is None:
            color = _COLORS[(kind.id, kind.color)] = QColor(kind.color)
            if kind.id in PLAIN_CONNECTIONS:
                color.setAlpha(90)
        selected = self._is_selected("connections", connection_id)
        item.set_look(color, along, connection.bridge, connection.road, selected)
        self._place(item, "borders" if along else "lines")
        item.setFlag(NO_CONTENTS, along and self.detail.picture and not selected)
        if (along or was_along) and self.picture is not None:
            self.picture.links_changed()

    def _rebuild_markers(
        self,
        table: dict[str, MarkerItem],
        layer: str,
        entries: list[tuple[str, QPointF, str, QColor, str]],
    ) -> None:
        for item in table.values():
            self._discard(item)
        table.clear()
        for entity_id, point, shape, color, tip in entries:
            item = MarkerItem(layer, entity_id, layer)
            item.shape_kind, item.fill = shape, color
            item.setPos(point)
            item.setToolTip(tip)
            self._place(item, layer)
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
            self._discard(item)
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
            self._place(item, "stacks")
            self.stack_items.append(item)

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
            self._update_connections(
                [
                    c.id
                    for c in self.document.scenario.connections
                    if c.a in change.ids or c.b in change.ids
                ]
            )
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

    def _is_selected(self, section: str, entity_id: str) -> bool:
        selection = self.document.selection
        return selection.section == section and entity_id in selection.ids

    def on_selection(self, selection: Selection) -> None:
        # Only what was or is selected changes look: restyling every item of a big map on
        # each click took longer than the click.
        before, self._selection = self._selection, selection
        for section in {before.section, selection.section}:
            touched = set(before.ids if before.section == section else ())
            touched |= set(selection.ids if selection.section == section else ())
            if section == "regions" or section is None:
                for region_id in touched if section else self._all_selected_regions():
                    item = self.region_items.get(region_id)
                    if item is not None:
                        item.set_selected_look(self._is_selected("regions", region_id))
                        item.setFlag(NO_CONTENTS, not paints_itself(item, self.detail.picture))
            elif section == "connections":
                for connection_id in touched:
                    if connection_id in self.connection_items:
                        self._update_connection(connection_id)
        for table, section in (
            (self.structure_items, "structures"),
            (self.source_items, "supply_sources"),
        ):
            for entity_id, item in table.items():
                selected = self._is_selected(section, entity_id)
                if item.selected != selected:
                    item.selected = selected
                    item.update()
        for item in self.stack_items:
            units = getattr(item, "units", [])
            selected = selection.section in ("units", "leaders") and bool(
                set(units) & set(selection.ids)
            )
            if item.selected != selected:
                item.selected = selected
                item.update()

    def _all_selected_regions(self) -> list[str]:
        return [i for i, item in self.region_items.items() if item.selected]

    # -- layers, issues and problems -------------------------------------------------------------

    def set_visible(self, layer: str, shown: bool) -> None:
        self.visible[layer] = shown
        self._apply_visibility()
        if layer in ("regions", "connections") and self.picture is not None:
            self.picture.redraw()

    def locked(self, layer: str) -> bool:
        return self.locks.get(layer, False) or not self.visible.get(layer, True)

    def _group_shown(self, group: str) -> bool:
        """Whether items of a group are shown: their layer is, and the zoom allows them."""
        return self.visible[_LAYER_OF[group]] and self._allowed(group)

    def _allowed(self, group: str) -> bool:
        """Whether the zoom allows a group (see :func:`detail_for`)."""
        detail = self.detail
        return {
            "labels": detail.labels,
            "lines": detail.lines,
            "structures": detail.markers,
            "supply": detail.markers,
            "stacks": detail.markers,
        }.get(group, True)

    def _place(self, item: QGraphicsItem, group: str) -> None:
        """Put a new or changed item in the scene, shown as its group is. Items the zoom
        does not allow stay out of the scene until it does: tens of thousands of hidden
        names and lines would still cost every repaint a visit each."""
        if self._allowed(group):
            if item.scene() is not self:
                self.addItem(item)
            item.setVisible(self.visible[_LAYER_OF[group]])
        elif item.scene() is self:
            item.setVisible(False)

    def _discard(self, item: QGraphicsItem) -> None:
        if item.scene() is self:
            self.removeItem(item)

    def _groups(self) -> dict[str, list[QGraphicsItem]]:
        links = list(self.connection_items.values())
        return {
            "background": [self.background] if self.background is not None else [],
            "regions": list(self.region_items.values()),
            "labels": list(self.label_items.values()),
            "borders": [item for item in links if item.along],
            "lines": [item for item in links if not item.along],
            "structures": list(self.structure_items.values()),
            "supply": list(self.source_items.values()),
            "stacks": list(self.stack_items),
            "issues": [*self.issue_items, *self.problem_items],
        }

    def _apply_visibility(self) -> None:
        """Show and hide the groups whose state changed (items made since got theirs)."""
        for group, items in self._groups().items():
            shown = self._group_shown(group)
            if self._shown.get(group) != shown:
                self._shown[group] = shown
                for item in items:
                    self._place(item, group)

    # -- detail --------------------------------------------------------------------------------

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        super().drawBackground(painter, rect)
        # Qt calls this before choosing which items to draw, so a new detail applies to
        # this very repaint.
        self.set_detail(
            detail_for(view_scale(painter.worldTransform()), self._typical, self._bounds)
        )

    def set_detail(self, detail: Detail) -> None:
        """Show what ``detail`` asks for (normally chosen from the zoom at each repaint)."""
        if detail == self.detail:
            return
        picture_changed = detail.picture != self.detail.picture
        self.detail = detail
        self._apply_visibility()
        if picture_changed:
            for item in self.region_items.values():
                item.setFlag(NO_CONTENTS, not paints_itself(item, detail.picture))
            for link in self.connection_items.values():
                selected = self._is_selected("connections", link.connection_id)
                link.setFlag(NO_CONTENTS, link.along and detail.picture and not selected)
        if self.picture is not None:
            self.picture.setVisible(detail.picture)

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
            item.setVisible(self._group_shown("issues"))
            self.addItem(item)
            self.issue_items.append(item)

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
            item.setVisible(self._group_shown("issues"))
            self.addItem(item)
            self.problem_items.append(item)


def location_region(doc: ScenarioDocument, region: str | None, structure: str | None) -> str | None:
    if structure is not None:
        found = doc.get("structures", structure)
        return found.region if found is not None else None
    return region if region is not None and doc.get("regions", region) is not None else None


__all__ = ["LAYERS", "MapScene"]
