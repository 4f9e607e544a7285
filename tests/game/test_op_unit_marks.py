"""The night-capable and moved units overlays of an operational game (OF11, OU15, OW3): from
the View menu, one unit overlay at a time, each badge the engine's answer
(engine/wego/op/unit_marks.py, editor/game/wego/op_unit_marks.py)."""

from __future__ import annotations

from editor.game.wego.op_unit_marks import moved_cells, night_cells
from engine.wego.op import unit_marks
from engine.wego.orders import OrderMove
from tests.game.test_op_game_view_more import _window
from tests.operational.test_night import capable
from tests.operational.view_scenario import front


def _front():
    b = front()
    capable(b, "armour", "inf")
    for unit in b.raw["units"]:
        if unit["id"] == "r-inf2":
            unit["operational"] = {**unit.get("operational", {}), "readiness": 60.0}
    return b


def test_of11_ou15_the_night_capable_units_overlay_marks_who_acts_as_by_day(qtbot, state_dir):
    window = _window(qtbot, _front().build(), {"red": "human", "blue": "ai"})
    op = window.op_view
    assert op is not None
    op.actions["readiness"].setChecked(True)
    op.actions["night"].setChecked(True)
    assert "night" in op.overlays.shown and "readiness" not in op.overlays.shown  # one at a time
    assert not op.actions["readiness"].isChecked()
    # The tank (100%) and r-inf1 act as by day; r-inf2 is capable but at 60% (OU15: 80%);
    # the recce is not capable (no badge), nor are HQs.
    assert op.overlays.values == {"c5r3": "N", "c5r2": "N", "c5r5": "n"}
    marks = unit_marks.night_marks(window.session.game, "red")
    assert marks["r-inf2"].capable and not marks["r-inf2"].by_day
    assert not marks["r-recce"].capable
    tips = {cell[0]: cell[3] for cell in night_cells(window.map_view.map_scene, "red")}
    assert "needs 80% readiness (60% now)" in tips["c5r5"]
    op.actions["night"].setChecked(False)
    assert not op.overlays.values or "night" not in op.overlays.shown


def test_of11_the_moved_units_overlay_follows_the_plan(qtbot, state_dir):
    window = _window(qtbot, _front().build(), {"red": "human", "blue": "ai"})
    op = window.op_view
    assert op is not None
    op.actions["moved"].setChecked(True)
    assert op.overlays.values == {}  # nothing ordered yet
    session = window.session
    game = session.game
    stack = game.state.units["r-inf1"].stack
    assert stack is not None
    order = next(
        a for a in session.legal_actions() if isinstance(a, OrderMove) and a.stack == stack
    )
    assert session.apply(order)
    assert op.overlays.values == {"c5r2": "\u2192"}
    (cell,) = moved_cells(window.map_view.map_scene, "red")
    assert f"move to {order.path[-1]}" in cell[3]
    builds = op.overlays.builds
    op.refresh()
    assert op.overlays.builds == builds  # nothing changed: not rebuilt
