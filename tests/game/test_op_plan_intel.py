"""The planning map of an operational game shows the enemy by intelligence level (OI1-OI4,
editor/game/wego/plan_scene.py): each enemy stack as the engine's ``enemy_sight`` says the
planning side sees it, with the film's level badge, the type read on the outline and what
each unit shows in the tooltips; in a hot-seat game each person sees with their own side's
eyes only."""

from __future__ import annotations

from PySide6.QtCore import Qt

from editor.game.launch import show_game
from editor.game.map.fog import FULL, NONE, OUTLINE
from editor.game.session import GameSession
from editor.game.wego.plan_scene import PlanScene
from editor.game.wego.window import WegoWindow
from engine.wego.op.intel import enemy_sight
from tests.operational.command_builder import CommandBuilder
from tests.operational.view_scenario import front

LEFT = Qt.MouseButton.LeftButton


def watched(*, fog: bool = True) -> CommandBuilder:
    """The test front with a red recce at c6r4, next to blue's conscript infantry at c7r3
    (read at 5, OI3), the other blue units two or more hexes off (read at 3 or 2)."""
    b = front()
    b.rules("fog", enabled=fog)
    b.unit("r-scout", "recce", "c6r4", hq="div", echelon="battalion")
    names = {"b-inf1": "7th Rifles", "b-at": "3rd Anti-Tank"}
    for unit in b.raw["units"]:
        unit["name"] = names.get(unit["id"], "")
        if unit["id"] == "b-inf1":
            unit["operational"] = {**unit.get("operational", {}), "quality": "conscript"}
    return b


def _window(qtbot, b: CommandBuilder, players: dict[str, str]) -> WegoWindow:
    from editor.shared.app import settle

    session = GameSession.new(b.build(), players, seed=1, speed="fastest")
    window = show_game(session, "op-plan-intel-test", leave_text="Close")
    assert isinstance(window, WegoWindow)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    settle(window)
    return window


def _stack(window: WegoWindow, unit: str) -> str:
    found = window.session.game.state.units[unit].stack
    assert found is not None
    return found


def test_oi2_oi3_the_planning_map_draws_each_enemy_stack_at_the_engines_level(
    qtbot, state_dir
) -> None:
    window = _window(qtbot, watched(), {"red": "human", "blue": "ai"})
    scene = window.map_view.map_scene
    assert isinstance(scene, PlanScene)
    game = window.session.game
    sight = enemy_sight(game, "red")
    for stack in game.state.stacks.values():
        if stack.side == "blue":  # exactly the engine's view, none where it sees nothing
            assert scene.views[stack.id] == sight.views.get(stack.id, NONE)
    near, far, hq, guns = (_stack(window, u) for u in ("b-inf1", "b-inf2", "b-div", "b-at"))
    assert sight.levels == {near: 5, far: 3, hq: 2, guns: 2}
    # Level 5 next to the recce: drawn whole, its units in the tooltip.
    assert scene.counters[near].view == FULL
    assert "7th Rifles" in scene.counters[near].toolTip()
    assert "level 5 (extreme)" in scene.counters[near].toolTip()
    # Below 5 an outline with the type read (OI2), here a misread one for the guns (OI4).
    (read_guns,) = sight.seen_in(game, guns)
    assert read_guns.category == "heavy_antitank"  # the true type is antitank
    look = scene.counters[guns].look
    assert (look.view, look.symbol, look.text, look.count) == (
        OUTLINE,
        "antitank",
        "heavy antitank?",
        1,
    )
    assert "level 2 (low)" in scene.counters[guns].toolTip()
    assert "3rd Anti-Tank" not in scene.counters[guns].toolTip()  # no name below level 3
    # The film's badges: the best level of every hex with enemies under the fog.
    regions = {s: game.state.stacks[s].region for s in (near, far, hq, guns)}
    assert scene.intel_levels == {regions[s]: sight.levels[s] for s in regions}
    assert scene.intel_badges is not None
    assert sorted(level for _box, level, _tip in scene.intel_badges.badges) == [2, 2, 3, 5]


def test_oi2_a_presence_is_an_outline_with_no_type_and_out_of_reach_nothing(
    qtbot, state_dir
) -> None:
    b = front()
    b.rules("fog", enabled=True)
    window = _window(qtbot, b, {"red": "human", "blue": "ai"})
    scene = window.map_view.map_scene
    inf, far = _stack(window, "b-inf1"), _stack(window, "b-inf2")
    assert scene.views[inf] == OUTLINE
    look = scene.counters[inf].look
    assert (look.symbol, look.count) == ("", 0)  # level 1: only that the hex is held
    assert "level 1 (presence)" in scene.counters[inf].toolTip()
    assert scene.views[far] == OUTLINE  # level 2: the type read
    assert scene.counters[far].look.symbol == "infantry"
    # Blue sees none of red's stacks: none is drawn to it.
    assert not enemy_sight(window.session.game, "blue").views


def test_oi_hot_seat_each_side_plans_with_its_own_intelligence(qtbot, state_dir) -> None:
    window = _window(qtbot, watched(), {"red": "human", "blue": "human"})
    scene = window.map_view.map_scene
    scout = _stack(window, "r-scout")
    red_view = dict(scene.views)
    qtbot.mouseClick(window.plan_panel.seal_button, LEFT)
    qtbot.mouseClick(window.handover_screen.button, LEFT)
    assert window.plan_panel.side() == "blue"
    game = window.session.game
    blue = enemy_sight(game, "blue")
    assert blue.levels == {scout: 2}  # blue's conscript infantry next to it reads 2
    for stack in game.state.stacks.values():
        if stack.side == "red":
            assert scene.views[stack.id] == blue.views.get(stack.id, NONE)
        else:
            assert scene.views[stack.id] == FULL  # blue's own
    assert scene.views != red_view
    assert scene.intel_levels == {game.state.stacks[scout].region: 2}


def test_oi1_without_fog_the_planning_map_shows_every_enemy_whole(qtbot, state_dir) -> None:
    window = _window(qtbot, watched(fog=False), {"red": "human", "blue": "ai"})
    scene = window.map_view.map_scene
    assert set(scene.views.values()) == {FULL}
    assert scene.intel_badges is None and scene.intel_levels == {}
