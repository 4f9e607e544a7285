"""OH11 crossing sites in the studio: the line tool paints and erases them along river
hexsides as one undo step each, the map draws them, the hexside inspector shows and sets
one, and Delete on a hexside clears it with the rest of its features."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from editor.studio.map.tools.hexline import CROSSING_SITE
from editor.studio.window_edits import clear_hexes
from schemas.hexgrid.grid import HexGrid
from schemas.io import encode, save
from tests.operational.builder import OpBuilder
from tests.studio.test_hex_map_in_studio import at, drag


@pytest.fixture
def river_studio(studio: Any, tmp_path: Path) -> Any:
    b = OpBuilder(columns=8, rows=5)
    for row in range(1, 6):
        b.hexside(f"c4r{row}", f"c5r{row}", "major-river")
    path = tmp_path / "river.json"
    save(b.build(), path)
    assert studio.files.open_path(path, ask=False)
    QTest.qWait(20)
    return studio


def test_oh11_the_line_tool_offers_paints_and_erases_crossing_sites(river_studio: Any) -> None:
    studio = river_studio
    document = studio.document
    features = studio.hex_options.feature
    assert features.findData(CROSSING_SITE) >= 0
    before = encode(document.scenario)
    studio.set_tool("hexline")
    studio.view.tool.feature = CROSSING_SITE
    grid = HexGrid.of(document.scenario.hex_map)
    # Along one hexside of the major river, corner to corner.
    side = grid.hexside(grid.find("c4r2"), grid.find("c5r2"))
    (x0, y0), (x1, y1) = grid.hexside_segments()[side].tolist()
    start, end = QPointF(x0, y0), QPointF(x1, y1)
    drag(studio, [start, end])
    sites = document.scenario.hex_map.crossing_sites
    assert sites == [grid.hexside_id(side)] and document.undo_stack.count() == 1
    assert studio.scene.hexes.crossing_sites.elementCount() == 2 * len(sites)
    assert document.scenario.hex_map.hexsides["major-river"]  # the river itself stays
    drag(studio, [start, end], Qt.KeyboardModifier.ShiftModifier)
    assert document.scenario.hex_map.crossing_sites == []
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert encode(document.scenario) == before


def test_oh11_the_hexside_inspector_sets_a_site_and_delete_clears_it(river_studio: Any) -> None:
    studio = river_studio
    document = studio.document
    grid = HexGrid.of(document.scenario.hex_map)
    a, b = grid.find("c4r3"), grid.find("c5r3")
    side_id = grid.hexside_id(grid.hexside(a, b))
    ca, cb = grid.centres(np.array([a, b]))
    studio.set_tool("select")
    QTest.mouseClick(
        studio.view.viewport(),
        Qt.MouseButton.LeftButton,
        pos=at(studio, QPointF(*(ca + (cb - ca) * 0.45).tolist())),
    )
    assert document.selection.ids == (side_id,)
    page = studio.inspector.hex_page
    assert page.side.current.crossing_site is False
    page.side.edited.emit(page.side.current.model_copy(update={"crossing_site": True}))
    assert document.scenario.hex_map.crossing_sites == [side_id]
    assert document.undo_stack.count() == 1
    clear_hexes(document, "connections", [side_id])
    assert document.scenario.hex_map.crossing_sites == []
    assert (
        "major-river" not in document.scenario.hex_map.hexsides
        or side_id not in (document.scenario.hex_map.hexsides["major-river"])
    )
    document.undo_stack.undo()
    assert document.scenario.hex_map.crossing_sites == [side_id]
