"""The studio in a real window: what a person sees and does at first launch."""

from __future__ import annotations

from tests.realwindow.conftest import colours, on_screen, settle_input, wait_until
from tests.realwindow.studio_helpers import free_point


def test_the_studio_opens_a_real_window_with_the_map(studio, shots) -> None:
    assert studio.windowHandle() is not None and studio.isVisible()
    assert studio.view is not None and studio.view.isVisible()
    picture = shots(studio, "studio-first-launch")
    found = colours(picture)
    assert found >= 40, f"the window read back from the X server shows {found} colours"


def test_a_real_click_on_a_region_selects_it(studio, x) -> None:
    """A click through the X server reaches the select tool and selects the region under it
    (at a point of it where no symbol or connection would take the click)."""
    view = studio.view
    region = max(studio.document.scenario.regions, key=lambda r: len(r.polygon.exterior))
    px, py = free_point(studio, region.id)
    x.click(*on_screen(view.viewport(), px, py))
    settle_input()
    wait_until(
        lambda: region.id in studio.document.selection.ids,
        what=f"region {region.id} selected by a real click",
    )
