"""Game > Replay with my edits in real windows (issue 12): a game started with the studio's
Play, the scenario edited in the studio meanwhile, and the game replayed on the edit from the
game window's menu, going on from where the edit first changes it."""

from __future__ import annotations

from tests.realwindow.conftest import on_screen, settle_input, wait_until
from tests.realwindow.game_fixtures import drive
from tests.realwindow.studio_helpers import choose, open_menu_bar


def test_replay_with_my_edits_from_the_game_window(studio, x, shots) -> None:
    from editor.studio.play import studio_player

    studio.view.setFocus()
    x.key("F5")
    player = studio_player(studio)
    wait_until(
        lambda: player.dialog is not None and player.dialog.isVisible(), what="the start dialog"
    )
    button = player.dialog.start_button
    x.click(*on_screen(button, button.width() / 2, button.height() / 2))
    wait_until(lambda: player.game_window is not None, what="the game window")
    window = player.game_window
    window.session.set_paused(True)
    drive(window.session, lambda game: game.turn >= 2)
    before = window.session
    records = before.game.log.jsonl().count("\n")
    # In the studio, Arvel's 8th Rifles now start in Caldor.
    document = studio.document
    unit = next(u for u in document.scenario.units if u.id == "ar-8-rifles")
    location = unit.location.model_copy(update={"region": "caldor"})
    document.set_field("units", unit.id, ("location",), location)
    window.activateWindow()
    window.raise_()
    settle_input(0.3)
    choose(x, open_menu_bar(x, window, "Game"), "Replay with my edits")
    wait_until(lambda: window.session is not before, what="the replayed game")
    fresh = window.session
    assert fresh.game.scenario.units != before.game.scenario.units
    assert fresh.game.log.jsonl().count("\n") < records
    message = window.statusBar().currentMessage()
    assert "the edits first change the game at turn" in message
    assert fresh.players == before.players
    shots(window, "replay-with-my-edits")
    player.close_game()
