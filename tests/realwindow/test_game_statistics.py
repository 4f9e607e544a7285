"""The Statistics panel in the game's real window (issue 14): after a turn of an area game,
a person clicks its tab and reads VP, losses and supply per turn, charts and table whole on
the screen."""

from __future__ import annotations

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until
from tests.realwindow.game_fixtures import drive, sample

game_window = game_fixtures.game_window


def _statistics_tab(window):
    from PySide6.QtWidgets import QTabBar

    for bar in window.findChildren(QTabBar):
        for index in range(bar.count()):
            if bar.tabText(index) == "Statistics" and bar.isVisible():
                return bar, index
    raise AssertionError("no Statistics tab on screen")


def test_the_statistics_tab_charts_the_turns_played(game_window, x, shots) -> None:
    from editor.game.session import GameSession

    scenario = sample("vessa-crossing")
    session = GameSession.new(scenario, {"dravan": "human", "arvel": "ai"}, seed=3)
    window = game_window(session, "vessa-crossing")
    panel = window.panels["stats"]
    assert panel.plots == {}  # not made behind its tab
    drive(session, lambda g: g.turn == 3 and g.to_act() == "dravan")
    settle_input(0.3)
    bar, index = _statistics_tab(window)
    tab = bar.tabRect(index)
    x.click(*on_screen(bar, tab.center().x(), tab.center().y()))
    wait_until(
        lambda: panel.series is not None and panel.series.turns[-1] == 2,
        what="the charts of turns 1 and 2",
    )
    settle_input(0.5)
    shots(window, "game-statistics-after-two-turns")
    # Within the window, wide enough to read; the VP and losses charts show without
    # scrolling, under the table of where each side stands.
    window_box = window.frameGeometry()
    for key in ("vp", "losses"):
        plot = panel.plots[key]
        top_left = plot.mapToGlobal(plot.rect().topLeft())
        bottom_right = plot.mapToGlobal(plot.rect().bottomRight())
        assert window_box.contains(top_left) and window_box.contains(bottom_right), key
        assert plot.width() >= 220, (key, plot.width())
        viewport = plot.parentWidget().parentWidget()  # the scroll area's viewport
        seen = viewport.rect().translated(viewport.mapToGlobal(viewport.rect().topLeft()))
        assert seen.contains(bottom_right), (key, seen, bottom_right)
    assert "After turn 2 of" in panel.note.text()
    for side in session.game.sides_in_play:
        label = panel.total_labels[side][0]
        assert label.isVisible() and label.text() != ""
    # Scrolled with the wheel, as a person does, the supply chart and its key come up.
    scroll = panel.scroll
    centre = scroll.viewport().rect().center()
    x.wheel(*on_screen(scroll.viewport(), centre.x(), centre.y()), -6)
    wait_until(lambda: scroll.verticalScrollBar().value() > 0, what="the charts scrolled")
    settle_input(0.3)
    shots(window, "game-statistics-supply")
    supply = panel.plots["supply"]
    shown = scroll.viewport().rect()
    top = supply.mapTo(scroll.viewport(), supply.rect().topLeft())
    assert shown.contains(top), (shown, top)  # its title is in view
