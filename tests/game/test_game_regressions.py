"""Bugs found by playing the samples through the game window as a player would, each pinned
by the gesture that showed it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QTextEdit,
)

from editor.game.session import GameSession
from editor.game.window import GameWindow
from engine.actions import Move
from engine.game import Game
from engine.outcome import Outcome
from engine.state import Modifier
from schemas.io import load_file

from .conftest import HANG
from .window_texts import leaks

SAMPLES = Path(__file__).resolve().parents[2] / "sample_scenarios"


@pytest.fixture(scope="module")
def north_africa():
    scenario = load_file(SAMPLES / "north-africa.json").scenario
    assert scenario is not None
    return scenario


def _window(qtbot, session: GameSession, stem: str = "regression") -> GameWindow:
    """A game window on ``session``, its AI paused: the test moves the game on itself."""
    session.set_paused(True)
    window = GameWindow(session, stem=stem)
    qtbot.addWidget(window)
    window.show()
    session.start()
    return window


def _drive(session: GameSession, until: Callable[[Game], bool], limit: int = 5000) -> None:
    """Play through the session as its players would (people's choices made by the AI's
    rules, given with ``apply``; the AI's in one batch up to the next person's decision, as
    the fastest speed shows them) until ``until(game)``."""
    for _ in range(limit):
        if until(session.game):
            return
        if session.human_to_act() is not None:
            assert session.apply(session.ai.choose(session.game))
        else:
            session.run_ai_until_human()
    raise AssertionError("the moment never came")


# -- fog of war ------------------------------------------------------------------------------------


def _next_decision(session: GameSession, side: str) -> None:
    """Make the decision ``side`` has now, and play on to its next one."""
    assert session.apply(session.ai.choose(session.game))
    _drive(session, lambda g: g.to_act() == side)


def test_a_battle_story_stops_naming_enemies_once_their_reveal_ends(qtbot, state_dir, north_africa):
    """North Africa, the Allies against the AI, after the Axis attack on Agedabia: while a
    reveal (a search, a reconnaissance card) showed the attackers in full, the battle story
    named them, rightly; when the reveal ended, it went on naming them (it was written again
    only when the battle logged something new), and so told where the hidden stacks were."""
    session = GameSession.new(north_africa, {"axis": "ai", "allies": "human"}, seed=2)
    window = _window(qtbot, session)
    game = session.game
    _drive(session, lambda g: g.state.battle is not None)
    fighters = list(game.state.battle["attackers"])
    _drive(session, lambda g: g.state.battle is None and g.to_act() == "allies")
    window.docks["battle"].raise_()
    story = window.panels["battle"].log
    assert "Brescia Division" not in story.toPlainText()  # hidden: "Enemy fire"
    reveal = Modifier("recce", "allies", {"kind": "examine"}, fighters, until="end_of_turn")
    game.state.modifiers.append(reveal)
    _next_decision(session, "allies")
    window.docks["battle"].raise_()
    assert "Brescia Division" in story.toPlainText()  # seen in full: named
    game.state.modifiers.remove(reveal)  # as its end does
    _next_decision(session, "allies")
    window.docks["battle"].raise_()
    assert "Brescia Division" not in story.toPlainText()
    assert "2nd Armoured Division" in story.toPlainText()  # one's own units stay named
    assert leaks(window, game, "allies") == []


# -- words -----------------------------------------------------------------------------------------


def test_the_story_of_a_lost_battle_speaks_to_the_player_in_good_english(
    qtbot, state_dir, north_africa
):
    """North Africa, the Allies against the AI, the Battle tab after Agedabia: it said "You
    withdraws from the battle." and "Axis took Agedabia from You." twice (the region, then
    its town of the same name)."""
    session = GameSession.new(north_africa, {"axis": "ai", "allies": "human"}, seed=2)
    window = _window(qtbot, session)
    _drive(session, lambda g: g.state.battle is None and g.phase == "sieges")
    window.docks["battle"].raise_()
    lines = window.panels["battle"].log.toPlainText().splitlines()
    assert "You withdraw from the battle." in lines
    assert "Axis took Agedabia from you." in lines
    assert lines.count("Axis took Agedabia from you.") == 1
    assert any(line.startswith("Axis took the ") and "of Agedabia" in line for line in lines)
    assert not [line for line in lines if " You" in line or "You withdraws" in line]


# -- the window's size -----------------------------------------------------------------------------


@pytest.mark.parametrize("stem", ["vessa-crossing", "winter-war", "mexican-war"])
def test_a_1024_by_700_window_fits_with_the_ai_controls_in_view(qtbot, state_dir, stem):
    """Resized to 1024 by 700 (a small laptop), the window stayed 1091 to 1179 pixels wide
    (the top bar's texts could not give way), cut its button's reason at both ends, and
    squeezed the AI's speed, Pause and Step into a "»" menu."""
    scenario = load_file(SAMPLES / f"{stem}.json").scenario
    first, second = (s.id for s in scenario.sides if not s.neutral)
    session = GameSession.new(scenario, {first: "ai", second: "human"}, seed=1)
    window = _window(qtbot, session)
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: window.width() == 1024)
    assert window.minimumSizeHint().width() <= 1024
    for widget in (window.speed_box, window.ai_toolbar.widgetForAction(window.step_action)):
        assert widget.isVisible()
        right = widget.mapTo(window, widget.rect().topRight()).x()
        assert right <= 1024
    bar = window.top_bar
    assert bar.clock.text().startswith("Turn 1 of ")  # whole in the text and the tooltip,
    assert bar.clock.toolTip() == bar.clock.text()  # however little of it is painted
    assert bar.next_button.width() >= 150


# -- loading saves ---------------------------------------------------------------------------------


def _refusal(qtbot, monkeypatch, window: GameWindow, path: Path) -> str:
    """Game > Load on ``path``: the warning's text (the game goes on)."""
    warned: list[str] = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(path), ""))
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: warned.append(a[2]))
    assert not window.load_game()
    (text,) = warned
    assert "Traceback" not in text and "Error" not in text  # no exception's class names
    return text


def test_loading_a_save_of_another_scenario_names_both_scenarios(
    qtbot, state_dir, sample, north_africa, tmp_path, monkeypatch
):
    """Game > Load in North Africa of a Vessa save said "the save belongs to another scenario
    (or another version of it)" without saying which."""
    path = tmp_path / "vessa.json"
    GameSession.new(sample, {"dravan": "human", "arvel": "ai"}, seed=1).save(path)
    window = _window(qtbot, GameSession.new(north_africa, {"axis": "human"}, seed=1))
    text = _refusal(qtbot, monkeypatch, window, path)
    assert "another scenario, 'Crossing the Vessa', not of 'Desert War, 1941-42'" in text


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ('{"game": {}}', "not a saved game of Salient: it holds no game"),
        ('{"game": {"turn": 3}, "players": 3}', "not a saved game of Salient: it holds no game"),
        ('{"game": {"format": 99}}', "another version of Salient (save format 99"),
        (
            '{"game": {"form',
            "cut short: it cannot be read: unterminated string starting at (line 1, column 11)",
        ),
        ("", "cannot be read: expecting value (line 1, column 1)"),
        ('{"game": ' * 100_000, "nested too deeply"),
        ('{"game": {"format": 1, "format": 2}}', "key 'format' appears more than once"),
        ('{"game": ' + "9" * 5000 + "}", "number of 5000 digits"),
    ],
)
def test_loading_a_broken_save_says_what_is_wrong_in_words(
    qtbot, state_dir, sample, tmp_path, monkeypatch, content, says
):
    """Game > Load of damaged files said "unknown save format None." or named Python's
    exceptions ("JSONDecodeError: Expecting value...")."""
    path = tmp_path / "broken.json"
    path.write_text(content)
    window = _window(qtbot, GameSession.new(sample, {"dravan": "human"}, seed=1))
    session = window.session
    text = _refusal(qtbot, monkeypatch, window, path)
    assert says in text and "broken.json" in text
    assert window.session is session


# -- the end of the game ---------------------------------------------------------------------------


def _played(
    scenario, players: dict[str, str], seed: int, until: Callable[[Game], bool], limit: int = 5000
) -> dict[int, bytes]:
    """The game played without a window until ``until(game)``: a save of each turn's first
    decision on the way. Most of these tests' time is the window redrawn after each action;
    a test starts its window at the turn the moment comes in and plays that turn through it."""
    session = GameSession.new(scenario, players, seed=seed)
    session.set_paused(True)
    starts: dict[int, bytes] = {}

    def at(game: Game) -> bool:
        starts.setdefault(game.turn, session.save_bytes())
        return until(game)

    _drive(session, at, limit)
    return starts


def _resumed(qtbot, scenario, save: bytes) -> tuple[GameWindow, GameSession]:
    session = GameSession.from_save(scenario, json.loads(save))
    return _window(qtbot, session), session


@pytest.fixture(scope="module")
def vessa_to_the_end(qapp, sample) -> dict[int, bytes]:
    """Vessa, Dravan against the AI (seed 3), played once for the module to its end."""
    return _played(
        sample, {"dravan": "human", "arvel": "ai"}, 3, lambda g: g.outcome() is not None, 20_000
    )


def _play_to_the_end(qtbot, sample, tmp_path, starts: dict[int, bytes]) -> tuple[GameWindow, Path]:
    """That game's last turn played through a window to its end screen; a save of turn 2
    kept."""
    saved = tmp_path / "turn-2.json"
    saved.write_bytes(starts[2])
    window, session = _resumed(qtbot, sample, starts[max(starts)])
    assert session.game.turn > 2 and session.game.outcome() is None
    _drive(session, lambda g: g.outcome() is not None, limit=20_000)
    qtbot.waitUntil(lambda: window.end_screen is not None and window.end_screen.isVisible())
    return window, saved


def test_after_show_the_map_the_result_can_be_shown_again_and_the_ai_rests(
    qtbot, state_dir, sample, tmp_path, monkeypatch, vessa_to_the_end
):
    """At the end of a game, "Show the map" closed the end screen for good (nothing brought
    it back); Pause, Step and the speeds stayed enabled in the AI menu with no AI left to
    play; and a save loaded afterwards kept the AI's toolbar greyed out."""
    window, saved = _play_to_the_end(qtbot, sample, tmp_path, vessa_to_the_end)
    screen = window.end_screen
    for action in (window.pause_action, window.step_action, *window.speed_actions.values()):
        assert not action.isEnabled()
    assert not window.speed_box.isEnabled()
    qtbot.mouseClick(screen.findChild(QPushButton, "show-map"), Qt.MouseButton.LeftButton)
    assert not screen.isVisible()
    assert window.result_action.isEnabled()
    window.result_action.trigger()
    assert window.end_screen is screen and screen.isVisible()
    screen.close()
    button = window.top_bar.next_button  # the top bar's button, too
    assert button.isEnabled() and button.text() == "Show the result ▸"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert screen.isVisible()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(saved), ""))
    assert window.load_game()
    assert window.end_screen is None and not window.result_action.isEnabled()
    assert window.ai_toolbar.isEnabled() and window.pause_action.isEnabled()
    assert window.speed_box.isEnabled()


def test_the_last_turns_summary_names_the_places_held_at_the_end(
    qtbot, state_dir, sample, tmp_path, vessa_to_the_end
):
    """The turn summary after the last turn said "You gained 2 VP (holds kessel at the end)":
    the region's id, not its name."""
    window, _ = _play_to_the_end(qtbot, sample, tmp_path, vessa_to_the_end)
    window.end_screen.close()
    window.docks["summary"].raise_()
    summary = window.panels["summary"]
    texts = [w.text() for w in summary.findChildren(QLabel)] + [
        w.toPlainText() for w in summary.findChildren(QTextEdit)
    ]
    held = [line for text in texts for line in text.splitlines() if "at the end" in line]
    assert held, texts
    assert all("holds Kessel at the end" in line for line in held)


def test_a_game_ended_by_a_card_names_the_card_on_the_end_screen(qtbot, sample):
    """An event or card that ends the game was shown by its id: "Ended by some-card-id"."""
    from editor.game.endgame import EndGameScreen

    card = sample.cards[0]
    outcome = Outcome.from_json(
        {
            "winner": "dravan",
            "reason": f"ended by {card.id}",
            "turns_played": 4,
            "vp": {"dravan": 3, "arvel": 1},
        }
    )
    screen = EndGameScreen(sample, outcome, [], ["dravan", "arvel"])
    qtbot.addWidget(screen)
    assert screen.reason.text() == f"Ended by {card.name} — 4 turns played."


# -- speed -----------------------------------------------------------------------------------------


def test_a_move_asks_the_engine_for_the_legal_actions_once(qtbot, state_dir, monkeypatch):
    """Winter War, Finland moving: each move took 0.25 to 0.36 s to show, more than half of
    it in working out the legal actions again for the map and again for the panels."""
    scenario = load_file(SAMPLES / "winter-war.json").scenario
    session = GameSession.new(scenario, {"finland": "human", "ussr": "ai"}, seed=2)
    window = _window(qtbot, session)
    game = session.game
    _drive(session, lambda g: g.phase == "land_movement" and g.to_act() == "finland")
    _drive(session, lambda g: isinstance(session.ai.choose(g), Move))
    move = session.ai.choose(game)
    session.select(move.stack)
    QApplication.processEvents()
    asked = []
    work = game.legal_actions
    monkeypatch.setattr(game, "legal_actions", lambda: asked.append(1) or work())
    assert session.apply(move)
    QApplication.processEvents()
    assert window.map_view.legal_actions() == window.panels["stack"].legal()
    assert len(asked) == 1


# -- hot seat --------------------------------------------------------------------------------------


def test_the_hand_over_screen_does_not_show_the_last_players_move_message(qtbot, state_dir, sample):
    """Hot seat: Dravan moved a stack ("Moved to ..." in the status bar) and ended the
    phase; the cover for Arvel went on showing where Dravan had just moved."""
    session = GameSession.new(sample, {"dravan": "human", "arvel": "human"}, seed=3)
    window = _window(qtbot, session)
    status = window.statusBar()
    _drive(session, lambda g: g.phase == "land_movement" and g.to_act() == "dravan")
    _drive(session, lambda g: isinstance(session.ai.choose(g), Move))
    move = session.ai.choose(session.game)
    window.show_message(f"Moved to {move.path[-1]}")  # as the map says after a drag
    _drive(session, lambda g: g.to_act() == "arvel")
    assert window.centre.currentWidget() is window.handover_screen
    assert status.currentMessage() == ""


# -- the AI's controls -----------------------------------------------------------------------------


def test_step_is_enabled_only_while_the_ai_is_to_act(qtbot, state_dir, sample):
    """Against the AI, with the person to act, Step (N) stayed enabled and did nothing."""
    session = GameSession.new(sample, {"dravan": "human", "arvel": "ai"}, seed=1)
    window = _window(qtbot, session)  # paused
    assert session.human_to_act() == "dravan"
    assert not window.step_action.isEnabled()
    _drive(session, lambda g: g.to_act() == "arvel")
    assert window.step_action.isEnabled()
    before = len(session.game.log)
    window.step_action.trigger()
    assert len(session.game.log) > before
    _drive(session, lambda g: g.to_act() == "dravan")
    assert not window.step_action.isEnabled()


# -- panels ----------------------------------------------------------------------------------------


def test_a_selected_stack_in_a_small_window_scrolls_rather_than_cutting_its_hint(qtbot, state_dir):
    """Mexican War at 1024 by 700, a United States stack selected in the battles phase: the
    stack dock cut "Nothing to do with this stack now: ..." in half at its bottom edge."""
    scenario = load_file(SAMPLES / "mexican-war.json").scenario
    session = GameSession.new(scenario, {"usa": "human", "mexico": "ai"}, seed=4)
    window = _window(qtbot, session)
    window.resize(1024, 700)
    _drive(session, lambda g: g.phase == "battles" and g.to_act() == "usa")
    ours = next(s for s in session.game.state.stacks.values() if s.side == "usa")
    session.select(ours.id)
    panel = window.panels["stack"]
    hint = panel.idle_hint
    qtbot.waitUntil(lambda: hint.isVisible() and "Nothing to do" in hint.text())
    QApplication.processEvents()
    assert hint.height() >= hint.heightForWidth(hint.width())  # every line of it
    scroll = hint.parentWidget()
    while not isinstance(scroll, QScrollArea):
        scroll = scroll.parentWidget()
    inner = scroll.widget()
    assert hint.mapTo(inner, QPoint(0, hint.height())).y() <= inner.height()
    assert scroll.verticalScrollBar().maximum() > 0  # the dock is short: it scrolls


# -- tension ---------------------------------------------------------------------------------------


def _without_threshold(sample):
    tension = sample.tension.model_copy(update={"threshold": None})
    return sample.model_copy(update={"tension": tension})


def test_a_tension_index_without_a_threshold_reads_without_none(qtbot, state_dir, sample):
    """A scenario whose index never ends the game (threshold null): the top bar read
    "Outcry of the Powers: 2 / None" and its tooltip "At None, ... wins."."""
    scenario = _without_threshold(sample)
    window = _window(qtbot, GameSession.new(scenario, {"dravan": "human"}, seed=1))
    tension = window.top_bar.tension
    assert tension.text() == "Outcry of the Powers: 2"
    assert "None" not in tension.toolTip() and "<br>At " not in tension.toolTip()


def test_the_end_screen_of_a_game_with_a_tension_index_without_a_threshold(qtbot, sample):
    """The end screen of such a game raised TypeError (None + 1) drawing the tension chart,
    so the game ended on no screen at all."""
    from editor.game.endgame import EndGameScreen
    from engine.runner import play

    scenario = _without_threshold(sample)
    game = play(scenario, 3).game
    screen = EndGameScreen(scenario, game.outcome(), game.log.records, game.sides_in_play)
    qtbot.addWidget(screen)
    assert "tension" in screen.plots
    low, high = screen.plots["tension"].getPlotItem().viewRange()[1]
    assert low < min(screen.series.tension) and high > max(screen.series.tension)


def test_the_vp_chart_shows_a_side_that_fell_below_zero(qtbot, sample):
    """A side that lost more places than it took ended below 0 VP, under the chart's
    bottom edge (the range began at 0)."""
    from editor.game.endgame import EndGameScreen

    records = [
        {"type": "vp", "turn": 1, "side_id": "dravan", "change": -3, "total": -3},
        {"type": "vp", "turn": 2, "side_id": "arvel", "change": 2, "total": 2},
    ]
    outcome = Outcome.from_json(
        {"winner": "arvel", "reason": "the last turn is over", "turns_played": 2}
    )
    screen = EndGameScreen(sample, outcome, records, ["dravan", "arvel"])
    qtbot.addWidget(screen)
    low, high = screen.plots["vp"].getPlotItem().viewRange()[1]
    assert low < -3 and high > 2


# -- the start dialog ------------------------------------------------------------------------------


def test_the_start_dialog_says_what_the_offered_save_holds(qtbot, state_dir, sample, tmp_path):
    """Play after leaving a game: the dialog offered ".../last-closed.json" with nothing to
    say which game, which turn or how old it was; a wrong path said nothing until Start."""
    from editor.game.launch import start_dialog
    from editor.game.saved_games import autosave_folder
    from editor.game.window_saves import save_on_leaving

    session = GameSession.new(
        sample, {"dravan": "human"}, seed=1, autosave_dir=autosave_folder("vessa-crossing")
    )
    _drive(session, lambda g: g.turn == 3)
    save_on_leaving(session)
    dialog = start_dialog(sample, "vessa-crossing")
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.save_path.text().endswith("last-closed.json")
    info = dialog.save_info
    assert info.isVisible()
    assert info.text().startswith("A game of Crossing the Vessa at turn 3, saved ")
    dialog.save_path.setText(str(tmp_path / "nowhere.json"))
    assert info.text() == "No such file."
    (tmp_path / "junk.json").write_text("[1, 2]")
    dialog.save_path.setText(str(tmp_path / "junk.json"))
    assert info.text() == "Not a saved game of Salient, or a damaged one."
    dialog.save_path.clear()
    assert not info.isVisible()


def test_a_refused_move_names_the_places_in_the_status_bar(qtbot, state_dir, north_africa):
    """North Africa, the Axis moving a stack where no connection leads: the status bar said
    "no connection leads from 'el-agheila' to 'cairo'", ids instead of names."""
    session = GameSession.new(north_africa, {"axis": "human", "allies": "ai"}, seed=2)
    window = _window(qtbot, session)
    _drive(session, lambda g: g.phase == "land_movement" and g.to_act() == "axis")
    stack = next(s for s in session.game.state.stacks.values() if s.region == "el-agheila")
    assert not session.apply(Move(stack.id, ("cairo",)))
    assert window.statusBar().currentMessage() == (
        "no connection leads from 'El Agheila' to 'Cairo'"
    )


def test_the_end_screen_fits_a_1024_by_700_window(qtbot, state_dir, sample, vessa_to_the_end):
    """At the end of a game in a 1024 by 700 window, the end screen opened 1040 by 660, wider
    than the screen, its Close button out of reach."""
    window, session = _resumed(qtbot, sample, vessa_to_the_end[max(vessa_to_the_end)])
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: window.width() == 1024)
    _drive(session, lambda g: g.outcome() is not None, limit=20_000)
    qtbot.waitUntil(lambda: window.end_screen is not None and window.end_screen.isVisible())
    screen = window.end_screen
    assert screen.width() <= 1024 and screen.height() <= 700
    assert screen.leave_button.isVisible()


def test_an_event_choice_names_the_reinforcements_it_offers(qtbot, state_dir):
    """Winter War, Finland's events phase of turn 4, "Mannerheim's Last Reserve": the two
    options read "Bring in reinforcement reserve-isthmus." and "... reserve-north."."""
    scenario = load_file(SAMPLES / "winter-war.json").scenario

    def choice(game: Game) -> bool:
        return bool(game.state.pending) and game.state.pending[0]["kind"] == "choice"

    starts = _played(scenario, {"finland": "human", "ussr": "ai"}, 6, choice)
    assert max(starts) == 4
    window, session = _resumed(qtbot, scenario, starts[4])
    assert not choice(session.game)
    _drive(session, choice)
    window.docks["decisions"].raise_()
    QApplication.processEvents()
    texts = [label.text() for label in window.panels["decisions"].findChildren(QLabel)]
    assert not [t for t in texts if "reserve-isthmus" in t or "reserve-north" in t]
    assert any("Mannerheim sends his last regiments to the Isthmus" in t for t in texts)


def test_a_breakthrough_to_choose_raises_the_battle_tab(qtbot, state_dir):
    """Mexican War, Mexico winning a battle with a breakthrough to choose: the window raised
    the Decisions tab, which said "Nothing to decide right now." (the choice is in the Battle
    tab)."""
    scenario = load_file(SAMPLES / "mexican-war.json").scenario
    session = GameSession.new(scenario, {"usa": "ai", "mexico": "human"}, seed=6)
    window = _window(qtbot, session)

    def breakthrough(game: Game) -> bool:
        pending = game.state.pending
        return bool(pending) and pending[0]["kind"] == "breakthrough" and game.to_act() == "mexico"

    _drive(session, breakthrough)
    QApplication.processEvents()
    on_top = [name for name, dock in window.docks.items() if not dock.visibleRegion().isEmpty()]
    assert on_top == ["stack", "battle"]  # tabbed docks: the others have no room on screen
    assert window.panels["battle"].breakthrough.isVisible()


def test_a_save_edited_by_hand_with_unknown_players_or_speed_still_plays(
    qtbot, state_dir, sample, tmp_path, monkeypatch
):
    """A save whose players said "god" for Dravan and whose speed said "warp": loaded, nobody
    played Dravan (the game stood still for ever) and the AI's timer raised KeyError."""
    path = tmp_path / "edited.json"
    GameSession.new(sample, {"dravan": "ai", "arvel": "human"}, seed=1).save(path)
    data = json.loads(path.read_text())
    data.update(players={"dravan": "god", "arvel": "human"}, speed="warp")
    path.write_text(json.dumps(data))
    window = _window(qtbot, GameSession.new(sample, {"arvel": "human"}, seed=1))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(path), ""))
    assert window.load_game()
    session = window.session
    assert session.players == {"dravan": "ai", "arvel": "human"}
    assert session.speed == "normal" and window.speed_box.currentData() == "normal"
    window.set_speed("fastest")
    qtbot.waitUntil(lambda: session.human_to_act() == "arvel", timeout=HANG)


def test_a_closed_battle_dock_comes_back_when_a_battle_needs_the_player(
    qtbot, state_dir, north_africa
):
    """With the Battle dock closed (its title bar's X), the Axis attack on Agedabia opened a
    card window of the Allies' with nowhere to answer it: the top bar said the battle must
    be fought, and the window raised a dock that was not there."""
    session = GameSession.new(north_africa, {"axis": "ai", "allies": "human"}, seed=2)
    window = _window(qtbot, session)
    window.docks["battle"].close()
    assert window.docks["battle"].isHidden()
    _drive(session, lambda g: g.state.battle is not None and g.to_act() == "allies")
    QApplication.processEvents()
    assert not window.docks["battle"].isHidden()
    panel = window.panels["battle"]
    assert panel.continue_button.isVisible()
    # Before the first round: said "morale not set", as if something had been forgotten.
    texts = [label.text() for label in panel.findChildren(QLabel)]
    assert any("morale: from round 1" in text for text in texts)
    assert not any("not set" in text for text in texts)


def test_a_turn_that_cannot_be_autosaved_is_reported_and_the_game_goes_on(
    qtbot, sample, tmp_path
) -> None:
    # The autosave folder's place is taken by a file: saving fails at every new turn.
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    session = GameSession.new(sample, {"dravan": "ai", "arvel": "ai"}, seed=1)
    session.autosave_dir = blocked / "autosave"
    refusals: list[str] = []
    session.failed.connect(refusals.append)
    session.run_ai_until_human(limit=400)
    assert session.game.turn >= 2
    assert refusals and "was not autosaved" in refusals[0] and str(blocked) in refusals[0]
