"""Selecting things on the map, and dragging structures, supply sources, stacks and the
counters of a fanned-out stack."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QGraphicsItem

from editor.studio.map.fan import FanCounter, FanItem
from editor.studio.map.geometry_actions import copy_with
from editor.studio.map.items import MarkerItem, screen_centre
from editor.studio.map.tools.base import Tool
from schemas.units import Location

SECTION_OF_LAYER = {"structures": "structures", "supply": "supply_sources"}
DRAGGED = (*SECTION_OF_LAYER, "stacks")
"""The symbols the designer may drag, by layer."""

Draggable = MarkerItem | FanCounter


class SelectTool(Tool):
    name = "select"
    label = "Select"
    hint = (
        "Click to select (Shift+click adds); drag structures, supply sources and stacks to "
        "move them; a selected stack shows its units: click or drag one of them."
    )
    shortcut = "S"

    def __init__(self, document) -> None:  # noqa: ANN001 - see Tool
        super().__init__(document)
        self._dragging: Draggable | None = None
        self._start = QPointF()
        """Where the dragged item was (map units, or pixels for a fanned counter)."""
        self._pressed = QPointF()
        self._moved = False

    def deactivate(self) -> None:
        if self.view is not None:
            self.scene.fan.hover(None)

    def _items_at(self, point: QPointF) -> list[QGraphicsItem]:
        assert self.view is not None
        return self.scene.items(point, deviceTransform=self.view.viewportTransform())

    def _marker_at(self, point: QPointF) -> Draggable | None:
        """The symbol or fanned counter under a point, on a layer that is not locked."""
        scene = self.scene
        for item in self._items_at(point):
            if isinstance(item, FanCounter) and not scene.locked("stacks"):
                return item
            draggable = isinstance(item, MarkerItem) and item.kind in DRAGGED
            if draggable and not scene.locked(item.kind):
                return item  # type: ignore[return-value]
        return None

    def _structure_at(self, point: QPointF) -> str | None:
        """A structure's symbol under a point (below whatever is being dragged)."""
        for item in self._items_at(point):
            dragged = item is self._dragging
            if isinstance(item, MarkerItem) and item.kind == "structures" and not dragged:
                return item.entity_id
        return None

    def _stack_at(self, point: QPointF) -> str | None:
        """The stack under a point, or whose fanned counters are."""
        for item in self._items_at(point):
            if isinstance(item, FanCounter):
                item = item.parentItem()
            if isinstance(item, FanItem):
                return item.stack_key
            if isinstance(item, MarkerItem) and item.kind == "stacks":
                return item.entity_id
        return None

    def _connection_at(self, point: QPointF) -> str | None:
        """A connection line within a few pixels of the point."""
        return self.scene.connection_at(point, self.pixels(4))

    def press(self, event: QMouseEvent, point: QPointF) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        marker = self._marker_at(point)
        if marker is not None:
            self._select_marker(marker)
            self._dragging, self._start = marker, marker.pos()
            self._pressed, self._moved = point, False
            return
        if any(isinstance(item, FanItem) for item in self._items_at(point)):
            return  # the plate between fanned counters: nothing to pick
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

    def _select_marker(self, marker: Draggable) -> None:
        if isinstance(marker, FanCounter):
            self.document.select(marker.section, [marker.unit_id])
        elif marker.kind == "stacks":
            units = list(marker.units)
            leaders = {x.id for x in self.document.scenario.leaders}
            section = "units" if any(u not in leaders for u in units) else "leaders"
            self.document.select(
                section, [u for u in units if (u in leaders) == (section == "leaders")]
            )
        else:
            self.document.select(SECTION_OF_LAYER[marker.kind], [marker.entity_id])

    def move(self, event: QMouseEvent, point: QPointF) -> None:
        marker = self._dragging
        if marker is None:
            if not event.buttons():
                self.scene.fan.hover(self._stack_at(point))
            return
        if event.buttons() & Qt.MouseButton.LeftButton:
            shift = point - self._pressed
            if isinstance(marker, FanCounter):  # placed in screen pixels within its fan
                shift /= self.pixels(1)
                marker.setZValue(1)
            marker.setPos(self._start + shift)
            self._moved = True

    def release(self, event: QMouseEvent, point: QPointF) -> None:
        marker = self._dragging
        if marker is None or not self._moved:
            self._dragging = None
            return
        region = self.region_at(point)
        structure = self._structure_at(point)
        self._dragging = None
        if isinstance(marker, FanCounter):
            # Back in its fan: if the unit moves, the fan is drawn again at its new place.
            marker.setPos(self._start)
            marker.setZValue(0)
        if region is None:
            marker.setPos(self._start)
            return
        edits = self.document.undo_stack.index()
        if isinstance(marker, FanCounter):
            self._drop_units([marker.unit_id], region, structure)
        elif marker.kind == "structures":
            assert self.view is not None
            self._drop_structure(marker.entity_id, region, screen_centre(marker, self.view))
        elif marker.kind == "supply":
            self._drop_source(marker.entity_id, region)
        else:
            self._drop_units(list(marker.units), region, structure)
        if self.document.undo_stack.index() == edits:  # dropped where it was: nothing moves
            marker.setPos(self._start)

    def _drop_structure(self, structure_id: str, region: str, point: QPointF) -> None:
        doc = self.document
        old = doc.get("structures", structure_id)
        new = copy_with(old, region=region, anchor=(point.x(), point.y()))
        doc.replace("structures", new, f"Move {structure_id}")

    def _drop_source(self, source_id: str, region: str) -> None:
        self.document.set_field(
            "supply_sources", source_id, ["region"], region, f"Move {source_id}"
        )

    def _drop_units(self, units: list[str], region: str, structure: str | None) -> None:
        """Move units and leaders into a region, or into the structure dropped on."""
        doc = self.document
        location = Location(structure=structure) if structure else Location(region=region)
        sections = [("units" if doc.get("units", u) is not None else "leaders", u) for u in units]
        moving = [(s, u) for s, u in sections if doc.get(s, u).location != location]
        if not moving:
            return  # an empty macro would still be an undo step
        label = moving[0][1] if len(moving) == 1 else f"{len(moving)} units"
        with doc.macro(f"Move {label}"):
            for section, unit_id in moving:
                doc.set_field(section, unit_id, ["location"], location)


def _adding(event: QMouseEvent) -> bool:
    return bool(
        event.modifiers()
        & (Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.ControlModifier)
    )
