"""A big generated map in a real window (issue 10): what the map's symbols say under the
pointer are names, never ids or file spellings ("red: unit-12" was a stack's tooltip,
"region-5-region-6" a connection's), and a point dragged with the Edit points tool moves with
every region sharing it, the names around it still drawn."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.realwindow.conftest import on_screen, settle_input, wait_until
from tests.realwindow.studio_helpers import scene_to_viewport

REGIONS = 3000
"""Big enough that names and symbols far from the view are kept out of the scene."""


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The generated map, written once for the module's tests (each opens a copy)."""
    from schemas.generator import generate_scenario
    from schemas.io import save

    path = tmp_path_factory.mktemp("big-map") / "big.json"
    save(generate_scenario(REGIONS, 4), path)
    return path


@pytest.fixture
def big_map(studio: Any, big_file: Path, tmp_path: Path) -> Any:
    path = tmp_path / "big.json"
    shutil.copy(big_file, path)
    assert studio.files.open_path(path, ask=False)
    wait_until(lambda: len(studio.document.scenario.regions) == REGIONS, what="the big map")
    studio.validation.wait()
    settle_input(0.3)
    return studio


def _zoom_on(studio: Any, point: Any, pixels: float = 150.0) -> None:
    """Centre the view on ``point`` at a zoom where a typical region is ``pixels`` wide."""
    view = studio.view
    port = view.viewport()
    span = studio.scene.regions.typical * min(port.width(), port.height()) / pixels
    view.zoom_to(point, span)
    settle_input(0.3)


def _viewport_on_screen(studio: Any) -> Any:
    """The map's viewport as the X server shows it (read back, not rendered again)."""
    from PySide6.QtCore import QPoint

    port = studio.view.viewport()
    corner = port.mapTo(studio, QPoint(0, 0))
    picture = studio.screen().grabWindow(
        studio.winId(), corner.x(), corner.y(), port.width(), port.height()
    )
    return picture.toImage()


def _pixels_apart(first: Any, second: Any) -> int:
    """How many pixels of two pictures of a size differ by more than a shade (32 levels of a
    channel): a line left behind differs by far more, antialiasing by less."""
    import numpy as np
    from PySide6.QtGui import QImage

    def channels(image: Any) -> Any:
        image = image.convertToFormat(QImage.Format.Format_RGB32)
        rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), -1, 4)
        return rows[:, : image.width(), :3].astype(int)

    return int((np.abs(channels(first) - channels(second)).max(axis=2) > 32).sum())


def _tooltip_at(x: Any, studio: Any, px: float, py: float) -> str:
    from PySide6.QtWidgets import QToolTip

    x.move(*on_screen(studio.view.viewport(), px + 4, py + 4))
    x.move(*on_screen(studio.view.viewport(), px, py))
    wait_until(QToolTip.isVisible, what="a tooltip")
    return QToolTip.text()


def _stack_words(document: Any, side_id: str, unit_ids: list[str]) -> str:
    side = document.get("sides", side_id)
    names = []
    for unit_id in unit_ids:
        unit = document.get("units", unit_id)
        if unit is None:
            names.append(document.get("leaders", unit_id).name)
        else:
            names.append(unit.name or document.get("unit_types", unit.type).name)
    return f"{side.name}: {', '.join(names)}"


def test_symbols_on_a_big_map_are_named_for_people(big_map: Any, x: Any, shots: Any) -> None:
    from editor.shared.vocabulary import word

    studio = big_map
    document, scene = studio.document, studio.scene
    unit = next(u for u in document.scenario.units if u.location and u.location.region)
    _zoom_on(studio, scene.regions.name_points[unit.location.region])
    (stack,) = [item for item in scene.stack_items if unit.id in item.units]
    assert stack.scene() is scene and stack.isVisible()
    centre = stack.deviceTransform(studio.view.viewportTransform()).map(
        stack.boundingRect().center()
    )
    text = _tooltip_at(x, studio, centre.x(), centre.y())
    side_id = document.get("nations", unit.nation).side
    assert text == _stack_words(document, side_id, stack.units)
    assert not text.startswith(f"{side_id}:") or document.get("sides", side_id).name == side_id
    shots(studio, "large-map-stack-tooltip")
    # Every connection drawn names its type and its two regions, never its id.
    regions = {r.id: r for r in document.scenario.regions}
    drawn = scene.connections.drawn
    links = [look for look in scene.connection_looks.values() if drawn(look.connection_id)]
    assert links
    for item in links:
        connection = document.get("connections", item.connection_id)
        kind = document.get("connection_types", connection.type)
        a, b = regions[connection.a], regions[connection.b]
        assert item.toolTip().startswith(f"{kind.name}: {a.name} \u2013 {b.name}")
    for item in scene.structure_items.values():
        structure = document.get("structures", item.entity_id)
        assert item.toolTip().startswith(structure.name)
        assert f"({word(structure.kind).lower()}" in item.toolTip()


def test_a_point_dragged_on_a_big_map_moves_with_its_neighbours(
    big_map: Any, x: Any, shots: Any
) -> None:
    from PySide6.QtCore import QPointF

    from editor.studio.map.snapping import SnapCache

    studio = big_map
    document, scene = studio.document, studio.scene
    cache = SnapCache.of(document)
    middle = document.scenario.regions[REGIONS // 2]
    vertex = next(
        p
        for p in middle.polygon.exterior
        if len({ref.region for ref in cache.vertex_owners(p)}) >= 3
    )
    sharing = {document.scenario.regions[ref.region].id for ref in cache.vertex_owners(vertex)}
    _zoom_on(studio, QPointF(*vertex), 200.0)
    names_before = {r for r, label in scene.label_items.items() if label.scene() is scene}
    assert names_before, "zoomed in, the names around are drawn"
    x.key("v")
    wait_until(lambda: studio.view.tool.name == "vertex", what="the Edit points tool")
    px, py = scene_to_viewport(studio, vertex)
    port = studio.view.viewport()
    path = [(px + step * 2, py + step) for step in range(11)]
    x.press(*on_screen(port, px, py))
    for qx, qy in path[1:]:
        x.move(*on_screen(port, qx, qy))
        settle_input(0.05)  # each move handled on its own (Qt merges queued moves)
    settle_input(0.2)
    shots(studio, "large-map-dragging-a-point")
    # Each move repaints only around the edges that moved (DragPreview): what the screen
    # shows must be what a repaint of the whole map shows, with no trace of earlier moves
    # (a repaint of part of a line smooths a few of its pixels a shade differently).
    moved_so_far = _viewport_on_screen(studio)
    port.update()
    settle_input(0.2)
    traces = _pixels_apart(_viewport_on_screen(studio), moved_so_far)
    assert traces <= 5, f"the preview left traces on screen ({traces} pixels)"
    x.release(*on_screen(port, *path[-1]))
    wait_until(lambda: document.undo_stack.count() > 0, what="the point moved")
    settle_input(0.3)
    shots(studio, "large-map-point-dropped")
    moved = {r.id for r in document.scenario.regions if vertex not in r.polygon.exterior} & sharing
    assert moved == sharing, "every region sharing the point moved it"
    landed = document.get("regions", next(iter(sharing))).polygon.exterior
    ends = [scene_to_viewport(studio, p) for p in landed]
    assert min(abs(ex - path[-1][0]) + abs(ey - path[-1][1]) for ex, ey in ends) <= 3.0
    names_after = {r for r, label in scene.label_items.items() if label.scene() is scene}
    assert names_after == names_before, "the names around stay drawn"


def test_a_region_of_a_big_map_is_named_under_the_pointer_and_selected_by_a_click(
    big_map: Any, x: Any, shots: Any
) -> None:
    """Regions are painted by one item for all (editor/studio/map/canvas.py): hovering one
    still names it in a tooltip, a click selects it and outlines it in yellow, and a click
    elsewhere takes the outline away."""
    from PySide6.QtCore import QPointF

    from tests.realwindow.studio_helpers import map_click

    studio = big_map
    document, scene = studio.document, studio.scene
    scene.markers.ensure()  # drawn when the zoom shows them: here, asked for at once
    region = next(
        r
        for r in document.scenario.regions[REGIONS // 3 :]
        if not scene.markers.in_region.get(r.id)
    )
    name_point = scene.regions.name_points[region.id]
    _zoom_on(studio, name_point, 200.0)
    # A third of the way from the name to a corner: inside, off the name and the lines.
    corner = region.polygon.exterior[0]
    spot = (
        name_point.x() + (corner[0] - name_point.x()) / 3,
        name_point.y() + (corner[1] - name_point.y()) / 3,
    )
    assert scene.region_at(QPointF(*spot)) == region.id
    px, py = scene_to_viewport(studio, spot)
    assert _tooltip_at(x, studio, px, py) == f"{region.name} ({region.id})"
    map_click(x, studio, px, py)
    wait_until(
        lambda: document.selection.ids == (region.id,), what="the region selected by a click"
    )
    settle_input(0.3)
    shots(studio, "large-map-region-selected")
    cx, cy = scene_to_viewport(studio, corner)
    image = studio.view.viewport().grab().toImage()
    ratio = image.devicePixelRatio()
    assert image.pixelColor(round(cx * ratio), round(cy * ratio)).name() == "#ffcc00"
    far = next(r for r in document.scenario.regions if r.id != region.id)
    document.select("regions", [far.id])
    settle_input(0.3)
    image = studio.view.viewport().grab().toImage()
    assert image.pixelColor(round(cx * ratio), round(cy * ratio)).name() != "#ffcc00"
