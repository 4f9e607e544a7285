"""A hex map made and edited in the studio's real window (issue 14): File > New with a hex
grid, terrain painted with the brush by real mouse drags, a river drawn along hexsides, undo,
the hex under the pointer in the status bar, hex coordinates on the map at zoom.

Pictures are kept in ``$SALIENT_SCREENSHOTS`` (named after the screen's size, so running the
file on screens of 1280 x 800 and 1920 x 1080 keeps both)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.realwindow.conftest import on_screen, settle_input, size_name, wait_until
from tests.realwindow.studio_helpers import open_new_dialog, scene_to_viewport
from tests.realwindow.x11 import XInput


def pick(x: XInput, combo: Any, text: str) -> None:
    """Choose an entry of a combo box with the mouse: open it, click the entry."""
    combo.activateWindow()
    x.click(*on_screen(combo, combo.width() / 2, combo.height() / 2))
    view = combo.view()
    wait_until(view.isVisible, what=f"the list of {combo.objectName()}")
    row = combo.findText(text)
    assert row >= 0, [combo.itemText(i) for i in range(combo.count())]
    rect = view.visualRect(combo.model().index(row, 0))
    x.click(*on_screen(view.viewport(), rect.center().x(), rect.center().y()))
    wait_until(lambda: combo.currentIndex() == row, what=f"{text!r} chosen")
    settle_input(0.2)


def set_number(x: XInput, box: Any, value: int) -> None:
    """Type a number into a spin box, as a person does: click, select all, type."""
    x.click(*on_screen(box, box.width() / 3, box.height() / 2))
    x.key("ctrl+a")
    x.type(str(value))
    settle_input(0.2)


def on_map(studio: Any, point: Any) -> tuple[int, int]:
    """The screen position of a map point."""
    px, py = scene_to_viewport(studio, (float(point[0]), float(point[1])))
    return on_screen(studio.view.viewport(), px, py)


def test_a_hex_scenario_made_painted_and_given_a_river_with_real_input(
    studio: Any, x: XInput, shots: Any
) -> None:
    from schemas.hexgrid.decode import decode
    from schemas.hexgrid.edit import layer_values
    from schemas.hexgrid.grid import HexGrid

    studio.showMaximized()
    settle_input(0.5)
    # File > New: a hex grid of 24 x 16 flat hexes.
    dialog = open_new_dialog(x, studio)
    pick(x, dialog.kind, "Hex grid")
    assert dialog.hexes.isVisible() and not dialog.sheet.isVisible()
    pick(x, dialog.orientation, "Flat top (hexes in columns)")
    set_number(x, dialog.columns, 24)
    set_number(x, dialog.rows, 16)
    shots(dialog, f"hex-new-dialog-{size_name(studio)}")
    before = studio.document
    x.click(*on_screen(dialog.create_button, 10, 8))
    wait_until(lambda: studio.document is not before, what="the new hex scenario")
    settle_input(0.5)
    hex_map = studio.document.scenario.hex_map
    assert hex_map is not None and (hex_map.columns, hex_map.rows) == (24, 16)
    assert hex_map.orientation == "flat"
    grid = HexGrid.of(hex_map)
    assert studio.hex_options.isVisible()
    shots(studio, f"hex-new-{size_name(studio)}")

    # The brush, by its key; forest chosen in the bar; a real drag across a row of hexes.
    studio.view.setFocus()
    x.key("b")
    wait_until(lambda: studio.view.tool.name == "hexbrush", what="the brush")
    pick(x, studio.hex_options.value, "Woodland")
    row = [grid.find(f"c{c}r6") for c in range(4, 13)]
    x.drag([on_map(studio, p) for p in grid.centres(np.array(row))])
    wait_until(lambda: studio.document.undo_stack.count() == 1, what="the stroke's undo step")
    values = layer_values(
        studio.document.scenario.hex_map, "terrain", decode(studio.document.scenario.hex_map)
    )
    assert [values[i] for i in row] == ["forest"] * len(row)
    assert studio.document.undo_stack.text(0).startswith("Paint 9 hexes terrain: Woodland")
    # A wider brush: radius 2 around c18r10, by the bar's shape and radius.
    pick(x, studio.hex_options.shape, "Radius")
    set_number(x, studio.hex_options.radius, 2)
    pick(x, studio.hex_options.value, "Hills")
    centre = grid.centres(np.array([grid.find("c18r10")]))[0]
    studio.view.setFocus()
    x.drag([on_map(studio, centre), on_map(studio, centre + np.array([1.0, 1.0]))])
    wait_until(lambda: studio.document.undo_stack.count() == 2, what="the second stroke")
    shots(studio, f"hex-painted-{size_name(studio)}")

    # The line tool: a river along hexsides from a corner of c6r3 to a corner of c6r12.
    x.key("l")
    wait_until(lambda: studio.view.tool.name == "hexline", what="the line tool")
    pick(x, studio.hex_options.feature, "River (hexsides)")
    start = grid.corners(np.array([grid.find("c6r3")]))[0][0]
    end = grid.corners(np.array([grid.find("c6r12")]))[0][0]
    studio.view.setFocus()
    x.drag([on_map(studio, start), on_map(studio, (start + end) / 2), on_map(studio, end)])
    wait_until(lambda: studio.document.undo_stack.count() == 3, what="the river's undo step")
    river = studio.document.scenario.hex_map.hexsides.get("river", [])
    assert len(river) >= 9
    assert not decode(studio.document.scenario.hex_map).issues
    shots(studio, f"hex-river-{size_name(studio)}")

    # Undo takes the river away, and only it.
    studio.view.setFocus()
    x.key("ctrl+z")
    wait_until(lambda: studio.document.undo_stack.index() == 2, what="undo")
    assert "river" not in studio.document.scenario.hex_map.hexsides
    assert studio.document.undo_stack.count() == 3

    # The hex under the pointer, in the status bar.
    x.move(*on_map(studio, grid.centres(np.array([grid.find("c9r7")]))[0]))
    wait_until(lambda: studio.coordinates.text().startswith("c9r7 "), what="c9r7 in the status bar")

    # Zoomed in, each hex shows its coordinates.
    middle = on_map(studio, grid.centres(np.array([grid.find("c12r8")]))[0])
    from editor.studio.map.hexes import COORDINATES_FROM_PX

    def across() -> float:
        return float(grid.size * 2 * studio.view.transform().m11())

    for _ in range(12):
        if across() >= COORDINATES_FROM_PX * 1.3:
            break
        x.wheel(*middle, 2)
        settle_input(0.3)
    assert across() >= COORDINATES_FROM_PX, across()
    shots(studio, f"hex-zoomed-{size_name(studio)}")

    # Select (S): a click near a hexside selects it, in the middle of a hex the hex; the
    # inspector shows their fields.
    x.key("s")
    wait_until(lambda: studio.view.tool.name == "select", what="the select tool")
    a, b = grid.centres(np.array([grid.find("c12r8"), grid.find("c12r9")]))
    x.click(*on_map(studio, a + (b - a) * 0.45))
    wait_until(
        lambda: studio.document.selection.ids == ("c12r8-c12r9",), what="the hexside selected"
    )
    assert studio.inspector.title.text() == "Hexside c12r8-c12r9"
    # Its fields are laid out whole at once (they were once cut to a sliver).
    box = studio.inspector.hex_page.side_box
    assert box.height() >= box.sizeHint().height() - 1, (box.height(), box.sizeHint())
    feature = studio.inspector.hex_page.side.rows["feature"]
    assert feature.isVisible() and feature.visibleRegion().boundingRect().height() >= 18
    shots(studio, f"hex-hexside-{size_name(studio)}")
    x.click(*on_map(studio, a))
    wait_until(lambda: studio.document.selection.ids == ("c12r8",), what="the hex selected")
    assert studio.inspector.title.text() == "Hex c12r8"
    shots(studio, f"hex-inspector-{size_name(studio)}")
