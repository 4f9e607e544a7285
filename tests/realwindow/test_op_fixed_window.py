"""Fixed units in the WEGO game view's real window (issue 15, OM20): the counter of a stack
holding a unit fixed in place carries the red "F" mark, a click on a hex it would move to is
refused with the reason in the status bar (and no order is given), a unit fixed in a zone is
ordered inside it but refused out of it, and the mark goes once the unit's turn frees it.
"""

from __future__ import annotations

from typing import Any

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until
from tests.realwindow.test_op_game_window import _click_counter

game_window = game_fixtures.game_window


def scenario() -> Any:
    from tests.operational.builder import OpBuilder

    b = OpBuilder(columns=10, rows=5)
    b.raw["calendar"]["turns"] = 4
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.raw["hex_map"]["fixed_zones"] = {"pocket": ["c2r4*3"]}
    b.unit("guard", "inf", "c2r2", echelon="regiment")
    b.unit("post", "inf", "c3r4", echelon="regiment")
    b.unit("foe", "inf", "c9r3", nation="blueland", echelon="regiment")
    units = {u["id"]: u for u in b.raw["units"]}
    units["guard"]["operational"]["fixed"] = {"until_turn": 2}
    units["post"]["operational"]["fixed"] = {"zone": "pocket", "whole_game": True}
    return b.build()


def test_fixed_units_marked_and_their_moves_refused_with_real_clicks(
    game_window: Any, x: Any, shots: Any
) -> None:
    from editor.game.session import GameSession
    from engine.wego import plan
    from engine.wego.orders import OrderMove

    session = GameSession.new(scenario(), {"red": "human", "blue": "ai"}, seed=1, speed="fast")
    window = game_window(session, "op-fixed")
    game_fixtures.fit(window, 1280, 800)
    view, game = window.map_view, session.game
    view.zoom_to_fit()
    settle_input(0.3)
    guard = game.state.units["guard"].stack
    post = game.state.units["post"].stack
    assert guard is not None and post is not None
    assert view.map_scene.counters[guard].look.fixed == "place"
    assert view.map_scene.counters[post].look.fixed == "zone"
    said = window.statusBar().currentMessage
    orders = lambda: plan.orders_of(game, "red", viewer="red")  # noqa: E731

    # The stack fixed in place: a click on the next hex is refused, with the reason.
    _click_counter(x, view, guard)
    wait_until(lambda: session.selected == guard, what="the guard selected")
    spot = view.spot_of("c3r2")
    x.click(*on_screen(view.viewport(), spot.x(), spot.y()))
    wait_until(lambda: "fixed in place until turn 2" in said(), what="the refusal's reason")
    assert said().startswith("Refused: ")
    assert guard not in orders()
    settle_input(0.3)
    shots(window, "op-fixed-refused")

    # The stack fixed in its zone: ordered inside it, refused out of it.
    _click_counter(x, view, post)
    wait_until(lambda: session.selected == post and view.dests, what="the post's reach")
    assert set(view.dests) == {"c2r4", "c4r4"}
    out = view.spot_of("c3r3")
    x.click(*on_screen(view.viewport(), out.x(), out.y()))
    wait_until(lambda: "fixed inside zone 'pocket'" in said(), what="the zone's refusal")
    assert post not in orders()
    inside = view.spot_of("c4r4")
    x.click(*on_screen(view.viewport(), inside.x(), inside.y()))
    wait_until(lambda: isinstance(orders().get(post), OrderMove), what="the move inside")

    # Sealed against the AI; past the turn's film, turn 2 frees the guard: its mark goes.
    panel = window.plan_panel
    session.set_paused(False)
    x.click(*on_screen(panel.seal_button, 20, 10))
    wait_until(lambda: window.centre.currentWidget() is window.film, 60, "the film")
    player = window.film
    button = player.continue_button
    x.click(*on_screen(button, button.width() / 2, button.height() / 2))
    wait_until(lambda: window.centre.currentWidget() is view, what="back to the plan")
    assert game.state.turn == 2
    settle_input(0.5)
    guard = game.state.units["guard"].stack
    assert guard is not None
    wait_until(lambda: view.map_scene.counters[guard].look.fixed == "", what="the mark gone")
    settle_input(0.3)
    shots(window, "op-fixed-freed")


def test_a_stack_set_up_in_its_zone_with_a_real_ctrl_click(
    game_window: Any, x: Any, shots: Any
) -> None:
    """OT1: on turn 1, a stack standing in its side's setup zone is put on another hex of the
    zone by Ctrl+click (the engine's op_set_up actions); a hex outside the zone is refused
    with the reason."""
    from editor.game.session import GameSession
    from tests.operational.builder import OpBuilder

    b = OpBuilder(columns=10, rows=5)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.raw["hex_map"]["setup_zones"] = {"red": ["c1r1*3", "c1r2*3", "c1r3*3"]}
    b.unit("lead", "inf", "c1r1", echelon="regiment")
    b.unit("foe", "inf", "c9r3", nation="blueland", echelon="regiment")
    session = GameSession.new(b.build(), {"red": "human", "blue": "ai"}, seed=1)
    window = game_window(session, "op-setup")
    window.resize(1280, 760)
    settle_input(0.5)
    view, game = window.map_view, session.game
    view.zoom_to_fit()
    settle_input(0.3)
    said = window.statusBar().currentMessage
    lead = game.state.units["lead"].stack
    assert lead is not None
    _click_counter(x, view, lead)
    wait_until(lambda: "setup zone" in said(), what="the setup hint")

    def ctrl_click(region: str) -> None:
        spot = view.spot_of(region)
        x._run("keydown", "ctrl")
        try:
            x.click(*on_screen(view.viewport(), spot.x(), spot.y()))
        finally:
            x._run("keyup", "ctrl")

    ctrl_click("c5r3")
    wait_until(lambda: "outside the setup zone of 'red'" in said(), what="the refusal")
    ctrl_click("c3r3")
    wait_until(
        lambda: game.state.stacks[game.state.units["lead"].stack].region == "c3r3",
        what="the stack set up on c3r3",
    )
    assert said().startswith("Set up on ")
    settle_input(0.3)
    shots(window, "op-setup-ctrl-click")
