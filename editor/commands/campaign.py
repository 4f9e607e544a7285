"""``salient campaign``: play a campaign's scenarios one after the other (OV6, OS1).

``salient campaign FILE`` says where the campaign stands; ``--next`` makes its next
scenario ready (carrying the last result: units' strength and readiness, VP, unused supply and
replacement points), writes it into the campaign's own folder ``<campaign>.played/`` and
opens it in the game view (``--headless``: the AI plays every side and the result is
recorded at once); ``--record SAVE`` records a finished game of that scenario, saved from the
game view, as its result. The campaign file is rewritten atomically; nothing is written
outside its folder.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from editor.commands.common import (
    EXIT_INVALID,
    EXIT_OK,
    UsageError,
    require_window,
    valid_scenario_or_report,
    write_text,
)
from schemas.campaign import (
    Campaign,
    CampaignError,
    ScenarioResult,
    dumps_campaign,
    loads_campaign,
)
from schemas.scenario import Scenario

if TYPE_CHECKING:
    from engine.game import Game

MAX_CAMPAIGN_BYTES = 16 * 1024 * 1024
"""Largest campaign file read (its results grow by a few KiB per scenario)."""
MAX_SAVE_BYTES = 256 * 1024 * 1024
"""Largest save file read (as the game view's)."""


def register(commands: argparse._SubParsersAction) -> None:
    run = commands.add_parser(
        "campaign", help="play the scenarios of a campaign one after the other (OV6)"
    )
    run.add_argument("file", type=Path, help="campaign file (.json)")
    what = run.add_mutually_exclusive_group()
    what.add_argument(
        "--next",
        action="store_true",
        help="make the next scenario ready and play it (game view, or --headless)",
    )
    what.add_argument(
        "--prepare",
        action="store_true",
        help="only write the next scenario, ready to play, and print its path",
    )
    what.add_argument(
        "--record", type=Path, metavar="SAVE", help="record a finished game of the next scenario"
    )
    run.add_argument("--headless", action="store_true", help="with --next: AI against AI")
    run.add_argument("--seed", type=int, help="with --next: the game's seed (default 0)")
    run.set_defaults(run=cmd_campaign)


def _read(path: Path, limit: int) -> bytes:
    try:
        if not path.is_file():
            raise UsageError(f"'{path}' is not a file")
        if path.stat().st_size > limit:
            raise UsageError(f"'{path}' is larger than {limit // (1024 * 1024)} MiB")
        return path.read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read '{path}': {exc.strerror or exc}") from exc


def read_campaign(path: Path) -> Campaign:
    """The campaign at ``path``; :class:`CampaignError` naming the place of a problem."""
    data = _read(path, MAX_CAMPAIGN_BYTES)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CampaignError(f"byte {exc.start}: not UTF-8 text") from None
    return loads_campaign(text)


# The rules engine is imported when a campaign command runs, not with every `salient`
# command: `salient FILE` (the studio) imports this module through the command line's table of
# commands, and the engine's 77 modules were a fifth of a second of its start.


def next_step(campaign: Campaign) -> int | None:
    from engine.campaign import next_step as step

    return step(campaign)


def next_scenario(campaign: Campaign, scenario: Scenario) -> Scenario:
    from engine.campaign import next_scenario as prepared

    return prepared(campaign, scenario)


def result_of(game: Game, file: str) -> ScenarioResult:
    from engine.campaign import result_of as result

    return result(game, file)


def played_path(path: Path, campaign: Campaign, index: int) -> Path:
    """Where the scenario ``index``, ready to play, is written: ``<campaign>.played/`` beside
    the campaign file, numbered."""
    name = Path(campaign.scenarios[index].file).name
    return path.parent / f"{path.stem}.played" / f"{index + 1:02d}-{name}"


def _next(path: Path, campaign: Campaign) -> tuple[int, Scenario] | None:
    index = next_step(campaign)
    if index is None:
        return None
    source = path.parent / campaign.scenarios[index].file
    scenario = valid_scenario_or_report(source, "playing the campaign")
    if scenario is None:
        return None
    return index, next_scenario(campaign, scenario)


def cmd_campaign(args: argparse.Namespace) -> int:
    path: Path = args.file
    if (args.headless or args.seed is not None) and not args.next:
        raise UsageError("--headless and --seed apply with --next")
    if args.seed is not None and args.seed < 0:
        raise UsageError("--seed takes a number of 0 or more")
    try:
        campaign = read_campaign(path)
    except CampaignError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return EXIT_INVALID
    if not (args.next or args.prepare or args.record):
        print(status(campaign))
        return EXIT_OK
    if next_step(campaign) is None:
        print(status(campaign))
        print("salient: the campaign is over", file=sys.stderr)
        return EXIT_INVALID
    found = _next(path, campaign)
    if found is None:
        return EXIT_INVALID
    index, scenario = found
    if args.record is not None:
        return _record(path, campaign, index, scenario, args.record)
    out = played_path(path, campaign, index)
    from schemas.io import dumps

    try:
        out.parent.mkdir(exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot make '{out.parent}': {exc.strerror or exc}") from exc
    write_text(out, dumps(scenario))
    if args.prepare:
        print(out)
        return EXIT_OK
    if args.headless:
        from engine.runner import play

        seed = 0 if args.seed is None else args.seed
        game = play(scenario, seed).game
        return _store(path, campaign, index, game)
    require_window()
    from editor.game.launch import run_play

    print(f"Playing {out}: save the finished game, then record it with --record SAVE")
    return run_play(out, scenario, ai=None, seed=args.seed, fog=None, screenshot=None)


def _record(path: Path, campaign: Campaign, index: int, scenario: Scenario, save: Path) -> int:
    from engine.errors import SaveError
    from engine.game import Game, read_save

    try:
        data: Any = read_save(_read(save, MAX_SAVE_BYTES))
        if isinstance(data, dict) and "format" not in data and isinstance(data.get("game"), dict):
            data = data["game"]  # a save of the game view: the game and its players
        game = Game.load(scenario, data)
    except SaveError as exc:
        print(f"{save}: {exc}", file=sys.stderr)
        print(
            f"salient: '{save}' is not a game of scenario {index + 1} of the campaign "
            f"('{campaign.scenarios[index].file}', as --next makes it ready)",
            file=sys.stderr,
        )
        return EXIT_INVALID
    if game.outcome() is None:
        last = game.scenario.calendar.turns
        print(f"salient: the game in '{save}' is not over (turn {game.turn} of {last})")
        return EXIT_INVALID
    return _store(path, campaign, index, game)


def _store(path: Path, campaign: Campaign, index: int, game: Any) -> int:
    result = result_of(game, campaign.scenarios[index].file)
    done = campaign.model_copy(update={"results": [*campaign.results, result]})
    write_text(path, dumps_campaign(done))
    print(status(done))
    return EXIT_OK


def status(campaign: Campaign) -> str:
    """Where the campaign stands, a line per scenario."""
    lines = [campaign.title]
    upcoming = next_step(campaign)
    for index, step in enumerate(campaign.scenarios):
        name = step.title or step.file
        if index < len(campaign.results):
            done = campaign.results[index]
            vp = ", ".join(f"{side} {points}" for side, points in done.vp.items())
            won = f"{done.winner} won" if done.winner else "no winner"
            lines.append(f"{index + 1}. {name}: {won}; VP {vp}")
        elif index == upcoming:
            lines.append(f"{index + 1}. {name}: next")
        else:
            lines.append(f"{index + 1}. {name}: to come")
    if upcoming is None:
        lines.append("The campaign is over.")
    return "\n".join(lines)
