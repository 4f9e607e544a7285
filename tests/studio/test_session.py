"""A designer's editing session in the studio, then undone and redone step by step.

The issue's promise: undoing a whole session returns the exact starting file, and redoing it
returns the exact final one. The session mixes map tools driven by the mouse, the inspector,
the explorer's commands, section-wide edits and keyboard shortcuts.
"""

from __future__ import annotations

from collections import Counter

import shapely
from PySide6.QtCore import QPointF, Qt

from editor.studio.map.geometry_actions import merge_regions
from editor.studio.map.items import screen_centre
from editor.studio.map.tools.split import split_region
from editor.studio.map.tools.vertex import move_vertex
from schemas.geometry import polygon_from_model
from schemas.io import dumps
from schemas.units import Location

LEFT = Qt.MouseButton.LeftButton


def _shared_vertex(scenario) -> tuple[float, float]:
    """A vertex three regions share (a corner where borders meet)."""
    counts = Counter(
        tuple(point) for region in scenario.regions for point in region.polygon.exterior
    )
    return next(point for point, n in sorted(counts.items()) if n >= 3)


def _crossing(region) -> list[tuple[float, float]]:
    """A straight cut through a region from border to border, a little past both ends."""
    shape = polygon_from_model(region.polygon)
    inside = shape.representative_point()
    xmin, _, xmax, _ = shape.bounds
    chord = shape.intersection(shapely.LineString([(xmin - 1, inside.y), (xmax + 1, inside.y)]))
    (x0, y0), (x1, y1) = chord.coords[0], chord.coords[-1]
    return [(x0 - 0.5, y0), (x1 + 0.5, y1)]


def _drag(qtbot, view, start: QPointF, end: QPointF) -> None:
    a, b = view.mapFromScene(start), view.mapFromScene(end)
    qtbot.mousePress(view.viewport(), LEFT, pos=a)
    for step in range(1, 6):
        qtbot.mouseMove(view.viewport(), a + (b - a) * step / 5)
    qtbot.mouseRelease(view.viewport(), LEFT, pos=b)


def test_thirty_edits_undo_to_the_exact_start_and_redo_to_the_exact_end(window, qtbot):
    document, view = window.document, window.view
    scenario = document.scenario
    stack = document.undo_stack
    start = dumps(scenario)
    steps = []

    def step(label: str) -> None:
        steps.append(label)
        assert stack.index() == len(steps), f"{label} was not exactly one undo step"

    regions = [r.id for r in scenario.regions if not r.off_map]
    # 1-5: fields through the inspector's form (one undo step each).
    for number, region_id in enumerate(regions[:5]):
        document.select("regions", [region_id])
        form = window.inspector.forms["regions"]
        name = form.rows["name"].box
        name.setFocus()
        name.selectAll()
        qtbot.keyClicks(name, f"Edited {number}")
        qtbot.keyClick(name, Qt.Key.Key_Return)
        assert document.get("regions", region_id).name == f"Edited {number}"
        step(f"rename region {region_id}")
    # 6: the same field of three regions at once.
    document.select("regions", regions[5:8])
    window.inspector._edited(document.get("regions", regions[5]).model_copy(update={"income": 77}))
    assert all(document.get("regions", r).income == 77 for r in regions[5:8])
    step("multi-edit")
    # 7-8: drag a structure and a stack of units with the select tool.
    window.set_tool("select")
    structure = window.scene.structure_items[scenario.structures[0].id]
    target = window.scene.region_paths[regions[10]].boundingRect().center()
    _drag(qtbot, view, screen_centre(structure, view), target)
    step("drag a structure")
    stack_item = window.scene.stack_items[0]
    _drag(
        qtbot,
        view,
        screen_centre(stack_item, view),
        window.scene.region_paths[regions[12]].boundingRect().center(),
    )
    step("drag a stack")
    # 9-10: move a vertex shared by three regions; insert nothing else.
    corner = _shared_vertex(scenario)
    assert move_vertex(document, corner, (corner[0] + 1.5, corner[1] - 1.0))
    step("move a shared vertex")
    corner = _shared_vertex(scenario)
    assert move_vertex(document, corner, (corner[0] - 1.0, corner[1] + 0.5))
    step("move another shared vertex")
    # 11: split a region; 12: merge the pieces back into one region.
    victim = document.get("regions", regions[14])
    piece = split_region(document, victim.id, _crossing(victim))
    step("split")
    merge_regions(document, [victim.id, piece])
    step("merge")
    # 13-15: explorer commands: add a card, duplicate a unit, rename a region everywhere.
    window.edits.add_entity("cards")
    step("add a card")
    window.edits.duplicate_entity("units", scenario.units[0].id)
    step("duplicate a unit")
    document.rename("regions", regions[2], "renamed-place")
    step("rename an id")
    # 16-17: Delete key on the selection, then an entity deletion from the explorer.
    document.select("cards", [scenario.cards[3].id])
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    step("delete a card with the Delete key")
    document.delete("events", [scenario.events[0].id])
    step("delete an event")
    # 18-25: field edits across sections.
    document.set_field("terrain", scenario.terrain[0].id, ["movement_cost"], 3)
    step("terrain table")
    document.set_field("connection_types", scenario.connection_types[0].id, ["color"], "#123456")
    step("connection table")
    document.set_field("sides", scenario.sides[0].id, ["color"], "#aa2233")
    step("side colour")
    document.set_field("units", scenario.units[4].id, ["location"], Location(region=regions[0]))
    step("unit start")
    document.set_field("cards", scenario.cards[0].id, ["copies"], 2)
    step("card copies")
    document.set_section("info", scenario.info.model_copy(update={"author": "Test designer"}))
    step("scenario info")
    document.set_section("calendar", scenario.calendar.model_copy(update={"turn_length_days": 14}))
    step("calendar")
    first = scenario.connections[0]
    document.set_field("connections", first.id, ["road"], not first.road)
    step("connection road")
    # 26-30: more map work with the connect tool and the inspector.
    window.set_tool("connect")
    a = window.scene.region_paths[regions[0]].boundingRect().center()
    b = window.scene.region_paths[regions[20]].boundingRect().center()
    _drag(qtbot, view, a, b)
    step("draw a connection")
    for number, region_id in enumerate(regions[15:19]):
        document.set_field("regions", region_id, ["income"], number + 1)
        step(f"income {region_id}")
    assert len(steps) >= 30

    end = dumps(document.scenario)
    assert end != start
    undo = window.undo_group.createUndoAction(window)
    while stack.canUndo():
        undo.trigger()
    assert dumps(document.scenario) == start
    assert not document.modified
    while stack.canRedo():
        stack.redo()
    assert dumps(document.scenario) == end
