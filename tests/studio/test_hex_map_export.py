"""``salient export-map`` on a hex map (issue 14: GeoJSON export and pictures work on hexes
through the same interfaces as on areas): one feature per hex with the grid's outline, and a
picture with the hexes, the hexside features, the roads and only the named hexes' names."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage

from editor.cli import main
from editor.shared.map_pictures import PictureSettings, export_picture
from editor.shared.preview import Look, map_bounds, picture_transform
from schemas.hexgrid.grid import HexGrid
from schemas.io import dumps, load_file
from schemas.scenario import Scenario
from tests.hexes import HexBuilder

KHARKOV = Path(__file__).resolve().parents[2] / "sample_scenarios" / "kharkov-1942.json"


def small_map() -> Scenario:
    b = HexBuilder(columns=6, rows=5, size=10.0)
    b.hexside("c2r2", "c3r2", "river")
    b.road("road", "c1r4", "c2r4", "c3r4", "c4r4", "c5r4")
    b.record("c4r2", name="Dubrava")
    return b.build()


def test_exact_geojson_has_one_feature_per_hex_with_the_grid_outline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = small_map()
    source = tmp_path / "hexes.json"
    source.write_text(dumps(scenario))
    out = tmp_path / "hexes.geojson"
    assert main(["export-map", str(source), "--geojson", str(out), "--exact"]) == 0
    assert "wrote 30 hexes" in capsys.readouterr().out
    features = json.loads(out.read_text())["features"]
    assert [f["id"] for f in features][:3] == ["c1r1", "c2r1", "c3r1"]
    assert len(features) == 30
    grid = HexGrid.of(scenario.hex_map)
    named = next(f for f in features if f["id"] == "c4r2")
    assert named["properties"]["name"] == "Dubrava"
    ring = np.array(named["geometry"]["coordinates"][0][:-1])
    corners = grid.corners(np.array([grid.find("c4r2")]))[0]
    assert sorted(map(tuple, ring.round(6))) == sorted(map(tuple, corners.round(6)))


def test_lonlat_geojson_of_the_kharkov_sample_lies_around_kharkov(tmp_path: Path) -> None:
    out = tmp_path / "kharkov.geojson"
    assert main(["export-map", str(KHARKOV), "--geojson", str(out)]) == 0
    features = json.loads(out.read_text())["features"]
    assert len(features) == 45 * 42
    points = np.array([p for f in features for p in f["geometry"]["coordinates"][0]])
    lon, lat = points[:, 0], points[:, 1]
    # The operation's ground: the Donets between Kharkov and Izyum.
    assert 34.5 < lon.min() < lon.max() < 39.5
    assert 48.0 < lat.min() < lat.max() < 51.0


def _near(a: QColor, b: QColor) -> bool:
    """Equal colours but for antialiasing's rounding."""
    return max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) <= 6


def _pixel(image: QImage, scenario: Scenario, x: float, y: float, width: int) -> QColor:
    frame_height = image.height()
    transform = picture_transform(scenario, QRectF(0, 0, width, frame_height), Look())
    point = transform.map(QPointF(x, y))
    return image.pixelColor(round(point.x()), round(point.y()))


def test_picture_draws_hexes_rivers_and_roads(tmp_path: Path, qapp) -> None:
    scenario = small_map()
    settings = PictureSettings(Look(labels=False, symbols=False), width_px=600, dpi=96.0)
    image = QImage(str(export_picture(scenario, tmp_path / "hexes.png", settings)))
    bounds = map_bounds(scenario)
    assert abs(image.height() - ((600 - 48) * bounds.height() / bounds.width() + 48)) <= 1
    grid = HexGrid.of(scenario.hex_map)
    terrain = QColor(scenario.terrain[0].color)
    river = QColor(next(t.color for t in scenario.connection_types if t.id == "river"))
    road = QColor("#7a4b1e")
    # Inside a hex away from lines: its terrain's colour.
    centre = grid.centres(np.array([grid.find("c5r1")]))[0]
    assert _near(_pixel(image, scenario, *centre, 600), terrain)
    # The middle of the river hexside: the river's colour.
    (x0, y0), (x1, y1) = grid.hexside_segments(
        np.array([grid.hexside(grid.find("c2r2"), grid.find("c3r2"))])
    )[0]
    assert _near(_pixel(image, scenario, (x0 + x1) / 2, (y0 + y1) / 2, 600), river)
    # The road through the centres of row 4.
    centre = grid.centres(np.array([grid.find("c3r4")]))[0]
    assert _near(_pixel(image, scenario, *centre, 600), road)


def test_svg_names_only_the_named_hexes(tmp_path: Path, qapp) -> None:
    scenario = small_map()
    settings = PictureSettings(Look(), width_px=600, dpi=96.0)
    text = export_picture(scenario, tmp_path / "hexes.svg", settings, "svg").read_text()
    assert "Dubrava" in text
    assert "c1r1" not in text and "c5r4" not in text


def test_kharkov_picture_names_its_towns(tmp_path: Path, qapp) -> None:
    result = load_file(KHARKOV)
    assert result.scenario is not None
    settings = PictureSettings(Look(), width_px=1400, dpi=96.0)
    text = export_picture(result.scenario, tmp_path / "k.svg", settings, "svg").read_text()
    for town in ("Kharkov", "Izyum", "Balakleya"):
        assert town in text
