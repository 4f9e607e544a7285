"""Game autosave (issue 16, items 5, 10 and 11): the game is saved after every person's
action and at every change of phase, privately, in a folder named safely; a game killed
with SIGKILL continues from its last action; a damaged save is refused naming its place."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from editor.game.saved_games import autosave_folder, load_session, newest_save
from editor.game.session import LATEST_SAVE, GameSession
from editor.game.start_dialog import StartError, describe_save
from engine.game import Game

ROOT = Path(__file__).resolve().parents[2]
HUMAN = "dravan"
PLAYERS = {HUMAN: "human", "arvel": "ai"}


def _session(sample, folder: Path | None) -> GameSession:
    return GameSession.new(sample, PLAYERS, seed=4, autosave_dir=folder)


def _latest(folder: Path) -> dict:
    return json.loads((folder / LATEST_SAVE).read_text())


def _to_person(session: GameSession) -> None:
    """Let the AI play until the person must act."""
    while session.human_to_act() is None and not session.over:
        session.run_ai_until_human()


def test_every_action_of_a_person_is_saved_before_the_view_hears_of_it(state_dir, sample):
    folder = autosave_folder("vessa-crossing")
    session = _session(sample, folder)
    seen: list[int] = []
    session.changed.connect(lambda: seen.append(len(_latest(folder)["game"]["log"])))
    _to_person(session)
    for _ in range(12):
        _to_person(session)
        before = len(session.game.log)
        assert session.apply(session.ai.choose(session.game))
        assert len(session.game.log) > before
        # The save holds the action just made: a crash now loses nothing.
        assert _latest(folder)["game"] == json.loads(json.dumps(session.game.save()))
    assert seen and seen[-1] == len(session.game.log)


def test_the_ai_s_play_is_saved_at_every_change_of_phase(state_dir, sample):
    folder = autosave_folder("vessa-crossing")
    session = GameSession.new(sample, {HUMAN: "ai", "arvel": "ai"}, seed=2, autosave_dir=folder)
    phases: set[tuple[int, int, int]] = set()
    saved: set[tuple[int, int, int]] = set()
    for _ in range(300):
        game = session.game
        session.step()
        state = game.state
        phases.add((state.turn, state.side_index, state.phase_index))
        kept = _latest(folder)["game"]["state"]
        saved.add((kept["turn"], kept["side_index"], kept["phase_index"]))
        if game.turn >= 2:
            break
    assert len(phases) > 5 and phases == saved  # every phase reached was saved on arrival
    assert (folder / "turn-002.json").exists()


def test_autosaves_are_private_and_named_safely(state_dir, sample):
    folder = autosave_folder("..")  # the stem of a file called "...json"
    assert folder.parent == state_dir / "autosave" and folder.name not in ("..", ".", "")
    session = _session(sample, folder)
    _to_person(session)
    assert session.apply(session.ai.choose(session.game))
    for level in (state_dir, state_dir / "autosave", folder):
        assert stat.S_IMODE(level.stat().st_mode) == 0o700, level
    for written in folder.iterdir():
        assert stat.S_IMODE(written.stat().st_mode) == 0o600, written
    assert {p.name for p in state_dir.iterdir()} <= {"autosave", "studio.ini"}


KILLED_GAME = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from editor.shared.app import application
    from editor.game.saved_games import autosave_folder
    from editor.game.session import GameSession
    from schemas.io import load_file

    app = application()
    scenario = load_file(Path(sys.argv[1])).scenario
    session = GameSession.new(
        scenario, {"dravan": "human", "arvel": "ai"}, seed=4,
        autosave_dir=autosave_folder("vessa-crossing"),
    )
    people = 0
    while people < int(sys.argv[2]):
        if session.human_to_act() is not None:
            assert session.apply(session.ai.choose(session.game))
            people += 1
        else:
            session.run_ai_until_human()
    print(len(session.game.log), flush=True)
    sys.stdin.readline()  # killed here, in the middle of a turn
    """
)


def test_a_game_killed_mid_turn_continues_from_its_last_action(state_dir, sample, tmp_path):
    """A kill mid-turn lost 3 and 17 actions: now the newest autosave holds every action
    made, and the game goes on from it."""
    script = tmp_path / "game.py"
    script.write_text(KILLED_GAME)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "SALIENT_STATE_DIR": str(state_dir)}
    with subprocess.Popen(
        [sys.executable, str(script), str(ROOT / "sample_scenarios" / "vessa-crossing.json"), "9"],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as child:
        assert child.stdout is not None
        made = int(child.stdout.readline())
        child.kill()  # SIGKILL
        child.wait(timeout=60)
    assert child.returncode == -9
    folder = autosave_folder("vessa-crossing")
    newest = newest_save(folder)
    assert newest is not None and newest.name == LATEST_SAVE
    session = load_session(sample, newest, folder)
    assert len(session.game.log) == made
    # The same game, played the same way here, agrees with what was saved.
    again = _session(sample, None)
    people = 0
    while people < 9:
        if again.human_to_act() is not None:
            assert again.apply(again.ai.choose(again.game))
            people += 1
        else:
            again.run_ai_until_human()
    assert session.game.log.records == again.game.log.records
    # And it plays on.
    session.start()
    _to_person(session)
    assert session.apply(session.ai.choose(session.game))
    assert "turn" in describe_save(newest)


@pytest.mark.parametrize(
    ("change", "place"),
    [
        (lambda data: data["game"]["state"].update(turn="3"), "/game/state/turn"),
        (lambda data: data["game"]["state"].update(phase_index=99), "/game/state/phase_index"),
        (lambda data: data["game"].update(fog="yes"), "/game/fog"),
    ],
)
def test_a_damaged_save_is_refused_naming_the_place(state_dir, sample, tmp_path, change, place):
    path = tmp_path / "damaged.json"
    session = _session(sample, None)
    _to_person(session)
    data = session.save_data()
    change(data)
    path.write_text(json.dumps(data))
    with pytest.raises(StartError) as refused:
        load_session(sample, path, None)
    text = str(refused.value)
    assert f"damaged at {place}" in text and "damaged.json" in text


def test_a_pipe_offered_as_a_save_is_refused_at_once(state_dir, sample, tmp_path):
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    with pytest.raises(StartError, match="not a regular file"):
        load_session(sample, fifo, None)
    assert describe_save(fifo) == "Not a saved game of Salient, or a damaged one."


def test_a_save_nested_too_deeply_is_described_as_damaged(state_dir, tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text('{"game": ' * 100_000)
    assert describe_save(deep) == "Not a saved game of Salient, or a damaged one."


def test_game_save_keeps_a_digest_worked_out_once(sample):
    game = Game(sample, 1)
    assert game.save()["scenario_digest"] == game.digest
    assert "digest" in vars(game)  # cached: every autosave would write the scenario out
