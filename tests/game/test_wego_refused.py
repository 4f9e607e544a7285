"""Play in the studio on a WEGO scenario (issue 14): the engine plays WEGO turns, the game view
does not yet, so Play says so and opens nothing."""

from __future__ import annotations

import shutil

from PySide6.QtCore import Qt

from editor.studio.play import StudioPlay
from tests.wego_scenarios import STORED


def test_play_refuses_a_wego_scenario_saying_how_to_play_it(
    qtbot, state_dir, tmp_path, monkeypatch
):
    from editor.shared.app import settle
    from editor.studio.window import StudioWindow

    told: list[str] = []
    monkeypatch.setattr(
        "editor.studio.play.QMessageBox.information",
        lambda _parent, _title, text: told.append(text),
    )
    path = tmp_path / "river_crossing.json"
    shutil.copy(STORED, path)
    window = StudioWindow(autosave_ms=3_600_000)
    try:
        assert window.files.open_path(path, ask=False)
        window.show()
        settle(window)
        qtbot.keyClick(window, Qt.Key.Key_F5)
        player = window.findChild(StudioPlay, "studio-play")
        assert player is not None
        assert player.dialog is None and player.game_window is None
        assert told and "--headless" in told[0]
    finally:
        window.files.discard_session()
        window.close()
        window.deleteLater()
