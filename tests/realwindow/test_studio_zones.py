"""Setup and fixed zones painted in the studio's real window (issue 15: OT1, OM20): the
brush's bar set to a side's setup zone, a real drag across hexes, then a fixed zone, each
stroke one undo step, the zones drawn on the map as their own layer, Ctrl+Z taking back only
the last stroke, and the validation's issue about a unit outside its side's zone gone once the
zone reaches it.

Pictures are kept in ``$SALIENT_SCREENSHOTS``, named after the screen's size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.realwindow.conftest import on_screen, settle_input, shown_studio, size_name, wait_until
from tests.realwindow.test_studio_hexes import on_map, pick
from tests.realwindow.x11 import XInput


@pytest.fixture
def op_studio(qtbot: Any, state_dir: Path, tmp_path: Path) -> Any:
    """The studio on a small hex scenario of the operational family: a red unit that starts
    outside red's setup zone (one hex, c1r1), and a fixed unit."""
    import json

    from tests.operational.builder import OpBuilder

    b = OpBuilder(columns=14, rows=9)
    b.raw["hex_map"]["setup_zones"] = {"red": ["c1r1"]}
    b.unit("scout", "inf", "c4r5")
    b.unit("guard", "inf", "c9r3", nation="blueland")
    b.raw["units"][-1]["operational"] = {"fixed": {"zone": "zone-1", "until_turn": 2}}
    path = tmp_path / "zones.json"
    path.write_text(json.dumps(b.raw), encoding="utf-8")  # with its error: the zone is unpainted
    with shown_studio(qtbot, path, maximized=True) as window:
        yield window


def issue_codes(studio: Any) -> set[tuple[str, str | None]]:
    return {(i.code, i.entity) for i in studio.issues.model.issues}


def test_setup_and_fixed_zones_painted_with_the_brush_by_real_drags(
    op_studio: Any, x: XInput, shots: Any
) -> None:
    from schemas.hexgrid.decode import decode
    from schemas.hexgrid.edit import layer_values
    from schemas.hexgrid.grid import HexGrid

    studio = op_studio
    document = studio.document
    grid = HexGrid.of(document.scenario.hex_map)
    size = size_name(studio)
    wait_until(
        lambda: ("operational-setup-outside-zone", "scout") in issue_codes(studio),
        what="the issue of the unit outside red's zone",
    )

    def values(layer: str) -> list[str | None]:
        hex_map = document.scenario.hex_map
        return layer_values(hex_map, layer, decode(hex_map))  # type: ignore[arg-type]

    def centres(ids: list[str]) -> list[tuple[int, int]]:
        points = grid.centres(np.array([grid.find(i) for i in ids]))
        return [on_map(studio, p) for p in points]

    # Red's setup zone: the brush's bar set to it, a drag down two columns of hexes.
    studio.view.setFocus()
    x.key("b")
    wait_until(lambda: studio.view.tool.name == "hexbrush", what="the brush")
    pick(x, studio.hex_options.layer, "Setup zone")
    pick(x, studio.hex_options.value, "Setup zone of Red")
    pick(x, studio.hex_options.shape, "Radius")
    x.drag(centres(["c3r2", "c3r5", "c3r7"]))
    wait_until(lambda: document.undo_stack.count() == 1, what="the setup stroke's undo step")
    assert document.undo_stack.text(0).startswith("Paint ")
    assert document.undo_stack.text(0).endswith("setup zone: Red")
    setup = values("setup_zones")
    painted = {grid.ids[i] for i, v in enumerate(setup) if v == "red"}
    assert {"c3r2", "c3r5", "c3r7", "c4r5", "c1r1"} <= painted
    wait_until(
        lambda: ("operational-setup-outside-zone", "scout") not in issue_codes(studio),
        what="the issue gone once the zone reaches the unit",
    )
    assert studio.scene.zones is not None and studio.scene.zones.zone_count() == 1

    # The fixed zone the blue unit names, painted one hex at a time around it.
    pick(x, studio.hex_options.layer, "Fixed zone")
    pick(x, studio.hex_options.value, "Fixed zone zone-1")
    pick(x, studio.hex_options.shape, "One hex")
    studio.view.setFocus()
    x.drag(centres(["c8r3", "c9r3", "c10r3", "c11r3"]))
    wait_until(lambda: document.undo_stack.count() == 2, what="the fixed zone's undo step")
    assert document.undo_stack.text(1) == "Paint 4 hexes fixed zone: zone-1"
    assert document.scenario.hex_map.fixed_zones == {"zone-1": ["c8r3*4"]}
    wait_until(
        lambda: ("operational-fixed-zone-unknown", "guard") not in issue_codes(studio),
        what="the fixed unit's zone found",
    )
    wait_until(lambda: studio.scene.zones.zone_count() == 2, what="both zones drawn")
    settle_input(0.4)
    shots(studio, f"zones-painted-{size}")

    # The zones are a layer of their own: hidden and shown from the Layers panel's model.
    studio.scene.set_visible("zones", False)
    assert not studio.scene.zones.isVisible()
    studio.scene.set_visible("zones", True)
    assert studio.scene.zones.isVisible()

    # Ctrl+Z takes back the fixed zone's stroke only.
    studio.view.setFocus()
    x.key("ctrl+z")
    wait_until(lambda: document.undo_stack.index() == 1, what="undo")
    assert not document.scenario.hex_map.fixed_zones
    assert document.scenario.hex_map.setup_zones.get("red")
    wait_until(lambda: studio.scene.zones.zone_count() == 1, what="the fixed zone undrawn")
    wait_until(
        lambda: ("operational-fixed-zone-unknown", "guard") in issue_codes(studio),
        what="the fixed unit's zone missing again",
    )

    # The fixed unit's form shows its fixed status among its operational values, its zone
    # picked from a list (the zones in use, no zone, a new one) with real clicks: one step.
    from PySide6.QtWidgets import QScrollArea

    from editor.studio.forms.zone_picker import NEW_ZONE, NO_ZONE, ZonePicker

    document.select("units", ["guard"])
    inspector = studio.docks["inspector"]
    inspector.raise_()
    settle_input(0.5)
    (picker,) = [p for p in inspector.findChildren(ZonePicker) if p.isVisible()]
    assert picker.offered() == [NO_ZONE, "zone-1", NEW_ZONE]
    scroll = picker.parentWidget()
    while not isinstance(scroll, QScrollArea):
        scroll = scroll.parentWidget()
    scroll.ensureWidgetVisible(picker)
    settle_input(0.3)
    steps = document.undo_stack.index()
    pick(x, picker.box, NO_ZONE)
    wait_until(lambda: document.undo_stack.index() == steps + 1, what="the zone's undo step")
    assert document.get("units", "guard").operational.fixed.zone is None
    wait_until(
        lambda: ("operational-fixed-zone-unknown", "guard") not in issue_codes(studio),
        what="no unknown zone once the guard has none",
    )
    settle_input(0.3)
    shots(inspector, f"zones-fixed-unit-form-{size}")


@pytest.fixture
def assets_studio(qtbot: Any, state_dir: Path, tmp_path: Path) -> Any:
    """The studio on an operational scenario of 12 turns with two assets."""
    from editor.studio.app import launch_studio
    from schemas.io import dumps
    from tests.operational.builder import OpBuilder

    b = OpBuilder(columns=8, rows=6)
    b.raw["calendar"]["turns"] = 12
    b.table(
        "assets",
        assets=[
            {"id": "stuka", "name": "Stukas", "side": "red", "arrives": 3, "leaves": 9},
            {"id": "flotilla", "name": "River flotilla", "side": "blue", "domain": "naval"},
        ],
    )
    path = tmp_path / "assets.json"
    path.write_text(dumps(b.build()), encoding="utf-8")
    window = launch_studio(path, recover=False)
    qtbot.waitExposed(window)
    window.showMaximized()
    window.activateWindow()
    settle_input(0.5)
    yield window
    window.files.discard_session()
    window.close()
    window.deleteLater()


def test_assets_by_turn_moved_with_real_clicks(assets_studio: Any, x: XInput, shots: Any) -> None:
    """OT5, OT12: the Assets chapter opens on the assets by turn; a cell clicked and
    Arrives here pressed moves the asset's first turn, one undo step taken back by Ctrl+Z."""
    from tests.realwindow.studio_helpers import open_rules_editor
    from tests.realwindow.test_studio_operational import click_chapter

    studio = assets_studio
    document = studio.document
    editor = open_rules_editor(x, studio)
    click_chapter(x, editor, "op-assets")
    view = editor.operational["op-assets"].view
    table = view.table
    wait_until(table.isVisible, what="the assets by turn")
    assert table.rowCount() == 2 and table.columnCount() == 12
    rect = table.visualRect(table.model().index(0, 0))
    x.click(*on_screen(table.viewport(), rect.center().x(), rect.center().y()))
    wait_until(lambda: (table.currentRow(), table.currentColumn()) == (0, 0), what="turn 1")
    button = view.arrive
    x.click(*on_screen(button, button.width() / 2, button.height() / 2))
    assets = lambda: document.scenario.rules.operational.assets.assets  # noqa: E731
    wait_until(lambda: assets()[0].arrives == 1, what="the Stukas from turn 1")
    assert document.undo_stack.undoText() == "Asset Stukas arrives on turn 1"
    settle_input(0.3)
    shots(studio, f"studio-assets-by-turn-{size_name(studio)}")
    table.setFocus()
    x.key("ctrl+z")
    wait_until(lambda: assets()[0].arrives == 3, what="undone")
