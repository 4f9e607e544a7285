"""The import dialog's work, in a worker thread: reading the layer, projecting and simplifying
(:func:`schemas.gis.prepare`, with its progress and cancel flag), naming, and putting the
result into a copy of the scenario, so that Import only has to hand it to the document.

One job at a time runs, on one thread; a newer request cancels the one running, which
stops at its next check. The read layer and the prepared
geometry are kept between jobs: changing which property holds the names redoes the quick
part only, changing the simplification redoes the geometry but not the reading.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from PySide6.QtCore import QObject, Signal

from editor.studio.gis_import.picture import picture_of
from schemas.geometry import build_polygons
from schemas.gis import (
    Cancelled,
    GisError,
    Imported,
    ImportOptions,
    Layer,
    Prepared,
    Progress,
    apply_regions,
    guess_fields,
    import_layer,
    plan_regions,
    prepare,
    read_layer,
)
from schemas.gis.projection import describe_crs, parse_crs
from schemas.gis.regions import default_projection
from schemas.scenario import Scenario

log = logging.getLogger(__name__)


@dataclass
class Request:
    """What to preview: a layer of a file, the options, and the scenario to import into."""

    number: int
    path: Path
    layer: str | None
    options: ImportOptions
    target: Scenario
    cancel: threading.Event = field(default_factory=threading.Event)


@dataclass(frozen=True)
class Shape:
    """What the geometry work came to, in numbers."""

    vertices_before: int
    vertices_after: int
    tolerance_km: float
    min_area_km2: float
    overlapped: list[str] = field(default_factory=list)
    """Regions already on the map that the imported ones overlap."""


@dataclass
class Outcome:
    """A finished preview: the import done on a copy of the scenario.

    Nothing of pyproj's travels to the UI thread: its objects belong to the thread that made
    them (freeing one on another thread while that thread works crashes PROJ), so the
    prepared geometry stays in the worker and the dialog gets its numbers (:class:`Shape`).
    """

    number: int
    layer: Layer
    imported: Imported
    projection: str
    """The map's projection, by name."""
    km_per_unit: float | None
    """The map's scale (known once the geometry is prepared, or from the scenario)."""
    fields: Any
    """The property map used (the dialog's choices with the guesses filled in)."""
    shape: Shape | None = None
    picture: Any = None
    """What the preview shows (:class:`.picture.Picture`), drawn in the worker too."""


@dataclass
class _Cache:
    """What jobs keep for the next one (only one job runs at a time)."""

    layer_key: tuple[Any, ...] | None = None
    layer: Layer | None = None
    prepared_key: tuple[Any, ...] | None = None
    prepared: Prepared | None = None


class _Signals(QObject):
    progressed = Signal(int, str, float)
    finished = Signal(object)
    failed = Signal(int, str)
    cancelled = Signal(int)


def geometry_key(request: Request) -> tuple[Any, ...]:
    """Everything the prepared geometry depends on (the rest only renames and re-plans)."""
    o = request.options
    existing = request.target.map.projection
    return (
        str(request.path),
        request.layer,
        o.crs,
        o.projection,
        o.km_per_unit,
        o.simplify_km,
        o.simplify_vertices,
        o.min_area_km2,
        o.multipart,
        existing.model_dump_json() if existing else None,
    )


class _Job:
    """One preview, run on the worker's thread."""

    def __init__(self, request: Request, cache: _Cache, signals: _Signals) -> None:
        self.request, self.cache, self.signals = request, cache, signals

    def run(self) -> None:
        request = self.request
        number = request.number
        if request.cancel.is_set():
            self.signals.cancelled.emit(number)
            return
        progress = Progress(
            lambda text, done: self.signals.progressed.emit(number, text, done),
            request.cancel.is_set,
        )
        try:
            outcome = self._work(progress)
            progress.step("Drawing the preview", 1.0)
            outcome.picture = picture_of(outcome.imported, request.target, outcome.layer)
            self.signals.finished.emit(outcome)
        except Cancelled:
            self.signals.cancelled.emit(number)
        except GisError as error:
            self.signals.failed.emit(number, str(error))
        except Exception as error:  # a bug must not leave the dialog waiting forever
            log.exception("GIS import preview failed")
            self.signals.failed.emit(number, f"the import failed unexpectedly: {error}")

    def _work(self, progress: Progress) -> Outcome:
        request, cache = self.request, self.cache
        layer_key = (str(request.path), request.layer)
        if cache.layer_key != layer_key or cache.layer is None:
            cache.layer_key, cache.layer, cache.prepared_key = None, None, None
            cache.layer = read_layer(request.path, request.layer, progress)
            cache.layer_key = layer_key
        layer = cache.layer
        target = request.target
        fields = guess_fields(list(layer.fields), request.options.fields)
        options = replace(request.options, fields=fields)
        kinds = layer.kinds()
        if kinds != {"polygon"}:
            imported = import_layer(layer, target, options, progress)
            model = target.map.projection
            name = describe_crs(parse_crs(model.crs)) if model else "none"
            scale = model.km_per_unit if model else None
            return Outcome(request.number, layer, imported, name, scale, fields)
        key = geometry_key(request)
        if cache.prepared_key != key or cache.prepared is None:
            cache.prepared_key, cache.prepared = None, None
            cache.prepared = prepare(layer, options, target.map.projection, progress)
            cache.prepared_key = key
        prepared = cache.prepared
        progress.step("Naming regions", 0.95)
        plan = plan_regions(prepared, layer, target, fields)
        progress.step("Joining neighbours", 0.97)
        scenario, notes = apply_regions(target, plan, options.connect)
        progress.step("Done", 1.0)
        imported = Imported(
            scenario,
            "regions",
            [*plan.notes, *notes],
            [r.id for r in plan.added],
            [r.id for r in plan.updated],
        )
        km = prepared.projector.km_per_unit
        shape = Shape(
            prepared.vertices_before,
            prepared.vertices_after,
            prepared.tolerance * km,
            prepared.km2(prepared.min_area),
            overlapped_regions(imported),
        )
        name = describe_crs(prepared.projector.target)
        return Outcome(request.number, layer, imported, name, km, fields, shape)


def overlapped_regions(imported: Imported) -> list[str]:
    """The ids of the regions an import leaves in place that its new or updated regions
    overlap (more than touch): a map drawn by hand under real geography, say."""
    touched = set(imported.added) | set(imported.updated)
    regions = imported.scenario.regions
    fresh = [r for r in regions if r.id in touched]
    others = [r for r in regions if r.id not in touched and not r.off_map]
    if not fresh or not others:
        return []
    new_shapes = np.asarray(build_polygons([r.polygon for r in fresh]), dtype=object)
    old_shapes = np.asarray(build_polygons([r.polygon for r in others]), dtype=object)
    tree = shapely.STRtree(old_shapes)
    _, hits = tree.query(new_shapes, predicate="overlaps")
    _, inside = tree.query(new_shapes, predicate="within")
    _, around = tree.query(new_shapes, predicate="contains")
    found = {int(i) for part in (hits, inside, around) for i in part}
    return sorted(others[i].id for i in found)


def projection_name(layer: Layer, options: ImportOptions) -> str:
    """The name of the projection a first import of ``layer`` would choose."""
    return describe_crs(default_projection(layer, options))


class ImportWorker(QObject):
    """Runs previews one at a time on a thread of its own.

    A plain Python thread that lives as long as the dialog, not a Qt pool's: pyproj keeps a
    PROJ context per thread, and a Qt pool's thread gets a new Python thread state (and so
    loses that context) between jobs, while the geometry kept for the next job still
    points at it.
    """

    progressed = Signal(int, str, float)
    """Request number, what is being done, fraction done."""
    finished = Signal(object)
    """An :class:`Outcome`."""
    failed = Signal(int, str)
    cancelled = Signal(int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._cache = _Cache()
        self._signals = _Signals()
        self._signals.progressed.connect(self.progressed)
        self._signals.finished.connect(self.finished)
        self._signals.failed.connect(self.failed)
        self._signals.cancelled.connect(self.cancelled)
        self._queue: queue.Queue[Request | None] = queue.Queue()
        self._thread = threading.Thread(target=self._serve, name="gis-import", daemon=True)
        self._thread.start()
        self.current: Request | None = None

    def _serve(self) -> None:
        while True:
            request = self._queue.get()
            try:
                if request is None:
                    self._cache = _Cache()  # PROJ's objects go on the thread that made them
                    return
                _Job(request, self._cache, self._signals).run()
            finally:
                self._queue.task_done()

    def start(self, request: Request) -> None:
        """Run ``request`` after cancelling the one running."""
        if self.current is not None:
            self.current.cancel.set()
        self.current = request
        self._queue.put(request)

    def cancel(self) -> None:
        if self.current is not None:
            self.current.cancel.set()

    def busy(self) -> bool:
        return self._queue.unfinished_tasks > 0

    def wait(self, seconds: float | None = None) -> bool:
        """Block until every job is done (for tests); ``False`` if time ran out."""
        deadline = None if seconds is None else time.monotonic() + seconds
        while self.busy():
            if deadline is not None and time.monotonic() > deadline:
                return False
            time.sleep(0.005)
        return True

    def stop(self) -> None:
        """Cancel what runs and end the thread (when the dialog closes)."""
        self.cancel()
        if self._thread.is_alive():
            self._queue.put(None)
            self._thread.join(timeout=30)
