"""Breaking units down and combining them from the WEGO game view's plan panel, in a real
window (issue 15, OU12-OU14): the selected stack's "Break down" button, clicked with real
input, puts the three parts on the map (three counters, named from the unit); a unit the
engine refuses shows a greyed button with the reason under it; "Combine into" takes the
breakdown back in the same plan.
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
    b.unit("rifles", "inf", "c3r2", echelon="regiment")
    b.unit("tired", "inf", "c3r4", echelon="regiment", strength=20)
    b.unit("foe", "inf", "c9r3", nation="blueland", echelon="regiment")
    units = {u["id"]: u for u in b.raw["units"]}
    units["rifles"]["name"] = "12th Rifles"
    units["tired"]["name"] = "7th Rifles"
    return b.build()


def _press(x: Any, button: Any) -> None:
    x.click(*on_screen(button, button.width() / 2, button.height() / 2))


def test_a_regiment_broken_down_and_combined_back_with_real_clicks(
    game_window: Any, x: Any, shots: Any
) -> None:
    from editor.game.session import GameSession

    session = GameSession.new(scenario(), {"red": "human", "blue": "ai"}, seed=1, speed="fast")
    window = game_window(session, "op-organise")
    game_fixtures.fit(window, 1280, 800)
    view, game = window.map_view, session.game
    view.zoom_to_fit()
    settle_input(0.3)
    box = window.op_view.organise
    said = window.statusBar().currentMessage

    # A unit at 20% strength: the button is greyed and the reason is under it.
    tired = game.state.units["tired"].stack
    assert tired is not None
    _click_counter(x, view, tired)
    wait_until(lambda: session.selected == tired and box.isVisible(), what="the tired stack")
    button = box.buttons["op_break_down:tired"]
    assert not button.isEnabled() and button.text() == "Break down 7th Rifles"
    texts = [box.column.itemAt(i).widget().text() for i in range(box.column.count())]
    assert any("25% or less (OU13)" in t for t in texts)
    settle_input(0.3)
    shots(window, "op-organise-refused")

    # The regiment breaks down: three counters where it stood, the first part selected.
    rifles = game.state.units["rifles"].stack
    assert rifles is not None
    _click_counter(x, view, rifles)
    wait_until(lambda: session.selected == rifles, what="the regiment selected")
    key = "op_break_down:rifles"
    wait_until(lambda: key in box.buttons and box.buttons[key].isVisible(), what="the button")
    button = box.buttons[key]
    assert button.isEnabled() and button.text() == "Break down 12th Rifles"
    settle_input(0.2)
    _press(x, button)
    wait_until(lambda: game.state.units["rifles"].status == "removed", what="the breakdown")
    wait_until(lambda: "Broken down into 12th Rifles-1" in said(), what="the message")
    parts = [game.state.units[f"rifles-{n}"].stack for n in (1, 2, 3)]
    assert all(p is not None for p in parts)
    wait_until(
        lambda: all(p in view.map_scene.counters for p in parts), what="three counters drawn"
    )
    assert session.selected == parts[0]
    key = "op_combine:rifles"
    wait_until(lambda: key in box.buttons and box.buttons[key].isVisible(), what="combine")
    texts = [box.column.itemAt(i).widget().text() for i in range(box.column.count())]
    assert texts[0].startswith("Formed this turn: the stack stays in its hex")
    settle_input(0.3)
    shots(window, "op-organise-broken-down")

    # Combined in the same plan: the breakdown is taken back.
    _press(x, box.buttons[key])
    wait_until(lambda: game.state.units["rifles"].status == "active", what="the combine")
    wait_until(lambda: "Combined into 12th Rifles" in said(), what="the message")
    whole = game.state.units["rifles"].stack
    wait_until(lambda: whole in view.map_scene.counters, what="the regiment's counter")
    assert not any(game.state.units[f"rifles-{n}"].status == "active" for n in (1, 2, 3))
    settle_input(0.3)
    shots(window, "op-organise-combined")

    # Given an order, the stack offers neither: the box goes and the order table keeps room.
    rows = window.op_view.orders.table
    hold = next(
        rows.topLevelItem(i)
        for i in range(rows.topLevelItemCount())
        if rows.topLevelItem(i).text(0) == "Hold"
    )
    spot = rows.visualItemRect(hold).center()
    x.click(*on_screen(rows.viewport(), spot.x(), spot.y()))
    wait_until(lambda: not box.isVisible(), what="the box hidden for an ordered stack")
