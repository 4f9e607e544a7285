"""Region outlines made in bulk (editor/shared/map/outlines.py) are the very paths the map
drew one by one: every element, its kind and its point, and the fill rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from editor.shared.map.drawing import polygon_path
from editor.shared.map.outlines import outline_paths
from schemas.io import load_file
from schemas.map import Polygon

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "sample_scenarios").glob("*.json"))


def elements(path: Any) -> tuple[list[tuple[Any, float, float]], Any]:
    points = [path.elementAt(i) for i in range(path.elementCount())]
    return [(e.type, e.x, e.y) for e in points], path.fillRule()


def assert_same(outlines: list[Polygon]) -> None:
    made = outline_paths(outlines)
    assert len(made) == len(outlines)
    for outline, path in zip(outlines, made, strict=True):
        assert elements(path) == elements(polygon_path(outline)), outline


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_the_outlines_of_every_sample_are_the_paths_drawn_one_by_one(qtbot, sample) -> None:
    scenario = load_file(sample).scenario
    assert scenario is not None
    assert_same([region.polygon for region in scenario.regions])


def test_holes_short_rings_and_closing_points_come_out_as_qt_draws_them(qtbot) -> None:
    square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    assert_same(
        [
            Polygon(exterior=square, holes=[[(0.2, 0.2), (0.4, 0.2), (0.3, 0.3)]]),
            # A hole too short to draw, left out as polygon_path leaves it out.
            Polygon(exterior=square, holes=[[(0.5, 0.5), (0.6, 0.5)]]),
            # Last points that Qt's fuzzy equality takes for the first: moved onto it.
            Polygon(exterior=[*square, (1e-13, 0.0)]),
            Polygon(exterior=[(5.0, 5.0), (6.0, 5.0), (6.0, 6.0), (5.0, 6.0), (5 + 4e-12, 5.0)]),
            # ... and ones just beyond it: closed by a line.
            Polygon(exterior=[*square, (2e-12, 0.0)]),
            Polygon(exterior=[(5.0, 5.0), (6.0, 5.0), (6.0, 6.0), (5.0, 6.0), (5 + 6e-12, 5.0)]),
            # The first point repeated twice at the end: the last copy stays.
            Polygon(exterior=[*square, (0.0, 0.0), (0.0, 0.0)]),
        ]
    )


def test_an_outline_with_nothing_to_draw_is_an_empty_path_among_the_others(qtbot) -> None:
    square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    assert_same([Polygon(exterior=square), Polygon(exterior=[(0.0, 0.0), (1.0, 0.0)])])
    assert_same([Polygon(exterior=[(0.0, 0.0), (1.0, 0.0)])])
    assert outline_paths([]) == []


DRAWN = [s for s in SAMPLES if "kharkov" not in s.stem]
"""The samples of drawn regions (the Kharkov ones are hex maps)."""


@pytest.mark.parametrize("sample", DRAWN, ids=lambda p: p.stem)
def test_poles_from_outlines_flattened_once_are_the_poles_found_alone(qtbot, sample) -> None:
    """The studio hands the poles' worker the outlines it flattened (the seventh large-map
    round); a map where some names are anchored flattens its own, as before."""
    from editor.shared.map.poles import label_poles
    from schemas.geometry.build import Rings

    scenario = load_file(sample).scenario
    assert scenario is not None and scenario.regions
    regions = list(scenario.regions)
    rings = Rings.of([r.polygon for r in regions])
    assert label_poles(regions, rings) == label_poles(regions)
    anchored = regions[0].model_copy(
        update={"anchors": regions[0].anchors.model_copy(update={"label": (0.0, 0.0)})}
    )
    some = [anchored, *regions[1:]]
    found = label_poles(some, rings)
    assert found == label_poles(some) and regions[0].id not in found
