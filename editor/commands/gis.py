"""``salient import-map`` and ``salient export-map``: real geography in and out (no Qt).

The work is done by :mod:`schemas.gis`; these commands parse options, read and write files
atomically, and print what changed. ``schemas.gis`` (GDAL, PROJ) is imported only when one of
them runs, so that every other ``salient`` command starts as fast as before.
"""

from __future__ import annotations

import argparse
import os
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
PAPERS = ("a4", "a3", "letter", "fit")
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
        "export-map",
        help="write a scenario's map as GeoJSON (longitude and latitude) or as a picture",
        description=(
            "Write the regions as GeoJSON, or the map as a picture for rulebooks, forums and "
            "print: PNG, SVG or PDF (several at once if you like). See docs/gis-import.md."
        ),
    )
    exporting.add_argument("scenario", type=Path)
    exporting.add_argument("--geojson", type=Path, metavar="OUT", help="the regions as GeoJSON")
    exporting.add_argument(
        "--exact",
        action="store_true",
        help="GeoJSON in map units as they are (exact round trip), not longitude and latitude",
    )
    for kind, what in (("png", "PNG picture"), ("svg", "SVG drawing"), ("pdf", "PDF page")):
        exporting.add_argument(f"--{kind}", type=Path, metavar="OUT", help=f"the map as a {what}")
    exporting.add_argument(
        "--width", type=int, metavar="PX", help="picture width in pixels (PNG, SVG)"
    )
    exporting.add_argument(
        "--dpi",
        type=float,
        help="resolution in dots per inch, which sizes names, lines and symbols (default 150, "
        "or a screen's 96 with --width); without --width a PNG is --print-width at it",
    )
    exporting.add_argument(
        "--print-width",
        type=float,
        default=180.0,
        metavar="MM",
        help="printed width in mm (default 180), for a PNG without --width and --paper fit",
    )
    exporting.add_argument(
        "--paper",
        choices=PAPERS,
        default="a4",
        help="PDF page (default a4, turned to suit the map; fit: the map's own shape)",
    )
    exporting.add_argument("--no-labels", action="store_true", help="pictures without names")
    exporting.add_argument(
        "--no-symbols", action="store_true", help="pictures without towns and supply sources"
    )
    exporting.add_argument(
        "--no-scale-bar", action="store_true", help="pictures without a scale bar"
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
    pictures = {k: getattr(args, k) for k in ("png", "svg", "pdf") if getattr(args, k)}
    if args.geojson is None and not pictures:
        raise UsageError("say what to write: --geojson, --png, --svg or --pdf")
    if args.width is not None and args.width < 16:
        raise UsageError("--width must be 16 pixels or more")
    if (args.dpi is not None and not args.dpi > 0) or not args.print_width > 0:
        raise UsageError("--dpi and --print-width must be above 0")
    result, _ = read_scenario(args.scenario)
    if result.scenario is None:
        raise UsageError(f"'{args.scenario}' cannot be read as a scenario")
    scenario = result.scenario
    if args.geojson is not None and _export_geojson(args, scenario) != EXIT_OK:
        return EXIT_INVALID
    for kind, path in pictures.items():
        if _export_picture(args, scenario, kind, path) != EXIT_OK:
            return EXIT_INVALID
    return EXIT_OK


def _export_geojson(args: argparse.Namespace, scenario: Scenario) -> int:
    from schemas.geojson import geojson_text
    from schemas.gis import GisError, lonlat_geojson_text
    from schemas.places import places_of

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
    count = len(places_of(scenario).region_ids)
    what = "hexes" if scenario.hex_map is not None else "regions"
    print(f"wrote {count} {what} to {args.geojson} in {kind}")
    return EXIT_OK


def _export_picture(args: argparse.Namespace, scenario: Scenario, kind: str, path: Path) -> int:
    """A picture through Qt's painters, on the offscreen platform (no screen needed)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from editor.shared.app import application
    from editor.shared.map_pictures import PictureError, PictureSettings, export_picture
    from editor.shared.preview import Look, km_per_unit

    application()
    look = Look(
        labels=not args.no_labels,
        symbols=not args.no_symbols,
        scale_bar=not args.no_scale_bar,
    )
    dpi = args.dpi if args.dpi is not None else (96.0 if args.width else 150.0)
    settings = PictureSettings(look, args.width, dpi, args.print_width, args.paper)
    try:
        written = export_picture(scenario, path, settings, kind)
    except PictureError as error:
        print(f"salient: {path}: {error}", file=sys.stderr)
        return EXIT_INVALID
    except OSError as error:
        print(f"salient: {path}: cannot write: {error.strerror or error}", file=sys.stderr)
        return EXIT_INVALID
    if look.scale_bar and km_per_unit(scenario) is None:
        print(
            f"{path}: no scale bar: the scenario does not know its scale "
            "(map.units_per_km or map.projection)"
        )
    print(f"wrote the map to {written} ({kind.upper()})")
    return EXIT_OK
