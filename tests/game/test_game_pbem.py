"""Game > Play by e-mail in the game view (P1): opening the opponent's turn file replays
their sitting under the player's fog of war, then the player's sitting is written as the
next file, which the engine verifies and which matches the same game played headless."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from editor.game import pbem as view_pbem
from editor.game.session import GameSession
from editor.game.window import GameWindow
from engine.actions import Action
from engine.ai import BaselineAI
from engine.game import Game
from engine.pbem import ai_sitting, load, start, verify
from engine.pbem.turnfile import read

from .conftest import HANG

SEED = 5


def _first_file(sample, folder: Path) -> Path:
    pbem, _ = start(sample, "vessa-crossing", folder, seed=SEED, game_id="view")
    ai_sitting(pbem)
    return pbem.write_turn()


def _play_sitting(qtbot, session, controller) -> Path:
    """The person's sitting, with the AI's choices; the opponent's decisions that leave no
    choice are taken by the session's timer."""
    ai = BaselineAI()
    session.set_speed("fastest")
    while controller.state.written is None:
        qtbot.waitUntil(
            lambda: controller.state.written is not None or session.human_to_act() is not None,
            timeout=HANG,
        )
        if controller.state.written is None:
            assert session.apply(ai.choose(session.game))
    return controller.state.written


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
    written = _play_sitting(qtbot, session, controller)
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
    written = _play_sitting(qtbot, session, controller)
    assert read(written)[0].number == 1 and read(written)[0].next == "arvel"
    assert verify(written, sample).files == 1


def test_p1_a_sitting_with_battles_replays_in_the_view_and_the_next_file_matches(
    qtbot, state_dir, sample, tmp_path
):
    """P1: a file whose sitting holds battles, with the opener's own decisions that left no
    choice taken in it, replays in the view to the same game as the engine's, and the
    player's sitting written from the view is the headless one."""
    path = _first_file(sample, tmp_path)
    game = Game(sample, SEED)
    while True:
        turn = read(path)[0]
        for data in turn.actions:
            game.apply(Action.from_json(data))
        others = [r for r in turn.records if r["type"] == "action" and r["by"] != turn.side]
        if others and turn.next is not None:
            break
        pbem = load(path, sample, side=turn.next)
        ai_sitting(pbem)
        path = pbem.write_turn()
    window = _window(qtbot, sample)
    assert view_pbem.open_turn_file(window, path)
    session, controller = window.session, window.pbem
    assert session is not None and isinstance(controller, view_pbem.PbemController)
    assert session.viewer == turn.next
    session.set_speed("fastest")
    qtbot.waitUntil(lambda: controller.sitting, timeout=HANG)
    assert session.game.log.digest() == game.log.digest()
    written = _play_sitting(qtbot, session, controller)
    headless = load(path, sample, side=turn.next, latest=False)
    ai_sitting(headless)
    assert read(written)[0].log_digest == headless.game.log.digest()
    assert verify(written, sample).files == turn.number + 1


def test_p1_the_last_file_of_a_finished_game_opens_to_watch_the_end(
    qtbot, state_dir, sample, tmp_path
):
    path = _first_file(sample, tmp_path)
    while (nxt := read(path)[0].next) is not None:
        pbem = load(path, sample, side=nxt)
        ai_sitting(pbem)
        path = pbem.write_turn()
    window = _window(qtbot, sample)
    assert view_pbem.open_turn_file(window, path)
    session, controller = window.session, window.pbem
    assert session is not None and isinstance(controller, view_pbem.PbemController)
    session.set_speed("fastest")
    qtbot.waitUntil(lambda: session.over, timeout=HANG)
    assert controller.label.text() == "By e-mail: the game is over"
    assert not controller.sitting and controller.state.written is None
    if window.end_screen is not None:
        window.end_screen.close()


def test_p1_start_by_email_offers_the_sides_by_name_and_starts_the_chosen_id(
    qtbot, state_dir, sample, tmp_path, monkeypatch
):
    """The side question listed raw ids ("red", "arvel"); it lists the sides' names and
    starts the game for the id of the one picked."""
    from PySide6.QtWidgets import QFileDialog, QInputDialog

    window = _window(qtbot, sample)
    offered: list[list[str]] = []

    def pick(_parent, _title, _label, items, *_args):
        offered.append(list(items))
        return items[1], True

    started: list[str] = []
    monkeypatch.setattr(QInputDialog, "getItem", pick)
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *_a: str(tmp_path))
    monkeypatch.setattr(
        view_pbem, "start_by_email", lambda _w, _folder, side, seed=None: started.append(side)
    )
    view_pbem.ask_start(window)
    names = {s.id: s.name for s in sample.sides}
    in_play = Game(sample, 0, start=False).sides_in_play
    assert offered == [[names[s] for s in in_play]]
    assert started == [in_play[1]]
