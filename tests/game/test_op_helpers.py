"""OO18 in the game view, offscreen: the plan panel's Helpers menu gives what the AI would
plan as one edit (one Undo takes all of it back, the map draws it, the status bar says it),
and sealing a plan with warnings asks first, without waiting for the answer, with a box that
turns the check off.

The map is one row of open hexes (``c1r1`` west ... ``c8r1`` east), fog off: red's armour at
``c4r1`` and infantry at ``c3r1`` face blue's weak infantry at ``c5r1``; red's gun stands at
``c2r1``, red's dive bombers wait off the map.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from editor.game.launch import show_game
from editor.game.session import GameSession
from editor.game.wego import op_helpers
from editor.game.wego.window import WegoWindow
from engine.wego import plan
from engine.wego.op import assets, fire
from engine.wego.orders import OrderAttack
from tests.operational.test_helpers import lane


def _window(qtbot, gun: bool = True, stuka: bool = True, check: bool = True) -> WegoWindow:
    """The game window on the lane, red a person's; the check before sealing on unless
    ``check`` is false (the shared ``state_dir`` fixture turns it off for other tests)."""
    from editor.shared.app import settle

    op_helpers.set_check(check)
    scenario = lane(gun=gun, stuka=stuka).build()
    session = GameSession.new(scenario, {"red": "human", "blue": "ai"}, seed=1, speed="fastest")
    window = show_game(session, "op-helpers-test", leave_text="Close")
    assert isinstance(window, WegoWindow)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    settle(window)
    return window


def test_oo18_the_check_before_sealing_is_on_in_fresh_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("SALIENT_STATE_DIR", str(tmp_path / "fresh"))
    assert op_helpers.check_on()
    op_helpers.set_check(False)
    assert not op_helpers.check_on()


def _helpers(window: WegoWindow) -> op_helpers.PlanHelpers:
    assert window.op_view is not None
    return window.op_view.helpers


def _attacks(window: WegoWindow) -> dict[str, str]:
    given = plan.orders_of(window.session.game, "red", viewer="red")
    return {s: o.target for s, o in given.items() if isinstance(o, OrderAttack)}


def test_oo18_each_helper_is_one_edit_drawn_on_the_map_and_named_in_the_status_bar(
    qtbot, state_dir
):
    window = _window(qtbot)
    game = window.session.game
    helpers = _helpers(window)
    assert [a.text() for a in helpers.menu.actions()][:4] == [
        "Plan attacks for me",
        "Plan artillery fire",
        "Plan command",
        "Plan air strikes",
    ]
    assert helpers.button.isEnabled() and helpers.button.menu() is helpers.menu
    drawn = len(window.map_view.plan_items)
    helpers.actions["attacks"].trigger()
    assert set(_attacks(window).values()) == {"c5r1"} and len(_attacks(window)) == 2
    said = window.statusBar().currentMessage()
    assert said == "Plan attacks for me: 2 stack orders added to your plan (Undo)"
    assert len(window.map_view.plan_items) > drawn  # drawn like orders given by hand
    helpers.actions["fire"].trigger()
    helpers.actions["air"].trigger()
    assert fire.orders(game, "red")["gun"].target == "c5r1"
    assert assets.missions(game, "red")["stuka"].target == "c5r1"
    helpers.actions["command"].trigger()  # no HQ, no ground asset: nothing
    assert "Plan command: nothing to add" in window.statusBar().currentMessage()
    steps = [step.what for step in window.map_view.edits.undo_steps]
    assert steps == [f"{n} planned by the helper" for n in ("attacks", "fire", "air strikes")]
    # One Undo takes the whole air helper back, the next the whole fire helper, then attacks.
    assert window.plan_panel.undo()
    assert "stuka" not in assets.missions(game, "red") and "gun" in fire.orders(game, "red")
    assert window.plan_panel.undo() and fire.orders(game, "red") == {}
    assert window.plan_panel.undo() and _attacks(window) == {}
    assert len(window.map_view.plan_items) == drawn
    assert window.plan_panel.redo() and len(_attacks(window)) == 2
    # Asked again, a helper suggests nothing already ordered.
    helpers.actions["attacks"].trigger()
    assert "nothing to add" in window.statusBar().currentMessage()


def _question(helpers: op_helpers.PlanHelpers) -> QMessageBox:
    question = helpers.question
    assert question is not None and question.isVisible()
    return question


def _press(question: QMessageBox, name: str) -> None:
    (button,) = [b for b in question.buttons() if b.objectName() == name]
    button.click()


def test_oo18_sealing_with_warnings_asks_first_and_the_answer_seals_or_not(qtbot, state_dir):
    window = _window(qtbot)
    game = window.session.game
    helpers = _helpers(window)
    assert op_helpers.check_on()
    window.plan_panel.seal_button.click()  # the question opens; nothing waits for it
    question = _question(helpers)
    listed = question.informativeText()
    assert "stuka has no mission" in listed and "Art (gun) has no fire order" in listed
    assert plan.planner(game) == "red"  # not sealed yet
    _press(question, "seal-back")
    qtbot.waitUntil(lambda: helpers.question is None)
    assert plan.planner(game) == "red" and "red" not in plan.sealed(game)
    assert window.statusBar().currentMessage() == "The plan stays open"
    # The helpers leave nothing to warn of: the plan seals at once.
    for name in ("attacks", "fire", "air"):
        helpers.actions[name].trigger()
    window.plan_panel.seal_button.click()
    assert helpers.question is None
    qtbot.waitUntil(lambda: "red" in plan.sealed(game) or plan.planner(game) != "red")


def test_oo18_the_box_turns_the_check_off_and_the_menu_turns_it_back_on(qtbot, state_dir):
    window = _window(qtbot, gun=False)
    game = window.session.game
    helpers = _helpers(window)
    window.plan_panel.seal_button.click()
    question = _question(helpers)
    assert "stuka has no mission" in question.informativeText()
    question.checkBox().setChecked(True)
    _press(question, "seal-anyway")
    qtbot.waitUntil(lambda: plan.planner(game) != "red")
    assert not op_helpers.check_on()  # kept in the settings file
    helpers.sync_check()
    assert not helpers.check_action.isChecked()
    helpers.check_action.setChecked(True)
    assert op_helpers.check_on()


def test_oo18_with_the_check_off_a_plan_with_warnings_seals_at_once(qtbot, state_dir):
    window = _window(qtbot, gun=False, check=False)
    window.plan_panel.seal_button.click()
    assert _helpers(window).question is None
    qtbot.waitUntil(lambda: plan.planner(window.session.game) != "red")


def test_oo18_each_warning_is_worded_with_names_levels_and_price(qtbot, state_dir):
    from engine.operational.supply import Pool
    from engine.wego.op.seal_check import HqMoved, IdleGun, SupplyChange, UntaskedAsset

    window = _window(qtbot)
    game = window.session.game
    words = [
        op_helpers.warning_words(game, w)
        for w in (
            SupplyChange("tank", ("move_plus", "combat_plus"), "all", Pool(fuel=2, ammo=1.5)),
            HqMoved("tank", "inf", "gun"),
            IdleGun("gun", 1),
            UntaskedAsset("stuka", "stuka", "air", ("ground_attack",)),
        )
    ]
    assert words == [
        "Supply order: Armour (tank) buys Move+ Combat+ for everything below it (2 fuel, 1.5 ammo)",
        "Armour (tank) moves from Inf (inf) to Art (gun) (lasts beyond this turn)",
        "Art (gun) has no fire order (1 target it could fire at)",
        "stuka has no mission (it could fly: ground attack)",
    ]
