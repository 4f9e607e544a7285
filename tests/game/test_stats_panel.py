"""The Statistics panel of the game window (issue 14): VP, units lost and supply charted per
turn during the game, redrawn as turns end, for an area (IGOUGO) game and a WEGO game; made
only once shown (pyqtgraph is not loaded on Play); the enemy's supply kept under the fog."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from editor.game.session import GameSession
from editor.game.window import GameWindow
from engine.ai import BaselineAI
from engine.turn_stats import turn_statistics
from tests.wego_scenarios import crossing_scenario

AI_ONLY = {"dravan": "ai", "arvel": "ai"}


def _play_until(session: GameSession, done, limit: int = 20_000) -> None:
    """Let the AI make every decision until ``done(game)``, then tell the view (the engine
    was played behind the session's back)."""
    ai, game = BaselineAI(), session.game
    for _ in range(limit):
        if done(game):
            session.changed.emit()
            return
        game.apply(ai.choose(game))
    raise AssertionError("the condition never came")


def _window(qtbot, session: GameSession) -> GameWindow:
    session.set_paused(True)
    window = GameWindow(session, stem="stats")
    qtbot.addWidget(window)
    window.show()
    return window


def _shown(qtbot, window: GameWindow, turns: int = 0):
    """Raise the Statistics tab (a panel the player's turn raised may cover it) and wait
    until it charts ``turns`` ended turns."""
    window.docks["stats"].raise_()
    panel = window.panels["stats"]
    qtbot.waitUntil(
        lambda: panel.series is not None and panel.series.turns[-1] == turns, timeout=10_000
    )
    return panel


def _line(panel, key: str, index: int = 0) -> tuple[list[float], list[float]]:
    item = panel.plots[key].getPlotItem().listDataItems()[index]
    x, y = item.getData()
    return list(x), list(y)


def _bars(panel, key: str) -> list[object]:
    import pyqtgraph as pg

    return [i for i in panel.plots[key].getPlotItem().items if isinstance(i, pg.BarGraphItem)]


def test_the_panel_is_made_when_first_shown_and_follows_the_turns(qtbot, state_dir, sample):
    session = GameSession.new(sample, AI_ONLY, seed=3)
    window = _window(qtbot, session)
    panel = window.panels["stats"]
    assert window.docks["stats"].windowTitle() == "Statistics"
    # Behind another tab (Qt moves such a dock off the window): no chart is made, since
    # pyqtgraph would cost the first Play 0.4 s.
    qtbot.wait(50)
    assert panel.visibleRegion().isEmpty() and panel.plots == {}
    panel = _shown(qtbot, window)
    assert set(panel.plots) == {"vp", "losses", "supply", "tension"}
    assert "Turn 1 of" in panel.note.text() and "under way" in panel.note.text()
    x, _ = _line(panel, "vp")
    assert x == [0]
    _play_until(session, lambda game: game.turn == 3)
    _shown(qtbot, window, 2)
    stats = turn_statistics(session.game.log.records, sample)
    assert [s.turn for s in stats] == [1, 2]
    assert "After turn 2 of" in panel.note.text()
    sides = list(session.game.sides_in_play)
    for index, side in enumerate(sides):
        x, y = _line(panel, "vp", index)
        assert x == [0, 1, 2]
        assert y[1:] == [stats[0].vp[side], stats[1].vp[side]]
        assert panel.findChild(type(panel.note), f"stats-{side}-2").text() == str(stats[1].vp[side])
        lost = panel.findChild(type(panel.note), f"stats-{side}-3").text()
        assert lost == str(stats[1].losses.get(side, 0))
    # One bar series per side; supply bars for the turns with a supply check.
    assert len(_bars(panel, "losses")) == len(sides)
    if any(s.supply for s in stats):
        assert _bars(panel, "supply")


def test_the_enemys_supply_stays_hidden_under_the_fog(qtbot, state_dir, sample):
    session = GameSession.new(sample, {"dravan": "human", "arvel": "ai"}, seed=3)
    assert session.game.fog
    window = _window(qtbot, session)
    panel = _shown(qtbot, window)
    _play_until(session, lambda game: game.turn == 3)
    _shown(qtbot, window, 2)
    assert panel.series is not None and panel.series.supply["arvel"]
    assert "enemy's supply stays hidden" in panel.note.text()
    colours = {s.id: QColor(s.color).rgb() for s in sample.sides}
    drawn = {QColor(bars.opts["brush"]).rgb() for bars in _bars(panel, "supply")}
    assert drawn and colours["dravan"] in drawn and colours["arvel"] not in drawn
    assert panel.findChild(type(panel.note), "stats-arvel-4").text() == "—"


@pytest.mark.parametrize("seed", [2])
def test_a_wego_game_is_charted_from_the_films_statistics(qtbot, state_dir, seed):
    scenario = crossing_scenario()
    session = GameSession.new(scenario, {"red": "ai", "blue": "ai"}, seed=seed)
    window = _window(qtbot, session)
    panel = _shown(qtbot, window)
    _play_until(session, lambda game: game.turn == 3)
    _shown(qtbot, window, 2)
    from engine.wego import film

    stats = film.statistics(session.game.log.records)
    assert [s.turn for s in stats] == [1, 2]
    for index, side in enumerate(session.game.sides_in_play):
        x, y = _line(panel, "vp", index)
        assert x == [0, 1, 2] and y[1:] == [s.vp[side] for s in stats]
    assert panel.series is not None
    assert panel.series.losses["red"][1:] == [
        stats[0].losses["red"],
        stats[1].losses["red"] - stats[0].losses["red"],
    ]
