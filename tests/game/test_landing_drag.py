"""Going ashore by drag in the game view (issue 11): a fleet with troops aboard dropped on a
beach lands them there, dropped back on its own port after leaving it puts them ashore in the
port, and a press and release on the fleet's own region never lands anybody."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from editor.game.map.view import GameMapView
from editor.game.session import GameSession
from engine.actions import Embark, Move
from tests.engine.builder import advance_to
from tests.engine.test_transport import coast

LEFT = Qt.MouseButton.LeftButton


def _ready(qtbot, *, sail: bool) -> tuple[GameSession, GameMapView, str]:  # type: ignore[no-untyped-def]
    b = coast(sea=True, landings=True)
    session = GameSession.new(b.build(), {"red": "human", "blue": "ai"}, seed=1)
    game = session.game
    advance_to(game, "naval_movement")
    fleet = game.state.units["rt"].stack
    army = game.state.units["ri"].stack
    assert fleet is not None and army is not None
    game.apply(Embark(army, fleet))
    if sail:
        game.apply(Move(fleet, ("b1",)))
    session._after_action()
    view = GameMapView(session)
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    qtbot.waitExposed(view)
    return session, view, fleet


def _counter(view: GameMapView, stack_id: str) -> QPoint:
    item = view.map_scene.counters[stack_id]
    return view.mapFromScene(item.scenePos()) + item.offset.toPoint()


def _region(view: GameMapView, region: str) -> QPoint:
    """A point of the region clear of its counters."""
    return view.spot_of(region)


def test_m3_a_fleet_dropped_on_the_beach_lands_its_troops_there(qtbot) -> None:
    session, view, fleet = _ready(qtbot, sail=True)
    port = view.viewport()
    qtbot.mousePress(port, LEFT, pos=_counter(view, fleet))
    qtbot.mouseMove(port, _region(view, "c1"))
    label = view.map_scene.highlights.path_label.look[0]
    assert "beach" in label.lower()
    qtbot.mouseRelease(port, LEFT, pos=_region(view, "c1"))
    landed = session.game.log.of_type("disembarked")
    assert landed and landed[-1]["region"] == "c1" and landed[-1]["connection"] == "b1-c1"
    assert session.game.state.owner["c1"] == "redland"


def test_m5_a_fleet_dragged_out_and_back_onto_its_port_puts_the_troops_ashore_there(
    qtbot,
) -> None:
    session, view, fleet = _ready(qtbot, sail=False)
    port = view.viewport()
    game = session.game
    # Pressed and let go at home: nothing happens.
    qtbot.mousePress(port, LEFT, pos=_counter(view, fleet))
    qtbot.mouseMove(port, _counter(view, fleet) + QPoint(12, 0))
    qtbot.mouseRelease(port, LEFT, pos=_counter(view, fleet) + QPoint(12, 0))
    assert game.state.units["ri"].status == "aboard"
    # Out to sea and back home: ashore in the port.
    qtbot.mousePress(port, LEFT, pos=_counter(view, fleet))
    qtbot.mouseMove(port, _region(view, "b1"))
    qtbot.mouseMove(port, _region(view, "a1"))
    assert "port" in view.map_scene.highlights.path_label.look[0].lower()
    qtbot.mouseRelease(port, LEFT, pos=_region(view, "a1"))
    assert game.state.units["ri"].status == "active"
    landed = game.state.stacks[game.state.units["ri"].stack or ""]
    assert (landed.region, landed.structure) == ("a1", "pa")
    assert game.state.stacks[fleet].region == "a1"  # the fleet did not sail
