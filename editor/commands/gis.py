"""``salient import-map`` and ``salient export-map``: real geography in and out (no Qt).

The work is done by :mod:`schemas.gis`; these commands parse options, read and write files
atomically, and print what changed. ``schemas.gis`` (GDAL, PROJ) is imported only when one of
them runs, so that every other ``salient`` command starts as fast as before.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from editor.commands.common import EXIT_INVALID, EXIT_OK, UsageError, read_scenario, write_text

if TYPE_CHECKING:
    from schemas.gis import ImportOptions
    from schemas.scenario import Scenario

POINT_KINDS = ("city", "village", "fort", "airfield", "port", "supply")
LINE_KINDS = ("river", "major-river", "road", "rail")
VP_AS = ("capture", "hold_at_end")
"""The choices of ``schemas.gis.options`` (a test keeps them the same), written out here so
that building the parser does not import the GIS libraries."""

_SIMPLIFY = re.compile(r"^\s*([0-9]*\.?[0-9]+(?:e-?[0-9]+)?)\s*(km|v|vertices)?\s*$", re.I)


def register(commands: argparse._SubParsersAction) -> None:
    importing = commands.add_parser(
        "import-map",
        help="import regions, towns or rivers from GeoJSON, Shapefile or GeoPackage",
        description=(
            "Import a layer of a GIS file into a scenario (created if missing): polygons "
            "become regions, points structures or supply sources, lines river crossings or "
            "road and rail networks. See docs/gis-import.md."
        ),
    )
    importing.add_argument("file", type=Path, help="GeoJSON, Shapefile, GeoPackage...")
    importing.add_argument(
        "-o", "--output", type=Path, metavar="SCENARIO", help="scenario to create or update"
    )
    importing.add_argument("--layer", help="layer of the file (default: the first)")
    importing.add_argument("--list-layers", action="store_true", help="list the layers, exit")
    importing.add_argument("--crs", help="the data's CRS when the file does not give it")
    importing.add_argument(
        "--projection",
        help="auto (default), source, tmerc, lcc, merc, laea, or any CRS (EPSG:32618...)",
    )
    importing.add_argument("--km-per-unit", type=float, help="map scale (default: automatic)")
    importing.add_argument(
        "--simplify", help="tolerance in km ('0.5km') or vertices per region ('40v')"
    )
    importing.add_argument(
        "--min-area", type=float, metavar="KM2", help="slivers and gaps below this area merge"
    )
    importing.add_argument(
        "--multipart",
        choices=("split", "largest"),
        default="split",
        help="parts of a feature become regions (split), or only the largest does (largest)",
    )
    importing.add_argument("--no-connect", action="store_true", help="add no connections")
    for name in ("id", "name", "terrain", "owner", "area", "vp", "kind"):
        importing.add_argument(
            f"--{name}-field",
            metavar="PROPERTY",
            dest=f"{name}_field",
            help=f"property holding the {name} (default: guessed from the names)",
        )
    importing.add_argument("--vp-as", choices=VP_AS, default="capture")
    importing.add_argument(
        "--as",
        dest="as_",
        choices=(*POINT_KINDS, *LINE_KINDS),
        help="what points or lines become (points: city by default; lines: required)",
    )
    importing.add_argument(
        "--follow-km",
        type=float,
        default=0.5,
        help="a river follows a border within this distance (default 0.5)",
    )
    importing.add_argument("--title", help="title of a new scenario")
    importing.add_argument("--dry-run", action="store_true", help="report, write nothing")
    importing.set_defaults(run=cmd_import)

    exporting = commands.add_parser(
        "export-map", help="write a scenario's regions as GeoJSON (longitude and latitude)"
    )
    exporting.add_argument("scenario", type=Path)
    exporting.add_argument("--geojson", type=Path, required=True, metavar="OUT")
    exporting.add_argument(
        "--exact",
        action="store_true",
        help="map units as they are (exact round trip) instead of longitude and latitude",
    )
    exporting.set_defaults(run=cmd_export)


def simplify_target(text: str | None) -> tuple[float | None, float | None]:
    """``(km, vertices)`` from ``--simplify``."""
    if text is None:
        return None, None
    found = _SIMPLIFY.match(text)
    if found is None or float(found.group(1)) <= 0:
        raise UsageError(
            f"--simplify takes a tolerance like '0.5km' or a budget like '40v', not {text!r}"
        )
    number, unit = float(found.group(1)), (found.group(2) or "km").lower()
    return (number, None) if unit == "km" else (None, number)


def _options(args: argparse.Namespace) -> ImportOptions:
    from schemas.gis import FieldMap, ImportOptions

    km, vertices = simplify_target(args.simplify)
    if args.km_per_unit is not None and args.km_per_unit <= 0:
        raise UsageError("--km-per-unit must be above 0")
    fields = FieldMap(
        **{
            name: getattr(args, f"{name}_field")
            for name in ("id", "name", "terrain", "owner", "area", "vp", "kind")
        },
        vp_as=args.vp_as,
    )
    points = args.as_ if args.as_ in POINT_KINDS else "city"
    lines = args.as_ if args.as_ in LINE_KINDS else None
    return ImportOptions(
        layer=args.layer,
        crs=args.crs,
        projection=args.projection,
        km_per_unit=args.km_per_unit,
        simplify_km=km,
        simplify_vertices=vertices,
        min_area_km2=args.min_area,
        multipart=args.multipart,
        fields=fields,
        connect=not args.no_connect,
        points_as=points,
        lines_as=lines,
        follow_km=args.follow_km,
    )


def _target(args: argparse.Namespace) -> Scenario:
    from schemas.starter import new_scenario

    path: Path = args.output
    if not path.exists():
        return new_scenario(args.title or args.file.stem.replace("_", " ").title())
    result, _ = read_scenario(path)
    if result.scenario is None:
        problems = "; ".join(str(i.message) for i in result.issues[:3])
        raise UsageError(f"'{path}' cannot be read as a scenario ({problems})")
    return result.scenario


def cmd_import(args: argparse.Namespace) -> int:
    from schemas.gis import GisError, import_layer, list_layers, read_layer
    from schemas.io import dumps

    if not args.file.exists():
        raise UsageError(f"no such file: '{args.file}'")
    try:
        if args.list_layers:
            for name, kind in list_layers(args.file):
                print(f"{name}\t{kind}")
            return EXIT_OK
        if args.output is None:
            raise UsageError("say which scenario to create or update (-o SCENARIO)")
        options = _options(args)
        scenario = _target(args)
        layer = read_layer(args.file, options.layer)
        done = import_layer(layer, scenario, options)
    except GisError as error:
        print(f"salient: {args.file}: {error}", file=sys.stderr)
        return EXIT_INVALID
    for note in done.notes:
        where = f" ({note.region})" if note.region else ""
        print(f"{args.file}: {note.kind}{where}: {note.text}")
    prepared = done.prepared
    if prepared is not None and prepared.tolerance:
        km = prepared.tolerance * prepared.projector.km_per_unit
        print(
            f"simplified with a tolerance of {km:.3g} km: {prepared.vertices_before} vertices "
            f"became {prepared.vertices_after}"
        )
    print(
        f"{done.kind}: {len(done.added)} added, {len(done.updated)} updated"
        + (" (dry run: nothing written)" if args.dry_run else f"; wrote {args.output}")
    )
    if not args.dry_run:
        write_text(args.output, dumps(done.scenario))
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    from schemas.geojson import geojson_text
    from schemas.gis import GisError, lonlat_geojson_text

    result, _ = read_scenario(args.scenario)
    if result.scenario is None:
        raise UsageError(f"'{args.scenario}' cannot be read as a scenario")
    scenario = result.scenario
    if args.exact:
        text = geojson_text(scenario)
    else:
        try:
            text = lonlat_geojson_text(scenario)
        except GisError as error:
            print(f"salient: {args.scenario}: {error} (--exact)", file=sys.stderr)
            return EXIT_INVALID
    write_text(args.geojson, text)
    kind = "map units" if args.exact else "longitude and latitude"
    print(f"wrote {len(scenario.regions)} regions to {args.geojson} in {kind}")
    return EXIT_OK
