"""Hex scenarios in the game view: the map drawn from the grid, and whole games played
through the window against the AI (OH1: a hex map plays as a map of regions)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from editor.game.map.counters import CounterItem
from editor.game.map.hexes import RoadItem
from editor.game.map.regions import ConnectionItem
from editor.game.saved_games import autosave_folder
from editor.game.session import GameSession
from editor.game.window import GameWindow
from engine.actions import Move
from schemas.generator import generate_hex_scenario
from schemas.hexgrid.grid import HexGrid

from .conftest import HANG
from .scripted_player import ScriptedPlayer
from .window_texts import leaks

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture(scope="module")
def hex_scenario():
    """A generated 14 x 10 hex map: rivers, roads, towns, two sides."""
    return generate_hex_scenario(14, 10, seed=0)


def _window(qtbot, session: GameSession) -> GameWindow:
    window = GameWindow(session, stem="hexes")
    qtbot.addWidget(window)
    window.resize(1300, 850)
    window.show()
    qtbot.waitExposed(window)
    window.set_speed("fastest")
    session.start()
    return window


def test_the_game_map_draws_every_hex_its_rivers_and_roads(qtbot, state_dir, hex_scenario):
    session = GameSession.new(hex_scenario, {"west": "human", "east": "ai"}, seed=1)
    window = _window(qtbot, session)
    scene = window.map_view.map_scene
    hex_map = hex_scenario.hex_map
    grid = HexGrid.of(hex_map)
    assert set(scene.region_items) == set(grid.ids)
    # Each hex is its grid's hexagon: the outline's box is the corners' box.
    corners = grid.corners()[grid.find("c5r4")]
    box = scene.paths["c5r4"].boundingRect()
    assert box.left() == pytest.approx(corners[:, 0].min())
    assert box.bottom() == pytest.approx(corners[:, 1].max())
    # Rivers lie along their hexside: the segment's ends are corners of both hexes.
    rivers = [i for i in scene.items() if isinstance(i, ConnectionItem) and i.along]
    listed = sum(len(v) for v in hex_map.hexsides.values())
    assert listed and len(rivers) == listed
    river = rivers[0]
    connection = session.game.world.connections[river.connection_id]
    a, b = grid.find(connection.a), grid.find(connection.b)
    both = {tuple(p) for p in grid.corners()[a].round(6).tolist()} & {
        tuple(p) for p in grid.corners()[b].round(6).tolist()
    }
    path = river.path()
    ends = {
        (round(path.elementAt(k).x, 6), round(path.elementAt(k).y, 6))
        for k in range(path.elementCount())
    }
    assert ends == both
    # Roads through hex centres, one item per kind the file lists.
    roads = {i.kind for i in scene.items() if isinstance(i, RoadItem)}
    assert roads == {k for k, v in hex_map.roads.items() if v}
    # Named hexes are labelled by name, the rest are not labelled at all.
    named = {r.hex: r.name for r in hex_map.hexes if r.name}
    assert named and {k: v.text for k, v in scene.labels.items() if k in named} == named
    assert set(scene.labels) - set(named) <= {r.hex for r in hex_map.hexes if r.values}
    # Counters stand in their hexes; a click on one selects its stack.
    west = next(s for s in session.game.state.stacks.values() if s.side == "west")
    counter = scene.counters[west.id]
    assert isinstance(counter, CounterItem)
    assert scene.region_of_point(counter.scenePos()) == west.region
    # Overlays wash hexes.
    for name, _ in window.map_view.overlays:
        window.map_view.set_overlay(name)
        assert window.map_view.map_scene.overlays.legend
    window.map_view.set_overlay(None)


def test_a_stack_is_selected_moved_and_the_phase_ended_with_the_mouse(
    qtbot, state_dir, hex_scenario
):
    session = GameSession.new(hex_scenario, {"west": "human", "east": "ai"}, seed=2)
    window = _window(qtbot, session)
    view = window.map_view
    qtbot.waitUntil(lambda: session.human_to_act() == "west", timeout=HANG)
    player = ScriptedPlayer(qtbot, window, "west")
    while not any(isinstance(a, Move) for a in session.legal_actions()):
        player.act()
        qtbot.waitUntil(lambda: session.human_to_act() == "west" or session.over, timeout=HANG)
    move = next(a for a in session.legal_actions() if isinstance(a, Move))
    stack = session.game.state.stacks[move.stack]
    at = player._counter_at(stack.id)
    assert at is not None
    qtbot.mouseClick(view.viewport(), LEFT, pos=at)
    assert session.selected == stack.id
    assert move.path[-1] in view.dests  # the hexes it may go to are washed
    assert view.map_scene.highlights.shades
    destination = move.path[-1]
    qtbot.mouseClick(view.viewport(), LEFT, pos=view.spot_of(destination))
    assert session.game.state.stacks[stack.id].region == destination


@pytest.mark.slow
def test_a_whole_hex_game_played_through_the_window_against_the_ai(qtbot, state_dir, hex_scenario):
    session = GameSession.new(
        hex_scenario, {"west": "human", "east": "ai"}, seed=3, autosave_dir=autosave_folder("h")
    )
    window = _window(qtbot, session)
    player = ScriptedPlayer(qtbot, window, "west")
    checks = 0
    while not session.over:
        if session.human_to_act() == "west":
            if checks < 40:
                found = leaks(window, session.game, "west")
                assert not found, found[:5]
                checks += 1
            player.act()
        else:
            qtbot.waitUntil(
                lambda: session.over or session.human_to_act() is not None, timeout=HANG
            )
    qtbot.waitUntil(
        lambda: window.end_screen is not None and window.end_screen.isVisible(), timeout=HANG
    )
    assert player.refusals == []
    for gesture in ("select", "drag", "next-phase"):
        assert player.done[gesture] > 0, dict(player.done)
    outcome = session.game.outcome()
    assert outcome is not None and outcome["turns_played"] >= 1
