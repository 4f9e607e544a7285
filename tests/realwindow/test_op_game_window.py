"""An operational game in the WEGO game view's real window (issue 15), at 1280x720 and at
1920x1080 (or the largest the screen allows): the turn header says the day and the weather,
the overlays (enemy ZOC values, LOC lines, supply marks) are switched on with real clicks on
the header's boxes and drawn on the map (one switched off again from View > Overlays with the
keyboard), pointing at an enemy gives the odds in the status bar, a stack is ordered to
attack with real clicks, and the odds of that attack show in the plan panel and the orders
list before the plan is sealed.
"""

from __future__ import annotations

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until

game_window = game_fixtures.game_window
shown = game_fixtures.shown


def _click_counter(x, view, stack_id: str) -> None:
    counter = view.map_scene.counters[stack_id]
    box = counter.deviceTransform(view.viewportTransform()).mapRect(counter.shape().boundingRect())
    x.click(*on_screen(view.viewport(), box.center().x(), box.center().y()))


def test_overlays_clock_and_attack_odds_with_real_clicks(game_window, x, shots) -> None:
    from editor.game.session import GameSession
    from editor.game.wego.op_overlays import ZocValuesItem
    from engine.wego import plan
    from engine.wego.op import map_queries
    from engine.wego.orders import OrderAttack
    from tests.operational.view_scenario import front

    session = GameSession.new(front().build(), {"red": "human", "blue": "ai"}, seed=1)
    window = game_window(session, "op-front")
    game_fixtures.fit(window, 1280, 720)
    op = window.op_view
    assert op is not None
    view, game = window.map_view, session.game
    view.zoom_to_fit()
    settle_input(0.3)
    assert shown(op.header.clock) and "Mud" in op.header.clock.text()
    for name in ("zoc", "loc", "supply"):
        box = op.header.boxes[name]
        x.click(*on_screen(box, 8, box.height() / 2))
        wait_until(lambda n=name: n in op.overlays.shown, what=f"the {name} overlay")
        assert op.actions[name].isChecked()  # the View menu follows the header
    scene = view.map_scene
    assert [i for i in scene.items() if isinstance(i, ZocValuesItem)]
    assert op.overlays.lines and op.overlays.marks
    settle_input(0.3)
    shots(window, "op-overlays-1280")
    # Clicking the division's HQ outlines its reach (OQ12).
    div = game.state.units["div"].stack
    assert div is not None
    _click_counter(x, view, div)
    wait_until(lambda: session.selected == div and op.overlays.reach, what="the HQ's reach")
    settle_input(0.3)
    shots(window, "op-hq-reach-1280")

    tank = game.state.units["r-tank"].stack
    assert tank is not None
    orders = lambda: plan.orders_of(game, "red", viewer="red")  # noqa: E731
    _click_counter(x, view, tank)
    wait_until(lambda: session.selected == tank and "c7r3" in view.dests, what="the tank's reach")
    spot = view.spot_of("c7r3")
    # Pointing at the enemy first: the status bar gives the odds before anything is ordered.
    x.move(*on_screen(view.viewport(), spot.x() - 3, spot.y() - 3))
    x.move(*on_screen(view.viewport(), spot.x(), spot.y()))
    said = window.statusBar().currentMessage
    wait_until(lambda: " MP, odds " in said(), what="the odds when pointing at the enemy")
    assert not orders().get(tank)
    shots(window, "op-odds-on-pointing")
    x.click(*on_screen(view.viewport(), spot.x(), spot.y()))
    wait_until(lambda: isinstance(orders().get(tank), OrderAttack), what="the attack order")
    order = orders()[tank]
    assert isinstance(order, OrderAttack)
    preview = map_queries.attack_odds(game, order)
    wait_until(lambda: op.orders.preview == preview, what="the odds in the panel")
    assert shown(op.orders.odds), "the odds are hidden in the plan panel"
    assert f"Final odds <b>{preview.final_text}</b>" in op.orders.odds.text()
    rows = dict(window.plan_panel.order_rows())
    assert any(f"odds {preview.final_text}" in text for text in rows.values())
    assert window.plan_panel.seal_button.isEnabled()
    settle_input(0.3)
    shots(window, "op-attack-odds-1280")

    # The View menu holds the same switches: Overlays, its first entry turns the ZOC off.
    x.key("alt+v")
    wait_until(lambda: window.menuBar().activeAction() is not None, what="the View menu")
    x.key("o")
    wait_until(lambda: window.op_menu.isVisible(), what="View > Overlays")
    settle_input(0.3)
    shots(window, "op-view-overlays-menu")
    x.key("Return")
    wait_until(lambda: "zoc" not in op.overlays.shown, what="the ZOC overlay off")
    assert not op.header.boxes["zoc"].isChecked()
    assert not [i for i in scene.items() if isinstance(i, ZocValuesItem)]

    game_fixtures.fit(window, 1920, 1080)
    view.zoom_to_fit()
    settle_input(0.4)
    assert shown(op.orders.odds) and shown(op.header.clock)
    assert shown(op.orders.table)
    shots(window, "op-attack-odds-large")
