"""``salient pbem``: play by e-mail with tamper-evident turn files (P1).

``start`` begins a game in a folder and writes its first turn file, ``play`` opens the
opponent's latest file (replaying and checking the whole game), plays the sitting from a file
of actions or by the AI, and writes the next file beside it; ``verify`` checks a file.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from editor.commands.common import (
    EXIT_INVALID,
    EXIT_OK,
    UsageError,
    valid_scenario_or_report,
)

EXIT_REFUSED = 1
"""A turn file refused (tampered, out of order, wrong game or side) or an action refused."""


def register(commands: argparse._SubParsersAction) -> None:
    pbem = commands.add_parser(
        "pbem",
        help="play by e-mail: start a game, play a turn from a turn file, verify a file",
        description="Each sitting of a side is written as one file "
        "<scenario>_<game>_<side>_<number>.salient-turn, sent to the opponent, who opens it "
        "with 'play'. The files carry a hash chain and the game's seed commitment: "
        "'verify' replays the game from the start and names the first action or die roll "
        "that does not match. See docs/pbem.md.",
    )
    sub = pbem.add_subparsers(dest="pbem_command", metavar="ACTION", required=True)

    start = sub.add_parser("start", help="start a game and write its first turn file")
    start.add_argument("scenario", type=Path, metavar="SCENARIO", help="scenario file")
    start.add_argument("--side", required=True, help="the side you play")
    start.add_argument(
        "--folder", type=Path, help="folder for the turn files (default: the current folder)"
    )
    start.add_argument("--seed", type=int, help="the game's seed (default: drawn at random)")
    start.add_argument("--game", help="the game's name in file names (default: random)")
    start.add_argument("--no-fog", action="store_true", help="play without fog of war")
    _sitting_options(start)
    start.set_defaults(run=cmd_start)

    play = sub.add_parser(
        "play", help="open the opponent's turn file, play your sitting, write the next file"
    )
    play.add_argument("file", type=Path, metavar="FILE", help="the opponent's latest turn file")
    play.add_argument("scenario", type=Path, metavar="SCENARIO", help="scenario file")
    play.add_argument("--side", required=True, help="the side you play")
    _sitting_options(play)
    play.set_defaults(run=cmd_play)

    verify = sub.add_parser(
        "verify", help="replay a game from its first file and check every action and roll"
    )
    verify.add_argument("file", type=Path, metavar="FILE", help="a turn file")
    verify.add_argument("scenario", type=Path, metavar="SCENARIO", help="scenario file")
    verify.add_argument("--json", action="store_true", help="print the result as JSON")
    verify.set_defaults(run=cmd_verify)


def _sitting_options(parser: argparse.ArgumentParser) -> None:
    how = parser.add_mutually_exclusive_group()
    how.add_argument(
        "--actions",
        type=Path,
        metavar="ACTIONS.json",
        help='play the sitting from this JSON list of actions ({"kind": "move", ...})',
    )
    how.add_argument(
        "--ai", action="store_true", help="let the computer play the sitting (for testing)"
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def _read_actions(path: Path) -> list[Any]:
    from engine.actions import ACTIONS, Action

    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot read '{path}': {exc.strerror or exc}") from exc
    except (ValueError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: not JSON ({exc})") from exc
    if not isinstance(raw, list):
        raise UsageError(f"{path}: expected a JSON list of actions")
    actions = []
    for index, item in enumerate(raw):
        if not isinstance(item, dict) or item.get("kind") not in ACTIONS:
            raise UsageError(f"{path}: /{index}: not an action ({json.dumps(item)[:80]})")
        try:
            actions.append(Action.from_json(item))
        except (TypeError, ValueError) as exc:
            raise UsageError(f"{path}: /{index}: the action cannot be read ({exc})") from exc
    return actions


def _play_sitting(pbem: Any, args: argparse.Namespace) -> str | None:
    """Play the sitting; an error message (nothing written) or ``None``."""
    from engine.errors import IllegalAction
    from engine.pbem import NotYourTurn, ai_sitting

    if pbem.finished_sitting() and pbem.number == 1:
        return None  # the other side opens the game: the first file holds no action
    if args.ai:
        ai_sitting(pbem)
        return None
    if args.actions is None:
        raise UsageError("give the sitting's actions with --actions FILE, or --ai")
    for index, action in enumerate(_read_actions(args.actions)):
        try:
            pbem.apply(action)
        except IllegalAction as exc:
            return f"{args.actions}: /{index} ({action.kind}): refused: {exc.reason}"
        except NotYourTurn as exc:
            return f"{args.actions}: /{index} ({action.kind}): {exc.message}"
    if not pbem.finished_sitting():
        game = pbem.game
        return (
            f"{args.actions}: the sitting is not over after its last action: {game.to_act()} "
            f"still decides (turn {game.turn}, {game.phase} phase); nothing written"
        )
    return None


def _report(pbem: Any, path: Path, args: argparse.Namespace, opened: dict[str, Any]) -> None:
    game = pbem.game
    outcome = game.outcome()
    data = {
        **opened,
        "written": str(path),
        "file": pbem.files[-1].turn.number,
        "actions": len(pbem.files[-1].turn.actions),
        "next": game.to_act(),
        "turn": game.turn,
        "over": outcome is not None,
        "winner": outcome.winner if outcome else None,
        "kept": str(pbem.kept) if getattr(pbem, "kept", None) else None,
    }
    if args.json:
        print(json.dumps(data, indent=2))
        return
    print(f"wrote {path} ({data['actions']} actions)")
    if data["kept"]:
        print(f"your plan is sealed: keep {data['kept']} beside the turn files, do not send it")
    if outcome is not None:
        print(f"the game is over: {outcome.winner or 'nobody'} wins ({outcome.reason})")
    else:
        print(f"send it to the player of {data['next']}")


def _scenario_and_turn_file(args: argparse.Namespace, doing: str) -> Any:
    """The valid scenario a turn file is read against (``None`` once its issues are
    reported); a turn file that is not there is a usage error."""
    scenario = valid_scenario_or_report(args.scenario, doing)
    if scenario is not None and not args.file.is_file():
        raise UsageError(f"cannot read '{args.file}': no such file")
    return scenario


def cmd_start(args: argparse.Namespace) -> int:
    from engine.pbem import PbemError, start

    scenario = valid_scenario_or_report(args.scenario, "starting a game by e-mail")
    if scenario is None:
        return EXIT_INVALID
    folder = args.folder or Path.cwd()
    if not folder.is_dir():
        raise UsageError(f"'{folder}' is not a folder")
    try:
        pbem, _seed = start(
            scenario,
            args.scenario.stem,
            folder,
            side=args.side,
            seed=args.seed,
            game_id=args.game,
            fog=False if args.no_fog else None,
        )
    except PbemError as exc:
        raise UsageError(exc.message) from exc
    problem = _play_sitting(pbem, args)
    if problem is not None:
        print(f"salient: {problem}", flush=True)
        return EXIT_REFUSED
    path = _write(pbem)
    _report(pbem, path, args, {"game": pbem.game_id})
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    from engine.pbem import PbemError, load

    scenario = _scenario_and_turn_file(args, "playing a game by e-mail")
    if scenario is None:
        return EXIT_INVALID
    try:
        pbem = load(args.file, scenario, side=args.side)
    except PbemError as exc:
        print(f"salient: refused: {exc}")
        return EXIT_REFUSED
    last = pbem.files[-1].turn
    opened = {"opened": str(args.file), "opponent_actions": len(last.actions)}
    if not args.json:
        print(
            f"{args.file.name}: file {last.number} by {last.side} replayed and checked "
            f"({len(last.actions)} actions from turn {last.turn}, {last.phase} phase)"
        )
    problem = _play_sitting(pbem, args)
    if problem is not None:
        print(f"salient: {problem}")
        return EXIT_REFUSED
    path = _write(pbem)
    _report(pbem, path, args, opened)
    return EXIT_OK


def _write(pbem: Any) -> Path:
    try:
        path: Path = pbem.write_turn()
    except OSError as exc:
        raise UsageError(f"cannot write into '{pbem.folder}': {exc.strerror or exc}") from exc
    return path


def cmd_verify(args: argparse.Namespace) -> int:
    from engine.pbem import PbemError, verify

    scenario = _scenario_and_turn_file(args, "verifying a game on it")
    if scenario is None:
        return EXIT_INVALID
    try:
        found = verify(args.file, scenario)
    except PbemError as exc:
        if args.json:
            print(
                json.dumps(
                    {
                        "verified": False,
                        "kind": type(exc).__name__,
                        "file": str(exc.path) if exc.path else None,
                        "where": exc.where,
                        "message": exc.message,
                    },
                    indent=2,
                )
            )
        else:
            print(f"NOT verified: {exc}")
        return EXIT_REFUSED
    result = {
        "verified": True,
        "files": found.files,
        "actions": found.actions,
        "records": found.records,
        "next": found.next,
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(
            f"{args.file}: verified: {found.files} files, {found.actions} actions and "
            f"{found.records} records replay exactly from the committed seed"
        )
    return EXIT_OK
