"""OH11 crossing sites in the game view, offscreen: every marked site on a river gets a
badge at its hexside's middle with a tooltip saying what it allows, for every side."""

from __future__ import annotations

from editor.game.launch import show_game
from editor.game.session import GameSession
from editor.game.wego.op_works import WorkMark
from editor.game.wego.window import WegoWindow
from tests.operational.builder import OpBuilder


def test_oh11_the_map_badges_each_crossing_site(qtbot, state_dir):
    from editor.shared.app import settle

    b = OpBuilder(columns=8, rows=3)
    b.rules("fog", enabled=False)
    b.hexside("c4r2", "c5r2", "major-river")
    b.hexside("c4r3", "c5r3", "major-river")
    b.crossing_site("c4r2", "c5r2")
    b.unit("r", "inf", "c1r1", echelon="battalion")
    b.unit("b", "inf", "c8r3", nation="blueland", echelon="battalion")
    session = GameSession.new(b.build(), {"red": "human", "blue": "ai"}, seed=1, speed="fastest")
    window = show_game(session, "op-crossing-test", leave_text="Close")
    assert isinstance(window, WegoWindow)
    qtbot.addWidget(window)
    settle(window)
    marks = [i for i in window.map_view.map_scene.items() if isinstance(i, WorkMark)]
    assert [(m.hexside, m.kind) for m in marks] == [("c4r2-c5r2", "crossing_site")]
    assert marks[0].toolTip().startswith("Crossing site: a bridging engineer may span")
