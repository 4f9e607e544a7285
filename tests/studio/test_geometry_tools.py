"""The map's topological editing tools, driven by mouse and key events on a real view:
draw with snapping, move, insert and delete shared vertices, split, merge, delete."""

from __future__ import annotations

import json
from typing import Any

import pytest
import shapely
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QTransform
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFrame

from editor.studio.document import ScenarioDocument
from editor.studio.map.geometry_actions import delete_regions, merge_regions
from editor.studio.map.scene import MapScene
from editor.studio.map.snapping import SnapCache
from editor.studio.map.tools.draw import DrawRegionTool
from editor.studio.map.tools.split import SplitTool
from editor.studio.map.tools.vertex import VertexTool
from editor.studio.map.view import MapView
from schemas.geometry import GeometryEditError, polygon_from_model
from schemas.geometry.drawing import fit_drawn_region
from schemas.io import load_text
from schemas.map import Polygon
from schemas.validation import validate_scenario
from tests.factory import base, square

LEFT = Qt.MouseButton.LeftButton
SHIFT = Qt.KeyboardModifier.ShiftModifier
GEOMETRY_CODES = {"region-overlap", "coverage-gap", "polygon-self-intersection", "polygon-invalid"}


def four_fields() -> dict[str, Any]:
    """Four 100-unit squares (w1 e1 / w2 e2) above a strip of sea, with a fort, a depot,
    units and a victory condition in e2 to follow through merges and deletions."""
    raw = base()
    layout = {"w1": (0, 0), "e1": (100, 0), "w2": (0, 100), "e2": (100, 100)}
    raw["regions"] = [
        {
            "id": region_id,
            "name": region_id.upper(),
            "terrain": "forest" if region_id == "w2" else "clear",
            "owner": "redland" if region_id.startswith("w") else "blueland",
            "polygon": square(x, y),
        }
        for region_id, (x, y) in layout.items()
    ]
    raw["regions"].append(
        {
            "id": "sea",
            "name": "The Sea",
            "terrain": "sea",
            "polygon": {"exterior": [[0, 200], [100, 200], [200, 200], [200, 300], [0, 300]]},
        }
    )
    links = [("w1", "e1"), ("w1", "w2"), ("e1", "e2"), ("w2", "e2")]
    raw["connections"] = [{"id": f"{a}-{b}", "a": a, "b": b} for a, b in links]
    raw["connections"] += [
        {"id": f"{r}-sea", "a": r, "b": "sea", "type": "sea"} for r in ("w2", "e2")
    ]
    raw["structures"] = [
        {"id": "fort", "name": "Old Fort", "region": "e2", "kind": "fort", "fortification": 3},
        {"id": "strip", "name": "Airstrip", "region": "e1", "kind": "airfield", "airport": True},
    ]
    raw["units"] = [
        {"id": "red-inf-1", "type": "inf", "nation": "redland", "location": {"region": "w2"}},
        {"id": "blue-inf-1", "type": "inf", "nation": "blueland", "location": {"region": "e2"}},
        {
            "id": "blue-inf-2",
            "type": "inf",
            "nation": "blueland",
            "location": {"structure": "fort"},
        },
        {"id": "red-inf-2", "type": "inf", "nation": "redland"},
    ]
    raw["leaders"][0]["location"] = {"region": "w1"}
    return raw


def make_document() -> ScenarioDocument:
    loaded = load_text(json.dumps(four_fields()))
    assert loaded.scenario is not None, loaded.issues
    return ScenarioDocument(loaded.scenario)


@pytest.fixture
def doc() -> ScenarioDocument:
    return make_document()


@pytest.fixture
def view(qtbot: Any, doc: ScenarioDocument) -> MapView:
    shown = MapView(MapScene(doc))
    qtbot.addWidget(shown)
    # Two screen pixels per map unit, so the snap radius of 10 pixels is 5 map units, and a
    # scene rectangle exactly filling the viewport: every whole map point is a whole pixel,
    # and the view never scrolls as tool items grow the scene.
    shown.setFrameShape(QFrame.Shape.NoFrame)
    shown.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    shown.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    shown.resize(700, 700)
    shown.show()
    qtbot.waitExposed(shown)
    shown.setTransform(QTransform.fromScale(2, 2))
    shown.setSceneRect(-75, -25, 350, 350)
    return shown


def use(view: MapView, tool: Any) -> list[str]:
    messages: list[str] = []
    tool.message = messages.append
    view.set_tool(tool)
    return messages


def at(view: MapView, x: float, y: float) -> Any:
    return view.mapFromScene(QPointF(x, y))


def click(qtbot: Any, view: MapView, x: float, y: float, modifier: Any = None) -> None:
    QTest.mouseMove(view.viewport(), at(view, x, y))
    if modifier is None:
        qtbot.mouseClick(view.viewport(), LEFT, pos=at(view, x, y))
    else:
        qtbot.mouseClick(view.viewport(), LEFT, modifier, pos=at(view, x, y))


def double_click(qtbot: Any, view: MapView, x: float, y: float) -> None:
    """What a real double-click sends: a click, then the double-click event."""
    click(qtbot, view, x, y)
    qtbot.mouseDClick(view.viewport(), LEFT, pos=at(view, x, y))


def drag(view: MapView, start: tuple[float, float], end: tuple[float, float]) -> None:
    viewport = view.viewport()
    QTest.mousePress(viewport, LEFT, pos=at(view, *start))
    middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    QTest.mouseMove(viewport, at(view, *middle))
    QTest.mouseMove(viewport, at(view, *end))
    QTest.mouseRelease(viewport, LEFT, pos=at(view, *end))


def key(view: MapView, which: Qt.Key) -> None:
    QTest.keyClick(view.viewport(), which)


def outline(doc: ScenarioDocument, region_id: str) -> list[tuple[float, float]]:
    return list(doc.get("regions", region_id).polygon.exterior)


def area(doc: ScenarioDocument, region_id: str) -> float:
    return float(polygon_from_model(doc.get("regions", region_id).polygon).area)


def geometry_issues(doc: ScenarioDocument) -> list[str]:
    issues = validate_scenario(doc.scenario)
    return [f"{i.code}: {i.message}" for i in issues if i.code in GEOMETRY_CODES]


def snapshot(doc: ScenarioDocument) -> dict[str, Any]:
    return doc.scenario.model_dump()


# -- drawing ----------------------------------------------------------------------------------


def test_draw_snaps_to_a_vertex_and_onto_an_edge(qtbot: Any, doc: ScenarioDocument, view) -> None:
    before = snapshot(doc)
    messages = use(view, DrawRegionTool(doc))
    click(qtbot, view, 202, 3)  # 3 units from e1's corner (200, 0): snaps onto it
    click(qtbot, view, 201.5, 60)  # 1.5 units off e1's east edge: snaps onto it
    click(qtbot, view, 260, 60)
    click(qtbot, view, 260, 0)
    assert doc.undo_stack.count() == 0  # nothing reaches the document while drawing
    key(view, Qt.Key.Key_Return)

    assert messages == []
    new = doc.selection.ids[0]
    drawn = outline(doc, new)
    assert (200.0, 0.0) in drawn  # exactly e1's vertex
    assert (200.0, 60.0) in drawn
    assert (200.0, 60.0) in outline(doc, "e1")  # the neighbour shares the new vertex
    assert area(doc, new) == pytest.approx(60 * 60)
    region = doc.get("regions", new)
    assert region.name == "Region 1" and region.terrain == "clear"
    assert geometry_issues(doc) == []
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert snapshot(doc) == before


def test_draw_takes_only_free_ground_and_shares_the_crossings(
    qtbot: Any, doc: ScenarioDocument, view
) -> None:
    use(view, DrawRegionTool(doc))
    # A square reaching into e2 from the east: only the part outside e2 is free.
    for x, y in [(150, 150), (250, 150), (250, 250), (150, 250)]:
        click(qtbot, view, x, y)
    click(qtbot, view, 151, 149)  # back on the first point: closes the outline
    new = doc.selection.ids[0]
    assert area(doc, new) == pytest.approx(100 * 100 - 50 * 50 - 50 * 50)
    assert shapely.intersection(
        polygon_from_model(doc.get("regions", new).polygon),
        polygon_from_model(doc.get("regions", "e2").polygon),
    ).area == pytest.approx(0)
    # Its west border is e2's and the sea's, vertex for vertex; where the drawn outline
    # crossed their borders, they gained the crossing points.
    assert {(200.0, 150.0), (200.0, 200.0), (200.0, 250.0)} <= set(outline(doc, new))
    assert (200.0, 150.0) in outline(doc, "e2")
    assert (200.0, 250.0) in outline(doc, "sea")
    assert geometry_issues(doc) == []


def test_draw_is_refused_without_free_ground(qtbot: Any, doc: ScenarioDocument, view) -> None:
    messages = use(view, DrawRegionTool(doc))
    for x, y in [(20, 20), (80, 20), (50, 80)]:
        click(qtbot, view, x, y)
    double_click(qtbot, view, 50, 80)
    assert doc.undo_stack.count() == 0
    assert messages and "free ground" in messages[-1]
    key(view, Qt.Key.Key_Escape)
    assert view.tool.points == []


def test_draw_backspace_shift_and_locked_layer(qtbot: Any, doc: ScenarioDocument, view) -> None:
    tool = DrawRegionTool(doc)
    messages = use(view, tool)
    click(qtbot, view, 202, 3)
    assert tool.points == [(200.0, 0.0)]
    click(qtbot, view, 202, 40, SHIFT)  # Shift places the point where the pointer is
    assert tool.points[-1] == (202.0, 40.0)
    key(view, Qt.Key.Key_Backspace)
    assert tool.points == [(200.0, 0.0)]
    key(view, Qt.Key.Key_Escape)
    assert tool.points == []

    view.map_scene.locks["regions"] = True
    click(qtbot, view, 250, 50)
    assert tool.points == []
    assert "locked" in messages[-1]


def test_sketch_is_drawn_with_a_rubber_band_and_snap_marker(
    qtbot: Any, doc: ScenarioDocument, view
) -> None:
    use(view, DrawRegionTool(doc))
    click(qtbot, view, 202, 3)
    click(qtbot, view, 260, 0)
    QTest.mouseMove(view.viewport(), at(view, 201, 100))  # near e2's corner (200, 100)
    sketch, indicator = view.tool._items()
    assert sketch.pointer == (200.0, 100.0)
    assert indicator.isVisible() and indicator.kind == "vertex"
    QTest.mouseMove(view.viewport(), at(view, 201, 50))
    assert indicator.kind == "edge"
    view.grab().save("/tmp/salient-draw-tool.png")


def test_fitting_absorbs_slivers_and_wraps_islands() -> None:
    # Drawing straight across a neighbour's bend would leave a sliver nobody could click.
    bent = Polygon(exterior=[(0, 0), (10, 0), (10, 10), (5, 9), (0, 10)])
    fitted = fit_drawn_region([bent], [(0, 10), (10, 10), (10, 20), (0, 20)])
    assert (5.0, 9.0) in fitted.outline.exterior
    assert polygon_from_model(fitted.outline).area == pytest.approx(105)
    assert fitted.neighbours == (0,)
    # A region drawn round an island gets a hole that the island fills exactly.
    island = Polygon(exterior=[(10, 10), (15, 10), (15, 15), (10, 15)])
    fitted = fit_drawn_region([island], [(0, 0), (30, 0), (30, 30), (0, 30)])
    assert set(fitted.outline.holes[0]) == set(island.exterior)
    with pytest.raises(GeometryEditError, match="2 separate pieces"):
        fit_drawn_region(
            [Polygon(exterior=[(10, 0), (20, 0), (20, 10), (10, 10)])],
            [(0, 5), (30, 5), (30, 8), (0, 8)],
        )
    with pytest.raises(GeometryEditError, match="crosses itself"):
        fit_drawn_region([], [(0, 0), (10, 10), (10, 0), (0, 10)])


# -- vertices ---------------------------------------------------------------------------------


def test_moving_a_shared_vertex_moves_it_everywhere(
    qtbot: Any, doc: ScenarioDocument, view
) -> None:
    before = snapshot(doc)
    tool = VertexTool(doc)
    use(view, tool)
    viewport = view.viewport()
    QTest.mousePress(viewport, LEFT, pos=at(view, 101, 99))  # snaps to the centre point
    QTest.mouseMove(viewport, at(view, 110, 105))
    QTest.mouseMove(viewport, at(view, 120, 110))
    assert tool.previews  # a live preview, and still no edit
    assert doc.undo_stack.count() == 0
    view.grab().save("/tmp/salient-vertex-tool.png")
    QTest.mouseRelease(viewport, LEFT, pos=at(view, 120, 110))

    assert not tool.previews
    for region_id in ("w1", "e1", "w2", "e2"):
        assert (120.0, 110.0) in outline(doc, region_id)
        assert (100.0, 100.0) not in outline(doc, region_id)
    assert geometry_issues(doc) == []
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert snapshot(doc) == before


def test_insert_then_delete_a_shared_vertex(qtbot: Any, doc: ScenarioDocument, view) -> None:
    before = snapshot(doc)
    tool = VertexTool(doc)
    use(view, tool)
    QTest.mouseMove(view.viewport(), at(view, 99, 2))
    assert tool._indicator.kind == "vertex" and tool._indicator.pos() == QPointF(100, 0)
    double_click(qtbot, view, 101, 40)  # on the border between w1 and e1
    assert (100.0, 40.0) in outline(doc, "w1")
    assert (100.0, 40.0) in outline(doc, "e1")
    assert tool.selected == (100.0, 40.0)
    assert doc.undo_stack.count() == 1

    drag(view, (100, 40), (90, 40))  # the new point is a real, shared vertex
    assert (90.0, 40.0) in outline(doc, "w1") and (90.0, 40.0) in outline(doc, "e1")
    assert area(doc, "w1") + area(doc, "e1") == pytest.approx(20000)
    assert geometry_issues(doc) == []

    click(qtbot, view, 91, 41)
    key(view, Qt.Key.Key_Delete)
    assert (90.0, 40.0) not in outline(doc, "w1") and (90.0, 40.0) not in outline(doc, "e1")
    assert geometry_issues(doc) == []
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert snapshot(doc) == before


def test_vertex_edits_that_break_the_map_are_refused(
    qtbot: Any, doc: ScenarioDocument, view
) -> None:
    before = snapshot(doc)
    messages = use(view, VertexTool(doc))
    drag(view, (0, 0), (50, 150))  # w1's corner across its own bottom edge
    assert snapshot(doc) == before
    assert doc.undo_stack.count() == 0
    assert messages and "cannot move the point" in messages[-1].lower()

    click(qtbot, view, 100, 100)  # the point where four regions meet
    key(view, Qt.Key.Key_Delete)
    assert snapshot(doc) == before
    assert "gap" in messages[-1]


def test_dragging_does_not_snap_to_the_dragged_vertex_itself(
    qtbot: Any, doc: ScenarioDocument, view
) -> None:
    use(view, VertexTool(doc))
    drag(view, (0, 100), (3, 98))
    assert (3.0, 98.0) in outline(doc, "w1") and (3.0, 98.0) in outline(doc, "w2")
    drag(view, (3, 98), (5, 99))  # within the snap radius of where it was: no pull back
    assert (5.0, 99.0) in outline(doc, "w2")
    drag(view, (5, 99), (1, 2))  # near w1's corner: lands exactly on it
    assert (0.0, 0.0) in outline(doc, "w2")
    assert outline(doc, "w1").count((0.0, 0.0)) == 1
    assert geometry_issues(doc) == []


# -- split ------------------------------------------------------------------------------------


def test_split_a_region_along_a_drawn_line(qtbot: Any, doc: ScenarioDocument, view) -> None:
    before = snapshot(doc)
    messages = use(view, SplitTool(doc))
    click(qtbot, view, 31, 1)  # near w1's top edge: snaps onto it
    double_click(qtbot, view, 30, 98)  # onto the border with w2, then cut
    assert messages == []
    regions = [r.id for r in doc.scenario.regions]
    assert len(regions) == 6
    piece = doc.selection.ids[1]
    assert doc.selection.ids[0] == "w1"
    assert area(doc, "w1") + area(doc, piece) == pytest.approx(10000)
    assert area(doc, "w1") > area(doc, piece)  # the larger part keeps the id
    assert doc.get("regions", piece).name == "W1 (west)"
    assert doc.get("regions", piece).owner == "redland"
    cut = (30.0, 100.0)
    assert cut in outline(doc, "w1") and cut in outline(doc, piece)
    assert cut in outline(doc, "w2")  # no T-junction on the neighbour
    pairs = {frozenset((c.a, c.b)) for c in doc.scenario.connections}
    assert frozenset(("w1", piece)) in pairs  # the pieces are connected
    assert frozenset(("w1", "e1")) in pairs and frozenset((piece, "e1")) not in pairs
    assert {frozenset(("w1", "w2")), frozenset((piece, "w2"))} <= pairs  # both touch w2
    assert geometry_issues(doc) == []
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert snapshot(doc) == before


def test_split_refuses_a_line_that_does_not_cross(qtbot: Any, doc: ScenarioDocument, view) -> None:
    messages = use(view, SplitTool(doc))
    click(qtbot, view, 20, 20)
    click(qtbot, view, 60, 60)
    key(view, Qt.Key.Key_Enter)
    assert doc.undo_stack.count() == 0
    assert messages and "border to border" in messages[-1]


# -- merge and delete -------------------------------------------------------------------------


def test_merge_redirects_every_reference(doc: ScenarioDocument) -> None:
    before = snapshot(doc)
    survivor = merge_regions(doc, ["w2", "e2"])
    assert survivor == "w2"
    assert doc.get("regions", "e2") is None
    assert area(doc, "w2") == pytest.approx(20000)
    assert doc.get("structures", "fort").region == "w2"
    assert doc.get("units", "blue-inf-1").location.region == "w2"
    condition = doc.scenario.victory.sudden_death[0].condition
    assert condition.regions == ["w2"]
    pairs = [frozenset((c.a, c.b)) for c in doc.scenario.connections]
    assert frozenset(("w2", "sea")) in pairs
    assert len(pairs) == len(set(pairs))  # the two links to the sea became one
    assert all(c.a != c.b for c in doc.scenario.connections)
    assert {frozenset(("w1", "w2")), frozenset(("e1", "w2"))} <= set(pairs)
    assert geometry_issues(doc) == []
    assert doc.selection.ids == ("w2",)
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert snapshot(doc) == before


def test_merge_refuses_regions_that_do_not_form_one_piece(doc: ScenarioDocument) -> None:
    with pytest.raises(GeometryEditError, match="one piece"):
        merge_regions(doc, ["w1", "e2"])  # they meet at a corner only
    with pytest.raises(GeometryEditError, match="at least two"):
        merge_regions(doc, ["w1"])
    assert doc.undo_stack.count() == 0


def test_delete_region_cleans_up_after_itself(doc: ScenarioDocument) -> None:
    before = snapshot(doc)
    text = delete_regions(doc, ["e2"])
    assert text == "Delete region E2 with 3 connections, 1 structure and 1 supply source"
    assert doc.get("regions", "e2") is None
    assert all("e2" not in (c.a, c.b) for c in doc.scenario.connections)
    assert doc.get("structures", "fort") is None
    assert doc.get("supply_sources", "blue-depot") is None
    assert doc.get("units", "blue-inf-1").location is None
    assert doc.get("units", "blue-inf-2").location is None  # it stood in the fort
    assert doc.undo_stack.count() == 1
    assert doc.undo_stack.undoText() == text
    doc.undo_stack.undo()
    assert snapshot(doc) == before


def test_snap_cache_follows_the_document(doc: ScenarioDocument) -> None:
    cache = SnapCache.of(doc)
    assert SnapCache.of(doc) is cache
    assert cache.snap((101.0, 99.0), 5).point == (100.0, 100.0)
    delete_regions(doc, ["e2"])
    merge_regions(doc, ["w1", "e1"])
    snap = cache.snap((150.0, 2.0), 5)
    assert snap.kind == "edge" and cache.region_id(snap.edges[0].region) == "w1"
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert len(cache.snap((101.0, 99.0), 5).vertices) == 4


def test_tools_describe_themselves(doc: ScenarioDocument) -> None:
    tools = [DrawRegionTool(doc), VertexTool(doc), SplitTool(doc)]
    assert [t.shortcut for t in tools] == ["D", "V", "X"]
    assert all(t.label and t.hint and t.name for t in tools)
