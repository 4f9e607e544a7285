"""From the Earth to map units and back, with pyproj.

A :class:`Projector` joins three things: the CRS the data is in (longitude and latitude, or
the file's own projected CRS), the projected CRS of the map, and the affine step from that
plane to map units (an origin at the map's top-left corner, a scale in km per map unit, y
flipped so that north is up). The scenario keeps the last two as ``map.projection``
(:class:`~schemas.map.MapProjection`), so that every later import lands in the same place and
an export can give real longitude and latitude back.

When the designer does not name a projection, :func:`auto_projection` picks one centred on
the data: a transverse Mercator for a region taller than wide (or small), a Lambert conformal
conic with standard parallels at one sixth and five sixths of its latitudes for a wide one,
and a Mercator true at the middle latitude for a wide band along the equator. All three are
conformal, so shapes and angles stay right, and their scale error over the map stays well
under a percent for regions up to about 2,000 km across.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pyproj
import pyproj.exceptions
import shapely

from ..map import MapProjection
from .readers import GisError

LONLAT = pyproj.CRS("OGC:CRS84")
"""Longitude and latitude on WGS 84, longitude first (as GeoJSON writes them)."""

NAMED = ("tmerc", "lcc", "merc", "laea")
"""Projections the designer may ask for by name; each is centred on the data."""


def parse_crs(text: str, what: str = "CRS") -> pyproj.CRS:
    """A CRS from any text PROJ reads (``EPSG:32618``, a PROJ string, WKT), or a clear error."""
    try:
        return pyproj.CRS.from_user_input(text.strip())
    except pyproj.exceptions.CRSError as error:
        reason = str(error).split(": (Internal Proj Error")[0]
        raise GisError(f"the {what} '{text}' is not one PROJ knows ({reason})") from error


@dataclass(frozen=True)
class Extent:
    """A box in longitude and latitude (degrees); ``west > east`` never happens: data across
    the antimeridian uses longitudes past 180."""

    west: float
    south: float
    east: float
    north: float

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.west + self.east) / 2, (self.south + self.north) / 2)


def lonlat_extent(xy: np.ndarray, crs: pyproj.CRS) -> Extent:
    """The longitude-latitude box of points (one ``[x, y]`` row each) in ``crs``."""
    if len(xy) == 0:
        raise GisError("the layer has no geometry to place on the map")
    if not crs.is_geographic:
        to_lonlat = pyproj.Transformer.from_crs(crs, LONLAT, always_xy=True)
        lon, lat = to_lonlat.transform(xy[:, 0], xy[:, 1])
        xy = np.column_stack([lon, lat])
    lon, lat = xy[:, 0], xy[:, 1]
    if not (np.isfinite(xy).all() and np.abs(lat).max() <= 90):
        raise GisError("some coordinates are not longitudes and latitudes; give the CRS (--crs)")
    west, east = float(lon.min()), float(lon.max())
    if east - west > 180:
        # Across the antimeridian: count western longitudes past 180 so the box is small.
        shifted = np.where(lon < 0, lon + 360, lon)
        if shifted.max() - shifted.min() < east - west:
            west, east = float(shifted.min()), float(shifted.max())
    return Extent(west, float(lat.min()), east, float(lat.max()))


def auto_projection(extent: Extent, name: str | None = None) -> pyproj.CRS:
    """A conformal (or, for ``laea``, equal-area) projection centred on ``extent``."""
    lon0, lat0 = extent.centre
    lon0 = (lon0 + 180) % 360 - 180
    lat_span = extent.north - extent.south
    wide = (extent.east - extent.west) * math.cos(math.radians(lat0)) > lat_span
    if name is None:
        if not wide:
            name = "tmerc"
        elif extent.south < 0 < extent.north or abs(lat0) < 10:
            name = "merc"
        else:
            name = "lcc"
    common = f"+lon_0={lon0:.6f} +ellps=WGS84 +units=m +no_defs"
    if name == "tmerc":
        text = f"+proj=tmerc +lat_0={lat0:.6f} +k=1 +x_0=0 +y_0=0 {common}"
    elif name == "lcc":
        first = extent.south + lat_span / 6
        second = extent.north - lat_span / 6
        if first * second <= 0 or abs(first - second) < 1e-6:
            # Standard parallels either side of the equator make no cone: one parallel, the
            # middle one, does (a tangent cone), unless it is the equator itself.
            first = second = lat0 if abs(lat0) > 1e-6 else 1e-6
        text = (
            f"+proj=lcc +lat_1={first:.6f} +lat_2={second:.6f} +lat_0={lat0:.6f} "
            f"+x_0=0 +y_0=0 {common}"
        )
    elif name == "merc":
        text = f"+proj=merc +lat_ts={lat0:.6f} +x_0=0 +y_0=0 {common}"
    elif name == "laea":
        text = f"+proj=laea +lat_0={lat0:.6f} +x_0=0 +y_0=0 {common}"
    else:
        raise GisError(f"unknown projection '{name}'; named ones are {', '.join(NAMED)}")
    return pyproj.CRS(text)


def default_km_per_unit(size_km: float) -> float:
    """One km per map unit for maps 100 to 10,000 km across; beyond, the power of ten that
    brings the larger side of the map back into 100 to 10,000 units."""
    if size_km <= 0 or 100 <= size_km <= 10_000:
        return 1.0
    if size_km < 100:
        return 10.0 ** math.floor(math.log10(size_km / 100))
    return 10.0 ** math.ceil(math.log10(size_km / 10_000))


def metres_per_unit(crs: pyproj.CRS) -> float:
    """Metres in one unit of a projected CRS's axes (0.3048... for US survey feet)."""
    axes = crs.axis_info
    directions = [a.direction.lower() for a in axes[:2]]
    if sorted(directions) != ["east", "north"]:
        raise GisError(
            f"the projection '{crs.name}' has axes pointing {' and '.join(directions)}; "
            "the map needs one pointing east and one north"
        )
    return float(axes[0].unit_conversion_factor)


class Projector:
    """Projects geometries from a data CRS to map units, and map units back to the Earth."""

    def __init__(
        self,
        source: pyproj.CRS,
        target: pyproj.CRS,
        origin: tuple[float, float],
        km_per_unit: float,
    ) -> None:
        if not target.is_projected:
            raise GisError(f"'{target.name}' is not a projection; the map needs a projected CRS")
        if not km_per_unit > 0:
            raise GisError(f"the scale must be above 0 km per map unit, not {km_per_unit}")
        self.source = source
        self.target = target
        self.origin = origin
        self.km_per_unit = km_per_unit
        self.scale = km_per_unit * 1000.0 / metres_per_unit(target)
        """CRS units in one map unit."""
        self._forward = pyproj.Transformer.from_crs(source, target, always_xy=True)
        self._inverse: dict[str, pyproj.Transformer] = {}

    @classmethod
    def from_model(cls, model: MapProjection, source: pyproj.CRS = LONLAT) -> Projector:
        """The projector a scenario's ``map.projection`` describes, for data in ``source``."""
        target = parse_crs(model.crs, "map's projection")
        return cls(source, target, (model.origin[0], model.origin[1]), model.km_per_unit)

    def model(self) -> MapProjection:
        """What the scenario stores (``map.projection``)."""
        return MapProjection(
            crs=self.target.to_string() if self.target.to_epsg() is None else _epsg(self.target),
            origin=(self.origin[0], self.origin[1]),
            km_per_unit=self.km_per_unit,
        )

    def for_source(self, source: pyproj.CRS) -> Projector:
        """The same map, for data in another CRS."""
        return Projector(source, self.target, self.origin, self.km_per_unit)

    def planar(self, xy: np.ndarray) -> np.ndarray:
        """Coordinates of the data CRS on the map's projected plane."""
        if self.source == self.target:
            return np.asarray(xy, dtype=float)
        x, y = self._forward.transform(xy[:, 0], xy[:, 1], errcheck=False)
        out = np.column_stack([x, y])
        if not (np.isfinite(x).all() and np.isfinite(y).all()):
            raise GisError(
                "some points cannot be projected (too far from the projection's centre, or not "
                "in the data's CRS); give another projection or the right CRS"
            )
        return out

    def plane_to_map(self, xy: np.ndarray) -> np.ndarray:
        out = np.empty_like(xy)
        out[:, 0] = (xy[:, 0] - self.origin[0]) / self.scale
        out[:, 1] = (self.origin[1] - xy[:, 1]) / self.scale
        return out

    def map_to_plane(self, xy: np.ndarray) -> np.ndarray:
        out = np.empty_like(xy, dtype=float)
        out[:, 0] = self.origin[0] + xy[:, 0] * self.scale
        out[:, 1] = self.origin[1] - xy[:, 1] * self.scale
        return out

    def points_to_map(self, xy: np.ndarray) -> np.ndarray:
        """Points (one ``[x, y]`` row each, in the data CRS) in map units."""
        return self.plane_to_map(self.planar(np.asarray(xy, dtype=float).reshape(-1, 2)))

    def to_map(self, geoms: np.ndarray) -> np.ndarray:
        """Geometries of the data CRS in map units."""
        return _transform(geoms, lambda xy: self.plane_to_map(self.planar(xy)))

    def to_crs(self, geoms: np.ndarray, crs: pyproj.CRS = LONLAT) -> np.ndarray:
        """Geometries in map units, in ``crs`` (longitude and latitude by default)."""
        key = crs.to_wkt()
        if key not in self._inverse:
            self._inverse[key] = pyproj.Transformer.from_crs(self.target, crs, always_xy=True)
        inverse = self._inverse[key]

        def back(xy: np.ndarray) -> np.ndarray:
            plane = self.map_to_plane(xy)
            x, y = inverse.transform(plane[:, 0], plane[:, 1], errcheck=False)
            return np.column_stack([x, y])

        return _transform(geoms, back)


def _epsg(crs: pyproj.CRS) -> str:
    authority = crs.to_authority()
    return f"{authority[0]}:{authority[1]}" if authority else crs.to_string()


def _transform(geoms: np.ndarray, work: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    moved: np.ndarray = shapely.transform(geoms, work)
    return moved


def project_points(
    xy: np.ndarray,
    source: pyproj.CRS,
    projection: str | None = None,
    km_per_unit: float | None = None,
    existing: MapProjection | None = None,
) -> tuple[Projector, np.ndarray]:
    """The projector for an import, and the points (one ``[x, y]`` row each, in the data's
    CRS) in map units, each projected once.

    ``projection`` is ``None`` or ``"auto"`` (chosen from the data's extent; a projected file
    keeps its own CRS), ``"source"`` (the file's projected CRS), a name of :data:`NAMED`, or
    any CRS text. ``existing`` is the scenario's ``map.projection``: it wins, so that the new
    data lines up with the map; asking for another projection or scale then is an error. A
    first import puts the map's top-left corner at the data's north-west corner.
    """
    if len(xy) == 0:
        raise GisError("the layer has no geometry to place on the map")
    if existing is not None:
        wanted = projection not in (None, "auto")
        if wanted or (km_per_unit is not None and km_per_unit != existing.km_per_unit):
            raise GisError(
                "the scenario already lies on a projection (map.projection); later imports use "
                "it so that everything lines up: leave out the projection and the scale"
            )
        projector = Projector.from_model(existing, source)
        return projector, projector.points_to_map(xy)
    target = choose_target(xy, source, projection)
    probe = Projector(source, target, (0.0, 0.0), km_per_unit or 1.0)
    plane = probe.planar(xy)
    west, east = float(plane[:, 0].min()), float(plane[:, 0].max())
    south, north = float(plane[:, 1].min()), float(plane[:, 1].max())
    size_km = max(east - west, north - south) * metres_per_unit(target) / 1000.0
    scale = km_per_unit if km_per_unit is not None else default_km_per_unit(size_km)
    projector = Projector(source, target, (west, north), scale)
    return projector, projector.plane_to_map(plane)


def choose_target(xy: np.ndarray, source: pyproj.CRS, projection: str | None) -> pyproj.CRS:
    """The map's projected CRS for data in ``source`` (see :func:`project_points`)."""
    if projection in (None, "auto"):
        if source.is_projected:
            return source
    elif projection == "source":
        if not source.is_projected:
            raise GisError("the data is in longitude and latitude: 'source' needs projected data")
        return source
    elif projection not in NAMED:
        return parse_crs(projection, "projection")
    return auto_projection(lonlat_extent(xy, source), projection if projection in NAMED else None)


NAMES = {
    "tmerc": "Transverse Mercator",
    "lcc": "Lambert conformal conic",
    "merc": "Mercator",
    "laea": "Lambert azimuthal equal-area",
}
"""The projections of :data:`NAMED` as people call them."""


def describe_crs(crs: pyproj.CRS) -> str:
    """A projection's name for people: "Lambert conformal conic centred on 7.00°E 47.00°N"
    for one made here, the CRS's own name ("WGS 84 / UTM zone 33N") otherwise."""
    if crs.name and crs.name != "unknown":
        return crs.name
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # a PROJ string says all it needs here
        params = crs.to_dict()
    operation = crs.coordinate_operation
    # A geographic CRS has no coordinate operation: its PROJ name ("longlat") is all it has.
    method = operation.method_name if operation is not None else str(params.get("proj"))
    name = NAMES.get(str(params.get("proj")), method)
    lon, lat = params.get("lon_0"), params.get("lat_0", params.get("lat_ts"))
    if lon is None or lat is None:
        return name
    east = "E" if float(lon) >= 0 else "W"
    north = "N" if float(lat) >= 0 else "S"
    return f"{name} centred on {abs(float(lon)):.2f}°{east} {abs(float(lat)):.2f}°{north}"
