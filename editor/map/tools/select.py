"""Selecting things on the map, and dragging structures, supply sources and stacks."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QMouseEvent, QPainterPathStroker

from schemas.units import Location

from ..items import ConnectionItem, MarkerItem
from .base import Tool

SECTION_OF_LAYER = {"structures": "structures", "supply": "supply_sources"}


class SelectTool(Tool):
    name = "select"
    label = "Select"
    hint = (
        "Click to select (Shift+click adds); drag structures, supply sources and stacks to "
        "move them; Delete removes the selection."
    )
    shortcut = "S"

    def __init__(self, document) -> None:  # noqa: ANN001 - see Tool
        super().__init__(document)
        self._dragging: MarkerItem | None = None
        self._start = QPointF()
        self._moved = False

    def _marker_at(self, point: QPointF) -> MarkerItem | None:
        assert self.view is not None
        scene = self.scene
        for item in scene.items(point, deviceTransform=self.view.viewportTransform()):
            draggable = isinstance(item, MarkerItem) and item.kind in SECTION_OF_LAYER.keys() | {
                "stacks"
            }
            if draggable and not scene.locked(item.kind):
                return item  # type: ignore[return-value]
        return None

    def _connection_at(self, point: QPointF) -> str | None:
        """A connection line within a few pixels of the point."""
        scene = self.scene
        if scene.locked("connections"):
            return None
        near = self.pixels(4)
        box = QRectF(point.x() - near, point.y() - near, 2 * near, 2 * near)
        stroker = QPainterPathStroker()
        stroker.setWidth(2 * near)
        for item in scene.items(box):
            if isinstance(item, ConnectionItem) and stroker.createStroke(item.path()).contains(
                point
            ):
                return item.connection_id
        return None

    def press(self, event: QMouseEvent, point: QPointF) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        marker = self._marker_at(point)
        if marker is not None:
            self._select_marker(marker)
            self._dragging, self._start, self._moved = marker, marker.pos(), False
            return
        connection = self._connection_at(point)
        if connection is not None:
            self._pick("connections", connection, event)
            return
        region = self.region_at(point)
        if region is not None:
            self._pick("regions", region, event)
        elif not _adding(event):
            self.document.select(None)

    def _pick(self, section: str, entity_id: str, event: QMouseEvent) -> None:
        """Select one thing, or with Shift or Ctrl add it to (or take it from) the selection."""
        current = self.document.selection
        if _adding(event) and current.section == section:
            ids = [i for i in current.ids if i != entity_id]
            if len(ids) == len(current.ids):
                ids.append(entity_id)
            self.document.select(section, ids)
        else:
            self.document.select(section, [entity_id])

    def _select_marker(self, marker: MarkerItem) -> None:
        if marker.kind == "stacks":
            units = list(getattr(marker, "units", []))
            leaders = {x.id for x in self.document.scenario.leaders}
            section = "units" if any(u not in leaders for u in units) else "leaders"
            self.document.select(
                section, [u for u in units if (u in leaders) == (section == "leaders")]
            )
        else:
            self.document.select(SECTION_OF_LAYER[marker.kind], [marker.entity_id])

    def move(self, event: QMouseEvent, point: QPointF) -> None:
        if self._dragging is not None and event.buttons() & Qt.MouseButton.LeftButton:
            self._dragging.setPos(point)
            self._moved = True

    def release(self, event: QMouseEvent, point: QPointF) -> None:
        marker, self._dragging = self._dragging, None
        if marker is None or not self._moved:
            return
        region = self.region_at(point)
        if region is None:
            marker.setPos(self._start)
            return
        if marker.kind == "structures":
            self._drop_structure(marker.entity_id, region, point)
        elif marker.kind == "supply":
            self._drop_source(marker.entity_id, region)
        else:
            self._drop_stack(marker, region, point)

    def _drop_structure(self, structure_id: str, region: str, point: QPointF) -> None:
        doc = self.document
        old = doc.get("structures", structure_id)
        new = old.model_copy(update={"region": region, "anchor": (point.x(), point.y())})
        doc.replace(
            "structures", type(old).model_validate(new.model_dump()), f"Move {structure_id}"
        )

    def _drop_source(self, source_id: str, region: str) -> None:
        self.document.set_field(
            "supply_sources", source_id, ["region"], region, f"Move {source_id}"
        )

    def _drop_stack(self, marker: MarkerItem, region: str, point: QPointF) -> None:
        doc = self.document
        target = self._marker_at(point)
        structure = target.entity_id if target is not None and target.kind == "structures" else None
        location = Location(structure=structure) if structure else Location(region=region)
        units = list(getattr(marker, "units", []))
        with doc.macro(f"Move {len(units)} unit{'s' if len(units) > 1 else ''}"):
            for unit_id in units:
                section = "units" if doc.get("units", unit_id) is not None else "leaders"
                doc.set_field(section, unit_id, ["location"], location)


def _adding(event: QMouseEvent) -> bool:
    return bool(
        event.modifiers()
        & (Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.ControlModifier)
    )
