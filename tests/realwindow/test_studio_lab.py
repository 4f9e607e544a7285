"""Tools > Battle odds and Tools > Balance lab in a real window, driven with the mouse and
keyboard (issue 12): the odds follow a region clicked on the map and a unit added; a small
run of the lab shows its charts, paints the capture heatmap on the map, and a game of its
table opens in the game view at its seed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.realwindow.conftest import on_screen, settle_input, wait_until
from tests.realwindow.studio_helpers import (
    choose,
    free_point,
    map_click,
    open_menu_bar,
    screen_pixel,
)
from tests.studio.lab_helpers import in_process


def _click(x: Any, widget: Any) -> None:
    x.click(*on_screen(widget, widget.width() / 2, widget.height() / 2))
    settle_input(0.2)


def _aside(window: Any, studio: Any) -> None:
    """Put a tool window over the right part of the studio, leaving the map's left free."""
    frame = studio.geometry()
    window.resize(min(900, frame.width() // 2), min(760, frame.height() - 60))
    window.move(frame.right() - window.width() - 10, frame.top() + 40)
    settle_input(0.3)


def test_battle_odds_follow_the_map_and_an_added_unit(studio, x, shots) -> None:
    from editor.studio.lab.odds_window import BattleOdds

    choose(x, open_menu_bar(x, studio, "Tools"), "Battle odds")
    odds = studio.findChild(BattleOdds, "battle-odds")
    wait_until(lambda: odds is not None and odds.isVisible(), what="the Battle odds window")
    _aside(odds, studio)
    # A click on Gellan Heights on the map: the calculator fights there, Arvel attacking
    # Dravan's mountain troops from its neighbour.
    point = free_point(studio, "gellan-heights")
    assert on_screen(studio.view.viewport(), *point)[0] < odds.geometry().left()
    map_click(x, studio, *point)
    wait_until(
        lambda: odds.region.currentData() == "gellan-heights" and isinstance(odds.result, dict),
        timeout=30,
        what="the odds of a battle in Gellan Heights",
    )
    assert odds.forces[1].entries and odds.forces[0].entries
    before = odds.result["attacker_win"]
    shots(odds, "battle-odds-gellan")
    # Add four armoured brigades to the attackers, with the keyboard and the Add button.
    force = odds.forces[0]
    # The chooser's list opens with a click; typing finds the type, Enter picks it.
    _click(x, force.chooser)
    wait_until(lambda: force.chooser.view().isVisible(), what="the chooser's list")
    x.type("Armoured")
    x.key("Return")
    wait_until(
        lambda: force.chooser.currentData() == ("type", "armoured-brigade"),
        what=f"the armoured brigade type chosen (not {force.chooser.currentText()})",
    )
    _click(x, force.count)
    x.key("ctrl+a")
    x.type("4")
    wait_until(lambda: force.count.value() == 4, what="the count")
    rows = len(force.entries)
    _click(x, force.add_button)
    wait_until(lambda: len(force.entries) == rows + 1, what="the added brigades")
    wait_until(
        lambda: not odds.busy and odds.result["attacker_win"] != before,
        timeout=30,
        what="the odds fought again",
    )
    assert odds.result["attacker_win"] > before
    assert f"{odds.result['attacker_win']:.1%}" in odds.text.text()
    assert odds.chart.isVisible()
    shots(odds, "battle-odds-more-armour")
    odds.close()


def _heat_colour_differs(studio: Any, region: str, before: tuple[int, int, int]) -> bool:
    after = screen_pixel(studio, studio.view.viewport(), *free_point(studio, region))
    return any(abs(a - b) > 25 for a, b in zip(after, before, strict=True))


def test_a_small_balance_run_shows_charts_heatmap_and_opens_a_game(
    studio, x, shots, tmp_path: Path
) -> None:
    from editor.studio.lab.lab_window import BalanceLab

    choose(x, open_menu_bar(x, studio, "Tools"), "Balance lab")
    lab = studio.findChild(BalanceLab, "balance-lab")
    wait_until(lambda: lab is not None and lab.isVisible(), what="the Balance lab window")
    _aside(lab, studio)
    # A local run in this process: no worker processes to start on a busy machine.
    lab.connector = in_process
    lab.folder = tmp_path / "games"
    _click(x, lab.games)
    x.key("ctrl+a")
    x.type("4")
    wait_until(lambda: lab.games.value() == 4, what="4 games")
    _click(x, lab.run_button)
    wait_until(lambda: lab.running or lab.report is not None, what="the run to start")
    wait_until(lambda: not lab.running, timeout=180, what="the run to finish")
    report = lab.report
    assert report is not None and report["played"] == 4
    shots(lab, "balance-lab-results")
    # The charts, live.
    bar = lab.tabs.tabBar()
    rect = bar.tabRect(lab.tabs.indexOf(lab.charts))
    x.click(*on_screen(bar, rect.center().x(), rect.center().y()))
    wait_until(lambda: lab.tabs.currentWidget() is lab.charts, what="the Charts tab")
    settle_input(0.5)
    assert lab.charts.plots["results"].isVisible()
    assert lab.charts.plots["vp"].isVisible()
    shots(lab, "balance-lab-charts")
    # The heatmap on the map: the region taken most is shaded; View's entry takes it off.
    per_game = report["captures"]["per_game"]
    busiest = max(per_game, key=per_game.get)
    point = free_point(studio, busiest)
    assert on_screen(studio.view.viewport(), *point)[0] < lab.geometry().left()
    shaded = screen_pixel(studio, studio.view.viewport(), *point)
    shots(studio, "balance-lab-heatmap")
    choose(x, open_menu_bar(x, studio, "View"), "Capture heatmap")
    wait_until(lambda: not lab.heat_box.isChecked(), what="the heatmap off")
    assert _heat_colour_differs(studio, busiest, shaded)
    choose(x, open_menu_bar(x, studio, "View"), "Capture heatmap")
    wait_until(lambda: lab.heat_box.isChecked(), what="the heatmap back")
    # A double-click on a game of the table opens it in the game view at its seed.
    lab.raise_()
    lab.activateWindow()
    rect = bar.tabRect(lab.tabs.indexOf(lab.table))
    x.click(*on_screen(bar, rect.center().x(), rect.center().y()))
    wait_until(lambda: lab.tabs.currentWidget() is lab.table, what="the Games tab")
    table = lab.table
    row = 2
    seed = table.seed_at(row)
    cell = table.visualRect(table.model().index(row, 1))
    x.double_click(*on_screen(table.viewport(), cell.center().x(), cell.center().y()))
    from editor.studio.play import studio_player

    player = studio_player(studio)
    wait_until(lambda: player.game_window is not None, what="the game window")
    game_window = player.game_window
    assert game_window.session.game.seed == seed
    assert game_window.session.humans == []
    game_window.session.set_paused(True)
    settle_input(0.5)
    shots(game_window, "balance-lab-game")
    player.close_game()
    # Closing the lab takes the heatmap off the map.
    lab.close()
    wait_until(lambda: not studio.heat_action.isEnabled(), what="the View entry off")
    from editor.studio.lab.heat_layer import heat_of

    assert heat_of(studio.scene) is None
