"""Regions on the map: outlines filled by terrain or owner, their borders, and their names."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPixmap
from PySide6.QtWidgets import QGraphicsPixmapItem

from editor.shared.images import load_image
from editor.shared.map.drawing import LabelItem, anchor_of, outline_path
from editor.shared.map.outlines import outline_paths
from editor.shared.map.poles import label_poles, poles
from editor.studio.map.canvas import RegionCanvas, RegionLook
from editor.studio.map.items import Z
from editor.studio.map.name_widths import NameWidths
from editor.studio.map.names import NameLayer
from schemas.geometry.build import Rings
from schemas.map import Region
from schemas.terrain import TerrainType

if TYPE_CHECKING:
    from editor.studio.map.scene import MapScene

_WORKER = ThreadPoolExecutor(1, thread_name_prefix="region-poles")
"""Finds the regions' poles while a map is drawn (see :meth:`RegionLayer.build`)."""
REMEASURE_ALWAYS = 2000
"""Up to this many regions, the typical size is measured again after every edit."""


def median(values: np.ndarray) -> float:
    """The median of ``values``, the value ``np.median`` gives, without ``np.median``:
    its first call imports ``numpy.ma``, 10 ms of opening a map."""
    count = len(values)
    if count == 0:
        return float("nan")
    half = count // 2
    if count % 2:
        return float(np.partition(values, half)[half])
    part = np.partition(values, [half - 1, half])
    return float((part[half - 1] + part[half]) / 2)


class RegionLayer:
    """The regions of a scene: how each is drawn (:attr:`looks`, painted by one
    :class:`.canvas.RegionCanvas` for all), their outlines as paths, their names, and the
    point each name hangs from (which symbols placed by the map also keep clear of). Which
    names are shown at a zoom is for :attr:`names` to decide."""

    def __init__(self, scene: MapScene) -> None:
        self.scene = scene
        self.canvas: RegionCanvas | None = None
        """Made with the scene's items (:meth:`build`); ``None`` until then."""
        self.looks: dict[str, RegionLook] = {}
        self.paths: dict[str, QPainterPath] = {}
        self.labels: dict[str, LabelItem] = {}
        """The name items made so far: one is made when its name is first shown (see
        :meth:`label`); 10,000 made on opening a map cost a quarter of a second."""
        self.texts: dict[str, str] = {}
        """Each region's name, as its name item reads it."""
        self.widths = NameWidths(self.texts)
        """The width of each region's name in each font (:meth:`LabelItem.widths_of`),
        measured when first needed."""
        self.name_points: dict[str, QPointF] = {}
        self.names = NameLayer(scene)
        self.bounds = QRectF()
        self.typical = 1.0
        """How wide a typical region is, in map units (the median of :attr:`sizes`)."""
        self.sizes: dict[str, float] = {}
        """How wide each region is: the square root of its bounding box's area."""
        self._measured = 0
        """How many regions :attr:`typical` was last measured over."""
        self._terrain_looks: dict[str, tuple[str, str]] = {}
        """What regions take from each terrain type when they were last styled."""

    def clear(self) -> None:
        """Forget every item (the scene has just been cleared)."""
        self.canvas = None
        self.looks.clear()
        self.paths.clear()
        self.labels.clear()
        self.texts.clear()
        self.widths.clear()
        self.name_points.clear()
        self.names.clear()
        self.sizes.clear()
        self.typical = 1.0
        self._measured = 0

    def build(self) -> None:
        scene = self.scene
        canvas = self.canvas = RegionCanvas(scene)
        canvas.paths, canvas.looks = self.paths, self.looks
        canvas.outlined = scene.visible["borders"]
        canvas.picture_below = scene.detail.picture
        canvas.setVisible(scene.group_shown("regions"))
        scene.addItem(canvas)
        regions = scene.document.scenario.regions
        # The poles (a third of a second at 10,000 regions, in GEOS, which lets go of the
        # GIL) are found on a second core while this one makes the outlines, from the
        # outlines flattened here once (flattening is Python: on the second core too, it
        # held the interpreter lock this one needs).
        rings = Rings.of([r.polygon for r in regions])
        poles_found = _WORKER.submit(label_poles, regions, rings)
        paths = outline_paths([r.polygon for r in regions], rings)
        self._add_all(regions, paths)
        found = poles_found.result()
        for region in regions:
            self.name_points[region.id] = self._name_point(
                region, self.paths[region.id], found.get(region.id), True
            )
        boxes = [self.paths[r.id].boundingRect().getCoords() for r in regions]
        canvas.index.fill([r.id for r in regions], np.array(boxes, dtype=float))
        self.restyle()
        self.measure(rings)

    def _add_all(self, regions: list[Region], paths: list[QPainterPath]) -> None:
        """What :meth:`add` does while building, for a whole map at once, with the names'
        widths measured together. Only on a fresh layer (no name item, no text yet); else,
        and for an id met again, :meth:`add` itself."""
        if self.texts or self.labels:
            for region, path in zip(regions, paths, strict=True):
                self.add(region, building=True, path=path)
            return
        looks, outlines, texts = self.looks, self.paths, self.texts
        # The names' widths are measured when a zoom first may show them (see .name_widths).
        for region, path in zip(regions, paths, strict=True):
            region_id = region.id
            if region_id in texts:  # an id repeated in the list
                self.add(region, building=True, path=path)
                continue
            if region_id not in looks:
                looks[region_id] = RegionLook(region_id)
            outlines[region_id] = path
            texts[region_id] = region.name

    def add(
        self,
        region: Region,
        building: bool = False,
        path: QPainterPath | None = None,
        measure: bool = True,
    ) -> None:
        """Add a region or draw it again after an edit (``building``: while :meth:`build`
        draws the whole map, which does the rest at once, and hands the outline's ``path``
        made with all the others). ``measure=False``: the caller measures the room of the
        names of all the regions an edit changed at once (:meth:`.NameLayer.measure`), one
        update of the table of names instead of one per region."""
        scene = self.scene
        if path is None:
            path = outline_path(region)
        if region.id not in self.looks:
            self.looks[region.id] = RegionLook(region.id)
        old = self.paths.get(region.id)
        self.paths[region.id] = path
        if not building and self.canvas is not None:
            self.canvas.index.set(region.id, path.boundingRect())
            self.canvas.repaint_regions([region.id], {region.id: path})
            if old is not None:
                self.canvas.repaint_regions([region.id], {region.id: old})
        if not building:  # else :meth:`build` places the names once every pole is found
            point = self.name_points[region.id] = self._name_point(region, path, None, False)
        # Items are changed rather than replaced: the first item added to a large scene
        # after one was removed costs milliseconds (Qt purges its index).
        label = self.labels.get(region.id)
        was = self.texts.get(region.id)
        if was != region.name:
            self.texts[region.id] = region.name
            widths = self.widths[region.id] = LabelItem.widths_of(region.name)
            if label is not None:
                label.set_text(region.name, widths)
            if was is not None:
                self.names.stale()
        if not building:
            if label is not None:
                label.setPos(point)
                scene.place(label, "labels")
            if measure:
                self.names.measure([region.id], [region.polygon])
            box = path.boundingRect()
            self.sizes[region.id] = float(np.sqrt(box.width() * box.height()))
        if not building:
            rect = path.boundingRect()
            if not self.bounds.contains(rect):
                self.set_bounds(self.bounds.united(rect))
            if scene.picture is not None:
                scene.picture.regions_changed([region.id])

    def label(self, region_id: str) -> LabelItem:
        """The name item of a region, made now if it was not yet."""
        label = self.labels.get(region_id)
        if label is None:
            text = self.texts[region_id]
            label = self.labels[region_id] = LabelItem(region_id, text, self.widths[region_id])
            label.setPos(self.name_points[region_id])
            label.set_small(self.names.shown.get(region_id, False))
        return label

    def _name_point(
        self, region: Region, path: QPainterPath, pole: tuple[float, float] | None, known: bool
    ) -> QPointF:
        if region.anchors.label is not None:
            return QPointF(*region.anchors.label)
        if pole is None and not known:
            (pole,) = poles([region])
        return QPointF(*pole) if pole is not None else anchor_of(region, "label", path)

    def tooltip(self, region_id: str) -> str:
        """What the map's tooltip says of a region."""
        return f"{self.texts.get(region_id, region_id)} ({region_id})"

    def set_bounds(self, bounds: QRectF) -> None:
        self.bounds = QRectF(bounds)
        if self.canvas is not None:
            self.canvas.set_bounds(bounds)
        if self.scene.picture is not None:
            self.scene.picture.set_bounds(bounds)

    def drop(self, region_id: str) -> None:
        label = self.labels.pop(region_id, None)
        if label is not None:
            self.scene.discard(label)
        self.looks.pop(region_id, None)
        path = self.paths.pop(region_id, None)
        if self.canvas is not None and path is not None:
            self.canvas.index.remove(region_id)
            self.canvas.repaint_regions([region_id], {region_id: path})
        self.texts.pop(region_id, None)
        self.widths.pop(region_id, None)
        self.sizes.pop(region_id, None)
        self.name_points.pop(region_id, None)
        self.names.forget(region_id)
        if self.scene.picture is not None:
            self.scene.picture.regions_changed([region_id])

    def restyle(self, ids: set[str] | None = None) -> None:
        """Fill regions by terrain or by owner (the scene's ``fill_mode``)."""
        scene = self.scene
        doc = scene.document
        terrain = {t.id: t for t in doc.scenario.terrain}
        if ids is None:
            self._terrain_looks = _looks(terrain)
        nations = {n.id: n for n in doc.scenario.nations}
        sides = {s.id: s for s in doc.scenario.sides}
        regions = (
            doc.scenario.regions
            if ids is None
            else [r for r in (doc.get("regions", i) for i in ids) if r is not None]
        )
        looks = self.looks
        # One colour object per colour, shared by the regions painted in it (nothing changes
        # a look's colour in place): parsing a colour per region was a few ms at 10,000.
        made: dict[tuple[str, int | None], QColor] = {}

        def colour(name: str, alpha: int | None = None) -> QColor:
            found = made.get((name, alpha))
            if found is None:
                found = made[(name, alpha)] = QColor(name)
                if alpha is not None:
                    found.setAlpha(alpha)
            return found

        for region in regions:
            look = looks.get(region.id)
            if look is None:
                continue
            kind = terrain.get(region.terrain)
            if scene.fill_mode == "owner":
                nation = nations.get(region.owner or "")
                side = sides.get(nation.side) if nation else None
                color = colour(side.color if side else "#d8d8d8", 150 if side else 255)
                if kind is not None and kind.domain in ("sea", "lake"):
                    color = colour(kind.color)
            else:
                color = colour(kind.color if kind else "#cccccc")
            if region.unplayable:
                color = colour("#8a8a8a")
            look.fill, look.hatched = color, region.off_map
        if self.canvas is not None:
            if ids is None:
                self.canvas.update()
            else:
                self.canvas.repaint_regions(ids, self.paths)
        if scene.picture is not None:
            if ids is None:
                scene.picture.invalidate()
            else:
                scene.picture.regions_changed(ids)

    def terrain_changed(self) -> None:
        """The terrain table changed: restyle the regions whose terrain looks different
        now (its colour, or its domain, which the owner fill reads), and only them: most
        edits of the table (costs, stacking, names) change no region's look, and restyling
        every region of a 10,000-region map took a tenth of a second or more."""
        terrain = {t.id: t for t in self.scene.document.scenario.terrain}
        looks = _looks(terrain)
        old = self._terrain_looks
        changed = {i for i in looks.keys() | old.keys() if looks.get(i) != old.get(i)}
        if not changed:
            return
        regions = self.scene.document.scenario.regions
        self.restyle({r.id for r in regions if r.terrain in changed})
        self._terrain_looks = looks

    def set_outlined(self, outlined: bool) -> None:
        """Show or hide every region's border (the borders layer); fills stay."""
        if self.canvas is not None and self.canvas.outlined != outlined:
            self.canvas.outlined = outlined
            self.canvas.update()

    def measure(self, rings: Rings | None = None) -> None:
        """The map's extent, how big a typical region is, for choosing the detail, and the
        room each region has for its name (``rings``: the regions' outlines flattened, when
        the caller has them)."""
        regions = self.scene.document.scenario.regions
        if rings is None:
            rings = Rings.of([r.polygon for r in regions])
        self.names.measure([r.id for r in regions], [r.polygon for r in regions], rings)
        bounds, typical = QRectF(), 1.0
        full = rings.lengths > 0
        if full.any():
            starts = np.concatenate([[0], np.cumsum(rings.lengths)[:-1]])
            lows = np.minimum.reduceat(rings.coords, starts[full])
            highs = np.maximum.reduceat(rings.coords, starts[full])
            exterior = np.r_[True, rings.owner[1:] != rings.owner[:-1]][full]
            sizes = np.sqrt(np.prod(highs[exterior] - lows[exterior], axis=1))
            typical = median(sizes) or 1.0
            bounds = QRectF(QPointF(*lows.min(axis=0)), QPointF(*highs.max(axis=0)))
            owners = rings.owner[full][exterior].tolist()
            self.sizes = {
                regions[i].id: size for i, size in zip(owners, sizes.tolist(), strict=True)
            }
        self.typical = typical
        self.set_bounds(bounds)
        self._measured = len(self.sizes)

    def remeasure(self) -> None:
        """Follow edits that added, removed or reshaped regions: the typical size decides
        what the zoom shows (a new map's first regions make it, and with it their symbols
        and connections appear), and the extent what zooming to fit shows. On a large map
        one edit cannot move the median much, so it is measured again only once the number
        of regions has changed by a tenth (a median of 10,000 sizes costs 3 ms)."""
        count = len(self.sizes)
        if count > REMEASURE_ALWAYS and abs(count - self._measured) < self._measured / 10:
            return
        if self.sizes:
            values = np.fromiter(self.sizes.values(), dtype=float, count=count)
            self.typical = median(values) or 1.0
        else:
            self.typical = 1.0
        self._measured = count
        if not self.looks:
            self.set_bounds(QRectF())


def _looks(terrain: dict[str, TerrainType]) -> dict[str, tuple[str, str]]:
    return {terrain_id: (kind.color, kind.domain) for terrain_id, kind in terrain.items()}


def background_item(scene: MapScene) -> QGraphicsPixmapItem | None:
    """The tracing image under the map, when the scenario names one that loads."""
    document = scene.document
    settings = document.scenario.map.background
    if settings is None:
        return None
    # Through the guarded reader: a path naming a pipe, a device or a file outside the
    # scenario's folder is never opened, and a huge image is refused before it is decoded.
    loaded = load_image(document.folder, settings.path)
    if loaded.image is None:
        return None
    pixmap = QPixmap.fromImage(loaded.image)
    item = QGraphicsPixmapItem(pixmap)
    item.setZValue(Z["background"])
    item.setOpacity(settings.opacity)
    item.setPos(settings.x, settings.y)
    item.setScale(settings.width / max(1, pixmap.width()))
    item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
    item.setVisible(scene.group_shown("background"))
    scene.addItem(item)
    return item


class Labels(Mapping[str, LabelItem]):
    """Every region's name item, each made when first asked for (see
    :meth:`RegionLayer.label`): what tools and tests read as the scene's names."""

    def __init__(self, layer: RegionLayer) -> None:
        self.layer = layer

    def __getitem__(self, region_id: str) -> LabelItem:
        if region_id not in self.layer.texts:
            raise KeyError(region_id)
        return self.layer.label(region_id)

    def __iter__(self) -> Iterator[str]:
        return iter(self.layer.texts)

    def __len__(self) -> int:
        return len(self.layer.texts)
