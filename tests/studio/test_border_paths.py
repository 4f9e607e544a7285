"""The borders crossings are drawn along, traced in bulk (``editor/shared/map/borders.py``),
are the very paths tracing them point by point made: compared as Qt writes a path out (every
element, the start of the last subpath and the fill rule)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import shapely
from PySide6.QtCore import QByteArray, QDataStream, QIODevice
from PySide6.QtGui import QPainterPath

from editor.shared.map.borders import _trace, shared_borders
from schemas.geometry import build_polygons
from schemas.io import load_file
from schemas.map import Polygon, Region

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "sample_scenarios").glob("*.json"))


def written(path: QPainterPath) -> bytes:
    data = QByteArray()
    stream = QDataStream(data, QIODevice.OpenModeFlag.WriteOnly)
    stream << path  # type: ignore[operator]
    return bytes(data.data())


def one_by_one(pairs: list[tuple[str, Any, Any]]) -> list[QPainterPath]:
    """What ``shared_borders`` made before: each border traced point by point."""
    polygons = build_polygons([r.polygon for _, a, b in pairs for r in (a, b)])
    edges = shapely.boundary(polygons)
    paths = []
    for geometry in shapely.line_merge(shapely.intersection(edges[0::2], edges[1::2])).tolist():
        path = QPainterPath()
        _trace(path, geometry)
        paths.append(path)
    return paths


def assert_same(pairs: list[tuple[str, Any, Any]]) -> None:
    made = shared_borders(pairs)
    assert [written(p) for p in made] == [written(p) for p in one_by_one(pairs)]


def region(region_id: str, points: list[tuple[float, float]]) -> Region:
    return Region(id=region_id, name=region_id, terrain="clear", polygon=Polygon(exterior=points))


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_the_borders_of_every_samples_connections_are_the_paths_traced_one_by_one(
    qtbot, sample
) -> None:
    scenario = load_file(sample).scenario
    assert scenario is not None
    regions = {r.id: r for r in scenario.regions}
    pairs = [
        (c.id, regions[c.a], regions[c.b])
        for c in scenario.connections
        if c.a in regions and c.b in regions
    ]
    if scenario.hex_map is not None:
        assert not pairs
        pytest.skip("a hex map: its hexsides are not drawn along shared borders")
    assert pairs
    assert_same(pairs)


def test_touching_disjoint_broken_and_repeated_point_borders_come_out_as_qt_traces_them(
    qtbot,
) -> None:
    left = region("left", [(0, 0), (1, 0), (1, 1), (0, 1)])
    right = region("right", [(1, 0), (2, 0), (2, 1), (1, 1)])
    corner = region("corner", [(1, 1), (2, 1), (2, 2), (1, 2)])  # touches "left" at a point
    far = region("far", [(5, 5), (6, 5), (6, 6), (5, 6)])
    # Shares two stretches of border with "cup", with a gap between them.
    cup = region("cup", [(0, 3), (3, 3), (3, 4), (2, 4), (2, 3.5), (1, 3.5), (1, 4), (0, 4)])
    lid = region("lid", [(0, 4), (1, 4), (1, 5), (2, 5), (2, 4), (3, 4), (3, 6), (0, 6)])
    # A point repeated along the shared border (Qt drops the second lineTo to it).
    twice = region("twice", [(1, 0), (1, 0.5), (1, 0.5 + 1e-14), (1, 1), (0, 1), (0, 0)])
    pairs = [
        ("a", left, right),
        ("b", left, corner),
        ("c", left, far),
        ("d", cup, lid),
        ("e", twice, right),
        ("f", right, left),
    ]
    assert_same(pairs)
    made = shared_borders(pairs)
    assert [p.isEmpty() for p in made] == [False, True, True, False, False, False]
    assert sum(1 for i in range(made[3].elementCount()) if made[3].elementAt(i).isMoveTo()) == 2
