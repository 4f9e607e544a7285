"""The wheel in the game window (issue 10, defect 4, seen again in a game): passing over the
plan panel's Wait box on its way down the panel, the wheel gave the selected stack's order two
ticks of delay. A value the player has not clicked into is never changed by the wheel; once
clicked into, the wheel changes it as Qt's does."""

from __future__ import annotations

from typing import Any

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until
from tests.realwindow.test_op_game_window import _click_counter

game_window = game_fixtures.game_window


def test_the_wheel_over_the_unfocused_wait_box_changes_no_order(
    game_window: Any, x: Any, shots: Any
) -> None:
    from editor.game.session import GameSession
    from tests.operational.view_scenario import front

    session = GameSession.new(front().build(), {"red": "human", "blue": "ai"}, seed=1)
    window = game_window(session, "op-wheel")
    game_fixtures.fit(window, 1280, 800)
    view = window.map_view
    view.zoom_to_fit()
    settle_input(0.3)
    stack = session.game.state.units["r-tank"].stack
    assert stack is not None
    _click_counter(x, view, stack)
    wait_until(lambda: session.selected == stack, what="a stack of ours selected")
    wait = window.plan_panel.wait
    wait_until(lambda: wait.isVisible() and wait.isEnabled(), what="the Wait box")
    assert wait.value() == 0 and not wait.hasFocus()
    x.wheel(*on_screen(wait, wait.width() / 2, wait.height() / 2), steps=3)
    settle_input(0.3)
    shots(window, "game-wheel-over-wait")
    assert wait.value() == 0 and not wait.hasFocus()
    # Clicked into, it takes the wheel.
    x.click(*on_screen(wait, wait.width() / 3, wait.height() / 2))
    wait_until(wait.hasFocus, what="the Wait box focused")
    x.wheel(*on_screen(wait, wait.width() / 3, wait.height() / 2), steps=2)
    wait_until(lambda: wait.value() > 0, what="the wheel to raise the wait")
