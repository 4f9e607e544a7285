"""The game view of an operational game (issue 15): the turn header with the clock and the
weather (OT4, OW1), the overlays (enemy ZOC values OM10, LOC lines by state OQ7, supply marks
OS3) switched from the header and the View menu and rebuilt only when the game changes, the
order types of the family with their parameters and MP (OO4, OM1), and the odds of an attack
order shown before the plan is sealed (OC2-OC15). A game of the area family shows none of it.
"""

from __future__ import annotations

import pytest

from editor.game.launch import show_game
from editor.game.session import GameSession
from editor.game.wego.op_overlays import SupplyMarksItem, ZocValuesItem
from editor.game.wego.window import WegoWindow
from engine.wego import plan
from engine.wego.op import map_queries, queries
from engine.wego.orders import OrderAttack, OrderMove
from schemas.io import load_file
from tests.operational.view_scenario import front
from tests.wego_scenarios import STORED


def _window(qtbot, scenario, players) -> WegoWindow:
    from editor.shared.app import settle

    session = GameSession.new(scenario, players, seed=1, speed="fastest")
    window = show_game(session, "op-front-test", leave_text="Close")
    assert isinstance(window, WegoWindow)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    settle(window)
    return window


@pytest.fixture
def window(qtbot, state_dir) -> WegoWindow:
    return _window(qtbot, front().build(), {"red": "human", "blue": "ai"})


def _westward(game, stack_id: str) -> OrderMove:
    """A move of one hex back west (mud leaves infantry 2 MP)."""
    reach = plan.routes(game, game.state.stacks[stack_id])
    end = min(r for r in reach if r != game.state.stacks[stack_id].region)
    return OrderMove(stack_id, reach[end].path, 0)


def _stack(window: WegoWindow, unit: str) -> str:
    found = window.session.game.state.units[unit].stack
    assert found is not None
    return found


def test_ot4_ow1_the_turn_header_says_day_or_night_and_the_weather_with_its_effects(window):
    op = window.op_view
    assert op is not None
    assert op.header.clock.text() == "Turn 1 of 4 · Day · Mud"
    assert "movement \u00d70.5" in op.header.effects.text()
    assert "readiness recovery \u00d70.5" in op.header.effects.text()


def test_ot4_ow5_a_night_turn_says_so_and_that_zones_are_halved(qtbot, state_dir):
    b = front()
    b.table("turns", pattern=["night", "day"], weather=["frozen"])
    window = _window(qtbot, b.build(), {"red": "human", "blue": "ai"})
    op = window.op_view
    assert op is not None
    assert op.header.clock.text() == "Turn 1 of 4 · Night · Frozen ground"
    assert "zones of control halved" in op.header.effects.text()
    assert "rivers frozen" in op.header.effects.text()


def test_the_area_family_gets_no_operational_pieces(qtbot, state_dir):
    window = _window(qtbot, load_file(STORED).scenario, {"red": "human", "blue": "ai"})
    assert window.op_view is None
    assert not window.op_menu.menuAction().isVisible()
    assert not window.op_separator.isVisible()
    assert window.findChild(object, "op-header") is None
    assert window.findChild(object, "op-orders") is None


def test_om10_the_zoc_overlay_shows_the_engines_values_and_follows_menu_and_header(window):
    op = window.op_view
    assert op is not None
    scene = window.map_view.map_scene
    op.header.boxes["zoc"].click()
    assert op.actions["zoc"].isChecked()
    items = [i for i in scene.items() if isinstance(i, ZocValuesItem)]
    assert len(items) == 1
    expected = map_queries.enemy_zoc_values(window.session.game, "red")
    assert items[0].values == expected and expected
    assert {text for *_rest, text, _wash in items[0].cells} >= {"4"}
    # The View menu's switch hides it again, and the header's box follows.
    op.actions["zoc"].trigger()
    assert not op.header.boxes["zoc"].isChecked()
    assert not [i for i in scene.items() if isinstance(i, ZocValuesItem)]


def test_oq7_the_loc_overlay_draws_each_line_in_its_states_colour(window):
    op = window.op_view
    assert op is not None
    op.show("loc", True)
    picture = map_queries.loc_picture(window.session.game, "red")
    assert op.overlays.lines == {line.unit: (line.state, line.path) for line in picture.lines}
    assert op.overlays.lines["r-tank"][1][0] == "c3r3"  # fed by its division HQ
    # The recce behind blue's line has no line: it is ringed as cut off.
    assert picture.states["r-recce"] in ("isolated", "encircled")
    assert "r-recce" not in op.overlays.lines


def test_oq12_selecting_an_hq_with_the_loc_overlay_outlines_its_reach(window):
    op = window.op_view
    assert op is not None
    op.show("loc", True)
    session = window.session
    built = op.overlays.builds
    session.select(_stack(window, "div"))
    assert op.overlays.reach == queries.hq_reach(session.game, "red", "div")
    # Blue's line blocks the division's lines beyond the stream: what it reaches is Supported.
    assert op.overlays.reach["c3r3"] == 2 and "c9r3" not in op.overlays.reach
    assert len(op.overlays._items["reach"]) == 2  # the Extended and Supported outlines
    assert op.overlays.builds == built  # the lines themselves are not rebuilt
    session.select(_stack(window, "r-tank"))  # not an HQ: no reach
    assert op.overlays.reach == {} and not op.overlays._items.get("reach")
    session.select(_stack(window, "div"))
    op.show("loc", False)  # the reach goes with the LOC overlay
    assert op.overlays.reach == {} and not op.overlays._items.get("reach")


def test_os3_the_supply_overlay_marks_each_hex_of_the_sides_units(window):
    op = window.op_view
    assert op is not None
    op.show("supply", True)
    marks = op.overlays.marks
    assert marks["c5r3"] == "Sup · Basic"
    assert marks["c10r6"].startswith(("Iso", "Enc"))
    assert "c7r3" not in marks  # blue's units carry no mark on red's map
    discs = next(i for i in window.map_view.map_scene.items() if isinstance(i, SupplyMarksItem))
    letters = sorted(letter for _box, letter, _colour, _tip in discs.discs)
    assert len(letters) == len(marks)
    assert letters.count("S") == len(marks) - 1 and ({"C", "I"} & set(letters))
    tips = [tip for _box, _letter, _colour, tip in discs.discs]
    assert any(tip.startswith("r-recce: ") for tip in tips)


def test_overlays_are_not_rebuilt_by_selecting_or_ordering_only_by_the_game_changing(window):
    op = window.op_view
    assert op is not None
    for name in ("zoc", "loc", "supply"):
        op.show(name, True)
    built = op.overlays.builds
    session = window.session
    session.select(_stack(window, "r-inf1"))
    inf = _stack(window, "r-inf1")
    game = session.game
    assert window.map_view.give(_westward(game, inf))
    window.map_view.refresh()
    assert op.overlays.builds == built
    # The hot seat's hand-over hides them; they come back as they were.
    op.set_hidden(True)
    assert not [i for i in window.map_view.map_scene.items() if isinstance(i, ZocValuesItem)]
    op.set_hidden(False)
    assert op.overlays.builds == built + 3


def test_oo4_om1_the_orders_panel_lists_every_order_type_with_its_mode_and_mp(window):
    op = window.op_view
    assert op is not None
    session = window.session
    tank = _stack(window, "r-tank")
    session.select(tank)
    table = op.orders.table
    rows = [
        [table.topLevelItem(i).text(c) for c in range(3)] for i in range(table.topLevelItemCount())
    ]
    mp = map_queries.allowances(session.game, tank)
    assert rows == [
        ["Move", "Move and Defend", f"{mp['move_defend']:g}"],
        ["Attack", "Move and Attack", f"{mp['move_attack']:g}"],
        ["Assault", "Move and Attack", f"{mp['move_attack']:g}"],
        ["Attack without advance", "Move and Attack", f"{mp['move_attack']:g}"],
        ["Move ignoring enemy", "Move and Defend", f"{mp['move_defend']:g}"],
        ["Road move", "Road Movement", f"{mp['road']:g}"],
        ["Withdraw", "Move and Defend", f"{mp['move_defend']:g}"],
        ["Hold", "stays", "\u2013"],
        ["Defend", "stays", "\u2013"],
        ["Hold at all costs", "stays", "\u2013"],
        ["Withdraw if attacked", "stays", "\u2013"],
    ]
    tips = [table.topLevelItem(i).toolTip(0) for i in range(len(rows))]
    assert all("parameters: " in tip and "click" in tip for tip in tips)  # how to give each
    assert not table.topLevelItem(0).isDisabled()  # the tank may move


def _row(window: WegoWindow, name: str):
    table = window.op_view.orders.table
    return next(
        table.topLevelItem(i)
        for i in range(table.topLevelItemCount())
        if table.topLevelItem(i).text(0) == name
    )


def test_oo7_oo8_every_order_of_the_family_is_given_from_the_orders_panel(qtbot, window):
    """A click in a staying order's row gives it at once; in a moving order's row it puts the
    map in that order's mode, and the click on the map gives it (OO7: an assault on c7r3);
    Escape brings the map back to plain moves."""
    from PySide6.QtCore import Qt

    op = window.op_view
    session, game, view = window.session, window.session.game, window.map_view
    inf = _stack(window, "r-inf1")
    session.select(inf)
    table = op.orders.table
    for name, kind in (
        ("Hold at all costs", "order_hold_all"),
        ("Withdraw if attacked", "order_withdraw_if_attacked"),
    ):
        row = _row(window, name)
        assert not row.isDisabled()
        table.itemClicked.emit(row, 0)
        given = plan.orders_of(game, "red", viewer="red")[inf]
        assert given.kind == kind
        assert name in window.plan_panel.order_label.text()
    tank = _stack(window, "r-tank")
    session.select(tank)
    table.itemClicked.emit(_row(window, "Assault"), 0)
    assert view.mode == "assault"
    assert not window.plan_panel.move_radio.isChecked()
    qtbot.waitUntil(lambda: "c7r3" in view.dests, timeout=5000)
    assert view.dests["c7r3"].kind == "battle"
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.spot_of("c7r3"))
    given = plan.orders_of(game, "red", viewer="red")[tank]
    assert given.kind == "order_assault" and given.target == "c7r3"
    assert any("Assault" in text for text in dict(window.plan_panel.order_rows()).values())
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert view.mode == "move" and window.plan_panel.move_radio.isChecked()


def test_oc2_oc15_an_attack_orders_odds_show_before_the_plan_is_sealed(window):
    op = window.op_view
    assert op is not None
    session, game = window.session, window.session.game
    tank = _stack(window, "r-tank")
    session.select(tank)
    order = OrderAttack(tank, "c7r3", ("c6r3",), 0)
    assert window.map_view.give(order)
    assert plan.orders_of(game, "red", viewer="red")[tank] == order
    preview = map_queries.attack_odds(game, order)
    shown = op.orders.odds.text()
    assert f"basic odds <b>{preview.basic_text}</b>" in shown
    assert f"Final odds <b>{preview.final_text}</b>" in shown
    for shift in preview.shifts:
        assert shift.item in shown
    row = dict(window.plan_panel.order_rows())
    assert any(f"odds {preview.final_text}" in text for text in row.values())
    attack_row = op.orders.table.topLevelItem(1)
    assert attack_row.font(0).bold()
    assert window.plan_panel.seal_button.isEnabled()  # not sealed: the odds come first


def test_ot8_the_overlays_follow_the_board_once_the_turn_is_carried_out(qtbot, window):
    from PySide6.QtCore import Qt

    from tests.game.conftest import HANG

    op = window.op_view
    assert op is not None
    op.show("zoc", True)
    op.show("loc", True)
    built = op.overlays.builds
    game = window.session.game
    inf = _stack(window, "r-inf1")
    assert window.map_view.give(_westward(game, inf))
    qtbot.mouseClick(window.plan_panel.seal_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.centre.currentWidget() is window.film, timeout=HANG)
    assert game.state.turn == 2
    qtbot.mouseClick(window.film.continue_button, Qt.MouseButton.LeftButton)
    assert op.overlays.builds > built
    assert op.overlays.zoc == map_queries.enemy_zoc_values(game, "red")
    picture = map_queries.loc_picture(game, "red")
    assert op.overlays.lines == {line.unit: (line.state, line.path) for line in picture.lines}
    assert op.header.clock.text() == "Turn 2 of 4 · Day · Mud"


def test_ot10_hot_seat_hides_the_overlays_and_shows_the_next_side_its_own(qtbot, state_dir):
    from PySide6.QtCore import Qt

    window = _window(qtbot, front().build(), {"red": "human", "blue": "human"})
    op = window.op_view
    assert op is not None
    op.show("supply", True)
    op.show("zoc", True)
    game = window.session.game
    assert "c5r3" in op.overlays.marks  # red's tank
    qtbot.mouseClick(window.plan_panel.seal_button, Qt.MouseButton.LeftButton)
    assert window.centre.currentWidget() is window.handover_screen
    scene = window.map_view.map_scene
    assert not [i for i in scene.items() if isinstance(i, ZocValuesItem)]
    assert not op.overlays._items  # nothing of red's picture stays on the board
    qtbot.mouseClick(window.handover_screen.button, Qt.MouseButton.LeftButton)
    assert op.overlays.side() == "blue"
    assert op.overlays.zoc == map_queries.enemy_zoc_values(game, "blue")
    assert "c7r3" in op.overlays.marks and "c5r3" not in op.overlays.marks


def test_a_game_loaded_into_the_window_gets_its_own_pieces_once(qtbot, window):
    from PySide6.QtWidgets import QApplication

    from editor.game.wego.op_header import OpHeader
    from editor.game.wego.op_orders import OpOrdersBox

    op = window.op_view
    assert op is not None
    op.show("zoc", True)
    again = GameSession.new(front().build(), {"red": "human", "blue": "ai"}, seed=2)
    window.set_session(again)
    QApplication.processEvents()
    assert window.op_view is not None and window.op_view is not op
    headers = [h for h in window.findChildren(OpHeader) if h.isVisibleTo(window)]
    assert len(headers) == 1 and headers[0] is window.op_view.header
    boxes = [b for b in window.findChildren(OpOrdersBox) if b.isVisibleTo(window)]
    assert boxes == [window.op_view.orders]
    assert window.op_view.overlays.shown == set()  # a new game starts with none shown
    assert window.op_menu.menuAction().isVisible()
    assert not any(a.isChecked() for a in window.op_view.actions.values())


def test_ov5_the_victory_tab_gives_totals_and_every_location_and_shows_it(qtbot, state_dir):
    """OV5: the Victory tab lists each side's VP (with the kills' part) and each victory
    location with its holder, worth a turn and VP received so far; a click centres the map
    on the location. The figures follow the game as turns end."""
    from PySide6.QtCore import Qt

    from engine.wego.orders import SealPlan

    b = front()
    b.table(
        "victory",
        locations=[
            {"hex": "c6r3", "per_turn": {"red": 2, "blue": 3}},
            {"hex": "c11r3", "per_turn": {"blue": 1}},
        ],
    )
    window = _window(qtbot, b.build(), {"red": "human", "blue": "human"})
    op = window.op_view
    assert op is not None
    dock = window.victory_dock
    assert dock.widget() is op.victory and not dock.isHidden()
    dock.raise_()
    table = op.victory.table

    def rows() -> list[list[str]]:
        return [
            [table.item(r, c).text() for c in range(table.columnCount())]
            for r in range(table.rowCount())
        ]

    qtbot.waitUntil(lambda: table.rowCount() == 2, timeout=5000)
    # Location, then a turn's worth for red and blue, then what each has received so far.
    assert rows() == [["c6r3", "2", "3", "0", "0"], ["c11r3", "0", "1", "0", "0"]]
    assert "held by Red" in table.item(0, 0).toolTip()
    assert "held by Blue" in table.item(1, 0).toolTip()
    assert table.horizontalHeaderItem(1).toolTip().startswith("Red:")
    game = window.session.game
    for _side in ("red", "blue"):
        assert window.session.apply(SealPlan())
    qtbot.waitUntil(lambda: game.state.turn == 2, timeout=10_000)
    qtbot.waitUntil(lambda: rows()[0][3] == "2", timeout=5000)
    assert rows() == [["c6r3", "2", "3", "2", "0"], ["c11r3", "0", "1", "0", "1"]]

    view = window.map_view
    view.zoom_by(4.0)
    view.centerOn(view.map_scene.points["c1r1"])
    spot = table.visualItemRect(table.item(1, 0)).center()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    target = view.map_scene.points["c11r3"]
    middle = view.mapToScene(view.viewport().rect().center())
    assert abs(middle.x() - target.x()) < 20 and abs(middle.y() - target.y()) < 20


def test_ov5_an_area_game_has_no_victory_tab(qtbot, state_dir):
    window = _window(qtbot, load_file(STORED).scenario, {"red": "human", "blue": "ai"})
    assert window.op_view is None and window.victory_dock.isHidden()


def test_a_clicked_order_row_outlives_its_click_and_the_table_is_rebuilt_after_it(window, qtbot):
    """Giving an order from a click rebuilds the orders table, but only once Qt is done with
    the click: rebuilt inside ``itemClicked``, the row still being handled was deleted under
    Qt's feet (a use after free that crashed a real window). The row lives through the
    signal, and the table is new on the next turn of the event loop."""
    from shiboken6 import isValid

    session, game = window.session, window.session.game
    inf = _stack(window, "r-inf1")
    session.select(inf)
    row = _row(window, "Hold at all costs")
    window.op_view.orders.table.itemClicked.emit(row, 0)
    assert plan.orders_of(game, "red", viewer="red")[inf].kind == "order_hold_all"
    assert isValid(row)
    qtbot.waitUntil(lambda: not isValid(row), timeout=5000)
    assert _row(window, "Hold at all costs") is not None
