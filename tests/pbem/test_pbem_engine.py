"""Play by e-mail (P1): turn files, their hash chain, the committed seed, and every refusal.

A game of the Vessa sample is played by the AI through turn files and compared with the same
game played in one process; then single files are tampered with (an action, a die roll, the
order, the game, the side) and each must be caught with a message naming the file and the
place in it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from engine.game import Game
from engine.pbem import (
    DamagedFile,
    NotYourTurn,
    OutOfOrder,
    Tampered,
    WrongGame,
    WrongScenario,
    WrongSide,
    ai_sitting,
    load,
    start,
    verify,
)
from engine.pbem.turnfile import read, to_bytes
from engine.runner import play
from schemas.io import load_file
from schemas.scenario import Scenario

SAMPLE = Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json"
SEED = 5


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    result = load_file(SAMPLE)
    assert result.scenario is not None
    return result.scenario


def play_files(scenario: Scenario, folder: Path, sittings: int, game_id: str = "g1") -> Path:
    """Play ``sittings`` sittings by the AI, each from the files alone (a fresh load), as two
    players exchanging files would; the last file written."""
    pbem, _ = start(scenario, "vessa-crossing", folder, seed=SEED, game_id=game_id)
    ai_sitting(pbem)
    path = pbem.write_turn()
    for _ in range(sittings - 1):
        side = read(path)[0].next
        if side is None:
            break
        pbem = load(path, scenario, side=side)
        ai_sitting(pbem)
        path = pbem.write_turn()
    return path


@pytest.fixture(scope="module")
def game_folder(tmp_path_factory: pytest.TempPathFactory, scenario: Scenario) -> Path:
    folder = tmp_path_factory.mktemp("pbem")
    play_files(scenario, folder, 6)
    return folder


def files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.salient-turn"), key=lambda p: p.name.rsplit("_", 1)[1])


def copy_game(game_folder: Path, tmp_path: Path, upto: int | None = None) -> list[Path]:
    out = []
    for path in files(game_folder)[:upto]:
        shutil.copy(path, tmp_path / path.name)
        out.append(tmp_path / path.name)
    return out


def edit(path: Path, change: object) -> None:
    """Change a file's content and write it back as canonical JSON (as a cheat would)."""
    data = json.loads(path.read_text())
    change(data)  # type: ignore[operator]
    turn = read(path)[0].model_validate(data)
    path.write_bytes(to_bytes(turn))


@pytest.fixture(scope="module")
def alone(scenario: Scenario) -> Game:
    """The game the AI plays in one process, without files."""
    return play(scenario, SEED).game


@pytest.fixture(scope="module")
def duel_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole game played to its end by two player processes, each opening only the files
    the other writes, each sitting loaded from the files alone (a fresh load). Played once for
    the tests that check it: each load replays every file before it, so a whole game through
    files takes a minute."""
    import multiprocessing

    from tests.pbem.players import player

    folder = tmp_path_factory.mktemp("duel")
    context = multiprocessing.get_context("spawn")
    processes = [
        context.Process(target=player, args=(str(SAMPLE), str(folder), side, starts, SEED))
        for side, starts in (("dravan", True), ("arvel", False))
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=1200)
        assert process.exitcode == 0
    return folder


@pytest.fixture(scope="module")
def duel_end(duel_folder: Path, scenario: Scenario) -> tuple[Path, Any, Any]:
    """The duel's last file, that file opened from the files alone, and its verification."""
    from tests.pbem.players import latest

    last = latest(duel_folder)
    assert last is not None
    return last, load(last, scenario, latest=False), verify(last, scenario)


def test_p1_files_replay_to_the_same_game_as_one_process(
    duel_folder: Path, duel_end: tuple[Path, Any, Any], alone: Game
) -> None:
    """P1: a whole game played sitting by sitting through turn files, each sitting loaded
    from the files alone, ends exactly as the same game played in one process."""
    last, pbem, verified = duel_end
    names = [p.name for p in files(duel_folder)]
    assert last.name == names[-1]
    assert pbem.game.outcome() is not None
    assert pbem.game.outcome() == alone.outcome()
    assert pbem.game.log.digest() == alone.log.digest()
    assert names[0] == "vessa-crossing_duel_dravan_001.salient-turn"
    assert len(names) == len(pbem.files) > 10
    assert verified.next is None


def test_p1_file_holds_chain_commitment_and_not_the_seed_later(game_folder: Path) -> None:
    """P1: file 1 publishes the seed and its commitment; each later file repeats the
    commitment and hashes every earlier file."""
    paths = files(game_folder)
    first = read(paths[0])[0]
    assert first.seed == SEED and first.number == 1 and first.chain == []
    for number, path in enumerate(paths[1:], 2):
        turn = read(path)[0]
        assert turn.seed is None and turn.seed_commitment == first.seed_commitment
        assert len(turn.chain) == number - 1
    assert json.loads(paths[0].read_text())["records"][0]["type"] == "game_start"


def test_p1_opening_replays_the_opponents_sitting(game_folder: Path, scenario: Scenario) -> None:
    path = files(game_folder)[2]
    turn = read(path)[0]
    pbem = load(path, scenario, side=turn.next, latest=False)
    records = pbem.opponent_records()
    actions = [r["action"] for r in records if r["type"] == "action"]
    assert actions == turn.actions
    assert pbem.sitting_side == turn.next


def test_p1_tampered_action_is_named(game_folder: Path, scenario: Scenario, tmp_path: Path) -> None:
    """P1: an action changed in a file (without touching its records) is caught at that
    action."""
    last = copy_game(game_folder, tmp_path, 3)[-1]
    turn = read(last)[0]
    index = next(i for i, a in enumerate(turn.actions) if a["kind"] == "move")

    def change(data: dict) -> None:
        data["actions"][index]["path"] = [*data["actions"][index]["path"][:1], "nowhere"]

    edit(last, change)
    with pytest.raises(Tampered) as caught:
        verify(last, scenario)
    assert caught.value.path == last
    assert f"file 3, turn {turn.turn}, action {index + 1} 'move'" in str(caught.value)
    assert last.name in str(caught.value)


def _roll_file(paths: list[Path]) -> tuple[Path, int, str]:
    for path in paths:
        for position, record in enumerate(read(path)[0].records):
            for key in ("roll", "rolls"):
                if key in record:
                    return path, position, key
    raise AssertionError("no die roll in the files")


def test_p1_tampered_die_roll_is_named(
    game_folder: Path, scenario: Scenario, tmp_path: Path
) -> None:
    """P1: a die roll changed in a file's records does not match the committed seed's."""
    paths = copy_game(game_folder, tmp_path)
    path, position, key = _roll_file(paths)
    number = read(path)[0].number
    for later in paths[number:]:
        later.unlink()  # the roll is in the latest file: the chain alone cannot catch it

    def change(data: dict) -> None:
        record = data["records"][position]
        value = record[key]
        record[key] = (value + 1) % 6 if isinstance(value, int) else [(v + 1) % 6 for v in value]

    edit(path, change)
    with pytest.raises(Tampered) as caught:
        verify(path, scenario)
    message = str(caught.value)
    assert caught.value.path == path and path.name in message
    assert f"file {number}" in message and "die roll" in message and key in message


def test_p1_changed_earlier_file_breaks_the_chain(
    game_folder: Path, scenario: Scenario, tmp_path: Path
) -> None:
    paths = copy_game(game_folder, tmp_path)
    edit(paths[1], lambda data: data["actions"].append({"kind": "end_phase"}))
    with pytest.raises(Tampered) as caught:
        verify(paths[-1], scenario)
    assert caught.value.path == paths[1]
    assert caught.value.where == "file 2" and "chain" in str(caught.value)


def test_p1_file_out_of_order_is_refused(
    game_folder: Path, scenario: Scenario, tmp_path: Path
) -> None:
    paths = copy_game(game_folder, tmp_path, 4)
    turn = read(paths[1])[0]
    with pytest.raises(OutOfOrder) as caught:
        load(paths[1], scenario, side=turn.next)
    assert paths[1].name in str(caught.value) and "file 4" in str(caught.value)
    paths[2].unlink()
    with pytest.raises(OutOfOrder) as missing:
        load(paths[3], scenario)
    assert "file 3" in str(missing.value) and "missing" in str(missing.value)


def test_p1_file_of_another_game_is_refused(
    game_folder: Path, scenario: Scenario, tmp_path: Path
) -> None:
    paths = copy_game(game_folder, tmp_path, 2)
    with pytest.raises(WrongGame) as caught:
        load(paths[1], scenario, game_id="other")
    assert "game 'g1'" in str(caught.value) and paths[1].name in str(caught.value)
    # A file of another game slipped in under this game's name.
    other = tmp_path / "other"
    other.mkdir()
    play_files(scenario, other, 2, game_id="g2")
    stranger = files(other)[1]
    shutil.copy(stranger, paths[1])
    with pytest.raises(OutOfOrder) as renamed:
        load(paths[1], scenario)
    assert "g2" in str(renamed.value)


def test_p1_file_for_the_other_side_is_refused(
    game_folder: Path, scenario: Scenario, tmp_path: Path
) -> None:
    paths = copy_game(game_folder, tmp_path, 2)
    turn = read(paths[1])[0]
    assert turn.next is not None
    wrong = next(s for s in ("dravan", "arvel") if s != turn.next)
    with pytest.raises(WrongSide) as caught:
        load(paths[1], scenario, side=wrong)
    message = str(caught.value)
    assert paths[1].name in message and "file 2" in message and f"not to {wrong}" in message


def test_p1_file_written_by_the_wrong_side_is_caught(
    game_folder: Path, scenario: Scenario, tmp_path: Path
) -> None:
    paths = copy_game(game_folder, tmp_path, 2)
    edit(paths[1], lambda data: data.update(side="dravan" if data["side"] == "arvel" else "arvel"))
    with pytest.raises(WrongSide) as caught:
        verify(paths[1], scenario)
    assert "file 2" in str(caught.value)


def test_p1_another_scenario_is_refused(game_folder: Path, scenario: Scenario) -> None:
    changed = scenario.model_copy(deep=True)
    changed.info.title = "Another title"
    with pytest.raises(WrongScenario) as caught:
        load(files(game_folder)[0], changed, latest=False)
    assert "scenario digest" in str(caught.value)


def test_p1_damaged_file_is_refused_clearly(game_folder: Path, tmp_path: Path) -> None:
    path = tmp_path / files(game_folder)[0].name
    path.write_text('{"format": "salient-turn", "version": 1, "game": 3}')
    with pytest.raises(DamagedFile) as caught:
        read(path)
    assert path.name in str(caught.value) and "/game" in str(caught.value)


def test_p1_unfinished_sitting_is_not_written(scenario: Scenario, tmp_path: Path) -> None:
    pbem, _ = start(scenario, "vessa-crossing", tmp_path, seed=SEED, game_id="g1")
    pbem.apply(pbem.game.legal_actions()[0])
    with pytest.raises(NotYourTurn):
        pbem.write_turn()
    assert list(tmp_path.iterdir()) == []


def test_p1_starter_of_the_second_side_sends_an_opening_file(
    scenario: Scenario, tmp_path: Path
) -> None:
    first = Game(scenario, SEED).to_act()
    other = next(s for s in ("dravan", "arvel") if s != first)
    pbem, _ = start(scenario, "vessa-crossing", tmp_path, side=other, seed=SEED, game_id="g1")
    path = pbem.write_turn()
    turn = read(path)[0]
    assert turn.actions == [] and turn.side == other and turn.next == first
    opened = load(path, scenario, side=first)
    assert opened.sitting_side == first


def test_p1_two_processes_exchanging_files_reach_the_one_process_outcome(
    duel_folder: Path, duel_end: tuple[Path, Any, Any], alone: Game
) -> None:
    """P1: two player processes, each opening only the files the other writes, play the
    sample to its end; the game is the one the same AI plays in one process."""
    _, pbem, verified = duel_end
    assert verified.next is None
    assert pbem.game.outcome() == alone.outcome()
    assert pbem.game.log.digest() == alone.log.digest()
    sides = {read(p)[0].side for p in files(duel_folder)}
    assert sides == {"dravan", "arvel"}


def test_p1_forced_decisions_of_the_other_side_stay_in_the_sitting(
    game_folder: Path, scenario: Scenario
) -> None:
    """P1: a battle round the defender can only continue is taken in the attacker's sitting
    (no exchange of files for it); every sitting ends on a real choice of the other side."""
    game = Game(scenario, SEED)
    for path in files(game_folder):
        turn = read(path)[0]
        for data in turn.actions:
            from engine.actions import Action

            if game.to_act() != turn.side:
                assert len(game.legal_actions()) == 1
            game.apply(Action.from_json(data))
        if turn.next is not None:
            assert game.to_act() == turn.next
            assert len(game.legal_actions()) > 1 or turn.next != turn.side


def test_p1_a_real_choice_of_the_other_side_taken_in_a_sitting_is_caught(
    scenario: Scenario, tmp_path: Path
) -> None:
    """P1: a player who makes the opponent's choice (continue or retreat) inside their own
    sitting is named at that action."""
    from engine.ai import BaselineAI

    pbem, _ = start(scenario, "vessa-crossing", tmp_path, seed=SEED, game_id="g1")
    ai, game, cheated = BaselineAI(), pbem.game, 0
    while not cheated or not pbem.finished_sitting():
        if game.to_act() != pbem.sitting_side and len(game.legal_actions()) > 1:
            cheated = cheated or len(pbem.game.log)
        game.apply(ai.choose(game))
    path = pbem.write_turn()
    with pytest.raises(WrongSide) as caught:
        verify(path, scenario)
    assert "had a choice to make" in str(caught.value) and "file 1, turn" in str(caught.value)
