"""Reading a game by e-mail back from its turn files, checking every one of them (P1).

:func:`load` finds files 1 to N of the game in the folder of file N, checks that they belong
to one game of this scenario and follow each other (numbers, hash chain, seed commitment),
then replays the game from its start: every action of every file is applied in order and
every record the engine writes (each die roll among them) is compared with the one the file
holds. The first thing that does not match is reported with the file and the action, as a
typed :class:`~.errors.PbemError`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from schemas.scenario import Scenario

from ..actions import ACTIONS, Action
from ..errors import IllegalAction
from ..game import Game, scenario_digest
from ..replay import differences
from . import turnfile
from .errors import DamagedFile, OutOfOrder, Tampered, WrongGame, WrongScenario, WrongSide
from .game import PbemGame, PlayedFile, plain
from .turnfile import TurnFile


def load(
    path: Path,
    scenario: Scenario,
    *,
    side: str | None = None,
    latest: bool = True,
    game_id: str | None = None,
) -> PbemGame:
    """The game as it stands after the turn file at ``path``, ready for the next sitting.

    ``side`` is the side opening the file: refused unless the file is addressed to it.
    With ``latest``, a later file of the same game already in the folder is refused (the file
    was opened out of order). ``game_id`` refuses a file of another game.
    """
    path = Path(path)
    last, _ = turnfile.read(path)
    if game_id is not None and last.game != game_id:
        raise WrongGame(path, f"belongs to game '{last.game}', not to this game '{game_id}'")
    parts = turnfile.parse_name(path)
    if parts is None:
        raise DamagedFile(
            path,
            "is not named as a turn file (<scenario>_<game>_<side>_<number>.salient-turn); "
            "the files of a game are found by their names",
        )
    if parts["game"] != last.game or int(parts["number"]) != last.number:
        raise OutOfOrder(
            path,
            f"its name says game '{parts['game']}', file {int(parts['number'])} but it holds "
            f"game '{last.game}', file {last.number}",
        )
    digest = scenario_digest(scenario)
    if last.scenario_digest != digest:
        raise WrongScenario(
            path,
            "was played on another scenario (or another version of it): its scenario digest "
            f"is {last.scenario_digest}, this scenario's is {digest}",
        )
    folder = path.parent
    found = turnfile.files_of(folder, last.scenario, last.game)
    if latest:
        later = [n for n in found if n > last.number]
        if later:
            newer = found[max(later)][0].name
            raise OutOfOrder(
                path,
                f"file {last.number} is out of order: file {max(later)} of this game "
                f"({newer}) is already in the folder; open the latest file",
            )
    files: list[tuple[Path, TurnFile, bytes]] = []
    for number in range(1, last.number + 1):
        paths = [path] if number == last.number else found.get(number, [])
        if not paths:
            raise OutOfOrder(
                path,
                f"file {number} of game '{last.game}' is missing from {folder}: every earlier "
                "turn file must be in the same folder, since the game is replayed from its start",
            )
        if len(paths) > 1:
            names = ", ".join(p.name for p in paths)
            raise OutOfOrder(path, f"there are two files numbered {number} ({names})")
        turn, data = turnfile.read(paths[0])
        files.append((paths[0], turn, data))
    _check_files(files, digest)
    pbem = _replay(scenario, files)
    if side is not None:
        wanted = pbem.last.turn.next if pbem.last else None
        if wanted is None:
            raise WrongSide(path, "the game is over: there is no turn left to play")
        if wanted != side:
            raise WrongSide(
                path,
                f"is addressed to {wanted}, not to {side}: it is {wanted}'s turn to open it",
                where=f"file {last.number}",
            )
        # The side opening the file reveals the WEGO plan it sealed by commitment, if the
        # opponent's plan is now in: the first action of its sitting.
        pbem.reveal()
    return pbem


def _check_files(files: list[tuple[Path, TurnFile, bytes]], digest: str) -> None:
    """Game, scenario, numbers, seed commitment and hash chain of every file."""
    first_path, first, _ = files[0]
    if first.seed is None or turnfile.commitment(first.game, first.seed) != first.seed_commitment:
        raise Tampered(first_path, "the seed does not match the seed commitment", "file 1")
    hashes: list[str] = []
    for index, (path, turn, data) in enumerate(files):
        number = index + 1
        where = f"file {number}"
        if turn.game != first.game:
            raise WrongGame(path, f"belongs to game '{turn.game}', not '{first.game}'", where)
        if turn.scenario_digest != digest:
            raise WrongScenario(path, "was played on another scenario", where)
        if turn.number != number:
            raise OutOfOrder(path, f"holds file number {turn.number} where {number} belongs")
        if turn.seed_commitment != first.seed_commitment:
            raise Tampered(path, "its seed commitment differs from file 1's", where)
        if number > 1 and turn.seed is not None:
            raise Tampered(path, "only file 1 carries the seed", where)
        if turn.fog != first.fog:
            raise Tampered(path, "its fog-of-war setting differs from file 1's", where)
        if len(turn.chain) != len(hashes):
            raise OutOfOrder(
                path, f"its chain names {len(turn.chain)} earlier files, not {len(hashes)}", where
            )
        for earlier, (recorded, actual) in enumerate(zip(turn.chain, hashes, strict=True), 1):
            if recorded != actual:
                changed = files[earlier - 1][0]
                raise Tampered(
                    changed,
                    f"has been changed since file {number} ({path.name}) was written, or "
                    "belongs to another line of play: its SHA-256 does not match the chain",
                    f"file {earlier}",
                )
        hashes.append(turnfile.digest(data))


def _replay(scenario: Scenario, files: list[tuple[Path, TurnFile, bytes]]) -> PbemGame:
    first = files[0][1]
    assert first.seed is not None
    game = Game(scenario, first.seed, fog=first.fog)
    pbem = PbemGame(game, files[0][0].parent, first.game, first.scenario, first.seed_commitment)
    pbem.begin_sitting()
    for path, turn, data in files:
        # File 1 also holds the game's opening records, written before any action.
        start = 0 if turn.number == 1 else len(game.log)
        _replay_file(game, path, turn, start)
        pbem.files.append(PlayedFile(path, turn, turnfile.digest(data), start))
        pbem.begin_sitting()
    return pbem


def _replay_file(game: Game, path: Path, turn: TurnFile, start: int) -> None:
    number = turn.number
    to_act = game.to_act()
    if turn.actions and to_act != turn.side:
        raise WrongSide(
            path,
            f"was written by {turn.side}, but after file {number - 1} the decision is "
            f"{to_act or 'nobody'}'s",
            f"file {number}",
        )
    if game.outcome() is None and (turn.turn, turn.phase) != (game.turn, game.phase):
        raise Tampered(
            path,
            f"says it starts in turn {turn.turn}, {turn.phase} phase; the game stands at turn "
            f"{game.turn}, {game.phase} phase",
            f"file {number}",
        )
    seen = start
    seen = _compare(game, path, turn, start, seen, f"file {number}, before its first action")
    for index, data in enumerate(turn.actions, 1):
        kind = data.get("kind", "?")
        where = f"file {number}, turn {game.turn}, action {index} '{kind}'"
        action = _action(path, data, where)
        acting = game.to_act()
        if acting != turn.side and len(game.legal_actions()) != 1:
            raise WrongSide(
                path,
                f"takes a decision of {acting or 'nobody'}, which had a choice to make: only "
                "decisions that leave no choice may be taken in the other side's sitting",
                where,
            )
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise Tampered(path, f"the rules refuse this action: {exc.reason}", where) from exc
        seen = _compare(game, path, turn, start, seen, where)
    if seen - start != len(turn.records):
        extra = turn.records[seen - start]
        raise Tampered(
            path,
            f"holds a record '{extra.get('type')}' the replay does not write",
            f"file {number}, after its last action",
        )
    if game.to_act() != turn.next:
        raise Tampered(
            path,
            f"says {turn.next or 'nobody'} plays next; after its actions the decision is "
            f"{game.to_act() or 'nobody'}'s",
            f"file {number}",
        )
    if game.log.digest() != turn.log_digest:
        raise Tampered(path, "the digest of the game's log does not match", f"file {number}")


def _compare(game: Game, path: Path, turn: TurnFile, start: int, seen: int, where: str) -> int:
    """Compare the records the engine wrote since ``seen`` with the file's; the new ``seen``."""
    produced = game.log.records[seen:]
    for offset, record in enumerate(produced):
        position = seen - start + offset
        now = plain(record)
        if position >= len(turn.records):
            raise Tampered(
                path,
                f"the replay writes a record '{now['type']}' the file does not hold",
                where,
            )
        recorded = turn.records[position]
        found = differences(recorded, now)
        if found:
            what = "die roll" if any("roll" in line for line in found) else "record"
            raise Tampered(
                path,
                f"the {what} in record '{recorded.get('type')}' (log entry {now['seq']}) does "
                f"not match the replay: {'; '.join(found)}",
                where,
            )
    return len(game.log)


def _action(path: Path, data: dict[str, Any], where: str) -> Action:
    if not isinstance(data, dict) or data.get("kind") not in ACTIONS:
        raise Tampered(path, f"not an action the engine knows: {data!r:.120}", where)
    try:
        return Action.from_json(data)
    except (TypeError, ValueError, KeyError) as exc:
        raise Tampered(path, f"the action cannot be read ({exc})", where) from exc


def game_before_last(pbem: PbemGame) -> Game:
    """The game as it stood before the last file's sitting (the files are already checked by
    :func:`load`): where a view starts to replay the opponent's sitting."""
    first = pbem.files[0].turn
    assert first.seed is not None
    game = Game(pbem.game.scenario, first.seed, fog=first.fog)
    for played in pbem.files[:-1]:
        for data in played.turn.actions:
            game.apply(Action.from_json(data))
    return game
