"""What the map shows and offers as a designer fills a scenario, in a real window (issue 10,
defects 3, 6, 12 and 15, and the region's context menu)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.realwindow.conftest import settle_input, wait_until
from tests.realwindow.studio_helpers import (
    choose,
    free_point,
    map_click,
    new_scenario,
    right_click_menu,
    scene_to_viewport,
    screen_pixel,
)

RED = (0xB0, 0x3A, 0x2E)
"""The colour of the Red side in a new scenario (its counters)."""


def _near(colour: tuple[int, int, int], wanted: tuple[int, int, int], tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, wanted, strict=True))


def _yellow(colour: tuple[int, int, int]) -> bool:
    red, green, blue = colour
    return red > 200 and green > 160 and blue < 110


def _two_regions(x: Any, studio: Any) -> None:
    """Draw two neighbouring squares in a new scenario (the second snaps to the first)."""
    port = studio.view.viewport()
    w, h = port.width(), port.height()
    x.key("d")
    wait_until(lambda: studio.view.tool.name == "draw", what="the draw tool")
    for box in ((0.2, 0.3, 0.45, 0.7), (0.45, 0.3, 0.7, 0.7)):
        left, top, right, bottom = box
        for px, py in ((left, top), (right, top), (right, bottom), (left, bottom)):
            map_click(x, studio, w * px, h * py)
        count = len(studio.document.scenario.regions)
        x.key("Return")
        wait_until(lambda c=count: len(studio.document.scenario.regions) == c + 1, what="a region")
    x.key("s")
    wait_until(lambda: studio.view.tool.name == "select", what="the select tool")


def _centre_of(studio: Any, region_id: str) -> tuple[float, float]:
    rect = studio.scene.region_paths[region_id].boundingRect().center()
    return scene_to_viewport(studio, (rect.x(), rect.y()))


def _shown_at(studio: Any, item: Any) -> tuple[float, float]:
    """Where an item is drawn in the viewport (symbols are offset by pixels)."""
    centre = item.deviceTransform(studio.view.viewportTransform()).map(item.boundingRect().center())
    return centre.x(), centre.y()


def test_a_unit_added_in_a_new_scenario_shows_at_once(studio, x, shots) -> None:
    """Defect 3: units added with the map's menu got no counter until save and reopen."""
    new_scenario(x, studio)
    _two_regions(x, studio)
    px, py = _centre_of(studio, "region-1")
    menu = right_click_menu(x, studio, px, py + 30)
    choose(x, menu, "Add a Redland unit here")
    wait_until(lambda: len(studio.document.scenario.units) == 1, what="the new unit")
    (unit,) = studio.document.scenario.units
    assert unit.nation == "redland" and unit.location.region == "region-1"
    settle_input(0.3)
    (item,) = [i for i in studio.scene.stack_items if unit.id in i.units]
    assert item.scene() is studio.scene and item.isVisible()
    cx, cy = _shown_at(studio, item)
    region = studio.scene.region_paths["region-1"].boundingRect()
    left, top = scene_to_viewport(studio, (region.left(), region.top()))
    right, bottom = scene_to_viewport(studio, (region.right(), region.bottom()))
    assert left < cx < right and top < cy < bottom
    shots(studio, "studio-unit-added-in-a-new-scenario")
    # The counter is on the screen in its side's colour (a few pixels left of its number).
    assert any(
        _near(screen_pixel(studio, studio.view.viewport(), cx + dx, cy), RED)
        for dx in (-12, -10, -8, 8, 10, 12)
    ), "no red counter where the unit's stack is drawn"


def test_connecting_with_two_clicks_draws_the_connection_at_once(studio, x, shots) -> None:
    """Defects 12 and 3: Connect needed press-and-drag, and a new scenario's connections
    were not drawn until the file was saved and reopened."""
    new_scenario(x, studio)
    _two_regions(x, studio)
    x.key("c")
    wait_until(lambda: studio.view.tool.name == "connect", what="the connect tool")
    a, b = _centre_of(studio, "region-1"), _centre_of(studio, "region-2")
    map_click(x, studio, *a)
    assert studio.document.scenario.connections == []  # one click: waiting for the second
    map_click(x, studio, *b)
    wait_until(lambda: len(studio.document.scenario.connections) == 1, what="the connection")
    (connection,) = studio.document.scenario.connections
    assert {connection.a, connection.b} == {"region-1", "region-2"}
    assert studio.scene.connections.drawn(connection.id)
    shots(studio, "studio-connected-with-two-clicks")


def test_accepted_derived_connections_are_drawn_at_once(studio, x) -> None:
    """Defect 3: connections accepted from the review were not drawn in a new scenario."""
    new_scenario(x, studio)
    _two_regions(x, studio)
    studio.edits.derive_connections()
    review = studio.connection_review
    wait_until(lambda: review.accept_all_button.isEnabled(), what="proposals to accept")
    review.accept_all_button.click()
    wait_until(lambda: studio.document.scenario.connections, what="the accepted connection")
    settle_input(0.3)
    for connection in studio.document.scenario.connections:
        assert studio.scene.connections.drawn(connection.id)


def test_add_a_unit_here_picks_the_nation_that_owns_the_region(studio, x) -> None:
    """Defect 6: the first nation was picked even in a region another side owns."""
    document = studio.document
    first = document.scenario.nations[0].id
    region = next(
        r
        for r in document.scenario.regions
        if r.owner
        and r.owner != first
        and document.get("nations", r.owner).side != document.get("nations", first).side
    )
    owner = document.get("nations", region.owner)
    px, py = _centre_of(studio, region.id)
    menu = right_click_menu(x, studio, px, py)
    choose(x, menu, f"Add a {owner.name} unit here")
    wait_until(lambda: document.selection.section == "units", what="the new unit")
    unit = document.get("units", document.selection.ids[0])
    assert unit.nation == owner.id and unit.location.region == region.id


def test_a_region_no_longer_selected_loses_its_yellow_outline(studio, x, shots) -> None:
    """Defect 15: regions kept the selection's outline after another was selected."""
    document = studio.document
    first, second = "harl-uplands", "tor-massif"
    vertex = document.get("regions", first).polygon.exterior
    # A point on the first region's border, halfway along its longest edge.
    edges = list(zip(vertex, [*vertex[1:], vertex[0]], strict=True))
    (ax, ay), (bx, by) = max(
        edges, key=lambda e: (e[0][0] - e[1][0]) ** 2 + (e[0][1] - e[1][1]) ** 2
    )
    ex, ey = scene_to_viewport(studio, ((ax + bx) / 2, (ay + by) / 2))
    port = studio.view.viewport()

    def yellow_there() -> bool:
        return any(
            _yellow(screen_pixel(studio, port, ex + dx, ey + dy))
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
        )

    map_click(x, studio, *free_point(studio, first))
    wait_until(lambda: document.selection.ids == (first,), what="the first region selected")
    assert yellow_there(), "the selected region is outlined in yellow"
    map_click(x, studio, *free_point(studio, second))
    wait_until(lambda: document.selection.ids == (second,), what="the second region selected")
    settle_input(0.3)
    shots(studio, "studio-selection-moved")
    assert not yellow_there(), "the region no longer selected kept its yellow outline"


@pytest.mark.parametrize("several", [False, True], ids=["one-region", "the-selection"])
def test_the_region_menu_sets_terrain_and_owner(studio, x, several: bool) -> None:
    document = studio.document
    target, other = "harl-uplands", "caldor"
    if several:
        document.select("regions", [target, other])
        settle_input()
    before = document.undo_stack.index()
    px, py = _centre_of(studio, target)
    menu = right_click_menu(x, studio, px, py)
    choose(x, menu, "Terrain")
    terrain = next(t for t in document.scenario.terrain if t.id == "forest")
    submenu = next(
        a.menu() for a in menu.actions() if a.text().replace("&", "").startswith("Terrain")
    )
    choose(x, submenu, terrain.name)
    changed = [target, other] if several else [target]
    wait_until(
        lambda: all(document.get("regions", r).terrain == "forest" for r in changed),
        what="the new terrain",
    )
    assert document.undo_stack.index() == before + 1  # one undoable step
    menu = right_click_menu(x, studio, px, py)
    choose(x, menu, "Owner")
    submenu = next(
        a.menu() for a in menu.actions() if a.text().replace("&", "").startswith("Owner")
    )
    choose(x, submenu, "(nobody)")
    wait_until(
        lambda: all(document.get("regions", r).owner is None for r in changed), what="no owner"
    )
    studio.view.setFocus()
    x.key("ctrl+z")
    x.key("ctrl+z")
    wait_until(lambda: document.undo_stack.index() == before, what="both steps undone")
    assert document.get("regions", target).terrain != "forest"


def test_the_region_menu_renames_the_region(studio, x, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QInputDialog

    document = studio.document
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Upper Harl", True))
    menu = right_click_menu(x, studio, *_centre_of(studio, "harl-uplands"))
    choose(x, menu, "Rename")
    wait_until(
        lambda: document.get("regions", "harl-uplands").name == "Upper Harl", what="the new name"
    )
    assert studio.scene.label_items["harl-uplands"].text == "Upper Harl"
