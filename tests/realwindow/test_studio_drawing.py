"""Drawing the first regions of a new scenario, and zooming, in a real window (issue 10,
defects 2 and 14): the view stays still under the designer's clicks, the wheel zooms about
the pointer, and zooming to fit centres the map."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tests.realwindow.conftest import on_screen, settle_input, wait_until
from tests.realwindow.studio_helpers import (
    map_click,
    new_scenario,
    scene_to_viewport,
    viewport_to_scene,
)


def _corners(studio, left: float, top: float, right: float, bottom: float):
    port = studio.view.viewport()
    w, h = port.width(), port.height()
    return [
        (w * left, h * top),
        (w * right, h * top),
        (w * right, h * bottom),
        (w * left, h * bottom),
    ]


def test_a_new_scenario_has_a_sheet_to_draw_on(studio, x, shots) -> None:
    new_scenario(x, studio)
    scene, view = studio.scene, studio.view
    assert studio.document.scenario.regions == []
    assert scene.sheet is not None and scene.sheet.isVisible()
    rect = scene.map_rect()
    assert (rect.width(), rect.height()) == (1000, 700)
    # Fitted: the sheet fills the view's width or height, centred.
    (left, top) = scene_to_viewport(studio, (rect.left(), rect.top()))
    (right, bottom) = scene_to_viewport(studio, (rect.right(), rect.bottom()))
    port = view.viewport()
    assert max((right - left) / port.width(), (bottom - top) / port.height()) > 0.85
    assert abs((left + right) / 2 - port.width() / 2) <= 2
    assert abs((top + bottom) / 2 - port.height() / 2) <= 2
    shots(studio, "studio-new-scenario")


@pytest.mark.parametrize(
    "box",
    [(0.25, 0.25, 0.55, 0.6), (0.7, 0.1, 0.99, 0.4)],
    ids=["on-the-sheet", "reaching-past-the-sheet"],
)
def test_a_rectangle_drawn_with_four_clicks_is_saved_where_clicked(
    studio, x, shots, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, box
) -> None:
    """Defect 2: the view moved after each click and the points landed far from the cursor
    (a sketch growing past what the scene held made Qt re-centre the view)."""
    from PySide6.QtWidgets import QFileDialog

    from schemas.io import load_file

    new_scenario(x, studio)
    x.key("d")
    wait_until(lambda: studio.view.tool.name == "draw", what="the draw tool")
    view = studio.view
    clicks = _corners(studio, *box)
    transform = view.viewportTransform()
    for number, (px, py) in enumerate(clicks):
        map_click(x, studio, px, py)
        assert view.viewportTransform() == transform, f"the view moved after click {number + 1}"
        assert len(studio.tools["draw"].points) == number + 1
    shots(studio, f"studio-drawing-a-rectangle-{box[0]}")
    x.key("Return")
    wait_until(lambda: len(studio.document.scenario.regions) == 1, what="the drawn region")
    assert view.viewportTransform() == transform
    (region,) = studio.document.scenario.regions
    assert region.id == "region-1"  # defect 14: not "region", then "region-2"

    target = tmp_path / "drawn.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    x.key("ctrl+s")
    wait_until(target.exists, what="the saved file")
    saved = load_file(target).scenario
    assert saved is not None
    vertices = saved.regions[0].polygon.exterior
    assert len(vertices) == 4
    for (px, py), vertex in zip(clicks, vertices, strict=True):
        sx, sy = scene_to_viewport(studio, vertex)
        assert math.hypot(sx - px, sy - py) <= 2.0, (vertex, (sx, sy), (px, py))
    shots(studio, f"studio-drawn-rectangle-{box[0]}")


def test_regions_drawn_one_after_another_are_numbered_from_one(studio, x) -> None:
    """Defect 14; the second region is closed by clicking its first point."""
    new_scenario(x, studio)
    x.key("d")
    for px, py in _corners(studio, 0.2, 0.2, 0.4, 0.5):
        map_click(x, studio, px, py)
    x.key("Return")
    wait_until(lambda: len(studio.document.scenario.regions) == 1, what="region 1")
    second = _corners(studio, 0.5, 0.2, 0.7, 0.5)
    for px, py in [*second, second[0]]:
        map_click(x, studio, px, py)
    wait_until(lambda: len(studio.document.scenario.regions) == 2, what="region 2")
    assert [r.id for r in studio.document.scenario.regions] == ["region-1", "region-2"]
    assert [r.name for r in studio.document.scenario.regions] == ["Region 1", "Region 2"]


@pytest.mark.parametrize(
    ("where", "steps"),
    [((0.3, 0.3), 3), ((0.7, 0.6), -2), ((0.5, 0.5), 5), ((0.2, 0.8), -4)],
    ids=["in-top-left", "out-bottom-right", "in-centre", "out-bottom-left"],
)
def test_wheel_zoom_keeps_the_map_point_under_the_pointer(studio, x, where, steps) -> None:
    view = studio.view
    port = view.viewport()
    px, py = port.width() * where[0], port.height() * where[1]
    x.move(*on_screen(port, px, py))
    settle_input()
    before_scale = view.transform().m11()
    point = viewport_to_scene(studio, px, py)
    x.wheel(*on_screen(port, px, py), steps)
    wait_until(lambda: abs(view.transform().m11() - before_scale) > 1e-6, what="the wheel to zoom")
    settle_input()
    assert (view.transform().m11() > before_scale) == (steps > 0)
    sx, sy = scene_to_viewport(studio, point)
    assert math.hypot(sx - px, sy - py) <= 2.0


def test_zoom_to_fit_centres_the_map_with_no_scroll_bars(studio, x) -> None:
    view = studio.view
    port = view.viewport()
    x.wheel(*on_screen(port, port.width() * 0.8, port.height() * 0.2), 6)
    settle_input()
    view.setFocus()
    x.key("ctrl+0")
    settle_input()
    assert not view.horizontalScrollBar().isVisible()
    assert not view.verticalScrollBar().isVisible()
    rect = studio.scene.map_rect()
    left, top = scene_to_viewport(studio, (rect.left(), rect.top()))
    right, bottom = scene_to_viewport(studio, (rect.right(), rect.bottom()))
    assert left >= 0 and top >= 0 and right <= port.width() and bottom <= port.height()
    assert abs((left + right) / 2 - port.width() / 2) <= 2
    assert abs((top + bottom) / 2 - port.height() / 2) <= 2
