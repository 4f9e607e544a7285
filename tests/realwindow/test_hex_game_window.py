"""A hex scenario in the game view's real window: the map of hexes shown, a stack clicked,
the hexes it may reach washed, a hex clicked to move there, all with real X input."""

from __future__ import annotations

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until
from tests.realwindow.game_fixtures import drive

game_window = game_fixtures.game_window


def _counter_box(view, stack_id: str):
    item = view.map_scene.counters[stack_id]
    body = item.shape().boundingRect()
    return item.deviceTransform(view.viewportTransform()).mapRect(body)


def test_a_hex_game_is_played_with_real_clicks(game_window, x, shots) -> None:
    from editor.game.session import GameSession
    from schemas.generator import generate_hex_scenario

    scenario = generate_hex_scenario(40, 30, seed=0)
    session = GameSession.new(scenario, {"west": "human", "east": "ai"}, seed=1)
    window = game_window(session, "hexes")
    drive(session, lambda g: g.phase == "land_movement" and g.to_act() == "west")
    view = window.map_view
    scene = view.map_scene
    game = session.game
    settle_input(0.3)
    assert len(scene.region_items) == 1200
    shots(window, "hex-game-whole-map")

    # Zoom in with the wheel on a stack of the person's, as a person looks closer.
    mine = [
        s.id
        for s in game.state.stacks.values()
        if s.side == "west" and s.id in scene.counters and scene.counters[s.id].isVisible()
    ]
    assert mine
    centre = _counter_box(view, mine[0]).center()
    before = view.transform().m11()
    x.wheel(*on_screen(view.viewport(), centre.x(), centre.y()), 4)
    wait_until(lambda: view.transform().m11() > 1.5 * before, what="the zoom")
    settle_input(0.5)

    mover = None
    for stack_id in mine:
        item = scene.counters[stack_id]
        box = _counter_box(view, stack_id)
        if not item.isVisible() or not view.viewport().rect().contains(box.center().toPoint()):
            continue
        x.click(*on_screen(view.viewport(), box.center().x(), box.center().y()))
        settle_input(0.3)
        if session.selected == stack_id and any(d.legal for d in view.dests.values()):
            mover = stack_id
            break
    assert mover is not None, "no stack of the person could be clicked and moved"
    assert scene.highlights.shades  # the hexes it may reach are washed
    shots(window, "hex-game-stack-selected")

    origin = game.state.stacks[mover].region
    on_view = [
        r
        for r, d in view.dests.items()
        if d.legal and d.kind == "move" and view.viewport().rect().contains(view.spot_of(r))
    ]
    assert on_view
    target = on_view[-1]
    spot = view.spot_of(target)
    x.click(*on_screen(view.viewport(), spot.x(), spot.y()))
    wait_until(lambda: game.state.stacks[mover].region != origin, what="the move")
    assert game.state.stacks[mover].region == target
    settle_input(0.3)
    shots(window, "hex-game-moved")
