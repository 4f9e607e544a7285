"""Part of a stack ordered one way and the rest another, in a real window (issue 15, OO1,
OO3): the stack selected with a real click, a unit checked and detached from the plan
panel, the part sent onto the enemy's hex with "Move ignoring enemy" and the rest moved with
a plain click, both routes drawn on the map.
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
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.unit("tank", "armour", "c3r3", echelon="regiment")
    b.unit("rifles", "inf", "c3r3", echelon="battalion")
    b.unit("foe", "inf", "c6r3", nation="blueland", echelon="battalion")
    units = {u["id"]: u for u in b.raw["units"]}
    units["tank"]["name"] = "5th Tanks"
    units["rifles"]["name"] = "9th Rifles"
    return b.build()


def _press(x: Any, widget: Any) -> None:
    x.click(*on_screen(widget, widget.width() / 2, widget.height() / 2))


def test_a_stack_split_and_both_parts_ordered_with_real_clicks(
    game_window: Any, x: Any, shots: Any
) -> None:
    from PySide6.QtWidgets import QGraphicsPathItem

    from editor.game.session import GameSession
    from engine.wego import plan
    from engine.wego.orders import OrderIgnoreEnemy, OrderMove

    session = GameSession.new(scenario(), {"red": "human", "blue": "ai"}, seed=1, speed="fast")
    window = game_window(session, "op-stack-parts")
    game_fixtures.fit(window, 1280, 800)
    view, game = window.map_view, session.game
    view.zoom_to_fit()
    settle_input(0.3)
    box = window.op_view.detach
    said = window.statusBar().currentMessage

    whole = game.state.units["tank"].stack
    assert whole is not None
    _click_counter(x, view, whole)
    wait_until(lambda: session.selected == whole and box.isVisible(), what="the stack's units")
    wait_until(lambda: "rifles" in box.checks and box.checks["rifles"].isVisible(), what="boxes")
    settle_input(0.2)
    check = box.checks["rifles"]
    x.click(*on_screen(check, 8, check.height() / 2))  # on the box itself
    wait_until(lambda: box.detach_button.isEnabled(), what="Detach enabled")
    settle_input(0.2)
    shots(window, "op-stack-parts-checked")
    _press(x, box.detach_button)
    wait_until(lambda: game.state.units["rifles"].stack != whole, what="the detachment")
    part = game.state.units["rifles"].stack
    assert part is not None
    wait_until(lambda: session.selected == part, what="the part selected")
    wait_until(lambda: "Detached 9th Rifles" in said(), what="the message")
    wait_until(lambda: part in view.map_scene.counters, what="the part's counter")

    # The part: "Move ignoring enemy" in the order table, then a click on the foe's hex.
    rows = window.op_view.orders.table
    row = next(
        rows.topLevelItem(i)
        for i in range(rows.topLevelItemCount())
        if rows.topLevelItem(i).text(0) == "Move ignoring enemy"
    )
    wait_until(lambda: not row.isDisabled(), what="the ignore-enemy row enabled")
    spot = rows.visualItemRect(row).center()
    x.click(*on_screen(rows.viewport(), spot.x(), spot.y()))
    wait_until(lambda: view.mode == "ignore_enemy", what="the ignore-enemy mode")
    wait_until(lambda: "c6r3" in view.dests, what="the foe's hex washed")
    game_fixtures.click_hex(x, view, "c6r3")
    wait_until(lambda: part in plan.orders_of(game, "red", viewer="red"), what="the part's order")
    given = plan.orders_of(game, "red", viewer="red")[part]
    assert isinstance(given, OrderIgnoreEnemy) and given.path[-1] == "c6r3"

    # The rest: back to plain moves, its counter clicked, then a hex clicked.
    x.key("Escape")
    wait_until(lambda: view.mode == "move", what="back to Move")
    _click_counter(x, view, whole)
    wait_until(lambda: session.selected == whole, what="the rest selected")
    wait_until(lambda: "c4r2" in view.dests, what="the rest's reach washed")
    game_fixtures.click_hex(x, view, "c4r2")
    wait_until(lambda: whole in plan.orders_of(game, "red", viewer="red"), what="the rest's order")
    rest = plan.orders_of(game, "red", viewer="red")[whole]
    assert type(rest) is OrderMove and rest.path[-1] == "c4r2"
    lines = [i for i in view.plan_items if isinstance(i, QGraphicsPathItem)]
    assert len(lines) == 2
    settle_input(0.3)
    shots(window, "op-stack-parts-ordered")
