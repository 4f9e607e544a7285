"""The game window and its parts: start dialog, top bar, end of game, saving and loading,
autosave, AI controls, hot seat, Play from the studio and ``salient play --screenshot``."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from editor.game.endgame import EndGameScreen, series_from_log
from editor.game.launch import (
    autosave_folder,
    default_options,
    make_session,
    start_dialog,
)
from editor.game.panels.cover import cover_of
from editor.game.session import GameSession
from editor.game.start_dialog import StartOptions
from editor.game.topbar import BLOCKED, TopBar
from editor.game.window import GameWindow
from editor.studio.play import StudioPlay
from engine.actions import EndPhase
from engine.ai import BaselineAI
from engine.runner import play
from schemas.io import dumps

from .conftest import HANG, SAMPLE

LEFT = Qt.MouseButton.LeftButton
HUMAN_DRAVAN = {"dravan": "human", "arvel": "ai"}


def _session(sample, players=None, **options) -> GameSession:
    return GameSession.new(sample, players or HUMAN_DRAVAN, seed=1, **options)


def _play_until(session: GameSession, done, limit: int = 5000) -> None:
    """Let the AI make every decision (people's too) until ``done(game)``."""
    ai, game = BaselineAI(), session.game
    for _ in range(limit):
        if done(game):
            return
        game.apply(ai.choose(game))
    raise AssertionError("the condition never came")


# -- the start dialog ------------------------------------------------------------------------------


def test_the_start_dialog_offers_the_last_seed_of_the_scenario_else_1(qtbot, state_dir, sample):
    first = default_options(sample, "vessa-crossing")
    assert first.seed == 1
    assert first.players == HUMAN_DRAVAN
    assert first.fog is sample.rules.fog.enabled
    make_session(sample, StartOptions({"dravan": "ai", "arvel": "human"}, seed=7), "vessa-crossing")
    again = default_options(sample, "vessa-crossing")
    assert (again.seed, again.players) == (7, {"dravan": "ai", "arvel": "human"})
    assert default_options(sample, "another-scenario").seed == 1


def test_the_start_dialog_makes_the_game_it_shows(qtbot, state_dir, sample):
    dialog = start_dialog(sample, "vessa-crossing")
    qtbot.addWidget(dialog)
    dialog.player_boxes["arvel"].setCurrentIndex(0)  # two people: hot seat
    assert "Hot seat" in dialog.mode.text()
    dialog.seed.setValue(12)
    dialog.fog.setChecked(False)
    qtbot.mouseClick(dialog.start_button, LEFT)
    session = dialog.session
    assert session is not None and dialog.result() == dialog.DialogCode.Accepted
    assert session.players == {"dravan": "human", "arvel": "human"}
    assert (session.game.seed, session.game.fog) == (12, False)
    assert session.autosave_dir == autosave_folder("vessa-crossing")


@pytest.mark.parametrize("content", ["not json at all", '{"game": 3}', "[1, 2]", None])
def test_a_bad_save_file_is_named_in_the_dialog_which_stays_open(
    qtbot, state_dir, sample, tmp_path, content
):
    path = tmp_path / "broken-save.json"
    if content is not None:
        path.write_text(content)
    dialog = start_dialog(sample, "vessa-crossing")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.save_path, str(path))
    assert dialog.from_save.isChecked()
    qtbot.mouseClick(dialog.start_button, LEFT)
    assert dialog.isVisible() and dialog.session is None
    assert dialog.error.isVisible() and "broken-save.json" in dialog.error.text()
    assert "Traceback" not in dialog.error.text()


def test_a_save_of_another_scenario_is_refused_by_name(qtbot, state_dir, sample, tmp_path):
    other = sample.model_copy(update={"info": sample.info.model_copy(update={"title": "Other"})})
    path = tmp_path / "other.json"
    _session(other).save(path)
    dialog = start_dialog(sample, "vessa-crossing")
    qtbot.addWidget(dialog)
    dialog.save_path.setText(str(path))
    dialog.from_save.setChecked(True)
    dialog.accept()
    assert dialog.session is None
    assert "other.json" in dialog.error.text() and "another scenario" in dialog.error.text()


def test_a_save_continues_with_the_players_chosen_in_the_dialog(qtbot, state_dir, sample, tmp_path):
    session = _session(sample)
    _play_until(session, lambda game: game.turn == 2)
    path = tmp_path / "turn2.json"
    session.save(path)
    dialog = start_dialog(sample, "vessa-crossing")
    qtbot.addWidget(dialog)
    dialog.player_boxes["dravan"].setCurrentIndex(1)
    dialog.save_path.setText(str(path))
    dialog.from_save.setChecked(True)
    assert not dialog.seed.isEnabled()
    dialog.accept()
    loaded = dialog.session
    assert loaded is not None
    assert loaded.players == {"dravan": "ai", "arvel": "ai"}
    assert loaded.game.log.records == session.game.log.records


# -- the top bar -----------------------------------------------------------------------------------


def test_the_top_bar_shows_sides_tension_clock_and_phase(qtbot, sample):
    session = _session(sample)
    bar = TopBar(session)
    qtbot.addWidget(bar)
    assert set(bar.chips) == {"dravan", "arvel"}
    assert bar.chips["dravan"].vp.text() == "0 VP"
    assert bar.tension.text() == "Outcry of the Powers: 2 / 10"
    assert bar.clock.text() == "Turn 1 of 10 · 5 Oct 1936"
    assert bar.phase.text().startswith("Events (1/")
    tip = bar.phase.toolTip()
    assert "<b>▸ Events</b>" in tip and "Land movement" in tip and "Dravan Republic" in tip
    assert bar.to_act.text() == "Dravan Republic to act (you)"
    assert bar.next_button.isEnabled() and "Cards" in bar.next_button.text()


def test_the_next_phase_button_ends_the_phase(qtbot, sample):
    session = _session(sample)
    bar = TopBar(session)
    qtbot.addWidget(bar)
    with qtbot.waitSignal(session.changed):
        qtbot.mouseClick(bar.next_button, LEFT)
    assert session.game.phase == "cards"
    assert bar.phase.text().startswith("Cards")
    actions = [r["action"] for r in session.game.log.records if r["type"] == "action"]
    assert actions == [EndPhase().to_json()]


def test_the_next_phase_button_says_what_blocks_the_phase(qtbot, sample):
    session = _session(sample, {"dravan": "human", "arvel": "human"})
    bar = TopBar(session)
    qtbot.addWidget(bar)

    def battles_waiting(game) -> bool:
        return game.phase == "battles" and game.state.battle is None and game.blocking() is not None

    _play_until(session, battles_waiting)
    # Hot seat: the engine was played behind the session's back; the person now to act says
    # they are at the computer (until then the button waits for them, as tested below).
    bar.refresh()
    assert not bar.next_button.isEnabled() and bar.next_button.text() == "Next phase"
    cover_of(session).reveal(session.game.to_act())
    button = bar.next_button
    assert not button.isEnabled()
    assert button.text() == BLOCKED
    assert "cannot end yet" in button.toolTip()
    region = session.game.handler().blocking(session.game).split(": ")[1].split(", ")[0]
    name = next(r.name for r in sample.regions if r.id == region)
    assert name in button.toolTip()  # places by name, not by id
    # The reason in full beside the button (in words, on two lines at most, and its tooltip).
    status = bar.to_act
    assert status.warning and "battle" in status.text() and name in status.text()
    assert status.toolTip() == status.text()


def test_the_next_phase_button_waits_while_the_ai_plays(qtbot, sample):
    session = _session(sample, {"dravan": "ai", "arvel": "human"})
    session.set_paused(True)
    bar = TopBar(session)
    qtbot.addWidget(bar)
    assert not bar.next_button.isEnabled()
    assert bar.to_act.text() == "Dravan Republic (AI) is playing (paused)"


# -- the end of the game ---------------------------------------------------------------------------


def test_the_charts_follow_the_log_and_agree_with_the_engines_totals(sample):
    game = play(sample, 3).game
    stats = game.state.stats
    series = series_from_log(game.log.records, sample, game.sides_in_play)
    assert series.turns == list(range(11))
    # The engine takes its totals when a game turn ends, before the end-of-game holdings
    # are scored; the chart's last point includes them, as the final result does.
    for turn, vp in enumerate(stats["vp_by_turn"][:-1], start=1):
        for side in game.sides_in_play:
            assert series.vp[side][turn] == vp[side]
    for side in game.sides_in_play:
        assert series.vp[side][-1] == game.outcome()["vp"][side]
    for turn, lost in enumerate(stats["losses_by_turn"], start=1):
        for side in game.sides_in_play:
            assert sum(series.losses[side][: turn + 1]) == lost[side]
    assert series.tension is not None and series.tension[-1] == game.state.tension


def test_the_end_of_game_screen_shows_the_result_vp_and_charts(qtbot, sample):
    game = play(sample, 1).game
    outcome = game.outcome()
    left = []
    screen = EndGameScreen(
        sample,
        outcome,
        game.log.records,
        game.sides_in_play,
        humans=["dravan"],
        leave=("Back to the studio", lambda: left.append(True)),
    )
    qtbot.addWidget(screen)
    screen.show()
    winner = next(s.name for s in sample.sides if s.id == outcome["winner"])
    assert screen.headline.text() == f"{winner} wins"
    for side in game.sides_in_play:
        vp, lost = screen.score_rows[side]
        assert vp.text() == str(outcome["vp"][side])
        assert lost.text() == str(game.state.stats["losses"][side])
    assert set(screen.plots) == {"vp", "losses", "tension"}
    for key in ("vp", "losses"):
        items = screen.plots[key].getPlotItem().listDataItems() or screen.plots[key].items()
        assert len(items) >= 2
    qtbot.mouseClick(screen.leave_button, LEFT)
    assert left == [True] and not screen.isVisible()


# -- Play from the studio --------------------------------------------------------------------------


@pytest.fixture
def studio(qtbot, state_dir, tmp_path):
    """The studio on a copy of the sample; closed without prompts afterwards."""
    from editor.shared.app import settle
    from editor.studio.window import StudioWindow

    path = tmp_path / "vessa-crossing.json"
    shutil.copy(SAMPLE, path)
    window = StudioWindow(autosave_ms=3_600_000)
    assert window.files.open_path(path, ask=False)
    window.show()
    settle(window)
    yield window
    player = window.findChild(StudioPlay, "studio-play")
    if player is not None and player.game_window is not None:
        player.game_window.close()
    window.files.discard_session()
    window.close()
    window.deleteLater()


def _press_play(qtbot, studio) -> StudioPlay:
    """F5 on the studio; the start dialog is open (not modal-waiting: the test answers)."""
    qtbot.keyClick(studio, Qt.Key.Key_F5)
    player = studio.findChild(StudioPlay, "studio-play")
    assert player is not None
    return player


def _start(qtbot, player: StudioPlay) -> GameWindow:
    dialog = player.dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.mouseClick(dialog.start_button, LEFT)
    window = player.game_window
    assert window is not None and window.isVisible()
    return window


def test_play_opens_the_start_dialog_then_the_game(qtbot, studio):
    # How fast (the budget of a second) is measured by benchmarks/game.py.
    document = studio.document
    before = (dumps(document.scenario), document.undo_stack.count(), document.modified)
    player = _press_play(qtbot, studio)
    window = _start(qtbot, player)
    qtbot.waitExposed(window)
    session = window.session
    assert session is not None and session.game.phase == session.game.phases_of(1)[0]
    assert window.top_bar.phase.text().startswith("Events")
    # The game plays on its own copy: the document is untouched by the game...
    session.set_players(dict.fromkeys(session.players, "ai"))
    session.run_ai_until_human(limit=200)
    assert session.game.turn >= 1 and len(session.game.log) > 100
    assert (dumps(document.scenario), document.undo_stack.count(), document.modified) == before
    # ... and the game by edits made meanwhile.
    region = document.scenario.regions[0]
    document.set_field("regions", region.id, ["name"], "Renamed while playing")
    assert session.game.world.regions[region.id].name == region.name
    assert session.game.scenario.regions[0].name == region.name


def test_back_to_the_studio_and_play_again_replays_the_opening(qtbot, studio):
    document = studio.document
    player = _press_play(qtbot, studio)
    player.dialog.seed.setValue(5)
    first = _start(qtbot, player)
    opening = list(first.session.game.log.records)
    assert first.leave_action.text() == "&Back to the studio"
    first.leave_action.trigger()
    assert not first.isVisible() and player.game_window is None
    assert studio.isVisible()
    document.set_field("regions", document.scenario.regions[0].id, ["name"], "Edited")
    player = _press_play(qtbot, studio)
    assert player.dialog.seed.value() == 5  # remembered
    again = _start(qtbot, player)
    records = again.session.game.log.records
    assert len(opening) > 3 and records[: len(opening)] == opening
    assert again.session.game.scenario.regions[0].name == "Edited"
    assert not document.undo_stack.isClean()  # only the designer's edit


def test_closing_the_studio_closes_the_game_it_started(qtbot, studio):
    player = _press_play(qtbot, studio)
    window = _start(qtbot, player)
    studio.files.discard_session()  # nothing to ask about: the test closes the studio
    studio.close()
    assert not window.isVisible() and player.game_window is None
    assert not studio.isVisible()  # the game leaving does not bring the studio back


def test_play_is_refused_while_the_scenario_has_errors(qtbot, studio, monkeypatch):
    document = studio.document
    document.set_field("units", document.scenario.units[0].id, ["type"], "no-such-type")
    asked = []

    def question(parent, title, text, *args):
        asked.append((title, text))
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", question)
    player = _press_play(qtbot, studio)
    assert player.dialog is None and player.game_window is None
    ((title, text),) = asked
    assert title == "Cannot play yet" and "1 error;" in text
    assert studio.docks["issues"].isVisible()


# -- the window: saving, loading, leaving, the AI's controls ---------------------------------------


def _game_window(qtbot, session: GameSession) -> GameWindow:
    window = GameWindow(session, stem="vessa-crossing")
    qtbot.addWidget(window)
    window.show()
    session.start()
    return window


def test_save_and_load_from_the_window_continue_the_same_game(
    qtbot, state_dir, sample, tmp_path, monkeypatch
):
    session = _session(sample, autosave_dir=autosave_folder("vessa-crossing"))
    window = _game_window(qtbot, session)
    _play_until(session, lambda game: game.turn == 2 and game.phase == "land_movement")
    target = tmp_path / "mine"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    assert window.save_game()
    saved = target.with_suffix(".json")
    assert saved.exists() and "Saved the game" in window.statusBar().currentMessage()
    records = list(session.game.log.records)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(saved), ""))
    assert window.load_game()
    loaded = window.session
    assert loaded is not session and loaded.game.log.records == records
    assert window.top_bar.session is loaded and window.map_view.session is loaded
    # A broken file is refused by name, and the game goes on.
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    warned = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(broken), ""))
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: warned.append(a[2]))
    assert not window.load_game()
    assert window.session is loaded and "broken.json" in warned[0]
    # Leaving before the end keeps the game for the start dialog to offer.
    window.close()
    offered = start_dialog(sample, "vessa-crossing")
    qtbot.addWidget(offered)
    assert offered.save_path.text().endswith("last-closed.json")


def test_the_ai_controls_pause_step_and_set_the_speed(qtbot, state_dir, sample):
    session = _session(sample, {"dravan": "ai", "arvel": "human"})
    window = _game_window(qtbot, session)
    assert window.ai_toolbar.isVisible()
    window.pause_action.trigger()
    assert session.paused and "paused" in window.top_bar.to_act.text()
    before = len(session.game.log)
    window.step_action.trigger()
    assert len(session.game.log) > before and session.paused
    window.speed_box.setCurrentIndex(window.speed_box.findData("fastest"))
    window.speed_box.activated.emit(window.speed_box.currentIndex())
    assert session.speed == "fastest" and window.speed_actions["fastest"].isChecked()
    window.pause_action.trigger()
    qtbot.waitUntil(lambda: session.human_to_act() == "arvel", timeout=HANG)
    hidden = _session(sample, {"dravan": "human", "arvel": "human"})
    window.set_session(hidden)
    qtbot.waitUntil(lambda: not window.ai_toolbar.isVisible())  # no AI, no AI controls


def test_the_start_dialog_chooses_the_ai_level_and_remembers_it(qtbot, state_dir, sample):
    """Issue 12: the level is picked in the start dialog, plays the AI's sides, is saved with
    the game and offered again next time."""
    dialog = start_dialog(sample, "vessa-crossing")
    qtbot.addWidget(dialog)
    levels_offered = [dialog.ai_level.itemData(i) for i in range(dialog.ai_level.count())]
    assert {"easy", "normal", "hard"} <= set(levels_offered)
    assert dialog.ai_level.currentData() == "baseline"
    dialog.ai_level.setCurrentIndex(dialog.ai_level.findData("hard"))
    qtbot.mouseClick(dialog.start_button, LEFT)
    session = dialog.session
    assert session is not None and session.ai_level == "hard"
    from engine.ai import levels

    assert session.ai.style == levels.HARD  # the level's own player, not the default one
    assert session.save_data()["ai_level"] == "hard"
    assert default_options(sample, "vessa-crossing").ai_level == "hard"
    # Every side a person's: nothing for the AI to play, nothing to choose.
    again = start_dialog(sample, "vessa-crossing")
    qtbot.addWidget(again)
    for box in again.player_boxes.values():
        box.setCurrentIndex(0)
    assert not again.ai_level.isEnabled()


def test_a_saved_game_keeps_its_ai_level_and_an_unknown_one_is_the_default(sample):
    session = GameSession.new(sample, HUMAN_DRAVAN, seed=3, ai_level="normal")
    data = session.save_data()
    assert GameSession.from_save(sample, data).ai_level == "normal"
    data["ai_level"] = "grandmaster"
    assert GameSession.from_save(sample, data).ai_level == "baseline"
