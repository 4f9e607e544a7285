"""The Fire tab of an operational game's plan (OO9, OC33, OA13, OF12), offscreen: the side's
guns listed with their range drawn on the map when one is picked, a target chosen on the map
(refused with the engine's reason, or given), the fire order's marker, cancelling, a gun
whose stack moves refused; a naval asset's reach drawn in the Assets tab; every targeted
asset mission (recon and air supply among them) with a marker of its own.

The map is one row of open hexes (``c1r1`` west ... ``c8r1`` east), fog off: red's armour
at ``c4r1`` faces blue's infantry at ``c5r1``; red's gun (range 3) stands at ``c2r1``.
"""

from __future__ import annotations

from editor.game.launch import show_game
from editor.game.session import GameSession
from editor.game.wego.op_asset_marks import MISSION_COLOURS, MISSION_SHORT
from editor.game.wego.window import WegoWindow
from engine.operational.missions import TARGETED
from engine.wego.op import assets, fire
from engine.wego.orders import OrderMove
from tests.operational.play import stack
from tests.operational.test_artillery_fire import lane
from tests.operational.test_asset_effects import SHIP


def _window(qtbot, scenario) -> WegoWindow:
    from editor.shared.app import settle

    session = GameSession.new(scenario, {"red": "human", "blue": "ai"}, seed=1, speed="fastest")
    window = show_game(session, "op-fire-test", leave_text="Close")
    assert isinstance(window, WegoWindow)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    settle(window)
    return window


def _fire_tab(window: WegoWindow):
    op = window.op_view
    assert op is not None and op.fire is not None
    op.tabs.setCurrentWidget(op.fire)
    return op.fire


def _pick(box, unit_id: str) -> None:
    for i in range(box.table.topLevelItemCount()):
        row = box.table.topLevelItem(i)
        if row.data(0, 256) == unit_id:
            box.table.setCurrentItem(row)
            return
    raise AssertionError(unit_id)


def test_oo9_oc33_a_gun_is_picked_its_range_drawn_and_its_target_chosen_on_the_map(
    qtbot, state_dir
):
    b = lane()
    b.unit("far", "inf", "c8r1", nation="blueland")
    window = _window(qtbot, b.build())
    game = window.session.game
    box = _fire_tab(window)
    listed = [box.table.topLevelItem(i).data(0, 256) for i in range(box.table.topLevelItemCount())]
    assert listed == ["gun"]  # not the armour, never the enemy's
    assert box.range.hexes == ()
    _pick(box, "gun")
    assert set(box.range.hexes) == set(fire.reach(game, "gun"))
    assert "c5r1" in box.range.hexes and "c8r1" not in box.range.hexes
    assert box.kind.currentData() == "offensive" and box.target_button.isEnabled()
    box.target_button.click()
    assert box.picking == ("gun", "offensive")
    assert len(box._washes) == 2 * len(fire.targets(game, "red", "gun", "offensive"))
    box.click("c8r1")  # beyond its 3 hexes: refused in the engine's words, still choosing
    assert "beyond the range of 'gun'" in box.note.text() and box.picking is not None
    assert fire.orders(game, "red") == {}
    box.click("c5r1")
    assert fire.orders(game, "red")["gun"] == fire.FireOrder("gun", "offensive", "c5r1")
    assert box.picking is None and not box._washes
    assert box.marks.shown == {"c5r1": [("gun", "offensive")]}  # OF12
    assert box.table.topLevelItem(0).text(2) == "Fire at hex c5r1"
    # Leaving the tab takes the range off the map; the marker stays with the plan.
    window.op_view.tabs.setCurrentIndex(0)
    assert box.range.hexes == () and box.marks.shown
    window.op_view.tabs.setCurrentWidget(box)
    assert box.cancel_button.isEnabled()
    assert box.cancel()
    assert fire.orders(game, "red") == {} and box.marks.shown == {}


def test_oc33_defensive_fire_over_its_own_hex_is_refused_and_a_moving_gun_greyed(qtbot, state_dir):
    b = lane()
    b.unit("own", "inf", "c3r1")
    window = _window(qtbot, b.build())
    game = window.session.game
    box = _fire_tab(window)
    _pick(box, "gun")
    box.kind.setCurrentIndex(box.kind.findData("defensive"))
    box.choose_target()
    box.click("c2r1")
    assert "defends its own hex" in box.note.text()
    box.click("c3r1")
    assert fire.orders(game, "red")["gun"].mission == "defensive"
    assert box.marks.shown == {"c3r1": [("gun", "defensive")]}
    # A gun whose stack is ordered to move may not fire (OC33): greyed, the reason shown.
    window.map_view.give(OrderMove(stack(game, "gun"), ("c1r1",)))
    _pick(box, "gun")
    assert not box.target_button.isEnabled()
    assert "has orders to move" in box.note.text()
    assert "has orders to move" in box.table.topLevelItem(0).toolTip(0)


def test_oa13_a_naval_assets_reach_is_drawn_when_it_is_picked_in_the_assets_tab(qtbot, state_dir):
    b = lane()
    b.table("assets", assets=[SHIP])
    window = _window(qtbot, b.build())
    op = window.op_view
    assert op is not None
    op.tabs.setCurrentWidget(op.assets_scroll)
    table = op.assets.table
    table.setCurrentItem(table.topLevelItem(0))
    assert op.reach.area.hexes == tuple(assets.reach(window.session.game, "flotilla") or ())
    assert op.reach.area.hexes == ("c1r1", "c2r1", "c3r1", "c4r1")
    op.tabs.setCurrentIndex(0)
    assert op.reach.area.hexes == ()


def test_of12_every_asset_mission_at_a_hex_has_a_marker_of_its_own_recon_and_air_supply_too():
    for mission in TARGETED:
        assert mission in MISSION_COLOURS and mission in MISSION_SHORT
    assert MISSION_COLOURS["recon"] != MISSION_COLOURS["air_supply"]
