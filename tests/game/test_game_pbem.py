"""Game > Play by e-mail in the game view (P1): opening the opponent's turn file replays
their sitting under the player's fog of war, then the player's sitting is written as the
next file, which the engine verifies and which matches the same game played headless."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from editor.game import pbem as view_pbem
from editor.game.session import GameSession
from editor.game.window import GameWindow
from engine.ai import BaselineAI
from engine.pbem import ai_sitting, load, start, verify
from engine.pbem.turnfile import read

from .conftest import HANG

SEED = 5


def _first_file(sample, folder: Path) -> Path:
    pbem, _ = start(sample, "vessa-crossing", folder, seed=SEED, game_id="view")
    ai_sitting(pbem)
    return pbem.write_turn()


def _window(qtbot, sample) -> GameWindow:
    session = GameSession.new(sample, {"dravan": "ai", "arvel": "ai"}, seed=1)
    session.set_paused(True)
    window = GameWindow(session, stem="vessa-crossing")
    qtbot.addWidget(window)
    return window


def test_p1_opening_a_turn_file_replays_it_then_writes_the_next(qtbot, state_dir, sample, tmp_path):
    first = _first_file(sample, tmp_path)
    assert read(first)[0].next == "arvel"
    window = _window(qtbot, sample)
    assert view_pbem.open_turn_file(window, first)
    session = window.session
    assert session is not None and session.players == {"arvel": "human", "dravan": "ai"}
    controller = window.pbem
    assert isinstance(controller, view_pbem.PbemController)
    # The opponent's sitting is played back through the session, under arvel's view.
    assert session.viewer == "arvel"
    session.set_speed("fastest")
    qtbot.waitUntil(lambda: controller.state.script.done, timeout=HANG)
    qtbot.waitUntil(lambda: session.game.to_act() == "arvel", timeout=HANG)
    assert controller.sitting and "your sitting as arvel" in controller.label.text()
    headless = load(first, sample, side="arvel")
    assert session.game.log.digest() == headless.game.log.digest()
    # Arvel plays the sitting (the AI's choices, made as the person's actions).
    ai = BaselineAI()
    while controller.state.written is None:
        assert session.apply(ai.choose(session.game))
    written = controller.state.written
    assert written.name == "vessa-crossing_view_arvel_002.salient-turn"
    assert "send it to the player of dravan" in controller.label.text()
    assert verify(written, sample).files == 2
    ai_sitting(headless)
    assert read(written)[0].log_digest == headless.game.log.digest()
    assert session.paused  # the AI does not go on for the opponent


def test_p1_a_file_for_the_other_side_is_refused_with_its_name(
    qtbot, state_dir, sample, tmp_path, monkeypatch
):
    first = _first_file(sample, tmp_path)
    window = _window(qtbot, sample)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    # This player plays dravan in game "view": arvel's file is not theirs to open.
    view_pbem._remember_side("view", "dravan")
    assert not view_pbem.open_turn_file(window, first)
    assert shown and first.name in shown[0] and "addressed to arvel, not to dravan" in shown[0]
    assert window.pbem is None


def test_p1_starting_by_email_plays_the_first_sitting_and_writes_file_1(
    qtbot, state_dir, sample, tmp_path
):
    window = _window(qtbot, sample)
    assert view_pbem.start_by_email(window, tmp_path, "dravan", seed=SEED)
    session = window.session
    controller = window.pbem
    assert session is not None and isinstance(controller, view_pbem.PbemController)
    ai = BaselineAI()
    while controller.state.written is None:
        assert session.apply(ai.choose(session.game))
    written = controller.state.written
    assert read(written)[0].number == 1 and read(written)[0].next == "arvel"
    assert verify(written, sample).files == 1
