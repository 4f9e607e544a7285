"""OO18's helpers in a real window (editor/game/wego/op_helpers.py): the plan panel's Helpers
button opened with a real click, "Plan attacks for me" chosen in its menu, the attacks drawn
and named in the status bar; then Seal plan pressed with the dive bombers left without a
mission: the question lists them, "Back to the plan" keeps the plan open, and the second
time the box "Do not check" ticked and "Seal anyway" pressed seal it, all with real clicks.
"""

from __future__ import annotations

from typing import Any

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until

game_window = game_fixtures.game_window


def _press(x: Any, widget: Any) -> None:
    x.click(*on_screen(widget, widget.width() / 2, widget.height() / 2))


def _question(helpers: Any) -> Any:
    wait_until(
        lambda: helpers.question is not None and helpers.question.isVisible(),
        what="the question before sealing",
    )
    settle_input(0.3)
    return helpers.question


def _button(question: Any, name: str) -> Any:
    (button,) = [b for b in question.buttons() if b.objectName() == name]
    return button


def test_a_helper_plans_the_attacks_and_the_seal_warning_is_answered_with_clicks(
    game_window: Any, x: Any, shots: Any
) -> None:
    from editor.game.session import GameSession
    from editor.game.wego import op_helpers
    from engine.wego import plan
    from engine.wego.orders import OrderAttack
    from tests.operational.test_helpers import lane

    op_helpers.set_check(True)  # the shared state_dir fixture turns it off
    session = GameSession.new(
        lane(stuka=True).build(), {"red": "human", "blue": "ai"}, seed=1, speed="fastest"
    )
    window = game_window(session, "op-helpers")
    game_fixtures.fit(window, 1280, 800)
    game = session.game
    window.map_view.zoom_to_fit()
    helpers = window.op_view.helpers
    said = window.statusBar().currentMessage

    # Helpers > Plan attacks for me, with real clicks.
    assert game_fixtures.shown(helpers.button)
    _press(x, helpers.button)
    wait_until(helpers.menu.isVisible, what="the Helpers menu")
    settle_input(0.2)
    shots(window, "op-helpers-menu")
    spot = helpers.menu.actionGeometry(helpers.actions["attacks"]).center()
    x.click(*on_screen(helpers.menu, spot.x(), spot.y()))

    def attacks() -> dict[str, str]:
        given = plan.orders_of(game, "red", viewer="red")
        return {s: o.target for s, o in given.items() if isinstance(o, OrderAttack)}

    wait_until(lambda: len(attacks()) == 2, what="the helper's attacks")
    assert set(attacks().values()) == {"c5r1"}
    assert said() == "Plan attacks for me: 2 stack orders added to your plan (Undo)"
    assert window.undo_action.text() == "&Undo attacks planned by the helper"
    settle_input(0.3)
    shots(window, "op-helpers-attacks")

    # Seal plan: the dive bombers have no mission, so the question comes first.
    _press(x, window.plan_panel.seal_button)
    question = _question(helpers)
    assert "has no mission" in question.informativeText()
    shots(question, "op-helpers-seal-question")
    _press(x, _button(question, "seal-back"))
    wait_until(lambda: helpers.question is None, what="the question answered")
    assert "red" not in plan.sealed(game) and said() == "The plan stays open"

    # Again: this time the check is turned off and the plan sealed.
    settle_input(0.2)
    _press(x, window.plan_panel.seal_button)
    question = _question(helpers)
    box = question.checkBox()
    x.click(*on_screen(box, 8, box.height() / 2))
    wait_until(box.isChecked, what="the box ticked")
    _press(x, _button(question, "seal-anyway"))
    wait_until(lambda: "red" in plan.sealed(game), what="the plan sealed")
    assert not op_helpers.check_on()
