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


def test_a_person_boards_by_dragging_the_army_onto_the_fleet_and_sees_the_beaches(
    game_window, x, shots
) -> None:
    """Boarding by drag (the army's counter dropped on the fleet's counter in the port), and
    the beach the loaded fleet may land over washed on the map as soon as the fleet is
    selected and while it is dragged, before any drop."""
    from editor.game.map.style import SHORE_COLOURS
    from editor.game.session import GameSession

    session = GameSession.new(_coast(), {"red": "human", "blue": "ai"}, seed=1)
    window = game_window(session)
    drive(session, lambda g: g.phase == "naval_movement" and g.to_act() == "red")
    game, view = session.game, window.map_view
    army = game.state.units["ri"].stack
    fleet = game.state.units["rt"].stack
    assert army is not None and fleet is not None
    settle_input(0.3)
    highlights = view.map_scene.highlights
    assert not highlights.shores  # an empty fleet: nowhere to land

    # Drag the army's counter onto the fleet's counter: the label says the drop boards.
    start, end = _counter_centre(view, army), _counter_centre(view, fleet)
    port = view.viewport()
    x.press(*on_screen(port, *start))
    for i in range(1, 9):
        x.move(
            *on_screen(
                port,
                start[0] + (end[0] - start[0]) * i / 8,
                start[1] + (end[1] - start[1]) * i / 8,
            )
        )
    settle_input(0.4)
    label = highlights.path_label
    assert label.isVisible() and label.look[0].startswith("Board"), label.look
    shots(window, "boarding-1-dragging-the-army-onto-the-fleet")
    x.release(*on_screen(port, *end))
    wait_until(lambda: game.state.units["ri"].status == "aboard", what="the boarding")
    assert game.state.units["rk"].status == "aboard"
    assert game.log.of_type("embarked")[-1]["fleet"] == fleet
    assert "Boarded" in window.statusBar().currentMessage()

    # The loaded fleet is selected: its port is where the troops could go ashore now.
    wait_until(lambda: session.selected == fleet, what="the fleet to be selected")
    wait_until(lambda: "a1" in highlights.shores, what="the port marked as a shore")
    shots(window, "boarding-2-loaded-fleet-selected")

    # Sail to b1; selected there, the fleet shows the beach into c1, before any drag.
    _drag(x, view, _counter_centre(view, fleet), _spot(view, "b1"))
    wait_until(lambda: game.state.stacks[fleet].region == "b1", what="the fleet to sail")
    if session.selected != fleet:
        x.click(*on_screen(port, *_counter_centre(view, fleet)))
    wait_until(lambda: session.selected == fleet, what="the fleet to be selected at sea")
    wait_until(lambda: set(highlights.shores) == {"c1"}, what="the beach to be washed")
    shade = highlights.shores["c1"]
    assert shade.isVisible() and shade.pen().color() == SHORE_COLOURS["landing"]
    assert highlights.shore_badges["c1"].look[0] == "Land"
    # The wash is on screen: the pixel in the middle of c1 is tinted blue.
    image = view.viewport().grab().toImage()
    cx, cy = _spot(view, "c1")
    pixel = image.pixelColor(int(cx), int(cy) + 30)
    assert pixel.blue() > pixel.red(), pixel.name()
    shots(window, "boarding-3-beach-washed-while-selected")

    # While the fleet is dragged (before the drop) the beach stays washed.
    start = _counter_centre(view, fleet)
    x.press(*on_screen(port, *start))
    x.move(*on_screen(port, start[0] + 30, start[1] + 10))
    x.move(*on_screen(port, start[0] + 60, start[1] + 20))
    settle_input(0.4)
    assert view.drag is not None and "c1" in highlights.shores
    assert highlights.shores["c1"].isVisible()
    shots(window, "boarding-4-beach-washed-while-dragging")
    x.release(*on_screen(port, *start))
    settle_input(0.3)
    assert game.state.stacks[fleet].region == "b1"  # dropped back where it was: nothing done
