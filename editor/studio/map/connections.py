"""Connections on the map: crossings along the border two regions share, other links as lines
between the regions' name points.

Like regions (see :mod:`.canvas`), connections are not graphics items of their own: a
generated 10,000-region map has 30,000 of them, and as items they made every repaint of a
few pixels walk and sort tens of thousands of items. Each connection is a
:class:`LinkLook` (its path, pen and tooltip), and one :class:`LinkCanvas` paints those
whose boxes meet the rectangle Qt repaints.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPainterPathStroker, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.shared.map.borders import PLAIN_CONNECTIONS, add_border, follows_border, shared_borders
from editor.studio.map.canvas import MARGIN_PX, BoxIndex, painted_area
from editor.studio.map.items import SELECTED, Z

if TYPE_CHECKING:
    from editor.studio.map.scene import MapScene

_FEW = 64
"""Up to this many connections are looked up one by one rather than through tables."""

_COLORS: dict[tuple[str, str], QColor] = {}
"""Colour of each connection type (parsed once, not for each of 30,000 connections)."""

_PENS: dict[tuple[int, bool, bool, bool], QPen] = {}


def link_pen(color: QColor, along_border: bool, road: bool, selected: bool) -> QPen:
    """The pen of a connection: wide along borders, dashed between regions unless a road."""
    shade = SELECTED if selected else color
    key = (shade.rgba(), along_border, road, selected)
    pen = _PENS.get(key)
    if pen is None:
        pen = QPen(shade)
        pen.setCosmetic(True)
        pen.setWidthF(4.0 if along_border else 2.0)
        # No round ends: Qt draws lines with them five to ten times slower. Square ends
        # close the joints where the pieces of a river meet.
        pen.setCapStyle(Qt.PenCapStyle.SquareCap if along_border else Qt.PenCapStyle.FlatCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        if not along_border:
            pen.setStyle(Qt.PenStyle.DashLine)
        if road and not along_border:
            pen.setStyle(Qt.PenStyle.SolidLine)
        _PENS[key] = pen
    return pen


class LinkLook:
    """How one connection is drawn: along a shared border (crossings: rivers, crests) or
    as a line between the regions' name points (straits, sea lanes, off-map links)."""

    __slots__ = ("_path", "along", "connection_id", "pen", "selected", "tip")

    def __init__(self, connection_id: str) -> None:
        self.connection_id = connection_id
        self.along = False
        self.selected = False
        self.pen = QPen()
        self.tip = ""
        """What its tooltip says: its type and its regions' names, for a person."""
        self._path = QPainterPath()

    def path(self) -> QPainterPath:
        return self._path

    def toolTip(self) -> str:
        return self.tip


class LinkCanvas(QGraphicsItem):
    """Paints every connection the zoom and the layers show (see the module)."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self.map_scene = scene
        self.index = BoxIndex()
        self.looks: dict[str, LinkLook] = {}
        self.picture_below = True
        """The map's picture shows the crossings: only selected ones are painted."""
        self._bounds = QRectF()
        self.setZValue(Z["connections"])
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return QPainterPath()  # found through :meth:`connection_at`

    def set(self, look: LinkLook, path: QPainterPath, quiet: bool = False) -> None:
        """Give a connection its new path (repainting where it was and is, unless
        ``quiet``: the caller repaints everything)."""
        if not quiet:
            self.repaint(look.path())
        look._path = path
        box = path.boundingRect()
        self.index.set(look.connection_id, box)
        if not self._bounds.contains(box):
            self.prepareGeometryChange()
            self._bounds = self._bounds.united(box) if not self._bounds.isEmpty() else box
        if not quiet:
            self.repaint(path)

    def remove(self, look: LinkLook) -> None:
        self.index.remove(look.connection_id)
        self.repaint(look.path())

    def repaint(self, path: QPainterPath) -> None:
        if path.isEmpty():
            return
        scales = [abs(v.transform().m11()) for v in self.map_scene.views()]
        margin = MARGIN_PX / max([s for s in scales if s > 0], default=1.0)
        self.update(path.boundingRect().adjusted(-margin, -margin, margin, margin))

    def shows(self, look: LinkLook) -> bool:
        """Whether a connection is drawn now (its group shown, not left to the picture)."""
        scene = self.map_scene
        if look.along:
            if self.picture_below and not look.selected:
                return False
            return scene.group_shown("crossings")
        return scene.group_shown("lines")

    def connection_at(self, point: QPointF, near: float) -> str | None:
        """The connection drawn within ``near`` map units of ``point`` (the topmost)."""
        box = QRectF(point.x() - near, point.y() - near, 2 * near, 2 * near)
        stroker = QPainterPathStroker()
        stroker.setWidth(2 * near)
        found = [
            i
            for i in self.index.meeting(box)
            if self._reachable(self.looks[i])
            and stroker.createStroke(self.looks[i].path()).contains(point)
        ]
        found.reverse()
        found.sort(key=lambda i: not self.looks[i].selected)
        return found[0] if found else None

    def _reachable(self, look: LinkLook) -> bool:
        """Found under the mouse: drawn, by this canvas or by the picture."""
        scene = self.map_scene
        return scene.group_shown("crossings" if look.along else "lines")

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        scales = [abs(v.transform().m11()) for v in self.map_scene.views()]
        margin = MARGIN_PX / max([s for s in scales if s > 0], default=1.0)
        ids = self.index.meeting(painted_area(painter, option, margin))
        looks = self.looks
        crossings = self.map_scene.group_shown("crossings")
        lines = self.map_scene.group_shown("lines")
        painter.setBrush(Qt.BrushStyle.NoBrush)
        selected = []
        for connection_id in ids:
            look = looks[connection_id]
            if look.selected:
                selected.append(look)
            elif (crossings and not self.picture_below) if look.along else lines:
                painter.setPen(look.pen)
                painter.drawPath(look.path())
        for look in selected:
            if crossings if look.along else lines:
                painter.setPen(look.pen)
                painter.drawPath(look.path())


class ConnectionLayer:
    """How each connection is drawn (:attr:`looks`, painted by :attr:`canvas`), and which
    connections touch each region (so that a region edit redraws its own connections
    without looking through all of them)."""

    def __init__(self, scene: MapScene) -> None:
        self.scene = scene
        self.canvas: LinkCanvas | None = None
        self.looks: dict[str, LinkLook] = {}
        self._ends: dict[str, tuple[str, str]] | None = None
        """Each connection's regions, and the connections at each region (:attr:`_at`):
        worked out from the document at the first edit that asks (:meth:`around`), not
        on opening (30,000 connections, a tenth of a second)."""
        self._at: dict[str, set[str]] = defaultdict(set)
        self.pending: set[str] = set()
        """Plain lines not drawn yet: the zoom hides them, and on a big map building tens of
        thousands of them would be most of the time it takes to open."""

    def clear(self) -> None:
        self.pending.clear()
        self.looks.clear()
        self._ends = None
        self._at.clear()
        self.canvas = None

    def build(self) -> None:
        """Make the canvas (the scene has just been cleared) and draw every connection."""
        canvas = self.canvas = LinkCanvas(self.scene)
        canvas.looks = self.looks
        canvas.picture_below = self.scene.detail.picture
        self.scene.addItem(canvas)
        scenario = self.scene.document.scenario
        if self.scene.detail.lines:
            self.update_many([c.id for c in scenario.connections])
            return
        # Lines the zoom hides wait (see :attr:`pending`): on a big map, most connections.
        lines = _lines_only(scenario)
        self.pending.update(c.id for c in scenario.connections if c.type in lines)
        self.update_many([c.id for c in scenario.connections if c.type not in lines])

    def drawn(self, connection_id: str) -> bool:
        """Whether a connection is on the map now (drawn by the canvas or the picture)."""
        look = self.looks.get(connection_id)
        canvas = self.canvas
        if look is None or canvas is None or canvas.scene() is not self.scene:
            return False
        return canvas.isVisible() and canvas._reachable(look)

    def around(self, region_ids: Iterable[str]) -> list[str]:
        """The connections with an end in one of these regions."""
        if self._ends is None:
            self._ends = {}
            for connection in self.scene.document.scenario.connections:
                self._remember(connection.id, (connection.a, connection.b))
        found: set[str] = set()
        for region_id in region_ids:
            found |= self._at.get(region_id, set())
        return sorted(found)

    def flush(self) -> None:
        """Draw the lines put off while the zoom hid them."""
        if self.pending:
            ids, self.pending = list(self.pending), set()
            self.update_many(ids, force=True)

    def item(self, connection_id: str) -> LinkLook | None:
        """How a connection is drawn, worked out now if it was put off."""
        if connection_id in self.pending:
            self.pending.discard(connection_id)
            self.update_many([connection_id], force=True)
        return self.looks.get(connection_id)

    def update_many(self, ids: Iterable[str], *, force: bool = False) -> None:
        """Many connections at once: lookups made once, and the borders they follow found
        in one pass. Plain lines the zoom hides are put off (``force`` draws them)."""
        doc = self.scene.document
        ids = list(ids)
        many = len(ids) > _FEW
        if many:  # one lookup table per section beats thousands of searches
            regions = {r.id: r for r in reversed(doc.scenario.regions)}.get
            kinds = {k.id: k for k in reversed(doc.scenario.connection_types)}.get
            links = {c.id: c for c in reversed(doc.scenario.connections)}.get
        else:
            regions, kinds, links = (
                partial(doc.get, section)
                for section in ("regions", "connection_types", "connections")
            )
        put_off = not force and not self.scene.detail.lines
        # Connections of types never drawn along a border are lines, whatever their
        # regions: put off without looking the regions up (most of a big map's).
        lines = _lines_only(doc.scenario)
        looks, pending = self.looks, self.pending
        found = []
        wanted = []  # the crossings, whose borders are found in one pass
        for connection_id in ids:
            connection = links(connection_id)
            waits = put_off and connection is not None and connection_id not in looks
            if waits and connection.type in lines:  # type: ignore[union-attr]
                pending.add(connection_id)
                self._remember(connection_id, (connection.a, connection.b))  # type: ignore[union-attr]
                continue
            if connection is None:
                self.pending.discard(connection_id)
                found.append((connection_id, None, None, None, None))
                continue
            a, b = regions(connection.a), regions(connection.b)
            kind = kinds(connection.type)
            drawable = a is not None and b is not None and kind is not None
            along = drawable and follows_border(kind, a, b)
            if put_off and drawable and not along and connection_id not in self.looks:
                self.pending.add(connection_id)
                self._remember(connection_id, (connection.a, connection.b))
                continue
            self.pending.discard(connection_id)
            found.append((connection_id, connection, a, b, kind))
            if along:
                wanted.append((connection_id, a, b))
        borders = dict(zip([w[0] for w in wanted], shared_borders(wanted), strict=True))
        links_changed = False
        for connection_id, connection, a, b, kind in found:
            links_changed |= self._draw(
                connection_id, connection, a, b, kind, borders.get(connection_id), many
            )
        if many and self.canvas is not None:
            self.canvas.update()  # once, rather than a rectangle per connection
        if links_changed and self.scene.picture is not None:
            self.scene.picture.links_changed()

    def _remember(self, connection_id: str, ends: tuple[str, str] | None) -> None:
        if self._ends is None:
            return  # worked out from the document when first needed
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
        quiet: bool,
    ) -> bool:
        """Draw one connection; ``border`` is the shared border it follows, when known.
        ``True`` when the picture's crossings changed."""
        scene = self.scene
        canvas = self.canvas
        self._remember(connection_id, (connection.a, connection.b) if connection else None)
        look = self.looks.get(connection_id)
        if connection is None or a is None or b is None or kind is None:
            # Gone, or between regions that are not there (until an undo brings them back).
            if look is not None:
                del self.looks[connection_id]
                if canvas is not None:
                    canvas.remove(look)
                return look.along
            return False
        was_along = look is not None and look.along
        if look is None:
            look = self.looks[connection_id] = LinkLook(connection_id)
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
        color = _COLORS.get((kind.id, kind.color))
        if color is None:
            color = _COLORS[(kind.id, kind.color)] = QColor(kind.color)
            if kind.id in PLAIN_CONNECTIONS:
                color.setAlpha(90)
        look.selected = scene.is_selected("connections", connection_id)
        look.along = along
        look.pen = link_pen(color, along, connection.road, look.selected)
        look.tip = f"{kind.name}: {a.name or a.id} \u2013 {b.name or b.id}" + (
            ", bridged" if connection.bridge else ""
        )
        if canvas is not None:
            canvas.set(look, path, quiet)
        else:
            look._path = path
        return along or was_along

    def show_picture(self, picture: bool) -> None:
        """Crossings are painted by the canvas only when the map's picture is not shown."""
        if self.canvas is not None:
            self.canvas.picture_below = picture
            self.canvas.update()


def _lines_only(scenario: Any) -> set[str]:
    """The connection types never drawn along a border: their connections are lines between
    regions, whatever the regions (see :func:`follows_border`)."""
    return {k.id for k in scenario.connection_types if k.id in PLAIN_CONNECTIONS or not k.adjacent}
