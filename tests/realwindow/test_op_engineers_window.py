"""Engineers in the WEGO game view's real window (issue 15, OO14, OE2-OE8): the Engineers tab
of the plan lists the side's engineers with only their valid tasks; real clicks give a bridging
engineer "Destroy bridge" and a combat engineer "Breach"; the map marks the hexsides their
orders work on; after the turn the destroyed bridge and the breached minefield are marked for
the player, and the bridge's row now offers "Repair bridge".
"""

from __future__ import annotations

from typing import Any

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until
from tests.realwindow.test_op_game_window import _click_counter

game_window = game_fixtures.game_window


def with_bridgers() -> Any:
    """A 10 x 5 map of four turns, fog off, with a unit type of bridging engineers."""
    from tests.operational.builder import OpBuilder

    b = OpBuilder(columns=10, rows=5)
    b.raw["calendar"]["turns"] = 4
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.raw["unit_types"].append(
        {
            "id": "bridger",
            "name": "Bridging engineers",
            "operational": {
                "category": "bridging_engineer",
                "attack": 1,
                "defence": 2,
                "movement": 8,
            },
        }
    )
    return b


def scenario() -> Any:
    b = with_bridgers()
    # Sure work, so one turn shows its result on the map.
    b.table("engineering", breach=1.0, minor_bridge={"destroy": 1.0, "repair": 1.0})
    b.hexside("c4r2", "c5r2", "river")
    b.road("road", "c2r2", "c3r2", "c4r2", "c5r2", "c6r2")
    b.bridge("c4r2", "c5r2")
    b.hexside("c4r4", "c5r4", "minefield")
    b.unit("sappers", "bridger", "c4r2", echelon="battalion")
    b.unit("pioneers", "eng", "c4r4", echelon="battalion")
    b.unit("foe", "inf", "c9r3", nation="blueland", echelon="regiment")
    return b.build()


def _rows(table: Any) -> list[Any]:
    """Every row of the tree, parents before their children. Not Qt's tree item iterator:
    PySide keeps each one alive, registered with the tree, for the tree's whole life, and
    once the row it stands on is deleted by a rebuild, the next rebuild reads freed memory
    (this test's crashes under load; tests/test_architecture.py forbids it)."""
    found = []
    for i in range(table.topLevelItemCount()):
        row = table.topLevelItem(i)
        found.append(row)
        found.extend(row.child(n) for n in range(row.childCount()))
    return found


def _click_row(x: Any, table: Any, text: str) -> None:
    """A real click on the tree's row whose text starts with ``text``."""
    for item in _rows(table):
        if item.text(0).startswith(text):
            table.scrollToItem(item)
            settle_input(0.1)
            box = table.visualItemRect(item)
            x.click(*on_screen(table.viewport(), box.left() + 30, box.center().y()))
            return
    raise AssertionError(f"no row {text!r} in {table.objectName()}")


def _marks(view: Any) -> set[tuple[str, str]]:
    from editor.game.wego.op_works import WorkMark

    return {
        (item.hexside, item.kind)
        for item in view.map_scene.items()
        if isinstance(item, WorkMark) and item.isVisible()
    }


def test_engineer_orders_given_with_real_clicks_and_their_marks_on_the_map(
    game_window: Any, x: Any, shots: Any
) -> None:
    from editor.game.session import GameSession
    from engine.wego.op import works

    session = GameSession.new(scenario(), {"red": "human", "blue": "ai"}, seed=1, speed="fast")
    window = game_window(session, "op-engineers")
    game_fixtures.fit(window, 1280, 800)
    view, game = window.map_view, session.game
    view.zoom_to_fit()
    settle_input(0.3)
    said = window.statusBar().currentMessage
    op = window.op_view
    assert op is not None
    tabs, box = op.tabs, op.engineers
    assert box is not None  # the scenario has engineers: the tab is there

    # The bridging engineers' stack selected, the Engineers tab opened by a real click.
    sappers = game.state.units["sappers"].stack
    assert sappers is not None
    _click_counter(x, view, sappers)
    wait_until(lambda: session.selected == sappers, what="the sappers selected")
    # OE8: the hexside where the selected engineers could work is marked (hollow "D").
    wait_until(
        lambda: _marks(view) == {("c4r2-c5r2", "can_destroy_bridge")}, what="what it could do"
    )
    index = tabs.indexOf(box)
    tab = tabs.tabBar().tabRect(index)
    x.click(*on_screen(tabs.tabBar(), tab.center().x(), tab.center().y()))
    wait_until(lambda: tabs.currentWidget() is box, what="the Engineers tab")
    rows = [box.table.topLevelItem(i).text(0) for i in range(box.table.topLevelItemCount())]
    assert rows[0] == "Bridging engineers (sappers) · c4r2 · no order"
    sappers_row = box.table.topLevelItem(0)
    # Only the valid tasks: the bridge stands (no repair), and no pontoon beside a bridge.
    assert sappers_row.childCount() == 1
    assert sappers_row.child(0).text(0) == "Destroy bridge toward c5r2: 100% a turn"
    settle_input(0.3)
    shots(window, "op-engineers-tab")

    _click_row(x, box.table, "Destroy bridge")
    wait_until(lambda: "sappers" in works.orders(game, "red"), what="the destroy order")
    assert "Destroy bridge toward c5r2" in said()
    wait_until(
        lambda: (
            box.table.topLevelItem(0).child(0).text(0)
            == "\u2713 Destroy bridge toward c5r2: 100% a turn"
        ),
        what="the order ticked in its row",
    )
    _click_row(x, box.table, "Breach minefields")
    wait_until(lambda: "pioneers" in works.orders(game, "red"), what="the breach order")
    wait_until(
        lambda: _marks(view) == {("c4r2-c5r2", "destroy_bridge"), ("c4r4-c5r4", "breach")},
        what="the orders' marks on the map",
    )
    settle_input(0.3)
    shots(window, "op-engineers-ordered")

    # Sealed against the AI; after the film, the work done is marked on the map.
    session.set_paused(False)
    panel = window.plan_panel
    x.click(*on_screen(panel.seal_button, 20, 10))
    wait_until(lambda: window.centre.currentWidget() is window.film, 60, "the film")
    button = window.film.continue_button
    x.click(*on_screen(button, button.width() / 2, button.height() / 2))
    wait_until(lambda: window.centre.currentWidget() is view, what="back to the plan")
    assert game.state.turn == 2
    done = {("c4r2-c5r2", "destroyed"), ("c4r4-c5r4", "breached")}
    wait_until(lambda: done <= _marks(view), what="the destroyed bridge and breached minefield")
    # No order is left to mark; at most what the still selected sappers could do now.
    assert _marks(view) - done <= {("c4r2-c5r2", "can_repair_bridge")}
    assert works.orders(game, "red") == {}  # both works done: the orders ended
    tabs.setCurrentWidget(box)

    def offered() -> list[str]:
        table = box.table
        for i in range(table.topLevelItemCount()):
            row = table.topLevelItem(i)
            if row.text(0).startswith("Bridging engineers"):
                return [row.child(n).text(0) for n in range(row.childCount())]
        return []

    wait_until(lambda: offered() == ["Repair bridge toward c5r2: 100% a turn"], what="repair")
    settle_input(0.3)
    shots(window, "op-engineers-after")


def test_a_pontoon_ordered_with_a_real_click_spans_the_river_on_the_map(
    game_window: Any, x: Any, shots: Any
) -> None:
    """OE5, OE8: "Build pontoon" from the Engineers tab marks (P) every river hexside of the
    engineer's hex; a turn later the pontoon is drawn there for the player, and the stack's
    route crosses the river straight where it went round before."""
    from editor.game.session import GameSession
    from engine.wego.op import works

    b = with_bridgers()
    for a, c in (("c4r2", "c5r1"), ("c4r2", "c5r2")):
        b.hexside(a, c, "river")
    b.unit("sappers", "bridger", "c4r2", echelon="battalion")
    b.unit("foe", "inf", "c9r5", nation="blueland", echelon="regiment")
    session = GameSession.new(b.build(), {"red": "human", "blue": "ai"}, seed=1, speed="fast")
    window = game_window(session, "op-pontoon")
    window.resize(1280, 760)
    settle_input(0.5)
    view, game = window.map_view, session.game
    view.zoom_to_fit()
    settle_input(0.3)
    op = window.op_view
    assert op is not None and op.engineers is not None
    tabs, box = op.tabs, op.engineers
    sappers = game.state.units["sappers"].stack
    assert sappers is not None
    _click_counter(x, view, sappers)
    wait_until(lambda: session.selected == sappers, what="the sappers selected")
    wait_until(lambda: "c5r2" in view.dests, what="the stack's routes")
    assert view.dests["c5r2"].path != ("c5r2",)  # no bridge: around the river, not over it
    tab = tabs.tabBar().tabRect(tabs.indexOf(box))
    x.click(*on_screen(tabs.tabBar(), tab.center().x(), tab.center().y()))
    wait_until(lambda: tabs.currentWidget() is box, what="the Engineers tab")
    _click_row(x, box.table, "Build pontoon: 1 turn of work")
    wait_until(lambda: "sappers" in works.orders(game, "red"), what="the pontoon order")
    sides = {"c5r1-c4r2", "c4r2-c5r2"}  # hexside ids name the hex met first on the map first
    wait_until(
        lambda: _marks(view) == {(s, "pontoon_work") for s in sides}, what="P on both rivers"
    )
    settle_input(0.3)
    shots(window, "op-pontoon-ordered")

    session.set_paused(False)
    x.click(*on_screen(window.plan_panel.seal_button, 20, 10))
    wait_until(lambda: window.centre.currentWidget() is window.film, 60, "the film")
    button = window.film.continue_button
    x.click(*on_screen(button, button.width() / 2, button.height() / 2))
    wait_until(lambda: window.centre.currentWidget() is view, what="back to the plan")
    wait_until(lambda: _marks(view) >= {(s, "pontoon") for s in sides}, what="the pontoon")
    _click_counter(x, view, game.state.units["sappers"].stack)
    wait_until(
        lambda: "c5r2" in view.dests and view.dests["c5r2"].path == ("c5r2",),
        what="a route straight over the pontoon",
    )
    settle_input(0.3)
    shots(window, "op-pontoon-built")
