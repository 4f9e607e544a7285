"""Drawing a connection by hand: click one region, then another (or drag from one to the
other).

Hand-drawn connections are for what borders cannot tell: sea lanes, straits, links to
off-map boxes, or a single missing link. Neighbours get the type the connection review
would propose (land between two land regions, sea at a coast...); regions apart get the
first suitable type that does not need a shared border. The inspector changes it afterwards.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPen
from PySide6.QtWidgets import QGraphicsLineItem

from editor.studio.document import ScenarioDocument
from editor.studio.map.items import Z
from editor.studio.map.tools.base import Tool
from editor.studio.naming import new_id
from schemas.geometry.derive import pick_type, region_domain, touching
from schemas.map import Connection

CLICK_PIXELS = 6
"""A press and release closer than this (screen pixels) is a click, not a drag."""


def default_type(document: ScenarioDocument, a: str, b: str) -> str:
    """The type a new connection between two regions starts with."""
    scenario = document.scenario
    region_a, region_b = document.get("regions", a), document.get("regions", b)
    # Off-map boxes are exempt from the shared-border rule, so they take ordinary types.
    near = region_a.off_map or region_b.off_map or touching(scenario, a, b)
    domains = region_domain(scenario, region_a), region_domain(scenario, region_b)
    return pick_type(scenario.connection_types, *domains, adjacent=near) or "land"


class ConnectTool(Tool):
    name = "connect"
    label = "Connect"
    hint = (
        "Click a region, then the region to connect it to (or drag from one to the other); "
        "Escape cancels. Set the type, bridge, road and rail in the inspector."
    )
    shortcut = "C"
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__(document)
        self.message: Callable[[str], None] = lambda _text: None
        """Where the tool explains why it did nothing (the window shows it in the status bar)."""
        self._start: str | None = None
        self._line: QGraphicsLineItem | None = None
        self._waiting = False
        """The first region was clicked (not dragged from): the next click ends the line."""
        self._finished_by_press = False
        self._pressed_at = QPointF()
        """Where the first press was, in viewport pixels (a click or a drag?)."""

    def press(self, event: QMouseEvent, point: QPointF) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        if self._start is not None and self._waiting:
            self._second_click(point)
            return
        self.cancel()
        if self.scene.locked("connections"):
            self.message("The connections layer is hidden or locked.")
            return
        region = self.region_at(point)
        if region is None:
            self.message("Start a connection inside a region.")
            return
        self._start = region
        self._pressed_at = event.position()
        line = QGraphicsLineItem(QLineF(point, point))
        pen = QPen(QColor("#202020"), 2, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        line.setPen(pen)
        line.setZValue(Z["tool"])
        self.scene.addItem(line)
        self._line = line

    def move(self, event: QMouseEvent, point: QPointF) -> None:
        if self._line is not None:
            self._line.setLine(QLineF(self._line.line().p1(), point))

    def _second_click(self, point: QPointF) -> None:
        start = self._start
        assert start is not None
        end = self.region_at(point)
        if end is None:
            self.message("Click inside the region to connect to, or press Escape.")
            return
        self._finished_by_press = True
        self.cancel()
        if end == start:
            self.message("A connection joins two different regions; start again.")
        else:
            self.connect(start, end)

    def release(self, event: QMouseEvent, point: QPointF) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        if self._finished_by_press:
            self._finished_by_press = False
            return
        if self._start is None or self._waiting:
            return
        start = self._start
        moved = event.position() - self._pressed_at
        if max(abs(moved.x()), abs(moved.y())) <= CLICK_PIXELS:
            # A click, not a drag: the line follows the pointer to the next click.
            self._waiting = True
            self.message("Now click the region to connect to (Escape cancels).")
            return
        end = self.region_at(point)
        self.cancel()
        if end is None:
            self.message("Release inside the region to connect to.")
        elif end == start:
            self.message("A connection joins two different regions.")
        else:
            self.connect(start, end)

    def connect(self, a: str, b: str) -> None:
        """Join two regions, or select the connection that already joins them."""
        doc = self.document
        for connection in doc.items("connections"):
            if {connection.a, connection.b} == {a, b}:
                doc.select("connections", [connection.id])
                self.message(f"'{connection.id}' already joins {a} and {b}.")
                return
        connection = Connection(
            id=new_id(doc, "connections", f"{a}-{b}"), a=a, b=b, type=default_type(doc, a, b)
        )
        doc.add("connections", connection, text=f"Connect {a} and {b}")
        doc.select("connections", [connection.id])
        names = [getattr(doc.get("regions", r), "name", r) for r in (a, b)]
        self.message(f"Connected {names[0]} and {names[1]} ({connection.type}).")

    def key_press(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape and self._start is not None:
            self.cancel()
            return True
        return False

    def cancel(self) -> None:
        """Drop the connection being drawn."""
        self._start = None
        self._waiting = False
        if self._line is not None:
            if self._line.scene() is not None:
                self._line.scene().removeItem(self._line)
            self._line = None

    def deactivate(self) -> None:
        self.cancel()
