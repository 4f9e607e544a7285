"""The Kharkov sample (1,890 hexes) in the WEGO game view's real window (issue 14): at fit
zoom the towns' names are drawn and the selected stack's "N MP" badges never pile up, at
1280x720 and at the largest size the screen allows (1920x1080 on a large screen); a plan
edit is undone and redone with the real keys; the film colours a hex taken during the turn
with its owner at each tick."""

from __future__ import annotations

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until

game_window = game_fixtures.game_window


def _boxes(scene, items) -> list:
    scale = scene.clutter.scale or 1.0
    return [i.boundingRect().translated(i.pos() * scale) for i in items if i.isVisible()]


def _click_counter(x, view, stack_id: str) -> None:
    counter = view.map_scene.counters[stack_id]
    box = counter.deviceTransform(view.viewportTransform()).mapRect(counter.shape().boundingRect())
    x.click(*on_screen(view.viewport(), box.center().x(), box.center().y()))


def test_kharkov_is_readable_at_fit_zoom_with_real_clicks(game_window, x, shots) -> None:
    from editor.game.session import GameSession

    scenario = game_fixtures.sample("kharkov-1942")
    session = GameSession.new(scenario, {"soviet": "human", "axis": "ai"}, seed=1)
    window = game_window(session, "kharkov-1942")
    room = window.screen().availableGeometry()
    types = {u.id: u.type for u in scenario.units}
    game = session.game
    tank = next(
        s.id
        for s in sorted(game.state.stacks.values(), key=lambda s: s.id)
        if s.side == "soviet" and any(types[u] == "tank-corps" for u in s.units)
    )
    for size, name in (((1280, 720), "1280"), ((1920, 1080), "large")):
        window.move(room.topLeft())
        window.resize(min(size[0], room.width() - 10), min(size[1], room.height() - 40))
        settle_input(0.5)
        view = window.map_view
        x.key("0")  # zoom to fit, as a person would
        view.setFocus()
        view.zoom_to_fit()
        settle_input(0.5)
        scene = view.map_scene
        shown = [r for r, label in scene.labels.items() if label.isVisible()]
        assert len(shown) >= 15 and "c16r11" in shown, shown
        session.select(None)
        settle_input(0.2)
        _click_counter(x, view, tank)
        wait_until(lambda v=view: session.selected == tank and len(v.dests) > 20, what="reach")
        settle_input(0.4)
        costs = scene.highlights.costs
        boxes = _boxes(scene, costs.values())
        assert boxes and len(boxes) < len(costs)
        for i, a in enumerate(boxes):
            assert not any(a.intersects(b) for b in boxes[i + 1 :]), "MP badges overlap"
        shots(window, f"wego-kharkov-fit-{name}")


def test_a_plan_edit_is_undone_and_redone_with_the_keys(game_window, x, shots) -> None:
    from editor.game.session import GameSession
    from engine.wego import plan
    from schemas.io import load_file
    from tests.wego_scenarios import STORED

    scenario = load_file(STORED).scenario
    session = GameSession.new(scenario, {"red": "human", "blue": "ai"}, seed=2)
    window = game_window(session, "river_crossing")
    window.resize(1280, 720)
    settle_input(0.5)
    view, panel, game = window.map_view, window.plan_panel, session.game
    _click_counter(x, view, "s1")
    wait_until(lambda: session.selected == "s1", what="the stack selected")
    spot = view.spot_of("c2r2")
    x.click(*on_screen(view.viewport(), spot.x(), spot.y()))
    orders = lambda: plan.orders_of(game, "red", viewer="red")  # noqa: E731
    wait_until(lambda: "s1" in orders(), what="the order")
    wait_until(lambda: panel.undo_button.isEnabled(), what="undo offered")
    settle_input(0.3)
    shots(window, "wego-plan-undo-offered")
    x.key("ctrl+z")
    wait_until(lambda: "s1" not in orders(), what="the order undone")
    x.key("ctrl+y")
    wait_until(lambda: "s1" in orders(), what="the order redone")
    x.click(*on_screen(panel.again_button, 10, 10))
    wait_until(lambda: not orders(), what="the plan started again")
    x.click(*on_screen(panel.undo_button, 10, 10))
    wait_until(lambda: "s1" in orders(), what="start again undone")


def test_the_film_shows_a_hex_changing_hands_at_its_tick(game_window, x, shots) -> None:
    from editor.game.session import GameSession
    from engine.wego import film
    from engine.wego.orders import OrderMove
    from tests.wego_scenarios import lane

    b = lane(6)
    b.unit("r", "inf", "c1r1")  # blue has nobody on the map: nothing stops red
    session = GameSession.new(b.build(), {"red": "human", "blue": "ai"}, seed=0, speed="fast")
    window = game_window(session, "lane")
    window.resize(1280, 720)
    settle_input(0.4)
    game = session.game
    stack = game.state.units["r"].stack
    assert stack is not None
    window.map_view.give(OrderMove(stack, ("c2r1", "c3r1", "c4r1"), 0))
    session.set_paused(False)
    x.click(*on_screen(window.plan_panel.seal_button, 20, 10))
    wait_until(lambda: window.centre.currentWidget() is window.film, 60, "the film")
    player = window.film
    player.pause()
    frames = film.frames(game.log.records, viewer="red", turn=1)
    scene = player.map_view.map_scene
    player.first()
    settle_input(0.3)
    blue, red = scene.nation_colours["blueland"], scene.nation_colours["redland"]
    assert scene.region_items["c4r1"].band == blue
    shots(window, "wego-film-owner-before")
    x.key("End")
    wait_until(lambda: player.index == len(frames) - 1, what="the last frame")
    settle_input(0.3)
    assert scene.region_items["c4r1"].band == red
    shots(window, "wego-film-owner-after")
    x.key("Home")
    wait_until(lambda: player.index == 0, what="back to the first frame")
    assert scene.region_items["c4r1"].band == blue
