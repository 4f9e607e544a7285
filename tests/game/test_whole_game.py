"""Whole games of the bundled sample through the game window.

One side is played by a :class:`ScriptedPlayer` with the mouse on the real widgets, the
other by the session's AI on its timer at the fastest speed, to the end-of-game screen. The
same games check the fog of war on every text of the window, and that the game view and
the headless engine (``salient play --headless``) make the same event log from the same seed
and actions.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.cli import main
from editor.game.saved_games import autosave_folder
from editor.game.session import GameSession
from editor.game.window import GameWindow
from engine import decisions
from engine.actions import Action
from engine.game import Game

from .conftest import HANG, SAMPLE
from .scripted_player import ScriptedPlayer
from .window_texts import leaks, secrets, widget_texts

SEED = 3
HUMAN = "dravan"
LEFT = Qt.MouseButton.LeftButton
GESTURES = {"select", "drag", "fight", "continue", "card", "place", "next-phase"}
"""Every kind of UI action the issue lists; each must happen at least once."""


def _window(qtbot, session: GameSession) -> GameWindow:
    window = GameWindow(session, stem="vessa-crossing")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.set_speed("fastest")  # as the AI list of the top bar does
    session.start()
    return window


def _play_out(qtbot, window: GameWindow, player: ScriptedPlayer | None, check=None) -> None:
    """Play to the end: the scripted side when it must act, else wait for the AI."""
    session = window.session
    assert session is not None
    while not session.over:
        if player is not None and session.human_to_act() == player.side:
            if check is not None:
                check()
            player.act()
        else:
            # AI against AI plays the whole game in this wait: generous on a busy machine.
            qtbot.waitUntil(
                lambda: session.over or session.human_to_act() is not None, timeout=HANG
            )
    qtbot.waitUntil(
        lambda: window.end_screen is not None and window.end_screen.isVisible(), timeout=HANG
    )


def _replayed(scenario, seed: int, actions: list[dict], people: list[str]) -> Game:
    """The same actions applied by the engine alone, as the headless runner does (the sides
    ``people`` played chose their retreats, as in the window)."""
    game = Game(scenario, seed)
    decisions.let_choose(game, people)
    for data in actions:
        game.apply(Action.from_json(data))
    return game


@pytest.mark.slow
def test_a_whole_game_played_through_the_window_against_the_ai(qtbot, state_dir, sample):
    session = GameSession.new(
        sample, {HUMAN: "human", "arvel": "ai"}, seed=SEED, autosave_dir=autosave_folder("t")
    )
    window = _window(qtbot, session)
    player = ScriptedPlayer(qtbot, window, HUMAN)
    fog_checks: list[tuple] = []
    phases: set[tuple] = set()

    def check() -> None:
        """The fog of war, at each new phase and in every battle the person fights."""
        game = session.game
        moment = (game.turn, game.phase, game.state.battle is not None)
        if moment in phases:
            return
        phases.add(moment)
        found = leaks(window, game, HUMAN)
        assert not found, found[:5]
        fog_checks.append(moment)

    _play_out(qtbot, window, player, check)

    missing = GESTURES - set(player.done)
    assert not missing, f"never done through the widgets: {missing} ({dict(player.done)})"
    assert player.refusals == []
    outcome = session.game.outcome()
    assert outcome is not None and outcome["turns_played"] == 10
    screen = window.end_screen
    assert screen is not None
    winner = next((s.name for s in sample.sides if s.id == outcome["winner"]), None)
    assert screen.headline.text() == (f"{winner} wins" if winner else screen.headline.text())
    assert not leaks(window, session.game, HUMAN)  # the end screen too
    assert len(fog_checks) > 50
    assert len(list(autosave_folder("t").glob("turn-*.json"))) == 9

    # The same actions through the engine alone make the same log.
    replay = _replayed(sample, SEED, list(session.actions_taken()), [HUMAN])
    assert replay.log.jsonl() == session.game.log.jsonl()


@pytest.mark.slow
def test_no_text_of_the_window_names_a_unit_hidden_from_the_person(qtbot, state_dir, sample):
    """The other side this time, checked at each step of its decisions, and while the AI
    plays (the map follows the AI's moves as they come)."""
    session = GameSession.new(sample, {"dravan": "ai", "arvel": "human"}, seed=SEED + 1)
    window = _window(qtbot, session)
    player = ScriptedPlayer(qtbot, window, "arvel")
    checked: list[int] = []
    during_ai: list[str] = []
    ai_checks = []

    def check_while_the_ai_plays() -> None:
        # A slot must not raise (Qt would swallow it): note, and assert at the end.
        game = session.game
        if session.human_to_act() is None and len(game.log) // 20 not in ai_checks:
            ai_checks.append(len(game.log) // 20)
            during_ai.extend(leaks(window, game, "arvel"))

    session.changed.connect(check_while_the_ai_plays)
    moments: set[tuple] = set()

    def check() -> None:
        """At each new phase, and at each step of every battle."""
        game = session.game
        battle = game.state.battle or {}
        moment = (game.turn, game.phase, battle.get("rounds"), battle.get("card_window"))
        if moment in moments:
            return
        moments.add(moment)
        if secrets(game, "arvel"):
            checked.append(len(game.log))
        found = leaks(window, game, "arvel")
        assert not found, found[:5]

    _play_out(qtbot, window, player, check)
    assert len(checked) > 60 and len(ai_checks) > 10
    assert not during_ai, during_ai[:5]
    assert not leaks(window, session.game, "arvel")
    # The check itself sees what it is looking for.
    hidden = sorted(secrets(session.game, "arvel"))
    assert hidden
    window.show_message(f"the {hidden[0]} is here")
    assert leaks(window, session.game, "arvel")


def test_hot_seat_covers_the_window_between_the_two_people(qtbot, state_dir, sample):
    """Two people at one computer: at each hand-over nothing on screen tells either of them
    what the other's units and cards are, until the next one presses the button."""
    session = GameSession.new(sample, {"dravan": "human", "arvel": "human"}, seed=SEED)
    window = _window(qtbot, session)
    players = {side: ScriptedPlayer(qtbot, window, side) for side in ("dravan", "arvel")}
    cover = window.handover_screen
    handovers = 0
    while session.game.turn <= 2:
        side = session.human_to_act()
        assert side is not None
        if window.centre.currentWidget() is cover:
            handovers += 1
            game = session.game
            other = next(s for s in players if s != side)
            for viewer in players:
                found = leaks(window, game, viewer, visible=True)
                assert not found, found[:5]
            theirs = {game.world.cards[c].name for c in game.state.sides[other].hand}
            theirs -= {game.world.cards[c].name for c in game.state.sides[side].hand}
            shown = [text for _, text in widget_texts(window, visible=True)]
            assert not [n for n in theirs for text in shown if n in text]
            assert next(s.name for s in sample.sides if s.id == side) in cover.button.text()
            assert not window.top_bar.next_button.isEnabled()  # nothing done behind the cover
            qtbot.mouseClick(cover.button, LEFT)
            assert window.centre.currentWidget() is window.map_view
            assert all(dock.widget().isEnabled() for dock in window.docks.values())
            # The new person's view: the map and the top bar (everything they may read)...
            for part in (window.map_view, window.top_bar):
                found = leaks(part, game, side)
                assert not found, found[:5]
            # ... and the panels, as far as they are on screen (a battle fought by the other
            # person must not stay named in the battle panel's story).
            for dock in window.docks.values():
                found = leaks(dock, game, side, visible=True)
                assert not found, found[:5]
        players[side].act()
    assert handovers >= 4


def test_the_game_view_and_salient_play_headless_make_the_same_log(
    qtbot, state_dir, sample, tmp_path: Path, capsys
):
    # AI against AI in the window, at the fastest speed on the session's timer...
    session = GameSession.new(sample, {"dravan": "ai", "arvel": "ai"}, seed=SEED)
    window = _window(qtbot, session)
    _play_out(qtbot, window, None)
    # ... and in `salient play --headless` with the same seed.
    log = tmp_path / "headless.jsonl"
    assert main(["play", str(SAMPLE), "--headless", "--seed", str(SEED), "--log", str(log)]) == 0
    headless = log.read_text("utf-8")
    assert headless == session.game.log.jsonl()
    assert json.loads(headless.splitlines()[-1])["type"] == "game_over"
