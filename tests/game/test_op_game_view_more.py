"""The game view of an operational game, second part (issue 15): the intelligence overlay
(OI1-OI6, OF11), the supply orders of the plan panel (OO13, OO16, OS1, OS3-OS11), the film's
clock of delayed moves (OF4) and the map darker at night (OW2)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from editor.game.launch import show_game
from editor.game.session import GameSession
from editor.game.wego.op_intel import IntelBadgesItem, seen_words
from editor.game.wego.window import WegoWindow
from engine.wego import film
from engine.wego.op import queries
from engine.wego.op.actions import OrderSupply
from engine.wego.op.intel import intel_of
from tests.operational.command_builder import CommandBuilder
from tests.operational.test_supply_play import POOLS, row
from tests.operational.view_scenario import front

LEFT = Qt.MouseButton.LeftButton


def _window(qtbot, scenario, players) -> WegoWindow:
    from editor.shared.app import settle

    session = GameSession.new(scenario, players, seed=1, speed="fastest")
    window = show_game(session, "op-more-test", leave_text="Close")
    assert isinstance(window, WegoWindow)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    settle(window)
    return window


# -- intelligence ------------------------------------------------------------------------------


def test_oi2_oi5_the_intel_overlay_badges_each_seen_enemy_hex_with_the_engines_level(
    qtbot, state_dir
):
    b = front()
    b.rules("fog", enabled=True)
    window = _window(qtbot, b.build(), {"red": "human", "blue": "ai"})
    op = window.op_view
    assert op is not None
    op.header.boxes["intel"].click()
    assert op.actions["intel"].isChecked()  # the View menu follows the header's switch
    seen = intel_of(window.session.game, "red")
    grid = window.map_view.map_scene.grid
    assert grid is not None
    expected: dict[str, int] = {}
    for unit in seen.units.values():
        hex_id = str(grid.ids[unit.hex])
        expected[hex_id] = max(expected.get(hex_id, 0), unit.level)
    assert expected, "red sees some of blue's units"
    assert op.overlays.intel == expected
    # The levels differ with distance (OI5): not every enemy is seen at the same level.
    assert len(set(expected.values())) > 1
    badges = _overlay_badges(window)
    assert len(badges) == 1
    tips = {t for _box, _level, t in badges[0].badges}
    for unit in seen.units.values():
        tip = next(t for t in tips if f"in {grid.ids[unit.hex]}:" in t)
        name = window.session.game.scenario.units  # the name shows from level 3 (OI2)
        words = seen_words(unit, next(u.name for u in name if u.id == unit.unit))
        assert words in tip
    op.header.boxes["intel"].click()
    assert not op.overlays.intel or "intel" not in op.overlays.shown
    assert not _overlay_badges(window)


def _overlay_badges(window: WegoWindow) -> list[IntelBadgesItem]:
    """The Intel overlay's badges (not the planning map's own, :mod:`.plan_scene`)."""
    return [
        i
        for i in window.map_view.map_scene.items()
        if isinstance(i, IntelBadgesItem) and i.data(0) != "plan-intelligence"
    ]


def test_oi2_what_each_level_shows_of_an_enemy_unit_in_words() -> None:
    from engine.operational.intel import SeenUnit

    assert seen_words(SeenUnit("u", 0, 1), "7th Rifles") == "an enemy unit: level 1 (presence)"
    low = seen_words(SeenUnit("u", 0, 2, "infantry"), "7th Rifles")
    assert low == "an enemy unit: level 2 (low), infantry"  # the name shows from level 3
    medium = seen_words(SeenUnit("u", 0, 3, "armour", 6.0, 4.5), "7th Rifles")
    assert medium == "7th Rifles: level 3 (medium), armour, attack 6, defence 4.5"
    full = SeenUnit("u", 0, 5, "infantry", 3.0, 4.0, "extended", True, 80.0, 65.0)
    assert seen_words(full, "7th Rifles") == (
        "7th Rifles: level 5 (extreme), infantry, attack 3, defence 4, Extended, dug in, "
        "strength 80 %, readiness 65 %"
    )


# -- supply orders -----------------------------------------------------------------------------


def _supply_window(qtbot, b: CommandBuilder) -> WegoWindow:
    window = _window(qtbot, b.build(), {"red": "human", "blue": "ai"})
    op = window.op_view
    assert op is not None
    op.tabs.setCurrentIndex(1)
    return window


def _pick(window: WegoWindow, hq: str) -> None:
    box = window.op_view.supply  # type: ignore[union-attr]
    rows = box.hqs
    for i in range(rows.topLevelItemCount()):
        item = rows.topLevelItem(i)
        if item.data(0, Qt.ItemDataRole.UserRole) == hq:
            rows.setCurrentItem(item)
            item.setSelected(True)
            return
    raise AssertionError(f"{hq} is not in the HQ table")


def test_os1_os11_the_supply_tab_shows_the_pools_and_gives_an_order_at_its_cost(qtbot, state_dir):
    b = row()
    b.unit("inf", "inf", "c3r1", hq="div")
    window = _supply_window(qtbot, b)
    box = window.op_view.supply  # type: ignore[union-attr]
    game = window.session.game
    assert box.pool_labels[("held", "fuel")].text() == "12"
    assert box.pool_labels[("left", "fuel")].text() == "12"
    assert not box.give_button.isEnabled()  # no HQ picked yet
    _pick(window, "div")
    qtbot.mouseClick(box.levels["move_plus"], LEFT)
    cost, refusal = queries.order_preview(
        game, "red", OrderSupply("div", move_plus=True), viewer="red"
    )
    assert not refusal and cost.fuel > 0
    assert "costs" in box.preview.text() and box.give_button.isEnabled()
    qtbot.mouseClick(box.give_button, LEFT)
    pools = queries.hq_pools(game, "red", viewer="red")
    assert pools.orders["div"] == OrderSupply("div", move_plus=True)
    rows = {
        box.hqs.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole): box.hqs.topLevelItem(i)
        for i in range(box.hqs.topLevelItemCount())
    }
    assert rows["div"].text(2) == "Move+"
    assert rows["army"].text(2) == "Basic"
    left = 12 - cost.fuel
    assert box.pool_labels[("left", "fuel")].text() == f"{left:g}"
    assert box.pool_labels[("cost", "fuel")].text() == f"{cost.fuel:g}"
    # Cancelling takes it back: the HQ is at Basic again and the pools are whole.
    assert box.cancel_button.isEnabled()
    qtbot.mouseClick(box.cancel_button, LEFT)
    assert "div" not in queries.hq_pools(game, "red", viewer="red").orders
    assert box.pool_labels[("left", "fuel")].text() == "12"


def test_os11_an_order_the_pools_cannot_pay_is_shown_refused_before_it_is_given(qtbot, state_dir):
    b = row()
    b.unit("inf", "inf", "c3r1", hq="div")
    b.raw["rules"]["operational"]["supply"]["pools"] = [{**POOLS, "stock": {"fuel": 1}}]
    window = _supply_window(qtbot, b)
    box = window.op_view.supply  # type: ignore[union-attr]
    _pick(window, "div")
    qtbot.mouseClick(box.levels["move_plus"], LEFT)
    assert box.preview.text().startswith("Refused:") and "short" in box.preview.text()
    assert "color" in box.preview.styleSheet()
    assert not box.give_button.isEnabled()
    assert not box.give()  # nothing reaches the engine
    assert not queries.hq_pools(window.session.game, "red", viewer="red").orders


def test_os8_an_isolated_hq_is_listed_with_its_state_and_its_order_refused(qtbot, state_dir):
    b = row()
    b.hq("lost", "c13r1", parent="army")
    b.unit("inf", "inf", "c12r1", hq="lost")
    window = _supply_window(qtbot, b)
    box = window.op_view.supply  # type: ignore[union-attr]
    rows = {
        box.hqs.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole): box.hqs.topLevelItem(i)
        for i in range(box.hqs.topLevelItemCount())
    }
    assert rows["lost"].text(1) == "Iso"
    _pick(window, "lost")
    qtbot.mouseClick(box.levels["combat_plus"], LEFT)
    assert "OS8" in box.preview.text() and not box.give_button.isEnabled()


def test_oo16_a_division_hq_is_moved_under_another_corps_from_the_supply_tab(qtbot, state_dir):
    b = CommandBuilder(14, 1)
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.hq("army", "c1r1", echelon="army")
    b.hq("k1", "c2r1", parent="army", echelon="corps")
    b.hq("k2", "c3r1", parent="army", echelon="corps")
    b.hq("div", "c4r1", parent="k1")
    b.supply_source("c1r1")
    window = _supply_window(qtbot, b)
    box = window.op_view.supply  # type: ignore[union-attr]
    game = window.session.game
    from engine.wego.op import supply

    _pick(window, "k1")  # a corps may not move (OO16): the row says so
    assert not box.reassign_button.isEnabled() and box.corps.count() == 0
    _pick(window, "div")
    corps = [box.corps.itemData(i) for i in range(box.corps.count())]
    assert corps == ["k2"] and box.reassign_button.isEnabled()
    qtbot.mouseClick(box.reassign_button, LEFT)
    assert supply.tree(game).hq_of("div") == "k2"


def test_the_side_orders_tab_lists_every_stack_and_change_brings_the_order_table(qtbot, state_dir):
    window = _window(qtbot, front().build(), {"red": "human", "blue": "ai"})
    op = window.op_view
    assert op is not None
    panel = window.plan_panel
    assert op.tabs.indexOf(panel.orders_box) == 2  # the plan's third tab
    op.tabs.setCurrentWidget(panel.orders_box)
    stacks = [s for s in window.session.game.state.stacks.values() if s.side == "red"]
    assert len(panel.order_rows()) == len(stacks)
    panel.orders.setCurrentItem(panel.orders.topLevelItem(0))
    qtbot.mouseClick(panel.change_button, LEFT)
    assert op.tabs.currentWidget() is op.orders
    assert window.session.selected == panel.orders.topLevelItem(0).data(0, Qt.ItemDataRole.UserRole)
    # The order table says the same as the buttons and radios it hides.
    assert panel.hold_button.isHidden() and panel.withdraw_radio.isHidden()


# -- the film's clock and the night --------------------------------------------------------------


def _delayed_game() -> Any:
    from tests.operational.test_c2 import _walk

    game, _records = _walk(ccv=[{"side": "red", "ccv": -20}])
    return game


def test_of4_c2_delays_are_counted_per_tick_and_only_for_the_viewers_side() -> None:
    game = _delayed_game()
    records = game.log.records
    delays = [r for r in records if r["type"] == "op_c2_delay"]
    counted = film.c2_delays(records, viewer="red")
    assert sum(n for by_side in counted.values() for n in by_side.values()) == len(delays)
    assert {(1, r["tick"]) for r in delays} == set(counted)
    assert film.c2_delays(records, viewer="blue") == {}
    assert film.c2_delays(records, viewer=None) == counted


def test_of4_the_films_clock_counts_the_delayed_moves_so_far(qtbot, state_dir) -> None:
    from editor.game.film.player import FilmPlayer

    game = _delayed_game()
    player = FilmPlayer(game, "red")
    qtbot.addWidget(player)
    player.show_turn(game, 1, "red")
    assert not player.clock.isHidden()
    ticks = sorted(t for (_turn, t) in film.c2_delays(game.log.records, viewer="red"))
    player.show_index(0)
    assert player.clock.text() == "Moves delayed (C2): 0"
    last = len(player.frames) - 1
    player.show_index(last)
    assert player.clock.text().startswith(f"Moves delayed (C2): {len(ticks)}")
    first = next(i for i, f in enumerate(player.frames) if f.tick == ticks[0])
    player.show_index(first)
    assert player.clock.text() == "Moves delayed (C2): 1 · 1 this tick"


def test_ow2_the_map_is_darker_on_a_night_turn_only(qtbot, state_dir) -> None:
    from editor.game.wego.op_night import shade_of

    b = front()
    b.table("turns", pattern=["night", "day"], weather=["good"])
    night = _window(qtbot, b.build(), {"red": "human", "blue": "ai"})
    shade = shade_of(night.map_view.map_scene)
    assert shade is not None and shade.isVisible()
    scene = night.map_view.map_scene
    # Every hex is under the shade (its centre inside the night's outline).
    assert all(shade.shape().contains(point) for point in scene.points.values())
    day = _window(qtbot, front().build(), {"red": "human", "blue": "ai"})
    found = shade_of(day.map_view.map_scene)
    assert found is None or not found.isVisible()


@pytest.mark.parametrize("turn, dark", [(1, False), (3, True)])
def test_ow2_is_night_follows_the_turn_pattern(turn: int, dark: bool) -> None:
    from editor.game.wego.op_night import is_night
    from engine import Game

    game = Game(front().build(), 1)
    assert is_night(game, turn) is dark
