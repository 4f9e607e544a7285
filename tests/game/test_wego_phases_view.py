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


def test_a4_a_person_fights_an_air_sea_battle_in_the_wego_window(qtbot, state_dir) -> None:
    """A4 in a WEGO window: a bomber that ends its flight over a blue ship at sea must fight
    the air-sea battle before the phase can end. The Battle tab comes forward with the
    battle to fight; the person fights it round by round there and ends the phase."""
    b = wego(Builder(cols=4))
    b.structure("ra", "a1", kind="airfield", airport=True, capacity={"air": 4})
    b.structure("ba", "d1", kind="airfield", airport=True, capacity={"air": 4})
    b.source("rs", "a1", "red").source("bs", "d1", "blue")
    b.region("c1", terrain="sea").connect("b1", "c1", "sea").connect("c1", "d1", "sea")
    b.unit("rb", "bomber", structure="ra").unit("ri", "inf", "b1")
    b.unit("bs", "ship", "c1", nation="blueland").unit("bi", "inf", "d1", nation="blueland")
    window = _window(qtbot, b.build(), {"red": "human", "blue": "ai"})
    session, view, box = window.session, window.map_view, window.phase_box
    game = session.game
    assert (game.phase, game.to_act()) == ("air_offensive", "red")
    session.select(stack_of(game, "rb"))
    qtbot.waitUntil(lambda: "c1" in view.dests, timeout=5000)
    qtbot.mouseClick(view.viewport(), LEFT, pos=view.spot_of("c1"))
    # The flight is over the ship: the phase waits for the battle, and says where.
    qtbot.waitUntil(lambda: game.blocking() is not None, timeout=5000)
    assert game.phase == "air_offensive"
    assert not box.end_button.isEnabled() and "air-sea" in box.blocked.text()
    panel = window.battle_panel
    qtbot.waitUntil(lambda: not window.battle_dock.visibleRegion().isEmpty(), timeout=5000)

    def fight_buttons() -> list[QPushButton]:
        return [w for w in panel.findChildren(QPushButton) if w.isVisible() and w.text() == "Fight"]

    qtbot.waitUntil(lambda: len(fight_buttons()) == 1, timeout=5000)
    fight = fight_buttons()
    qtbot.mouseClick(fight[0], LEFT)
    qtbot.waitUntil(lambda: game.state.battle is not None, timeout=5000)
    button = panel.continue_button

    def red_window_or_over() -> bool:
        over = game.state.battle is None
        return over or (session.human_to_act() == "red" and button.isVisible())

    for _ in range(12):  # red closes each of its card windows with Continue; blue is the AI
        qtbot.waitUntil(red_window_or_over, timeout=5000)
        if game.state.battle is None:
            break
        qtbot.mouseClick(button, LEFT)
    qtbot.waitUntil(lambda: game.state.battle is None, timeout=5000)
    assert any(r["type"] == "battle_over" for r in game.log.records)
    assert "Last battle" in panel.title.text()
    # The bomber had nothing else to do: the phase closed by itself and the plans are open,
    # the battle's story still there to read while planning.
    qtbot.waitUntil(lambda: game.phase == "wego_planning", timeout=5000)
    assert not window.battle_dock.isHidden()
    # The next turn's window starts without it.
    qtbot.mouseClick(window.plan_panel.seal_button, LEFT)
    qtbot.waitUntil(lambda: game.turn == 2, timeout=60_000)
    assert window.battle_dock.isHidden()
