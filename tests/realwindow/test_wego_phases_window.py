"""The phases a WEGO turn plays around its plans, in the real window (issue 14): a person
places a reinforcement with a real click on the map and ends a cards phase with the phase
box's button; in hot seat, the hand-over covers one side's window from the other. Shot at
1280x720 and 1920x1080."""

from __future__ import annotations

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until

game_window = game_fixtures.game_window


def _centre(widget) -> tuple[int, int]:
    return on_screen(widget, widget.width() / 2, widget.height() / 2)


def test_a_person_places_a_reinforcement_with_a_click_before_the_plans(
    game_window, x, shots
) -> None:
    from editor.game.session import GameSession
    from tests.engine.test_wego_windows import reinforced, stack_of

    session = GameSession.new(reinforced().build(), {"red": "human", "blue": "ai"}, seed=0)
    window = game_window(session, "wego-reinforced")
    window.resize(1280, 720)
    session.set_paused(False)
    settle_input(0.5)
    game, box, view = session.game, window.phase_box, window.map_view
    assert (game.phase, game.to_act()) == ("reinforcements", "red")
    wait_until(lambda: box.isVisible() and window.decision_panel.isVisible(), what="the box")
    assert box.geometry().top() < view.geometry().top() + 5  # above the map
    shots(window, "wego-phase-reinforcements-1280")
    spot = view.spot_of("b1")
    x.click(*on_screen(view.viewport(), spot.x(), spot.y()))
    wait_until(lambda: game.phase == "wego_planning", what="the reinforcement placed")
    assert game.state.stacks[stack_of(game, "n2")].region == "b1"
    wait_until(lambda: not box.isVisible(), what="the phase box gone")
    assert window.plan_panel.side() == "red"


def test_hot_seat_cards_phase_ended_with_the_box_and_handed_over(game_window, x, shots) -> None:
    from editor.game.session import GameSession
    from tests.engine.builder import Builder
    from tests.engine.test_wego_windows import card, wego

    b = wego(Builder(cols=3))
    b.unit("r", "inf", "a1").unit("x", "inf", "c1", nation="blueland")
    b.set("cards", [card("push"), card("secret", side="blue")])
    session = GameSession.new(b.build(), {"red": "human", "blue": "human"}, seed=0)
    window = game_window(session, "wego-cards")
    # 1920x1080 where the screen has room (the suite's server is smaller: as large as fits).
    game_fixtures.fit(window, 1920, 1080)
    game, box, hand = session.game, window.phase_box, window.hand_panel
    assert (game.phase, game.to_act()) == ("cards", "red")
    wait_until(lambda: box.isVisible() and hand.isVisible(), what="the cards phase shown")
    assert {v.card for v in hand.views} == {"push"}
    shots(window, "wego-phase-cards-large")
    x.click(*_centre(box.end_button))
    wait_until(
        lambda: window.centre.currentWidget() is window.handover_screen, what="the hand-over"
    )
    assert not box.isVisible() and not hand.isVisible()
    shots(window, "wego-phase-handover-large")
    x.click(*_centre(window.handover_screen.button))
    wait_until(lambda: box.isVisible() and "Blue" in box.title.text(), what="blue's phase")
    wait_until(lambda: hand.isVisible(), what="blue's hand")
    assert {v.card for v in hand.views} == {"secret"}
    x.key("ctrl+Return")
    wait_until(lambda: game.phase == "wego_planning", what="the plans open")
