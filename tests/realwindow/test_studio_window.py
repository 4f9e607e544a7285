"""The studio in a real window: what a person sees and does at first launch."""

from __future__ import annotations

from tests.realwindow.conftest import on_screen, settle_input, wait_until


def test_the_studio_opens_a_real_window_with_the_map(studio, shots) -> None:
    assert studio.windowHandle() is not None and studio.isVisible()
    assert studio.view is not None and studio.view.isVisible()
    picture = shots(studio, "studio-first-launch")
    assert picture.stat().st_size > 10_000


def test_a_real_click_on_a_region_selects_it(studio, x) -> None:
    """A click through the X server reaches the select tool and selects the region under it."""
    from PySide6.QtCore import QPointF

    from editor.shared.map.poles import poles

    view = studio.view
    region = max(studio.document.scenario.regions, key=lambda r: len(r.polygon.exterior))
    (px, py) = poles([region])[0]
    point = view.mapFromScene(QPointF(px, py))
    x.click(*on_screen(view.viewport(), point.x(), point.y()))
    settle_input()
    wait_until(
        lambda: region.id in studio.document.selection.ids,
        what=f"region {region.id} selected by a real click",
    )
