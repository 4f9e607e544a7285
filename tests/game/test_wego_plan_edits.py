"""Taking back in a WEGO plan (issue 14): every edit of a plan not yet sealed is undone and
redone (the buttons, Ctrl+Z and Ctrl+Y), the plan starts again with every order cancelled in
one undoable step, and Game > Take back takes back a sealed plan's turn under the game's
take-back rule, as in IGOUGO (editor/game/wego/plan_edits.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from engine.wego import plan
from engine.wego.orders import OrderDefend, OrderHold, OrderMove
from tests.game.test_wego_view import _click, _window, crossing  # noqa: F401

LEFT = Qt.MouseButton.LeftButton
CTRL = Qt.KeyboardModifier.ControlModifier


def _orders(window, side: str = "red"):
    return dict(plan.orders_of(window.session.game, side, viewer=side))


def test_plan_edits_are_undone_and_redone_with_buttons_and_keys(qtbot, state_dir, crossing):  # noqa: F811
    window = _window(qtbot, crossing, {"red": "human", "blue": "ai"})
    session, panel = window.session, window.plan_panel
    assert not panel.undo_button.isEnabled() and not panel.redo_button.isEnabled()
    session.select("s1")
    _click(qtbot, window, "c2r2")
    session.select("s1")
    qtbot.mouseClick(panel.hold_button, LEFT)
    session.select("s2")
    _click(qtbot, window, "c3r3")
    assert _orders(window)["s1"] == OrderHold("s1") and "s2" in _orders(window)
    assert panel.undo_button.isEnabled()
    assert "Move to c3r3" in panel.undo_button.toolTip()
    # Undo the last edit with the button: s2 has no order again.
    qtbot.mouseClick(panel.undo_button, LEFT)
    assert "s2" not in _orders(window)
    # Ctrl+Z: s1's hold gives way to its move from before.
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    assert _orders(window)["s1"] == OrderMove("s1", ("c2r2",), 0)
    assert len(window.map_view.plan_items) == 2  # the route drawn again, and its label
    # Ctrl+Y redoes, in order.
    qtbot.keyClick(window, Qt.Key.Key_Y, CTRL)
    assert _orders(window)["s1"] == OrderHold("s1")
    qtbot.mouseClick(panel.redo_button, LEFT)
    assert "s2" in _orders(window)
    assert not panel.redo_button.isEnabled()
    # A new edit after an undo drops what was left to redo.
    qtbot.mouseClick(panel.undo_button, LEFT)
    session.select("s1")
    qtbot.mouseClick(panel.defend_button, LEFT)
    assert _orders(window)["s1"] == OrderDefend("s1")
    assert not panel.redo_button.isEnabled()


def test_the_plan_starts_again_and_undo_brings_every_order_back(qtbot, state_dir, crossing):  # noqa: F811
    window = _window(qtbot, crossing, {"red": "human", "blue": "ai"})
    session, panel = window.session, window.plan_panel
    assert not panel.again_button.isEnabled()
    session.select("s1")
    _click(qtbot, window, "c2r2")
    session.select("s2")
    _click(qtbot, window, "c3r3")
    given = _orders(window)
    assert len(given) == 2 and panel.again_button.isEnabled()
    qtbot.mouseClick(panel.again_button, LEFT)
    assert _orders(window) == {}
    assert all(text == "no order (holds)" for _, text in panel.order_rows())
    qtbot.mouseClick(panel.undo_button, LEFT)
    assert _orders(window) == given


def test_sealing_forgets_the_edits_and_take_back_returns_to_the_open_plan(
    qtbot,
    state_dir,
    crossing,  # noqa: F811
):
    window = _window(qtbot, crossing, {"red": "human", "blue": "ai"}, take_back="always")
    session, panel = window.session, window.plan_panel
    session.select("s1")
    _click(qtbot, window, "c2r2")
    qtbot.mouseClick(panel.seal_button, LEFT)
    qtbot.waitUntil(lambda: window.session.game.turn == 2, timeout=60_000)
    window.close_film()
    # Turn 2's plan: nothing of turn 1's to undo.
    assert not window.plan_panel.undo_button.isEnabled()
    assert window.take_back_action.isEnabled()
    window.take_back_action.trigger()
    game = window.session.game
    assert game.turn == 1 and window.plan_panel.side() == "red"
    assert plan.orders_of(game, "red", viewer="red")["s1"] == OrderMove("s1", ("c2r2",), 0)


def test_replay_with_my_edits_replays_a_wego_game_on_the_edited_scenario(
    qtbot,
    state_dir,
    crossing,  # noqa: F811
):
    """As in IGOUGO: the game so far replayed on the studio's scenario as edited now, up to
    where the edits first change it (here a stack moved to another hex before the game)."""
    window = _window(qtbot, crossing, {"red": "human", "blue": "ai"})
    session, panel = window.session, window.plan_panel
    session.select("s1")
    _click(qtbot, window, "c2r2")
    qtbot.mouseClick(panel.seal_button, LEFT)
    qtbot.waitUntil(lambda: window.session.game.turn == 2, timeout=60_000)
    window.close_film()
    assert not window.replay_action.isVisible()
    window.set_edited(lambda: crossing)
    assert window.replay_action.isVisible()
    window.replay_action.trigger()
    replayed = window.session.game
    assert replayed is not session.game
    assert (replayed.turn, window.plan_panel.side()) == (2, "red")
    assert "no difference" in window.statusBar().currentMessage()
    edited = crossing.model_copy(deep=True)
    edited.units[0].location.region = "c1r2"
    window.set_edited(lambda: edited)
    window.replay_action.trigger()
    assert "first change the game at" in window.statusBar().currentMessage()
    assert window.session.game.scenario is edited and window.scenario is edited
