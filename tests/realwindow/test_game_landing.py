"""Sea transport in the game view with real input (issue 11): a person boards troops with the
stack panel's Board button, sails the fleet by dragging its counter, and puts the troops
ashore by dragging the fleet onto the beach, all with real mouse input on a shown window."""

from __future__ import annotations

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until
from tests.realwindow.game_fixtures import drive
from tests.realwindow.x11 import XInput

game_window = game_fixtures.game_window


def _coast():  # type: ignore[no-untyped-def]
    """The sea-transport test map (a1 red port with a transport and an army, sea b1, c1 blue
    behind a beach from b1), with c1 worth VP to red so that the landing matters."""
    from tests.engine.test_transport import coast

    b = coast(sea=True, landings=True)
    b.region("c1", values={"red": {"capture": 5}})
    return b.build()


def _counter_centre(view, stack_id: str) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    item = view.map_scene.counters[stack_id]
    box = item.deviceTransform(view.viewportTransform()).mapRect(item.shape().boundingRect())
    return box.center().toTuple()


def _spot(view, region: str) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    point = view.spot_of(region)
    return (point.x(), point.y())


def _drag(x: XInput, view, start, end) -> None:  # type: ignore[no-untyped-def]
    """Press on ``start``, move there in steps (as a hand does), let go on ``end``."""
    port = view.viewport()
    steps = [
        (start[0] + (end[0] - start[0]) * i / 8, start[1] + (end[1] - start[1]) * i / 8)
        for i in range(9)
    ]
    x.drag([on_screen(port, px, py) for px, py in steps])
    settle_input(0.4)


def test_a_person_boards_sails_and_goes_ashore_by_dragging_the_fleet(game_window, x, shots) -> None:
    from editor.game.session import GameSession

    session = GameSession.new(_coast(), {"red": "human", "blue": "ai"}, seed=1)
    window = game_window(session)
    drive(session, lambda g: g.phase == "naval_movement" and g.to_act() == "red")
    game, view = session.game, window.map_view
    army = game.state.units["ri"].stack
    fleet = game.state.units["rt"].stack
    assert army is not None and fleet is not None
    settle_input(0.3)

    # Board: pick the army (its counter, or the pile's next click), then the Board button.
    for _ in range(3):
        if session.selected == army:
            break
        x.click(*on_screen(view.viewport(), *_counter_centre(view, army)))
        settle_input(0.3)
    assert session.selected == army
    panel = window.panels["stack"]
    button = panel.board_button
    wait_until(button.isEnabled, what="the Board button to be enabled")
    x.click(*on_screen(button, button.width() / 2, button.height() / 2))
    wait_until(lambda: game.state.units["ri"].status == "aboard", what="the boarding")
    assert game.state.units["rk"].status == "aboard"
    # The army left the map: the panel now shows the fleet carrying it.
    wait_until(lambda: session.selected == fleet, what="the fleet to be selected")
    assert "Aboard:" in panel.cargo.text() and "Infantry" in panel.cargo.text()
    shots(window, "landing-1-boarded")

    # Sail: drag the fleet's counter out of the port onto the sea region b1.
    session.select(None)
    settle_input(0.2)
    _drag(x, view, _counter_centre(view, fleet), _spot(view, "b1"))
    wait_until(lambda: game.state.stacks[fleet].region == "b1", what="the fleet to sail")
    shots(window, "landing-2-at-sea")

    # Go ashore: drag the fleet onto the beach region c1; the path says what the drop does.
    start, end = _counter_centre(view, fleet), _spot(view, "c1")
    port = view.viewport()
    x.press(*on_screen(port, *start))
    for i in range(1, 9):
        px = start[0] + (end[0] - start[0]) * i / 8
        py = start[1] + (end[1] - start[1]) * i / 8
        x.move(*on_screen(port, px, py))
    settle_input(0.4)
    label = view.map_scene.highlights.path_label
    assert label.isVisible() and "beach" in label.look[0].lower(), label.look
    shots(window, "landing-3-dragging-onto-the-beach")
    x.release(*on_screen(port, *end))
    wait_until(lambda: game.state.units["ri"].status == "active", what="the landing")
    landed = game.state.stacks[game.state.units["ri"].stack or ""]
    assert landed.region == "c1" and game.state.units["rk"].stack == landed.id
    assert game.state.owner["c1"] == "redland"
    record = game.log.of_type("disembarked")[-1]
    assert record["connection"] == "b1-c1"
    assert "ashore" in window.statusBar().currentMessage()
    settle_input(0.3)
    shots(window, "landing-4-ashore")
