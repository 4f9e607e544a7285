"""Issue 14's whole path in real windows: a designer makes a hex scenario from nothing in the
studio (File > New with a hex grid, owners painted, WEGO chosen in the calendar, a unit added
for each side with the map's context menu), presses Play, plots an order for one side while
the AI plots the other, and watches the turn's film. Every step by real X input."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.realwindow.conftest import on_screen, settle_input, wait_until
from tests.realwindow.studio_helpers import (
    choose,
    open_new_dialog,
    right_click_menu,
    scene_to_viewport,
)
from tests.realwindow.test_studio_hexes import on_map, pick, set_number
from tests.realwindow.x11 import XInput


def _centre(widget: Any) -> tuple[int, int]:
    return on_screen(widget, widget.width() / 2, widget.height() / 2)


def _new_hex_scenario(x: XInput, studio: Any, columns: int, rows: int) -> None:
    dialog = open_new_dialog(x, studio)
    pick(x, dialog.kind, "Hex grid")
    set_number(x, dialog.columns, columns)
    set_number(x, dialog.rows, rows)
    before = studio.document
    x.click(*_centre(dialog.create_button))
    wait_until(lambda: studio.document is not before, what="the new hex scenario")
    settle_input(0.5)


def _paint_owner(x: XInput, studio: Any, grid: Any, nation: Any, hexes: list[str]) -> None:
    """The brush on the owners layer, dragged across ``hexes``."""
    from schemas.places import places_of

    nation_id = nation.id
    studio.view.setFocus()
    x.key("b")
    wait_until(lambda: studio.view.tool.name == "hexbrush", what="the brush")
    pick(x, studio.hex_options.layer, "Owner")
    pick(x, studio.hex_options.value, nation.name or nation.id)
    steps = studio.document.undo_stack.count()
    x.drag([on_map(studio, p) for p in grid.centres(np.array([grid.find(h) for h in hexes]))])
    wait_until(lambda: studio.document.undo_stack.count() == steps + 1, what="the owners stroke")
    places = places_of(studio.document.scenario)
    assert {places.region_lookup[h].owner for h in hexes} == {nation_id}, (
        studio.document.undo_stack.text(steps),
        [places.region_lookup[h].owner for h in hexes],
    )


def _add_unit(x: XInput, studio: Any, grid: Any, hex_id: str, nation: str) -> None:
    """Right-click the hex: the menu offers a unit of the hex's owner, and it is added."""
    studio.view.setFocus()
    x.key("s")
    wait_until(lambda: studio.view.tool.name == "select", what="the select tool")
    before = len(studio.document.scenario.units)
    centre = grid.centres(np.array([grid.find(hex_id)]))[0]
    px, py = scene_to_viewport(studio, (float(centre[0]), float(centre[1])))
    choose(x, right_click_menu(x, studio, px, py), f"Add a {nation} unit here")
    wait_until(lambda: len(studio.document.scenario.units) == before + 1, what="the unit added")


def test_a_hex_wego_scenario_from_nothing_is_played_against_the_ai(
    studio: Any, x: XInput, shots: Any
) -> None:
    from editor.studio.play import studio_player
    from schemas.hexgrid.grid import HexGrid

    studio.resize(1280, 720)
    settle_input(0.5)
    _new_hex_scenario(x, studio, 10, 6)
    scenario = studio.document.scenario
    grid = HexGrid.of(scenario.hex_map)
    first, second = scenario.nations[0], scenario.nations[1]

    # Owners: a column in the west for the first side, one in the east for the second
    # (straight down a column: a drag across columns may be cut short between two hexes).
    _paint_owner(x, studio, grid, first, ["c3r2", "c3r3", "c3r4"])
    _paint_owner(x, studio, grid, second, ["c8r2", "c8r3", "c8r4"])

    # WEGO turns, chosen in the calendar's form.
    page = studio.open_section("settings")
    wait_until(lambda: page is not None and page.isVisible(), what="the settings editor")
    from PySide6.QtWidgets import QScrollArea

    editor = page.widget()
    row = editor.calendar.rows["turn_system"]
    turn_system = row.box
    editor.findChild(QScrollArea).ensureWidgetVisible(row)  # as a person scrolls to it
    settle_input(0.3)
    labels = [turn_system.itemText(i) for i in range(turn_system.count())]
    wego = next(t for t in labels if "WEGO" in t.upper() or "SIMULTANEOUS" in t.upper())
    pick(x, turn_system, wego)
    wait_until(lambda: studio.document.scenario.calendar.turn_system == "wego", what="WEGO chosen")
    shots(studio, "hex-wego-calendar")
    studio.tabs.show_map()
    settle_input(0.3)

    # A unit for each side, each on its side's ground.
    _add_unit(x, studio, grid, "c3r3", first.name or first.id)
    _add_unit(x, studio, grid, "c8r3", second.name or second.id)
    units = studio.document.scenario.units
    nations = {n.id: n.side for n in studio.document.scenario.nations}
    assert {nations[u.nation] for u in units} == {first.side, second.side}
    shots(studio, "hex-wego-units")

    # Play: the first side by a person, the other by the AI.
    studio.view.setFocus()
    x.key("F5")
    player = studio_player(studio)
    wait_until(
        lambda: player.dialog is not None and player.dialog.isVisible(), what="the start dialog"
    )
    dialog = player.dialog
    pick(x, dialog.player_boxes[first.side], "Human")
    pick(x, dialog.player_boxes[second.side], "AI")
    shots(dialog, "hex-wego-start")
    x.click(*_centre(dialog.start_button))
    wait_until(lambda: player.game_window is not None, 10, "the game window")
    window = player.game_window
    from editor.game.wego.window import WegoWindow

    assert isinstance(window, WegoWindow)
    session = window.session
    game = session.game
    wait_until(lambda: window.plan_panel.side() == first.side, 20, "the plan of the first side")
    settle_input(0.5)

    # Click our stack, then a hex two steps east: the order is listed.
    ours = next(s for s in game.state.stacks.values() if s.side == first.side)
    view = window.map_view
    counter = view.map_scene.counters[ours.id]
    box = counter.deviceTransform(view.viewportTransform()).mapRect(counter.shape().boundingRect())
    x.click(*on_screen(view.viewport(), box.center().x(), box.center().y()))
    wait_until(lambda: session.selected == ours.id, what="our stack selected")
    wait_until(lambda: "c5r3" in view.dests, what="c5r3 offered")
    spot = view.spot_of("c5r3")
    x.click(*on_screen(view.viewport(), spot.x(), spot.y()))
    from engine.wego import plan

    wait_until(
        lambda: ours.id in plan.orders_of(game, first.side, viewer=first.side), what="the order"
    )
    shots(window, "hex-wego-ordered")

    # Seal: the AI plans its side, the turn is carried out and its film shown.
    x.click(*_centre(window.plan_panel.seal_button))
    wait_until(lambda: window.centre.currentWidget() is window.film, 60, "the film")
    film = window.film
    assert len(film.frames) > 1
    # The film plays by itself; the person watches it to its end.
    wait_until(lambda: film.playing or film.index > 0, 10, "the film playing")
    wait_until(lambda: film.index == len(film.frames) - 1, 60, "the film played")
    settle_input(0.3)
    shots(window, "hex-wego-film")
    moved = game.state.stacks.get(ours.id)
    assert moved is not None and moved.region != "c3r3"
    x.click(*_centre(film.continue_button))
    wait_until(lambda: window.centre.currentWidget() is view, what="back to the plan")
    assert game.turn == 2
    player.close_game()
