"""A person plays the IGOUGO phases of a WEGO turn in the game view (issue 14; E1-E3, A1, E4):
where a reinforcement arrives, a card to play, an air mission, each decided in the IGOUGO
view's own panels and on the map, then the phase ended from the phase box above the map. The
hot-seat hand-over keeps one side's window hidden from the other.

The scenarios are the engine tests' rows of square regions switched to WEGO turns
(tests/engine/test_wego_windows.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from editor.game.launch import show_game
from editor.game.session import GameSession
from editor.game.wego.window import WegoWindow
from engine.actions import EndPhase
from tests.engine.builder import Builder
from tests.engine.test_wego_windows import air_world, card, reinforced, stack_of, wego

LEFT = Qt.MouseButton.LeftButton


def _window(qtbot, scenario, players) -> WegoWindow:
    from editor.shared.app import settle

    session = GameSession.new(scenario, players, seed=0, speed="fastest")
    window = show_game(session, "wego-phases-test", leave_text="Close")
    assert isinstance(window, WegoWindow)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    settle(window)
    return window


def test_e3_a_person_places_a_wego_reinforcement_on_the_map(qtbot, state_dir) -> None:
    window = _window(qtbot, reinforced().build(), {"red": "human", "blue": "ai"})
    session, box = window.session, window.phase_box
    game = session.game
    # The game waits for red's choice: the phase box says so, the Decisions tab is forward.
    assert (game.phase, game.to_act()) == ("reinforcements", "red")
    assert box.isVisible() and "Reinforcements" in box.title.text()
    assert not box.end_button.isEnabled()
    assert "where the reinforcement arrives" in box.blocked.text()
    assert window.decision_panel.isVisible()
    # The map asks for the region: a click in B1 places the tanks there.
    assert session.targeting is not None and session.targeting.allowed == {"a1", "b1"}
    view = window.map_view
    qtbot.mouseClick(view.viewport(), LEFT, pos=view.spot_of("b1"))
    qtbot.waitUntil(lambda: game.phase == "wego_planning", timeout=5000)
    assert game.state.stacks[stack_of(game, "n2")].region == "b1"
    assert not box.isVisible()
    assert window.plan_panel.side() == "red"


def test_e2_a_person_plays_a_card_before_the_plans_then_ends_the_phase(qtbot, state_dir) -> None:
    b = wego(Builder(cols=3))
    b.unit("r", "inf", "a1").unit("x", "inf", "c1", nation="blueland")
    b.set("cards", [card("push"), card("spare")])
    window = _window(qtbot, b.build(), {"red": "human", "blue": "ai"})
    session, box, hand = window.session, window.phase_box, window.hand_panel
    game = session.game
    assert (game.phase, game.to_act()) == ("cards", "red")
    assert box.isVisible() and box.end_button.isEnabled()
    assert hand.isVisible()  # the Cards tab came forward
    view = next(v for v in hand.views if v.card == "push")
    assert view.play_button.isEnabled()
    qtbot.mouseClick(view.play_button, LEFT)
    qtbot.waitUntil(lambda: game.state.sides["red"].vp == 1, timeout=5000)
    # The other card is kept: the person ends the phase with Ctrl+Return.
    assert game.phase == "cards"
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: game.phase == "wego_planning", timeout=5000)
    assert "spare" in game.state.sides["red"].hand
    assert not box.isVisible()


def test_a1_a_person_flies_an_air_mission_on_the_map_before_the_plans(qtbot, state_dir) -> None:
    window = _window(qtbot, air_world().build(), {"red": "human", "blue": "ai"})
    session, view = window.session, window.map_view
    game = session.game
    assert (game.phase, game.to_act()) == ("air_offensive", "red")
    bomber = stack_of(game, "rb")
    session.select(bomber)
    qtbot.waitUntil(lambda: "c1" in view.dests, timeout=5000)
    qtbot.mouseClick(view.viewport(), LEFT, pos=view.spot_of("c1"))
    qtbot.waitUntil(lambda: game.phase == "wego_planning", timeout=5000)
    assert game.state.stacks[stack_of(game, "rb")].region == "c1"


def test_hot_seat_one_sides_window_is_hidden_from_the_other(qtbot, state_dir) -> None:
    b = wego(Builder(cols=3))
    b.unit("r", "inf", "a1").unit("x", "inf", "c1", nation="blueland")
    b.set("cards", [card("push"), card("secret", side="blue")])
    window = _window(qtbot, b.build(), {"red": "human", "blue": "human"})
    session, box, hand = window.session, window.phase_box, window.hand_panel
    game = session.game
    assert (game.phase, game.to_act()) == ("cards", "red")
    assert box.isVisible()
    session.apply(EndPhase())  # red keeps its card: blue's cards phase is next
    assert game.to_act() == "blue"
    # The board is handed over: the phase box and the hand show nothing of blue's.
    assert window.centre.currentWidget() is window.handover_screen
    assert not box.isVisible() and not hand.isVisible()
    qtbot.mouseClick(window.handover_screen.button, LEFT)
    assert window.centre.currentWidget() is window.map_view
    assert box.isVisible() and "Blue" in box.title.text()
    window.hand_dock.raise_()
    qtbot.waitUntil(lambda: hand.isVisible(), timeout=5000)
    shown = {v.card for v in hand.views}
    assert shown == {"secret"}  # blue's hand, never red's


def test_e4_a_person_spends_replacement_points_after_the_film(qtbot, state_dir) -> None:
    """The window after the execution: the film of the turn comes first; Continue brings the
    map back with red's replacements phase waiting in the phase box and Decisions tab."""
    b = wego(Builder(cols=3))
    b.unit("r", "inf", "a1", strength=1)  # blue has nobody to attack it with
    b.set("replacements", [{"id": "extra", "side": "red", "turns": {"from_turn": 1}, "points": 1}])
    window = _window(qtbot, b.build(), {"red": "human", "blue": "ai"})
    session, box = window.session, window.phase_box
    game = session.game
    qtbot.mouseClick(window.plan_panel.seal_button, LEFT)
    qtbot.waitUntil(lambda: window.centre.currentWidget() is window.film, timeout=60_000)
    assert (game.phase, game.to_act()) == ("replacements", "red")
    assert not box.isVisible()  # the film first
    qtbot.mouseClick(window.film.continue_button, LEFT)
    qtbot.waitUntil(lambda: box.isVisible(), timeout=5000)
    assert "Replacements" in box.title.text() and "after the execution" in box.title.text()
    assert window.decision_panel.isVisible()
    assert window.plan_panel.title.text() == "Turn 1 carried out"
    page = window.decision_panel
    buttons = [
        w
        for w in page.findChildren(QPushButton)
        if w.isVisible() and w.isEnabled() and w.text() not in ("", "Pick on the map")
    ]
    assert buttons, "no control to spend the point"
    qtbot.mouseClick(buttons[0], LEFT)
    qtbot.waitUntil(lambda: game.state.units["r"].strength > 1, timeout=5000)
    qtbot.waitUntil(lambda: (game.turn, game.phase) == (2, "wego_planning"), timeout=60_000)
    assert not box.isVisible()
