"""OU19 in the game view: the hex details of the unit-values overlay tell, beside each of the
side's units' readiness, the turns of rest that bring it back to 100% or the turns an
encircled unit has before 0%, offscreen, on the small operational front of
``tests.operational.view_scenario`` (its red recce stands encircled behind blue's line)."""

from __future__ import annotations

from editor.game.launch import show_game
from editor.game.session import GameSession
from editor.game.wego.op_unit_values import UnitValuesItem
from editor.game.wego.window import WegoWindow
from tests.operational.view_scenario import front


def test_ou19_the_hex_details_tell_the_turns_to_100_and_to_0(qtbot, state_dir):
    from editor.shared.app import settle

    b = front()
    for unit in b.raw["units"]:
        if unit["id"] in ("r-inf2", "b-inf1"):
            unit.setdefault("operational", {}).update(readiness=40)
    session = GameSession.new(b.build(), {"red": "human", "blue": "ai"}, seed=1, speed="fastest")
    window = show_game(session, "op-readiness-outlook-test", leave_text="Close")
    assert isinstance(window, WegoWindow)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    settle(window)
    op = window.op_view
    assert op is not None
    op.show("readiness", True)
    (item,) = [i for i in window.map_view.map_scene.items() if isinstance(i, UnitValuesItem)]
    tips = {t.split(":", 1)[0]: t for _box, t in item.boxes}
    # Green rest 16, halved by the first day's mud: 48, 56, 72 (the night doubles it), then
    # the good day's 16: 88, 100.
    assert "readiness 40% (back to 100% after 5 turns of rest)" in tips["c5r5"]
    # The recce behind blue's line loses 15 a turn: 0% after 7 turns (OU9).
    assert "readiness 100% (0% in 7 turns if still encircled)" in tips["c10r6"]
    # A full unit has no figure, and blue's tired infantry is never told to red.
    assert "readiness 100%, shock" in tips["c5r3"]
    assert not any("c7r3" in hex_id for hex_id in tips)
    assert sum("after" in t or "if still encircled" in t for t in tips.values()) == 2
