"""The Kharkov operational sample in the WEGO game view's real window (issue 15), at 1280x720
and 1920x1080 (or the largest the screen allows), driven with real clicks: the intelligence
overlay switched on from the header (OI2, OF11), a supply order given from the plan panel's
Supply tab (OO13, OS11: the pools and the cost shown, the order in the HQ table), and, two
turns on, the film's clock of delayed moves (OF4), the map darker on the night turn (OW2)
and the statistics tab charting ammunition and fuel used and strength lost (OF9).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabBar

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until

game_window = game_fixtures.game_window
shown = game_fixtures.shown


def _click(x, widget, point=None) -> None:
    if point is None:
        x.click(*on_screen(widget, widget.width() / 2, widget.height() / 2))
    else:
        x.click(*on_screen(widget, point.x(), point.y()))


def test_kharkov_intel_supply_orders_film_clock_night_and_statistics(game_window, x, shots):
    from editor.game.session import GameSession
    from editor.game.wego.op_intel import IntelBadgesItem
    from editor.game.wego.op_night import shade_of
    from engine.wego.op import queries

    scenario = game_fixtures.sample("kharkov-1942-operational")
    session = GameSession.new(scenario, {"soviet": "human", "axis": "ai"}, seed=1)
    window = game_window(session, "kharkov-op")
    game_fixtures.fit(window, 1280, 720)
    op = window.op_view
    assert op is not None
    view, game = window.map_view, session.game
    view.zoom_to_fit()
    settle_input(0.3)
    # The window keeps the size asked for: the header's four switches and the plan column
    # fit in 1280 pixels, the order types' table whole in it.
    assert window.width() <= 1280
    game_fixtures.order_table_whole(op)

    box = op.header.boxes["intel"]
    x.click(*on_screen(box, 8, box.height() / 2))
    wait_until(lambda: "intel" in op.overlays.shown, what="the intel overlay")
    assert op.actions["intel"].isChecked()
    assert op.overlays.intel, "the Soviet side sees Axis units"
    scene = view.map_scene
    assert [i for i in scene.items() if isinstance(i, IntelBadgesItem)]
    settle_input(0.3)
    shots(window, "kharkov-intel-1280")

    # The Supply tab: pick an army HQ, tick Move+, read the cost, give the order.
    bar = op.tabs.tabBar()
    _click(x, bar, bar.tabRect(1).center())
    wait_until(lambda: op.tabs.currentIndex() == 1, what="the supply tab")
    supply = op.supply
    wait_until(lambda: shown(supply.hqs), what="the HQ table")
    table = supply.hqs
    item = next(
        table.topLevelItem(i)
        for i in range(table.topLevelItemCount())
        if table.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole) == "sov-6a"
    )
    table.scrollToItem(item)
    settle_input(0.2)
    spot = table.visualItemRect(item).center()
    _click(x, table.viewport(), spot)
    wait_until(lambda: supply.hq() == "sov-6a", what="the 6th Army's row picked")
    settle_input(0.2)
    shots(window, "kharkov-supply-picked-1280")
    assert shown(supply.levels["move_plus"]) and shown(supply.give_button)
    _click(x, supply.levels["move_plus"], supply.levels["move_plus"].rect().center())
    wait_until(lambda: supply.give_button.isEnabled(), what="the order's cost")
    assert "costs" in supply.preview.text()
    settle_input(0.2)
    shots(window, "kharkov-supply-preview-1280")
    _click(x, supply.give_button)
    pools = lambda: queries.hq_pools(game, "soviet", viewer="soviet")  # noqa: E731
    wait_until(lambda: "sov-6a" in pools().orders, what="the supply order given")
    assert pools().orders["sov-6a"].move_plus
    fuel = pools().left.fuel
    assert supply.pool_labels[("left", "fuel")].text() == f"{fuel:g}"
    orders = {
        table.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole): table.topLevelItem(i).text(2)
        for i in range(table.topLevelItemCount())
    }
    assert orders["sov-6a"] == "Move+" and orders["sov-21a"] == "Basic"
    settle_input(0.3)
    shots(window, "kharkov-supply-given-1280")

    # Two turns on (the AI plans both sides), to the night turn's plan.
    game_fixtures.drive(
        session, lambda g: g.turn == 3 and g.to_act() == "soviet" and "plan" in g.phase
    )
    wait_until(lambda: game.turn == 3, what="turn 3")
    window.close_film()
    settle_input(0.3)
    shade = shade_of(view.map_scene)
    assert shade is not None and shade.isVisible(), "turn 3 is a night turn"
    assert "Night" in op.header.clock.text()
    view.zoom_to_fit()
    settle_input(0.3)
    shots(window, "kharkov-night-1280")

    window.show_film(2, "soviet")
    wait_until(lambda: window.film.isVisible(), what="the film of turn 2")
    window.film.pause()
    window.film.last()
    settle_input(0.3)
    assert shown(window.film.clock)
    assert window.film.clock.text().startswith("Moves delayed (C2): ")
    shots(window, "kharkov-film-clock-1280")
    _click(x, window.film.continue_button)
    wait_until(lambda: not window.film.isVisible(), what="back to the map")

    stats_bar = next(
        b
        for b in window.findChildren(QTabBar)
        if b.isVisible() and "Statistics" in [b.tabText(i) for i in range(b.count())]
    )
    index = [stats_bar.tabText(i) for i in range(stats_bar.count())].index("Statistics")
    _click(x, stats_bar, stats_bar.tabRect(index).center())
    panel = window.stats_dock.widget()
    wait_until(lambda: "points" in panel.plots, what="the operational charts")
    assert [s.turn for s in panel.op_stats] == [1, 2]
    assert panel.op_stats[0].spent["soviet"]["fuel"] > 0  # the Move+ order of turn 1
    fuel = sum(s.spent["soviet"]["fuel"] for s in panel.op_stats)
    assert panel.points_used.text().startswith(
        f"South-Western Direction, used so far: fuel {fuel:g}, ammunition "
    )
    assert "Army Group South" not in panel.points_used.text()  # the enemy's plan stays hidden
    settle_input(0.5)
    shots(window, "kharkov-statistics-1280")

    game_fixtures.fit(window, 1920, 1080)
    shots(window, "kharkov-statistics-large")
    # The operational charts are below VP and units lost, two charts to the view.
    bar = panel.scroll.verticalScrollBar()
    bar.setValue(panel.plots["points"].y())
    settle_input(0.4)
    assert shown(panel.plots["points"].viewport()) and shown(panel.points_used)
    shots(window, "kharkov-statistics-points-large")
    window.plan_dock.raise_()
    settle_input(0.3)
    view.zoom_to_fit()
    settle_input(0.4)
    shots(window, "kharkov-night-large")


def test_kharkov_intel_under_fog_of_war_names_what_a_badge_shows(game_window, x, shots):
    """Under fog of war the overlay rings what the side's units see into, and pointing at
    a badge gives what each enemy unit there shows at its level (OI2)."""
    from PySide6.QtWidgets import QGraphicsPathItem, QToolTip

    from editor.game.session import GameSession
    from editor.game.wego.op_intel import IntelBadgesItem

    scenario = game_fixtures.sample("kharkov-1942-operational")
    session = GameSession.new(scenario, {"soviet": "human", "axis": "ai"}, seed=1, fog=True)
    window = game_window(session, "kharkov-op-fog")
    game_fixtures.fit(window, 1280, 720)
    op = window.op_view
    assert op is not None
    view = window.map_view
    box = op.header.boxes["intel"]
    x.click(*on_screen(box, 8, box.height() / 2))
    wait_until(lambda: op.overlays.intel, what="the intel badges")
    scene = view.map_scene
    (badges,) = [
        i
        for i in scene.items()
        if isinstance(i, IntelBadgesItem) and i.data(0) != "plan-intelligence"
    ]  # the overlay's (the planning map draws its own level badges under the fog, OI2)
    rings = [
        i
        for i in scene.items()
        if isinstance(i, QGraphicsPathItem) and "intelligence reach" in i.toolTip()
    ]
    assert rings, "under fog of war the reach is outlined"
    spot, level, _tip = max(badges.badges, key=lambda b: b[1])
    view.resetTransform()
    view.scale(3.0, 3.0)
    view.centerOn(spot.center())
    settle_input(0.4)
    point = view.mapFromScene(spot.center())
    x.move(*on_screen(view.viewport(), point.x() - 4, point.y() - 4))
    x.move(*on_screen(view.viewport(), point.x(), point.y()))
    wait_until(lambda: "Intelligence in" in QToolTip.text(), what="the badge's tooltip")
    assert f"level {level}" in QToolTip.text()
    settle_input(0.3)
    shots(window, "kharkov-intel-fog-zoomed")
    view.zoom_to_fit()
    settle_input(0.4)
    shots(window, "kharkov-intel-fog-fit")
