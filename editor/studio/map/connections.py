"""Connections on the map: crossings along the border two regions share, other links as lines
between the regions' name points."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from editor.shared.map.borders import PLAIN_CONNECTIONS, add_border, follows_border, shared_borders
from editor.studio.map.items import ConnectionItem

if TYPE_CHECKING:
    from editor.studio.map.scene import MapScene

NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents

_FEW = 64
"""Up to this many connections are looked up one by one rather than through tables."""

_COLORS: dict[tuple[str, str], QColor] = {}
"""Colour of each connection type (parsed once, not for each of 30,000 connections)."""


class ConnectionLayer:
    """The connection items of a scene, and which connections touch each region (so that
    a region edit redraws its own connections without looking through all of them)."""

    def __init__(self, scene: MapScene) -> None:
        self.scene = scene
        self.items: dict[str, ConnectionItem] = {}
        self._ends: dict[str, tuple[str, str]] = {}
        self._at: dict[str, set[str]] = defaultdict(set)
        self.pending: set[str] = set()
        """Plain lines not drawn yet: the zoom hides them, and on a big map building tens of
        thousands of them would be most of the time it takes to open."""

    def clear(self) -> None:
        self.pending.clear()
        self.items.clear()
        self._ends.clear()
        self._at.clear()

    def around(self, region_ids: Iterable[str]) -> list[str]:
        """The connections with an end in one of these regions."""
        found: set[str] = set()
        for region_id in region_ids:
            found |= self._at.get(region_id, set())
        return sorted(found)

    def flush(self) -> None:
        """Draw the lines put off while the zoom hid them."""
        if self.pending:
            ids, self.pending = list(self.pending), set()
            self.update_many(ids, force=True)

    def item(self, connection_id: str) -> ConnectionItem | None:
        """A connection's item, drawn now if it was put off."""
        if connection_id in self.pending:
            self.pending.discard(connection_id)
            self.update_many([connection_id], force=True)
        return self.items.get(connection_id)

    def update_many(self, ids: Iterable[str], *, force: bool = False) -> None:
        """Many connections at once: lookups made once, and the borders they follow found
        in one pass. Plain lines the zoom hides are put off (``force`` draws them)."""
        doc = self.scene.document
        ids = list(ids)
        if len(ids) > _FEW:  # one lookup table per section beats thousands of searches
            regions = {r.id: r for r in reversed(doc.scenario.regions)}.get
            kinds = {k.id: k for k in reversed(doc.scenario.connection_types)}.get
            links = {c.id: c for c in reversed(doc.scenario.connections)}.get
        else:
            regions, kinds, links = (
                partial(doc.get, section)
                for section in ("regions", "connection_types", "connections")
            )
        put_off = not force and not self.scene.detail.lines
        found = []
        wanted = []  # the crossings, whose borders are found in one pass
        for connection_id in ids:
            connection = links(connection_id)
            if connection is None:
                self.pending.discard(connection_id)
                found.append((connection_id, None, None, None, None))
                continue
            a, b = regions(connection.a), regions(connection.b)
            kind = kinds(connection.type)
            drawable = a is not None and b is not None and kind is not None
            along = drawable and follows_border(kind, a, b)
            if put_off and drawable and not along and connection_id not in self.items:
                self.pending.add(connection_id)
                self._remember(connection_id, (connection.a, connection.b))
                continue
            self.pending.discard(connection_id)
            found.append((connection_id, connection, a, b, kind))
            if along:
                wanted.append((connection_id, a, b))
        borders = dict(zip([w[0] for w in wanted], shared_borders(wanted), strict=True))
        for connection_id, connection, a, b, kind in found:
            self._draw(connection_id, connection, a, b, kind, borders.get(connection_id))

    def _remember(self, connection_id: str, ends: tuple[str, str] | None) -> None:
        old = self._ends.pop(connection_id, None)
        for region_id in old or ():
            self._at[region_id].discard(connection_id)
        if ends is not None:
            self._ends[connection_id] = ends
            for region_id in ends:
                self._at[region_id].add(connection_id)

    def _draw(
        self,
        connection_id: str,
        connection: Any,
        a: Any,
        b: Any,
        kind: Any,
        border: QPainterPath | None,
    ) -> None:
        """Draw one connection; ``border`` is the shared border it follows, when known."""
        scene = self.scene
        self._remember(connection_id, (connection.a, connection.b) if connection else None)
        item = self.items.get(connection_id)
        if connection is None or a is None or b is None or kind is None:
            # Gone, or between regions that are not there (until an undo brings them back).
            if item is not None:
                scene.discard(item)
                del self.items[connection_id]
                if item.along and scene.picture is not None:
                    scene.picture.links_changed()
            return
        was_along = item is not None and item.along
        if item is None:
            item = ConnectionItem(connection_id)
            self.items[connection_id] = item
        path = QPainterPath()
        along = False
        if border is not None:
            path, along = border, not border.isEmpty()
        elif follows_border(kind, a, b):
            along = add_border(path, a, b)
        if not along:
            path = QPainterPath()
            points = scene.regions.name_points
            path.addPolygon(
                QPolygonF(
                    [points[a.id], *(QPointF(*p) for p in connection.waypoints), points[b.id]]
                )
            )
        item.setPath(path)
        color = _COLORS.get((kind.id, kind.color))
        if color is None:
            color = _COLORS[(kind.id, kind.color)] = QColor(kind.color)
            if kind.id in PLAIN_CONNECTIONS:
                color.setAlpha(90)
        selected = scene.is_selected("connections", connection_id)
        tip = f"{kind.name}: {a.name or a.id} \u2013 {b.name or b.id}"
        item.set_look(color, along, connection.bridge, connection.road, selected, tip)
        scene.place(item, "crossings" if along else "lines")
        scene.set_paints(item, not (along and scene.detail.picture and not selected))
        if (along or was_along) and scene.picture is not None:
            scene.picture.links_changed()

    def show_picture(self, picture: bool) -> None:
        """Crossings paint themselves only when the map's picture is not shown."""
        for link in self.items.values():
            selected = self.scene.is_selected("connections", link.connection_id)
            link.setFlag(NO_CONTENTS, link.along and picture and not selected)
