"""The Kharkov operational sample's planning map under the fog of war in the real window
(OI1-OI4): the Axis is drawn as the Soviet side's intelligence reads it (engine/wego/op/
intel.py ``enemy_sight``), outlines with the type read and the level badges, and pointing at
an outline says what each unit there shows. Screenshots at 1280x720, whole and zoomed."""

from __future__ import annotations

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until

game_window = game_fixtures.game_window


def test_kharkov_planning_map_shows_the_axis_by_intelligence_level(game_window, x, shots) -> None:
    from PySide6.QtWidgets import QToolTip

    from editor.game.map.fog import NONE, OUTLINE
    from editor.game.session import GameSession
    from editor.game.wego.plan_scene import PlanScene
    from engine.wego.op.intel import enemy_sight

    scenario = game_fixtures.sample("kharkov-1942-operational")
    session = GameSession.new(scenario, {"soviet": "human", "axis": "ai"}, seed=1, fog=True)
    window = game_window(session, "kharkov-plan-intel")
    game_fixtures.fit(window, 1280, 720)
    view = window.map_view
    wait_until(lambda: window.plan_panel.side() == "soviet", 20, "the Soviet plan")
    scene = view.map_scene
    assert isinstance(scene, PlanScene)
    game = session.game
    sight = enemy_sight(game, "soviet")
    axis = [s for s in game.state.stacks.values() if s.side == "axis"]
    assert {scene.views[s.id] for s in axis} >= {NONE, OUTLINE}  # some hidden, some outlined
    for stack in axis:
        assert scene.views[stack.id] == sight.views.get(stack.id, NONE)
    assert scene.intel_badges is not None and scene.intel_badges.isVisible()
    typed = [
        s.id for s in axis if scene.views[s.id] == OUTLINE and scene.counters[s.id].look.symbol
    ]
    assert typed, "some Axis stacks are read at level 2 or more"
    view.zoom_to_fit()
    settle_input(0.4)
    shots(window, "kharkov-plan-intel-fit")
    # Zoom on an outlined stack whose type is read, and point at it.
    counter = scene.counters[typed[0]]
    view.zoom_by(5.0)
    view.centerOn(counter.scenePos())
    settle_input(0.4)
    # The counter keeps its size on screen: where it is drawn is its device transform's.
    point = counter.deviceTransform(view.viewportTransform()).map(counter.boundingRect().center())
    x.move(*on_screen(view.viewport(), point.x() - 3, point.y() - 3))
    x.move(*on_screen(view.viewport(), point.x(), point.y()))
    wait_until(lambda: "Intelligence level" in QToolTip.text(), what="the counter's tooltip")
    level = sight.levels[typed[0]]
    assert f"level {level}" in QToolTip.text()
    settle_input(0.3)
    shots(window, "kharkov-plan-intel-zoomed")
