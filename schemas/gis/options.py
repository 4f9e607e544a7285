"""What the designer chooses for an import: the projection, the simplification, the fields."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .coverage import MultipartMode

PointKind = Literal["city", "village", "fort", "airfield", "port", "supply"]
"""What point features become: a structure of that kind, or a supply source."""
LineKind = Literal["river", "major-river", "road", "rail"]
"""What line features become: river crossings (of that connection type), or a network."""
VpAs = Literal["capture", "hold_at_end"]


@dataclass(frozen=True)
class FieldMap:
    """Which property holds what; ``None`` leaves it out (defaults are guessed from the
    property names by :func:`guess_fields`)."""

    id: str | None = None
    name: str | None = None
    terrain: str | None = None
    owner: str | None = None
    area: str | None = None
    network: str | None = None
    """The region's transport network: ``none``, ``trail``, ``road`` or ``rail``."""
    vp: str | None = None
    """A number: the VP the region (or structure) is worth to every side."""
    vp_as: VpAs = "capture"
    """Whether ``vp`` is gained by capturing the place, or by holding it at the end."""
    kind: str | None = None
    """For points: a property giving each one's kind (city, port, supply...)."""


@dataclass(frozen=True)
class ImportOptions:
    """Everything an import can be told; the defaults suit most data."""

    layer: str | None = None
    """Layer of the file (the first one when not given)."""
    crs: str | None = None
    """The data's CRS when the file does not say (or says wrong)."""
    projection: str | None = None
    """``auto`` (the default), ``source``, one of ``tmerc``, ``lcc``, ``merc``, ``laea``, or
    any CRS PROJ reads; ignored when the scenario already has a projection."""
    km_per_unit: float | None = None
    """Map scale; by default the scenario's, else see ``projection.default_km_per_unit``."""
    simplify_km: float | None = None
    """Simplification tolerance in km."""
    simplify_vertices: float | None = None
    """Or: the average number of vertices per region to simplify to."""
    min_area_km2: float | None = None
    """Slivers and gaps under this area join a neighbour; by default a thousandth of the
    median feature's area. 0 turns merging off."""
    multipart: MultipartMode = "split"
    fields: FieldMap = field(default_factory=FieldMap)
    connect: bool = True
    """Add a connection between every pair of new neighbours (units move only along
    connections)."""
    points_as: PointKind = "city"
    lines_as: LineKind | None = None
    follow_km: float = 0.5
    """A river follows a border when most of the border lies within this distance of it."""


GUESSES: dict[str, tuple[str, ...]] = {
    "id": ("id", "code", "ref", "key"),
    "name": ("name", "nom", "nombre", "name_en", "label", "title", "nm"),
    "terrain": ("terrain", "landcover", "land_cover", "type"),
    "owner": ("owner", "nation", "country", "side"),
    "area": ("area_id", "district", "province", "state"),
    "network": ("network", "transport"),
    "vp": ("vp", "victory_points", "points"),
    "kind": ("kind", "structure", "category"),
}
"""Property names tried, case-insensitively, for each field when none is given."""


def guess_fields(names: list[str], given: FieldMap | None = None) -> FieldMap:
    """The field map with every field not given filled from the property names, if one fits."""
    given = given or FieldMap()
    folded = {name.casefold(): name for name in names}
    chosen = {}
    for key, candidates in GUESSES.items():
        if getattr(given, key) is not None:
            chosen[key] = getattr(given, key)
            continue
        chosen[key] = next((folded[c] for c in candidates if c in folded), None)
    return FieldMap(**chosen, vp_as=given.vp_as)
