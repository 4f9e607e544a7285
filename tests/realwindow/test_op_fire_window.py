"""The artillery's fire orders in the WEGO game view's real window (issue 15: OO9, OC33,
OF12), on the small operational front of ``tests.operational.view_scenario`` with a red gun
added, at 1280x720, driven with real clicks: the Fire tab, a gun's range on the map, a
target refused then given on the map, and its marker.
"""

from __future__ import annotations

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until

game_window = game_fixtures.game_window


def test_a_guns_range_shows_and_its_fire_order_is_given_on_the_map(game_window, x, shots):
    from editor.game.session import GameSession
    from engine.wego.op import fire
    from tests.operational.view_scenario import front

    b = front()
    b.unit("r-gun", "art", "c4r4", hq="div", echelon="battalion")
    session = GameSession.new(b.build(), {"red": "human", "blue": "ai"}, seed=1)
    window = game_window(session, "op-fire")
    game_fixtures.fit(window, 1280, 720)
    window.map_view.zoom_to_fit()
    settle_input(0.3)
    op = window.op_view
    assert op is not None and op.fire is not None
    box, view, game = op.fire, window.map_view, session.game
    bar = op.tabs.tabBar()
    index = op.tabs.indexOf(box)
    x.click(*on_screen(bar, bar.tabRect(index).center().x(), bar.tabRect(index).center().y()))
    wait_until(lambda: op.tabs.currentIndex() == index, what="the Fire tab")
    wait_until(lambda: box.table.isVisible() and box.table.topLevelItemCount() == 1, what="gun")
    row = box.table.visualItemRect(box.table.topLevelItem(0)).center()
    x.click(*on_screen(box.table.viewport(), row.x(), row.y()))
    wait_until(lambda: box.gun() == "r-gun", what="the gun picked")
    assert set(box.range.hexes) == set(fire.reach(game, "r-gun"))
    shots(window, "op-fire-range")
    x.click(*on_screen(box.target_button, 10, 10))
    wait_until(lambda: box.picking == ("r-gun", "offensive"), what="target mode")
    game_fixtures.click_hex(x, view, "c5r3")  # red's own armour: refused in red
    wait_until(lambda: "Refused" in box.note.text(), what="the refusal")
    assert "your own units hold" in box.note.text()
    game_fixtures.click_hex(x, view, "c7r3")
    wait_until(lambda: "r-gun" in fire.orders(game, "red"), what="the order")
    assert fire.orders(game, "red")["r-gun"].target == "c7r3"
    assert box.marks.shown == {"c7r3": [("r-gun", "offensive")]}
    assert box.table.topLevelItem(0).text(2).startswith("Fire at")
    assert box.table.topLevelItem(0).foreground(2).color().name() != "#000000"
    settle_input(0.2)
    shots(window, "op-fire-given")


def test_the_aa_cover_chain_of_command_and_hexside_overlays(game_window, x, shots):
    """OF11: the AA cover badges, the HQ chain lines and the hexside effects, switched on
    from the View menu's actions, drawn over the front (looked at in the screenshot)."""
    from editor.game.session import GameSession
    from tests.operational.view_scenario import front

    b = front()
    b.raw["unit_types"].append(
        {
            "id": "flak",
            "name": "Flak",
            "operational": {"category": "heavy_aa", "attack": 2, "defence": 2, "movement": 6},
        }
    )
    b.unit("r-flak", "flak", "c4r4", hq="div", echelon="battalion")
    session = GameSession.new(b.build(), {"red": "human", "blue": "ai"}, seed=1)
    window = game_window(session, "op-cover")
    game_fixtures.fit(window, 1280, 720)
    window.map_view.zoom_to_fit()
    settle_input(0.3)
    op = window.op_view
    assert op is not None
    op.actions["aa"].trigger()
    op.actions["chains"].trigger()
    op.actions["hexsides"].trigger()
    wait_until(lambda: op.overlays.aa and op.overlays.chains, what="the overlays")
    assert len(op.overlays.hexsides) == 5  # the stream
    assert op.overlays.chains == {"div": "army"}
    settle_input(0.2)
    shots(window, "op-cover-overlays")


def test_a_battles_details_under_the_battle_summary(game_window, x, shots):
    """OF6, OF7: after a turn where red's gun fires for its armour's attack, picking the
    battle in the Battles tab shows its details under the table (looked at in the
    screenshot): the gun's fire in the totals, the odds, the losses."""
    from editor.game.session import GameSession
    from engine.wego.orders import SealPlan
    from tests.operational.test_artillery_fire import OFFENSIVE, attack, lane

    session = GameSession.new(lane().build(), {"red": "human", "blue": "human"}, seed=5)
    game = session.game
    for action in (OFFENSIVE, attack(game), SealPlan()):
        game.apply(action)
    game_fixtures.drive(session, lambda g: g.turn == 2 and g.to_act() == "red")
    window = game_window(session, "op-battle-details")
    game_fixtures.fit(window, 1280, 720)
    window.show_battles(1, "red")
    window.battles_dock.show()
    window.battles_dock.raise_()
    table = window.battles
    wait_until(lambda: table.table.rowCount() == 1, what="the battle")
    rect = table.table.visualItemRect(table.table.item(0, 2)).center()
    x.click(*on_screen(table.table.viewport(), rect.x(), rect.y()))
    wait_until(lambda: not table.details.isHidden(), what="the details")
    text = table.details.toPlainText()
    assert "Artillery fire" in text and "Men lost" in text
    settle_input(0.2)
    shots(window, "op-battle-details")
