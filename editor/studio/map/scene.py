"""The map scene: the things drawn, kept in step with the document.

The scene listens to the document's changes and redraws only what a change touches (an
edited region, the connections and symbols around it), so editing one region of a
10,000-region map stays instant. What it draws is kept by layer objects, one per kind of
thing: :class:`.regions.RegionLayer` (outlines, borders, names; every region painted by one
item, :class:`.canvas.RegionCanvas`, rather than an item each),
:class:`.connections.ConnectionLayer`, :class:`.markers.MarkerLayer` (structures, supply
sources, stacks), :class:`.problems.ProblemLayer` (validation) and :class:`.fan.StackFan` (a
stack's counters, fanned out). The scene routes changes to them and decides what is shown:
layers can be hidden and locked (see :mod:`.layers`); tools ask :meth:`MapScene.locked`
before touching anything.

Zoomed out, the scene shows less and draws the rest from a picture (see :mod:`.overview`): it
reads the zoom from each repaint (:meth:`MapScene.drawBackground`, which Qt calls before it
decides what to draw), so any way of zooming gets it. The detail follows the view that
painted last: a second view of the same scene at a very different zoom (a minimap) would
make it switch at every repaint, and should draw its own picture instead.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable

import shapely
from PySide6.QtCore import QPointF, QRectF, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QGraphicsSceneHelpEvent,
    QToolTip,
)

from editor.shared.map.drawing import LabelItem
from editor.studio.document import Change, ScenarioDocument, Selection
from editor.studio.map.canvas import RegionCanvas, RegionLook
from editor.studio.map.connections import ConnectionLayer, LinkLook
from editor.studio.map.fan import StackFan
from editor.studio.map.hexes import HexMapItem, hex_labels
from editor.studio.map.items import MarkerItem
from editor.studio.map.layers import LAYER_NAMES, LAYER_OF, LAYERS
from editor.studio.map.markers import PLACED, MarkerLayer
from editor.studio.map.overview import Detail, MapPicture, detail_for, view_scale
from editor.studio.map.problems import ProblemLayer
from editor.studio.map.regions import Labels, RegionLayer, background_item
from editor.studio.map.sheet import SheetItem
from editor.studio.map.zones import ZoneOverlay
from schemas.collector import gc_paused
from schemas.issues import Issue

BACKGROUND = QColor("#e8eef2")
FIXED_SIZE = (LabelItem, MarkerItem)
"""Items drawn at a fixed screen size (``ItemIgnoresTransformations``)."""
HUGE = 1e15
Z_REGIONS_TOP = 1
"""Items below this height are under the regions (the picture, a tracing image)."""


class MapScene(QGraphicsScene):
    """Draws a scenario's map and follows its document."""

    extentChanged = Signal()
    """What :meth:`map_rect` covers may have changed (regions came, went or moved)."""
    detailChanged = Signal()
    """The zoom now shows or hides another set of things (:attr:`detail`)."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        self.fill_mode = "terrain"
        self.visible: dict[str, bool] = dict.fromkeys(LAYERS, True)
        self.locks: dict[str, bool] = dict.fromkeys(LAYERS, False)
        self.regions = RegionLayer(self)
        self.connections = ConnectionLayer(self)
        self.markers = MarkerLayer(self)
        self.problems = ProblemLayer(self)
        self.fan = StackFan(self)
        self.background: QGraphicsPixmapItem | None = None
        self.sheet: SheetItem | None = None
        self.picture: MapPicture | None = None
        self.hexes: HexMapItem | None = None
        """A hex map's hexes, hexsides and roads (see :mod:`.hexes`)."""
        self.zones: ZoneOverlay | None = None
        """A hex map's setup and fixed zones (see :mod:`.zones`)."""
        self.detail = Detail()
        """What is shown at the current zoom; until a view paints, as little as possible."""
        self._shown: dict[str, bool] = {}
        self._links_shown: tuple[bool, bool] | None = None
        self._window = QRectF(-HUGE / 2, -HUGE / 2, HUGE, HUGE)
        """Where names and symbols of a fixed screen size are put in the scene (see
        :meth:`follow_views`); until a view paints, everywhere."""
        self._selection = Selection()
        self._colours: dict[str, str] = {}
        self.setBackgroundBrush(BACKGROUND)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        document.changed.connect(self.on_change)
        document.selectionChanged.connect(self.on_selection)
        document.frameChanged.connect(self._frame_changed)
        self.rebuild()

    # -- what is drawn, by kind ------------------------------------------------------------------

    @property
    def region_looks(self) -> dict[str, RegionLook]:
        """How each region is drawn (its fill, whether it is selected)."""
        return self.regions.looks

    @property
    def canvas(self) -> RegionCanvas | None:
        """The item that paints every region."""
        return self.regions.canvas

    def region_at(self, point: QPointF) -> str | None:
        """The region under a map point (the topmost where regions overlap), shown or not;
        on a hex map, the hex (a hex map's hexes are its regions)."""
        if self.hexes is not None:
            return self.hexes.hex_id_at(point)
        canvas = self.regions.canvas
        return canvas.region_at(point) if canvas is not None else None

    @property
    def region_paths(self) -> dict[str, QPainterPath]:
        return self.regions.paths

    @property
    def label_items(self) -> Labels:
        """Every region's name item, made when first read (see :class:`Labels`)."""
        return Labels(self.regions)

    @property
    def connection_looks(self) -> dict[str, LinkLook]:
        """How each connection worked out so far is drawn (lines the zoom hides wait)."""
        return self.connections.looks

    def connection_at(self, point: QPointF, near: float) -> str | None:
        """The connection drawn within ``near`` map units of a map point, if any (on a hex
        map, the hexside the point is near)."""
        if self.locked("connections"):
            return None
        if self.hexes is not None:
            return self.hexes.hexside_id_at(point)
        canvas = self.connections.canvas
        return canvas.connection_at(point, near) if canvas is not None else None

    @property
    def structure_items(self) -> dict[str, MarkerItem]:
        self.markers.ensure()
        return self.markers.structures

    @property
    def source_items(self) -> dict[str, MarkerItem]:
        self.markers.ensure()
        return self.markers.sources

    @property
    def stack_items(self) -> list[MarkerItem]:
        self.markers.ensure()
        return list(self.markers.stacks.values())

    @property
    def issue_items(self) -> list[MarkerItem]:
        return self.problems.issue_items

    @property
    def problem_items(self) -> list[QGraphicsPathItem]:
        return self.problems.problem_items

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
        for layer in (self.regions, self.connections, self.markers, self.problems, self.fan):
            layer.clear()
        self._shown = {}
        self._links_shown = None
        self._selection = Selection()
        self._colours = self._side_colours()
        self.picture = MapPicture(self)
        self.addItem(self.picture)
        self.background = background_item(self)
        self.sheet = None
        self._frame_changed()
        self.regions.build()
        self.hexes = None
        self.zones = None
        scenario = self.document.scenario
        if scenario.hex_map is not None:
            self.hexes = HexMapItem(scenario, self.fill_mode)
            self.addItem(self.hexes)
            self.zones = ZoneOverlay(scenario)
            self.addItem(self.zones)
            # What the zoom shows follows the size of a typical place: here, a hex.
            self.regions.typical = self.hexes.typical_size()
            for label in hex_labels(self.hexes):
                self.addItem(label)
        self.connections.build()
        self.markers.build()
        self._apply_visibility()
        self.on_selection(self.document.selection)
        self.extentChanged.emit()

    def map_rect(self) -> QRectF:
        """What zooming to fit shows: the regions, the tracing image and the drawing frame.
        (Not the items' bounding rectangle: names and symbols are drawn at a fixed screen
        size, yet count there as map units, so the more of them the zoom had shown, the
        wider it was; and a tool's sketch is not the map.)"""
        rect = QRectF(self.regions.bounds)
        for item in (self.background, self.sheet, self.hexes):
            if item is not None:
                box = item.sceneBoundingRect()
                rect = rect.united(box) if not rect.isEmpty() else box
        return rect

    def _frame_changed(self) -> None:
        frame = self.document.frame
        if frame is None:
            if self.sheet is not None:
                self.discard(self.sheet)
                self.sheet = None
        else:
            rect = QRectF(*frame)
            if self.sheet is None:
                self.sheet = SheetItem(rect)
                self.addItem(self.sheet)
            else:
                self.sheet.set_rect(rect)
        self.extentChanged.emit()

    def restyle_regions(self, ids: set[str] | None = None) -> None:
        """Fill regions by terrain or by owner (``fill_mode``)."""
        self.regions.restyle(ids)
        if self.hexes is not None:
            self.hexes.set_fill_mode(self.fill_mode, self.document.scenario)

    # -- following the document ------------------------------------------------------------------

    def on_change(self, change: Change) -> None:
        section, ids, kind = change.section, change.ids, change.kind
        if section == "map" or (section == "regions" and kind == "reset"):
            self.rebuild()
            return
        if self.hexes is not None:
            self.hexes.on_change(change, self.document.scenario)
        if self.zones is not None and section in ("hex_map", "sides"):
            self.zones.set_scenario(self.document.scenario)
        if section == "regions":
            self._regions_changed(ids, kind)
        elif section == "terrain":
            self.regions.terrain_changed()
        elif section in ("nations", "sides"):
            # Only colours are drawn from these: most of their edits (a nation's capital,
            # a side's name) change nothing on the map.
            colours = self._side_colours()
            if colours != self._colours:
                self._colours = colours
                self.regions.restyle()
                self.markers.rebuild()
        elif section == "connection_types" or (section == "connections" and kind == "reset"):
            self.connections.update_many(
                {c.id for c in self.document.scenario.connections} | set(self.connection_looks)
            )
        elif section == "connections":
            self.connections.update_many(ids)
        elif section in PLACED:
            if kind == "reset":
                self.markers.rebuild()
            else:
                self.markers.refresh(self.markers.entities_changed(section, ids))
        self.fan.refresh()

    def _regions_changed(self, ids: Iterable[str], kind: str) -> None:
        drawn = []
        for region_id in ids:
            region = self.document.get("regions", region_id)
            if kind == "remove" or region is None:
                self.regions.drop(region_id)
            else:
                self.regions.add(region, measure=False)
                drawn.append(region)
        if drawn:
            self.regions.names.measure([r.id for r in drawn], [r.polygon for r in drawn])
        self.regions.restyle(set(ids))
        self.connections.update_many(self.connections.around(ids))
        self.markers.refresh(ids)
        self.regions.remeasure()
        self.extentChanged.emit()
        # What the zoom shows depends on the regions' typical size; the next repaint may
        # come late (nothing drawn changed yet), so choose now.
        for view in self.views()[:1]:
            scale = view_scale(view.transform())
            self.set_detail(detail_for(scale, self.regions.typical, self.regions.bounds))

    def _side_colours(self) -> dict[str, str]:
        """Each nation's colour on the map (its side's)."""
        scenario = self.document.scenario
        sides = {s.id: s.color for s in scenario.sides}
        return {n.id: sides.get(n.side, "") for n in scenario.nations}

    def is_selected(self, section: str, entity_id: str) -> bool:
        selection = self.document.selection
        return selection.section == section and entity_id in selection.ids

    def on_selection(self, selection: Selection) -> None:
        # Only what was or is selected changes look: restyling every item of a big map on
        # each click took longer than the click.
        before, self._selection = self._selection, selection
        if self.hexes is not None:
            self.hexes.on_selection(selection)
        for section in {before.section, selection.section}:
            touched = set(before.ids if before.section == section else ())
            touched |= set(selection.ids if selection.section == section else ())
            if section == "regions" or section is None:
                looks = self.region_looks
                for region_id in touched if section else self._all_selected_regions():
                    look = looks.get(region_id)
                    if look is not None:
                        look.selected = self.is_selected("regions", region_id)
                if self.canvas is not None:
                    ids = touched if section else self._all_selected_regions()
                    self.canvas.repaint_regions(ids, self.region_paths)
            elif section == "connections":
                self.connections.update_many(touched & self.connection_looks.keys())
        self.markers.on_selection(before, selection)
        chosen = frozenset(selection.ids) if selection.section == "regions" else frozenset()
        self.regions.names.prefer(chosen)
        self.fan.refresh()

    def _all_selected_regions(self) -> list[str]:
        return [i for i, look in self.region_looks.items() if look.selected]

    # -- layers ----------------------------------------------------------------------------------

    def set_visible(self, layer: str, shown: bool) -> None:
        self.visible[layer] = shown
        if layer == "borders":
            self.regions.set_outlined(shown)
        self._apply_visibility()
        if layer in ("regions", "borders", "connections") and self.picture is not None:
            self.picture.redraw()
        self.fan.refresh()

    def locked(self, layer: str) -> bool:
        return self.locks.get(layer, False) or not self.visible.get(layer, True)

    def group_shown(self, group: str) -> bool:
        """Whether items of a group are shown: their layer is, and the zoom allows them."""
        return self.visible[LAYER_OF[group]] and self._allowed(group)

    def _allowed(self, group: str) -> bool:
        """Whether the zoom allows a group (see :func:`detail_for`)."""
        if group == "lines":
            return self.detail.lines
        if group in ("structures", "supply", "stacks"):
            return self.detail.markers
        return True

    def place(self, item: QGraphicsItem, group: str) -> None:
        """Put a new or changed item in the scene, shown as its group is. Items the zoom
        does not allow stay out of the scene until it does: tens of thousands of hidden
        names and lines would still cost every repaint a visit each. Names are allowed one
        by one (see :mod:`.names`)."""
        fixed = isinstance(item, FIXED_SIZE)
        if isinstance(item, LabelItem):
            allowed = self.regions.names.holds(item.region_id)
        else:
            allowed = self._allowed(group)
        if allowed and fixed:
            allowed = self._window.contains(item.pos())
        if allowed:
            if item.scene() is not self:
                self.addItem(item)
            item.setVisible(self.visible[LAYER_OF[group]])
        elif item.scene() is self:
            item.setVisible(False)
            if fixed:
                # Even hidden, Qt visits and sorts every item of a fixed screen size at each
                # repaint (they are not in its spatial index): 12,000 names and symbols cost
                # a repaint of a few pixels 8 ms.
                self.removeItem(item)

    def follow_views(self, exposed: QRectF) -> None:
        """Keep in the scene only the names and symbols near what is shown (see
        :meth:`place`): the part of the map the views show, or ``exposed`` by a rendering,
        widened by its own size on every side so that scrolling a little changes nothing."""
        seen = QRectF(exposed)
        for view in self.views():
            seen = seen.united(view.mapToScene(view.viewport().rect()).boundingRect())
        window = self._window
        area = seen.width() * seen.height()
        if window.contains(seen) and window.width() * window.height() <= 16 * area:
            return
        width, height = seen.width(), seen.height()
        self._window = seen.adjusted(-width, -height, width, height)
        with gc_paused():
            regions = self.regions
            for region_id in regions.names.shown:
                label = regions.labels.get(region_id)
                if label is None and self._window.contains(regions.name_points[region_id]):
                    label = regions.label(region_id)  # first shown here
                if label is not None:
                    self.place(label, "labels")
            groups = {**self.markers.all_items(), "issues": self.problems.issue_items}
            for group, items in groups.items():
                for item in items:
                    self.place(item, group)

    def near_view(self, point: QPointF) -> bool:
        """Whether ``point`` lies in the part of the map whose names and symbols are kept in
        the scene (see :meth:`follow_views`)."""
        return self._window.contains(point)

    def discard(self, item: QGraphicsItem) -> None:
        if item.scene() is self:
            self.removeItem(item)

    def _groups(self) -> dict[str, list[QGraphicsItem]]:
        return {
            "background": [self.background] if self.background is not None else [],
            "regions": [self.canvas] if self.canvas is not None else [],
            "zones": [self.zones] if self.zones is not None else [],
            "labels": list(self.regions.labels.values()),  # those made so far
            **self.markers.all_items(),
            "issues": self.problems.items(),
        }

    def _apply_visibility(self) -> None:
        """Show and hide the groups whose state changed (items made since got theirs)."""
        for group, items in self._groups().items():
            shown = self.group_shown(group)
            if self._shown.get(group) != shown:
                self._shown[group] = shown
                for item in items:
                    self.place(item, group)
        canvas = self.connections.canvas
        links = (self.visible["connections"], self._allowed("lines"))
        if canvas is not None and self._links_shown != links:
            self._links_shown = links
            canvas.setVisible(links[0])
            canvas.update()

    # -- detail --------------------------------------------------------------------------------

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        super().drawBackground(painter, rect)
        # Qt calls this before choosing which items to draw, so a new detail applies to
        # this very repaint.
        self.follow_views(rect)
        self.zoomed(view_scale(painter.worldTransform()))

    def zoomed(self, scale: float) -> None:
        """Show what the zoom allows at ``scale`` (pixels per map unit), names included."""
        self.set_detail(detail_for(scale, self.regions.typical, self.regions.bounds))
        self.regions.names.show_at(scale)

    def set_detail(self, detail: Detail) -> None:
        """Show what ``detail`` asks for (normally chosen from the zoom at each repaint)."""
        if detail == self.detail:
            return
        picture_changed = detail.picture != self.detail.picture
        self.detail = detail
        if detail.lines:
            self.connections.flush()
        if detail.markers:
            self.markers.ensure()
        self._apply_visibility()
        if picture_changed:
            if self.canvas is not None:
                self.canvas.picture_below = detail.picture
                self.canvas.update()
            self.connections.show_picture(detail.picture)
        if self.picture is not None:
            self.picture.setVisible(detail.picture)
        self.fan.refresh()
        self.detailChanged.emit()

    # -- tooltips ------------------------------------------------------------------------------

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:
        """The tooltip of what is under the mouse: the topmost item that has one, or else
        the region there (regions are not items; see :mod:`.canvas`)."""
        widget = event.widget()
        view = widget.parentWidget() if widget is not None else None
        transform = view.viewportTransform() if hasattr(view, "viewportTransform") else None
        point = event.scenePos()
        text = ""
        found = self.items(point, deviceTransform=transform) if transform else self.items(point)
        for item in found:
            if item.zValue() < Z_REGIONS_TOP:
                break
            if item.toolTip():
                text = item.toolTip()
                break
        if not text:
            look = self.connections.looks.get(self.connection_at(point, self._pixels(3)) or "")
            text = look.tip if look is not None else ""
        if not text and not self.locked("regions"):
            region_id = self.region_at(point)
            if region_id is not None:
                text = self.regions.tooltip(region_id)
        if text:
            QToolTip.showText(event.screenPos(), text, widget)
        else:
            QToolTip.hideText()
        event.setAccepted(bool(text))

    def _pixels(self, count: float) -> float:
        """``count`` screen pixels in map units, at the zoom of the scene's views."""
        return count / max((view_scale(v.transform()) for v in self.views()), default=1.0)

    # -- validation ------------------------------------------------------------------------------

    def set_issues(self, issues: list[Issue]) -> None:
        """Mark where validation found problems (red crosses)."""
        self.problems.set_issues(issues)

    def set_problems(self, polygons: list[shapely.Geometry]) -> None:
        """Draw gaps and overlaps between regions in red."""
        self.problems.set_problems(polygons)


__all__ = ["LAYERS", "LAYER_NAMES", "MapScene"]
