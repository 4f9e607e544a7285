"""A hex scenario opened in the studio: its hexes shown read-only with a note saying so, and
no tool offered that would break it (hex editing is issue 14's later phase)."""

from __future__ import annotations

from pathlib import Path

from schemas.generator import generate_hex_scenario
from schemas.hexgrid.grid import HexGrid
from schemas.io import save


def test_a_hex_map_opens_read_only_with_a_note_and_no_region_tools(
    qtbot, state_dir, tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QLabel

    from editor.shared.app import settle
    from editor.studio.window import StudioWindow

    scenario = generate_hex_scenario(14, 10, seed=0)
    path = tmp_path / "hexes.json"
    save(scenario, path)
    studio = StudioWindow(autosave_ms=3_600_000)
    try:
        assert studio.files.open_path(path, ask=False)
        studio.show()
        settle(studio)
        scene = studio.scene
        assert scene is not None and scene.hexes is not None
        # Every hex is drawn, filled by terrain, with the grid's extent.
        grid = HexGrid.of(scenario.hex_map)
        hexes = sum(path.elementCount() for _, path in scene.hexes.fills) // 7
        assert hexes == grid.count
        x0, y0, x1, y1 = grid.bounds()
        box = scene.map_rect()  # zoom to fit shows the hexes (and a pen's width around)
        assert [
            abs(a - b) <= 2 for a, b in zip(box.getCoords(), (x0, y0, x1, y1), strict=True)
        ] == [True] * 4
        colours = {c.name() for c, _ in scene.hexes.fills}
        terrain = {t.id: t.color.lower() for t in scenario.terrain}
        assert colours <= set(terrain.values()) and len(colours) > 2
        named = {r.hex: r.name for r in scenario.hex_map.hexes if r.name}
        assert {k: v for k, (_, v) in scene.hexes.names.items()} == named
        # The note says what the studio does, and the region tools are off.
        note = studio.view.findChild(QLabel, "hex-map-note")
        assert note is not None and note.isVisible() and "read-only" in note.text()
        for name, action in studio.tool_actions.items():
            assert action.isEnabled() == (name == "select"), name
        studio.set_tool("draw")
        assert studio.view.tool.name == "select"
        assert "cannot edit the hexes" in studio.statusBar().currentMessage()
        # Opening it changed nothing (no drawing sheet added to a hex map).
        assert not studio.document.modified
        assert studio.document.frame is None
    finally:
        studio.files.discard_session()
        studio.close()
        studio.deleteLater()
