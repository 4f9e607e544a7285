"""A WEGO game in the game view's real window (issue 14): the river crossing opened, a stack
clicked and ordered through a waypoint with real clicks (a shift-click, then a click), the plan
sealed against the AI, and the film of the turn played with its buttons and keys."""

from __future__ import annotations

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until

game_window = game_fixtures.game_window


def _centre(widget) -> tuple[int, int]:
    return on_screen(widget, widget.width() / 2, widget.height() / 2)


def test_a_wego_turn_is_planned_sealed_and_filmed_with_real_input(game_window, x, shots) -> None:
    from editor.game.session import GameSession
    from editor.game.wego.window import WegoWindow
    from engine.wego import film, plan
    from engine.wego.orders import OrderMove
    from schemas.io import load_file
    from tests.wego_scenarios import STORED

    scenario = load_file(STORED).scenario
    assert scenario is not None
    session = GameSession.new(scenario, {"red": "human", "blue": "ai"}, seed=2, speed="fast")
    window = game_window(session, "river_crossing")
    assert isinstance(window, WegoWindow)
    window.resize(1280, 720)
    session.set_paused(False)
    settle_input(0.5)
    view, panel, game = window.map_view, window.plan_panel, session.game
    shots(window, "wego-plan-start")

    # Click the stack in the north-west corner: it is selected, where it may go is washed.
    counter = view.map_scene.counters["s1"]
    box = counter.deviceTransform(view.viewportTransform()).mapRect(counter.shape().boundingRect())
    x.click(*on_screen(view.viewport(), box.center().x(), box.center().y()))
    wait_until(lambda: session.selected == "s1", what="the stack selected")
    assert view.dests and "c2r2" in view.dests

    # A waypoint with a shift-click, then the destination with a click.
    spot = view.spot_of("c2r2")
    x._run("keydown", "shift")
    x.click(*on_screen(view.viewport(), spot.x(), spot.y()))
    x._run("keyup", "shift")
    wait_until(lambda: view.waypoints == ["c2r2"], what="the waypoint")
    spot = view.spot_of("c3r2")
    x.move(*on_screen(view.viewport(), spot.x(), spot.y()))
    settle_input(0.3)
    shots(window, "wego-plan-waypoint")
    x.click(*on_screen(view.viewport(), spot.x(), spot.y()))
    orders = lambda: plan.orders_of(game, "red", viewer="red")  # noqa: E731
    wait_until(lambda: "s1" in orders(), what="the order")
    assert orders()["s1"] == OrderMove("s1", ("c2r2", "c3r2"), 0)
    assert panel.order_rows()[0] == ("Infantry (r1)", "Move to c3r2 (2 steps)")
    settle_input(0.3)
    shots(window, "wego-plan-ordered")

    # Seal against the AI: the AI plans, the turn is carried out, its film opens.
    x.click(*_centre(panel.seal_button))
    wait_until(lambda: window.centre.currentWidget() is window.film, 60, "the film")
    player = window.film
    assert player.frames == film.frames(game.log.records, viewer="red", turn=1)
    player.pause()
    player.first()
    settle_input(0.3)
    shots(window, "wego-film-start")
    x.click(*_centre(player.step_button))
    wait_until(lambda: player.index == 1, what="a tick stepped")
    x.key("Right")
    wait_until(lambda: player.index == 2, what="a tick stepped with the arrow key")
    x.click(*_centre(player.play_button))
    wait_until(lambda: player.index == len(player.frames) - 1, 30, "the film played")
    wait_until(lambda: not player.playing, 10, "the film stopped at its end")
    settle_input(0.3)
    shots(window, "wego-film-end")
    x.click(*_centre(player.continue_button))
    wait_until(lambda: window.centre.currentWidget() is view, what="back to the plan")
    assert panel.side() == "red" and game.turn == 2
    settle_input(0.3)
    shots(window, "wego-plan-turn-2")
