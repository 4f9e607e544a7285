"""The film of an operational turn under the fog of war in the real game window (OI8): an
enemy column crossing a recon zone is drawn as an outline with its intelligence level's badge
while inside and is gone once it leaves; then the night-capable units overlay (OF11) on the
planning map. Screenshots at 1280x720."""

from __future__ import annotations

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import settle_input, wait_until

game_window = game_fixtures.game_window


def test_the_film_tracks_the_enemy_through_the_recon_zone(game_window, x, shots) -> None:
    from editor.game.session import GameSession
    from tests.operational.play import stack
    from tests.operational.test_film_tracking import crossing, drive
    from tests.operational.test_night import capable

    game = drive(capable(crossing(), "inf"))
    column = stack(game, "column")
    session = GameSession(game, {"red": "human", "blue": "ai"})
    window = game_window(session, "op-tracking")
    game_fixtures.fit(window, 1280, 720)
    window.watch_last_film()
    wait_until(lambda: window.centre.currentWidget() is window.film, 10, "the film")
    player = window.film
    player.pause()
    player.map_view.zoom_to_fit()
    tracked = [i for i, f in enumerate(player.frames) if column in f.stacks]
    assert tracked
    player.show_index(tracked[len(tracked) // 2])
    settle_input(0.3)
    scene = player.map_view.map_scene
    assert scene.tracking is not None and scene.tracking.isVisible()
    assert player.map_view.shown_stacks()[column][1] == "outline"
    shots(window, "op-film-tracked-1280")
    player.show_index(len(player.frames) - 1)
    settle_input(0.3)
    assert column not in player.map_view.shown_stacks() and scene.tracking is None
    shots(window, "op-film-gone-1280")
    x.click(*_centre(player.continue_button))
    wait_until(lambda: window.centre.currentWidget() is window.map_view, what="the plan")
    op = window.op_view
    assert op is not None
    op.actions["night"].setChecked(True)
    settle_input(0.3)
    hex_id = game.state.stacks[stack(game, "watch")].region
    assert op.overlays.values == {hex_id: "N"}
    shots(window, "op-night-capable-1280")


def _centre(widget):
    from tests.realwindow.conftest import on_screen

    return on_screen(widget, widget.width() / 2, widget.height() / 2)
