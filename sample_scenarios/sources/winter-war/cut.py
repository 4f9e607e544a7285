"""Cut the Winter War map from its real geography: ``.venv/bin/python cut.py`` (in this folder).

It cuts the land of ``geography.py`` into regions (see :func:`geography.partition`) and writes
them to ``regions.geojson`` in longitude and latitude: the file ``build.py`` imports through
Salient's GIS import, as a designer would import any map with ``salient import-map``.

``regions.geojson`` is the map's source from then on. Open it in a GIS (QGIS...), move a
border or change a region's terrain, owner, area or network in its attribute table, save it
and run ``build.py`` again. Run this script only to start over from ``geography.py`` (after
moving a town, adding one, or changing a coast, a lake or the 1939 border there): it
overwrites ``regions.geojson``, edits made in a GIS included.

The file is canonical, so that a change shows as a small diff: one feature per line, in the
order of the scenario's regions, coordinates with seven decimals (about a centimetre),
exteriors anticlockwise as RFC 7946 asks. The outlines are on the map's 0.1-unit grid; the
import gives them back exactly (it rounds map coordinates to the metre).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import shapely

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path[:0] = [str(HERE), str(ROOT)]

from geography import LAKES, MAP, TOWNS, UNPLAYABLE, partition  # noqa: E402
from mapdata import SEAS, region_owner, water_names  # noqa: E402

REGIONS_FILE = HERE / "regions.geojson"
DECIMALS = 7
COLUMNS = ("id", "name", "terrain", "owner", "area", "network")
"""The properties of each feature: what the import maps onto the region (see build.py)."""


def properties(key: str) -> dict[str, Any]:
    """The attribute-table row of a region: a town's, a water's or a neutral country's."""
    town = {t.id: t for t in TOWNS}.get(key)
    row: dict[str, Any] = dict.fromkeys(COLUMNS)
    row["id"] = key
    if town is not None:
        row.update(
            name=town.name,
            terrain=town.terrain,
            owner=region_owner(town.area),
            area=town.area,
            network=town.network,
        )
    elif key in SEAS or key in LAKES:
        row.update(name=water_names()[key], terrain="sea" if key in SEAS else "lake")
    elif key in UNPLAYABLE:
        row.update(name=water_names()[key], terrain="neutral", area="neutral")
    else:
        raise ValueError(f"no description for region {key}")
    return row


def order(key: str, terrain: str) -> tuple[bool, str]:
    """Land first, then the water and the neutral ground, each by id (the scenario's order)."""
    return (terrain in ("sea", "lake", "neutral"), key)


def features() -> list[dict[str, Any]]:
    outlines = partition()
    rows = {key: properties(key) for key in outlines}
    keys = sorted(outlines, key=lambda k: order(k, rows[k]["terrain"]))
    shapes = np.asarray([shapely.Polygon(*outlines[k]) for k in keys], dtype=object)
    lonlat = shapely.orient_polygons(MAP.to_crs(shapes))  # exteriors anticlockwise on Earth
    out = []
    for key, shape in zip(keys, lonlat, strict=True):
        rings = [shape.exterior, *shape.interiors]
        coordinates = [np.round(np.asarray(r.coords), DECIMALS).tolist() for r in rings]
        out.append(
            {
                "type": "Feature",
                "properties": rows[key],
                "geometry": {"type": "Polygon", "coordinates": coordinates},
            }
        )
    return out


def text() -> str:
    """The GeoJSON document, one feature per line."""
    lines = ",\n".join(json.dumps(f, ensure_ascii=False) for f in features())
    head = '{"type": "FeatureCollection", "name": "winter-war-regions", "features": [\n'
    return f"{head}{lines}\n]}}\n"


def main() -> int:
    content = text()
    temporary = REGIONS_FILE.with_suffix(".geojson.tmp")
    temporary.write_text(content, "utf-8")
    temporary.replace(REGIONS_FILE)
    print(f"{REGIONS_FILE.name}: {content.count(chr(10)) - 2} regions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
