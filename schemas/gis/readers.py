"""Reading GIS files: GeoJSON, Shapefile, GeoPackage (anything GDAL reads), through pyogrio.

A file is read into a :class:`Layer`: its geometries as shapely objects, its attribute table
as one list per field, and its coordinate reference system. Nothing is projected here.
Failures become :class:`GisError` with a message that names the file (and the layer), never a
traceback.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pyogrio
import pyogrio.errors
import pyogrio.raw
import shapely

from .progress import Progress


class GisError(Exception):
    """A GIS file, layer or setting cannot be used; the message says why and where."""


_READ_ERRORS = (
    pyogrio.errors.DataSourceError,
    pyogrio.errors.DataLayerError,
    pyogrio.errors.FieldError,
    pyogrio.errors.FeatureError,
    pyogrio.errors.GeometryError,
    pyogrio.errors.CRSError,
    OSError,
)


@dataclass
class Layer:
    """One layer of a GIS file, as read."""

    path: Path
    name: str
    geometries: np.ndarray
    """One shapely geometry per feature (``None`` where a feature has none)."""
    fields: dict[str, list[Any]] = field(default_factory=dict)
    """Attribute table: one list per field, in the file's order."""
    crs: str | None = None
    """The file's CRS as GDAL reports it (``"EPSG:4326"``, WKT), ``None`` if unknown."""

    def __len__(self) -> int:
        return len(self.geometries)

    def properties(self, index: int) -> dict[str, Any]:
        """The attributes of one feature."""
        return {name: values[index] for name, values in self.fields.items()}

    def kinds(self) -> set[str]:
        """The geometry families present: ``polygon``, ``line``, ``point``."""
        types = shapely.get_type_id(self.geometries[~shapely.is_missing(self.geometries)])
        out = set()
        for type_id in np.unique(types).tolist():
            if type_id in (3, 6):
                out.add("polygon")
            elif type_id in (1, 2, 5):
                out.add("line")
            elif type_id in (0, 4):
                out.add("point")
            elif type_id == 7:
                out.add("collection")
        return out


def list_layers(path: str | os.PathLike[str]) -> list[tuple[str, str]]:
    """The layers of a file with their geometry type, as ``(name, type)`` pairs."""
    try:
        return [(str(name), str(kind)) for name, kind in pyogrio.list_layers(path)]
    except _READ_ERRORS as error:
        raise GisError(f"cannot read '{path}': {_reason(error)}") from error


def read_layer(
    path: str | os.PathLike[str],
    layer: str | None = None,
    progress: Progress | None = None,
) -> Layer:
    """Read one layer (the first when ``layer`` is not given) of a GIS file."""
    progress = progress or Progress()
    path = Path(path)
    if not path.exists():
        raise GisError(f"no such file: '{path}'")
    layers = list_layers(path)
    if not layers:
        raise GisError(f"'{path}' holds no layer")
    names = [name for name, _ in layers]
    if layer is None:
        layer = names[0]
    elif layer not in names:
        raise GisError(f"'{path}' has no layer '{layer}'; its layers: {', '.join(names)}")
    progress.step(f"Reading {path.name}", 0.0)
    try:
        meta, _, wkb, values = pyogrio.raw.read(path, layer=layer, force_2d=True)
    except _READ_ERRORS as error:
        raise GisError(f"cannot read layer '{layer}' of '{path}': {_reason(error)}") from error
    progress.check()
    geometries = shapely.from_wkb(wkb, on_invalid="ignore") if wkb is not None else None
    if geometries is None:
        geometries = np.full(len(values[0]) if values else 0, None, dtype=object)
    fields = {
        str(name): [_plain(v) for v in column]
        for name, column in zip(meta["fields"], values, strict=True)
    }
    return Layer(path, layer, np.asarray(geometries, dtype=object), fields, meta.get("crs"))


def _plain(value: Any) -> Any:
    """A numpy scalar as a plain Python value (so that it prints and compares plainly)."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and value != value:  # NaN: an empty numeric cell
        return None
    return value


def _reason(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text.split("; It might help")[0]
