"""Game > Play by e-mail in a real window (P1): the menu opens the opponent's turn file, the
window replays their sitting under the player's own fog of war, and the player's turn
begins; what the window shows never names what the fog hides."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import settle_input, wait_until

game_window = game_fixtures.game_window


def test_p1_the_menu_opens_a_turn_file_and_shows_the_replay(
    game_window, x, shots, tmp_path: Path, monkeypatch
) -> None:
    from editor.game.pbem import PbemController
    from editor.game.session import GameSession
    from engine.pbem import ai_sitting, start
    from tests.game.window_texts import leaks

    scenario = game_fixtures.sample("vessa-crossing")
    pbem, _ = start(scenario, "vessa-crossing", tmp_path, seed=5, game_id="real")
    ai_sitting(pbem)
    sent = pbem.write_turn()
    chosen: list[str] = []

    def choose_file(parent, caption, folder, filter_text):
        chosen.append(caption)
        return str(sent), filter_text

    # The file dialog is the platform's; the menus and the window are driven for real.
    monkeypatch.setattr(QFileDialog, "getOpenFileName", choose_file)
    session = GameSession.new(scenario, {"dravan": "ai", "arvel": "ai"}, seed=1)
    window = game_window(session, "vessa-crossing")
    x.key("alt+g")
    settle_input(0.4)
    x.key("e")
    settle_input(0.4)
    x.key("o")
    wait_until(lambda: isinstance(window.pbem, PbemController), 20, "the turn file to open")
    assert chosen == ["Open a turn file"]
    controller = window.pbem
    live = window.session
    assert live is not None and live is not session and live.viewer == "arvel"
    label = controller.label
    wait_until(lambda: controller.state.script.played > 0, 20, "the replay to begin")
    settle_input(0.3)
    log = window.panels["log"]
    assert label.isVisible() and "replaying the opponent's sitting" in label.text()
    assert "Dravan Republic (by e-mail) is playing" in window.top_bar.to_act.text()
    shots(window, "pbem-replaying")
    live.set_speed("fastest")
    wait_until(lambda: controller.sitting, 120, "the replay to end")
    settle_input(0.5)
    assert "your sitting as arvel" in label.text()
    assert window.map_view.isVisible()
    # The map shows the game after the opponent's sitting, as arvel sees it.
    from engine.fog import view_of

    game = live.game
    seen = {s.id for s in game.state.stacks.values() if view_of(game, s, "arvel") != "none"}
    counters = window.map_view.map_scene.counters
    assert seen <= set(counters), seen - set(counters)
    # The log tells the opponent's sitting as far as arvel may know it.
    window.docks["log"].raise_()
    settle_input(0.5)
    lines = [log.model.index(i, 0).data() for i in range(log.model.rowCount())]
    assert any("Dravan Republic" in str(line) for line in lines), lines
    assert not leaks(window, live.game, "arvel", visible=True)
    shots(window, "pbem-your-turn")
