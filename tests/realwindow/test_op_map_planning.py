"""The planning side's asset missions, the victory locations, the setup zones and the other
map pictures of an operational game, in the WEGO game view's real window on the Kharkov
operational sample (issue 15), at 1280x720 and 1920x1080 (or the largest the screen allows),
driven with real clicks and keys.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabBar, QToolButton

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until

game_window = game_fixtures.game_window


def _open(game_window, width: int, height: int, stem: str, **options):
    from editor.game.session import GameSession

    scenario = game_fixtures.sample("kharkov-1942-operational")
    session = GameSession.new(scenario, {"soviet": "human", "axis": "ai"}, seed=1, **options)
    window = game_window(session, stem)
    game_fixtures.fit(window, width, height)
    window.map_view.zoom_to_fit()
    settle_input(0.3)
    return session, window


def _click(x, widget, point=None) -> None:
    if point is None:
        x.click(*on_screen(widget, widget.width() / 2, widget.height() / 2))
    else:
        x.click(*on_screen(widget, point.x(), point.y()))


def _row(table, key: str):
    return next(
        table.topLevelItem(i)
        for i in range(table.topLevelItemCount())
        if table.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole) == key
    )


def test_asset_missions_given_refused_marked_and_cancelled(game_window, x, shots):
    """OO10-OO12, OA2, OF12: the Assets tab lists the side's assets with their state and
    delay and each its missions; a support mission's target is a
    click on the map (a hex of the side's own refused in red, an enemy hex accepted), the
    mission shows on the map as a marker and in the table, and is cancelled from the tab."""
    from editor.game.wego.op_asset_marks import hex_words
    from editor.game.wego.op_assets import AssetsBox
    from engine.wego.op import assets

    session, window = _open(game_window, 1280, 720, "kharkov-assets")
    op = window.op_view
    assert op is not None
    view, game = window.map_view, session.game
    box: AssetsBox = op.assets
    bar = op.tabs.tabBar()
    index = op.tabs.indexOf(op.assets_scroll)
    _click(x, bar, bar.tabRect(index).center())
    wait_until(lambda: op.tabs.currentIndex() == index, what="the Assets tab")
    table = box.table
    wait_until(lambda: table.isVisible() and table.topLevelItemCount() == 2, what="the assets")
    # Only the side's own two assets: the Axis' never show to the Soviet player.
    assert {table.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole) for i in range(2)} == {
        "vvs-swf",
        "sov-staff",
    }
    air = _row(table, "vvs-swf")
    assert air.text(1) == "ready, 100%"
    assert "after a mission" in air.toolTip(1)

    # The staff's two missions are both played (OA14, OI7), each at a hex.
    staff = _row(table, "sov-staff")
    _click(x, table.viewport(), table.visualItemRect(staff).center())
    wait_until(lambda: box.asset() == "sov-staff", what="the staff picked")
    model = box.mission.model()
    labels = [box.mission.itemText(i) for i in range(box.mission.count())]
    assert labels == ["Command", "Intelligence"]
    assert model.item(1).isEnabled()
    assert box.mission.currentIndex() == 0
    assert box.give_button.text() == "Choose target"

    # The air army: offensive support, its target chosen on the map.
    _click(x, table.viewport(), table.visualItemRect(air).center())
    wait_until(lambda: box.asset() == "vvs-swf", what="the air army picked")
    assert box.mission.currentData().mission == "offensive_support"
    assert box.give_button.text() == "Choose target" and box.give_button.isEnabled()
    settle_input(0.2)
    shots(window, "kharkov-assets-picked-1280")
    _click(x, box.give_button)
    wait_until(lambda: box.picking == ("vvs-swf", "offensive_support"), what="target mode")
    assert view.picker is box
    offered = assets.targets(game, "soviet", "offensive_support")
    assert offered and len(box._washes) == 2 * len(offered)  # a wash and a ring each
    settle_input(0.3)
    shots(window, "kharkov-assets-choosing-1280")

    own = next(s.region for s in game.state.stacks.values() if s.side == "soviet")
    game_fixtures.click_hex(x, view, own)
    wait_until(lambda: "Refused at" in box.note.text(), what="the refusal")
    assert "#b00020" in box.note.styleSheet()  # said in red
    assert box.picking is not None  # still choosing
    assert not assets.missions(game, "soviet", viewer="soviet")
    settle_input(0.2)
    shots(window, "kharkov-assets-refused-1280")

    target = offered[len(offered) // 2]
    game_fixtures.click_hex(x, view, target)
    wait_until(lambda: assets.missions(game, "soviet", viewer="soviet"), what="the mission")
    task = assets.missions(game, "soviet", viewer="soviet")["vvs-swf"]
    assert (task.mission, task.target) == ("offensive_support", target)
    assert box.picking is None and view.picker is None and not box._washes
    name = hex_words(game, target)
    wait_until(lambda: _row(table, "vvs-swf").text(2) == f"Attack support at {name}")
    # The planning marker (OF12) at the target hex.
    assert box.marks.shown == {target: [("vvs-swf", "offensive_support")]}
    settle_input(0.3)
    shots(window, "kharkov-assets-given-1280")

    # Escape while choosing stops it; Cancel mission keeps the asset home.
    _click(x, box.give_button)
    wait_until(lambda: box.picking is not None, what="target mode again")
    view.setFocus()
    x.key("Escape")
    wait_until(lambda: box.picking is None and not box._washes, what="choosing stopped")
    assert assets.missions(game, "soviet", viewer="soviet")["vvs-swf"].target == target
    wait_until(lambda: box.cancel_button.isEnabled(), what="the cancel button")
    _click(x, box.cancel_button)
    wait_until(lambda: not assets.missions(game, "soviet", viewer="soviet"), what="cancelled")
    assert box.marks.shown == {}
    assert _row(table, "vvs-swf").text(2) == "\u2013"

    game_fixtures.fit(window, 1920, 1080)
    _click(x, box.give_button)
    wait_until(lambda: box.picking is not None, what="target mode at 1920")
    game_fixtures.click_hex(x, view, target)
    wait_until(lambda: box.marks.shown, what="the marker at 1920")
    settle_input(0.3)
    shots(window, "kharkov-assets-given-large")

    # Sealed and played: the mission flown is in the turn information (OF8).
    seal = window.plan_panel.seal_button
    assert seal.isVisible() and seal.isEnabled()
    _click(x, seal)
    wait_until(lambda: game.to_act() != "soviet", what="the plan sealed")
    game_fixtures.drive(session, lambda g: g.turn == 2 and g.to_act() == "soviet")
    wait_until(lambda: game.turn == 2, what="turn 2")
    window.close_film()
    settle_input(0.3)
    bars = [b for b in window.findChildren(QTabBar) if b.isVisible()]
    bar = next(b for b in bars if "Turn" in [b.tabText(i) for i in range(b.count())])
    index = [bar.tabText(i) for i in range(bar.count())].index("Turn")
    # The column's tabs scroll: the arrow brings the last ones into view, as a person does.
    arrows = [b for b in bar.findChildren(QToolButton) if b.isVisible()]
    for _ in range(12):
        if not arrows or bar.rect().contains(bar.tabRect(index)):
            break
        _click(x, max(arrows, key=lambda b: b.x()))
        settle_input(0.15)
    _click(x, bar, bar.tabRect(index).center())
    info = op.turn_info
    wait_until(lambda: not info.visibleRegion().isEmpty(), what="the Turn tab")
    flown = (
        "Your Air forces of the South-Western Front flies offensive support at "
        f"{hex_words(game, target)}"
    )
    assert any(line.startswith(flown) for line in info.lines[1])
    assert flown in info.text.toPlainText()
    settle_input(0.3)
    shots(window, "kharkov-turn-info-large")


def _kharkov_frozen_with_setup_zone():
    """The sample with a frozen first day (OW1) and a Soviet setup zone round three of its
    stacks (OT1)."""
    scenario = game_fixtures.sample("kharkov-1942-operational")
    rules = scenario.rules
    turns = rules.operational.turns
    turns = turns.model_copy(update={"weather": ["frozen", *turns.weather[1:]]})
    operational = rules.operational.model_copy(update={"turns": turns})
    rules = rules.model_copy(update={"operational": operational})
    runs = []
    from engine.game import Game

    stacks = Game(scenario, seed=1).state.stacks.values()
    soviet = sorted(s.region for s in stacks if s.side == "soviet")[:3]
    for hex_id in soviet:
        column, row = hex_id[1:].split("r")
        runs.append(f"c{max(1, int(column) - 1)}r{row}*3")
    hex_map = scenario.hex_map.model_copy(update={"setup_zones": {"soviet": runs}})
    return scenario.model_copy(update={"rules": rules, "hex_map": hex_map})


def test_victory_locations_frozen_rivers_and_setup_zone_on_the_map(game_window, x, shots):
    """OV5: every victory location ringed in its holder's colour with a star whose tooltip
    gives its worth; OW1: on a frozen day the rivers are drawn as ice; OT1: the planning
    side's setup zone is drawn during turn 1 and gone once the setup is over."""
    from PySide6.QtWidgets import QToolTip

    from editor.game.map.style import side_colours
    from editor.game.session import GameSession
    from engine.wego.op import map_queries, state, zones
    from engine.wego.op.standing import standing

    scenario = _kharkov_frozen_with_setup_zone()
    session = GameSession.new(scenario, {"soviet": "human", "axis": "ai"}, seed=1)
    window = game_window(session, "kharkov-frozen")
    game_fixtures.fit(window, 1280, 720)
    op = window.op_view
    assert op is not None
    view, game = window.map_view, session.game
    view.zoom_to_fit()
    board = op.board
    places = standing(game).locations
    assert places and board.holders == {p.hex: p.holder for p in places}
    held = {p.holder for p in places}
    assert {"soviet", "axis"} <= held, "the sample starts with towns on both sides"
    # Each ring is in its holder's colour.
    colours = side_colours(game)
    rings = {
        item.path().boundingRect().center().toTuple(): item.pen().color().name()
        for item in board._items["victory"]
        if hasattr(item, "pen") and item.pen().widthF() == 3.0
    }
    assert set(rings.values()) <= {c.name() for c in colours.values()} | {"#9e9e9e"}
    assert colours["soviet"].name() in rings.values() and colours["axis"].name() in rings.values()

    assert map_queries.clock(game).frozen
    rivers = {r.connection_type for r in state.board_of(game).rules.hexsides if r.river}
    expected = {c.id for c in game.world.connections.values() if c.type in rivers}
    assert board.frozen and set(board.frozen) <= expected
    assert len(board.frozen) > 50  # the Donets and its tributaries

    zone = {state.board_of(game).hex_ids[i] for i in zones.setup_hexes(game, "soviet")}
    assert zone and board.setup == zone
    settle_input(0.3)
    shots(window, "kharkov-frozen-setup-1280")

    # The star's tooltip: pointing at the first location held by the Soviets.
    spot = next(p for p in places if p.holder == "soviet")
    star = next(
        i
        for i in board._items["victory"]
        if getattr(i, "entity_id", "") == f"op-location-{spot.hex}"
    )
    game_fixtures.point_at(x, view, star.scenePos(), near=3)
    wait_until(lambda: "victory location" in QToolTip.text(), what="the location's tooltip")
    assert spot.name in QToolTip.text() and "Held by South-Western Direction" in QToolTip.text()
    shots(window, "kharkov-location-tip-1280")

    game_fixtures.fit(window, 1920, 1080)
    view.zoom_to_fit()
    view.zoom_by(3.0)
    view.centerOn(view.map_scene.points[sorted(zone)[0]])
    settle_input(0.4)
    shots(window, "kharkov-frozen-setup-large")

    # The setup is the first turn's: from turn 2 the zone is gone, and the day's thaw ends
    # the ice (turn 4 is the second day, good weather).
    game_fixtures.drive(session, lambda g: g.turn == 4 and g.to_act() == "soviet")
    wait_until(lambda: game.turn == 4, what="turn 4")
    window.close_film()
    settle_input(0.3)
    assert not map_queries.clock(game).frozen
    wait_until(lambda: "setup" in board._items and not board._items["setup"], what="no zone")
    assert not board._items["ice"]
    view.zoom_to_fit()
    settle_input(0.3)
    shots(window, "kharkov-thawed-large")


def test_unit_values_from_the_view_menu_with_hex_details(game_window, x, shots):
    """OF11: the side's units' readiness, then strength, shown from the View menu (one at a
    time), each hex with a badge; OF10: pointing at a badge gives the hex's details."""
    from PySide6.QtWidgets import QToolTip

    from editor.game.wego.op_unit_values import UnitValuesItem
    from engine.wego.op import state

    session, window = _open(game_window, 1280, 720, "kharkov-values")
    op = window.op_view
    assert op is not None
    view, game = window.map_view, session.game

    def choose(name: str) -> None:
        """View > Overlays > the overlay, with real clicks."""
        game_fixtures.choose_overlay(x, window, name)

    choose("readiness")
    own = {
        str(state.board_of(game).hex_ids[u.hex])
        for u in state.units(game).values()
        if u.side == "soviet"
    }
    assert set(op.overlays.values) == own
    assert set(op.overlays.values.values()) == {"100"}  # the first turn: everyone rested
    settle_input(0.3)
    shots(window, "kharkov-readiness-1280")

    choose("strength")
    assert "readiness" not in op.overlays.shown and not op.actions["readiness"].isChecked()
    (item,) = [i for i in view.map_scene.items() if isinstance(i, UnitValuesItem)]
    box, _text, _colour = item.badges[0]
    game_fixtures.point_at(x, view, box.center())
    wait_until(lambda: "of yours" in QToolTip.text(), what="the hex details")
    tip = QToolTip.text()
    assert "readiness 100%" in tip and "attacking" in tip
    assert "Enemy zone of control here" in tip or "No enemy zone here" in tip
    shots(window, "kharkov-strength-details-1280")


def test_oh13_the_hexside_overlay_in_the_manuals_colours_with_its_legend(game_window, x, shots):
    """OH13: View > Overlays > Hexside effects draws the Kharkov rivers black (crossed only
    along a road over a bridge) with the three-colour legend in the map's corner; the finer
    classes replace it, with their own legend."""
    _session, window = _open(game_window, 1280, 720, "kharkov-hexsides")
    op = window.op_view
    assert op is not None
    view = window.map_view
    game_fixtures.choose_overlay(x, window, "hexsides")
    drawn = op.overlays.hexsides
    assert len(drawn) > 100 and set(drawn.values()) == {"impassable"}  # every river
    assert view.family_legend is not None and len(view.family_legend[1]) == 3
    view.zoom_by(2.5)
    settle_input(0.4)
    shots(window, "kharkov-hexsides-manual-1280")
    game_fixtures.choose_overlay(x, window, "hexside_classes")
    assert "hexsides" not in op.overlays.shown and set(op.overlays.hexsides.values()) == {"hard"}
    assert view.family_legend is not None and len(view.family_legend[1]) == 4
    settle_input(0.3)
    shots(window, "kharkov-hexsides-classes-1280")
