"""Sealed WEGO plans in a game by e-mail: the plan committed by its hash, revealed later.

A side that seals its WEGO plan while the opponent has still to plan would otherwise send
its orders in the clear: the opponent's client, or a text editor, could read them before
planning. So :meth:`~engine.pbem.game.PbemGame.write_turn` rewrites such a sitting before
writing it (:func:`commit`): the game is replayed to where the sitting began, the sitting's
actions are applied again without the side's planning actions, and the plan is sealed with
:class:`~engine.wego.sealed.CommitPlan` (the SHA-256 of the side, a random salt and the
orders). The turn file holds the commitment only. The orders and the salt go into a **keep
file** beside it, ``<scenario>_<game>_<side>_<number>.salient-plan``, which stays with the
player and is never sent.

When the opponent's file comes back with its plan sealed, the committing side's client
reveals (:func:`reveal`): it finds its keep file, applies
:class:`~engine.wego.sealed.RevealPlan` as the first action of the new sitting, and the
execution runs. The next file therefore holds the plan in the clear, after the opponent's
plan was fixed in the files, and every replay (``salient pbem verify`` among them) checks that
the revealed plan hashes to the commitment made before: a plan changed after its commitment
is refused as tampering.

A WEGO turn between two sides by e-mail thus takes three files (the first side's
commitment, the second side's plan, the first side's reveal with the execution), where an
IGOUGO turn takes two.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

from schemas.atomic import write_atomic
from schemas.io import canonical_json, parse_json

from ..actions import Action
from ..game import Game
from ..wego import is_wego
from ..wego.orders import SealPlan
from ..wego.plan import planner
from ..wego.sealed import (
    PLAN_KINDS,
    CommitPlan,
    RevealPlan,
    commitment,
    committed,
    plan_text,
    revealer,
)
from . import turnfile
from .errors import MissingPlan

if TYPE_CHECKING:
    from .game import PbemGame

KEEP_SUFFIX = ".salient-plan"
KEEP_FORMAT = "salient-plan"
_PLANNING = {*PLAN_KINDS, SealPlan.kind}
"""What the sitting's side did while planning: its plan (every order type of the family, the
operational family's supply, HQ, setup, breakdown, asset, fire and engineer actions among
them) and its seal, all replaced by the commitment."""


def keep_name(scenario: str, game: str, side: str, number: int) -> str:
    """The keep file of the plan committed in turn file ``number``."""
    name = turnfile.file_name(scenario, game, side, number)
    return name[: -len(turnfile.SUFFIX)] + KEEP_SUFFIX


def _sealed_in_sitting(pbem: PbemGame) -> str | None:
    """The sitting's side when it sealed its WEGO plan in the clear in this sitting while
    another side has still to plan (its plan would travel unsealed), else ``None``."""
    game = pbem.game
    side = pbem.sitting_side
    if side is None or not is_wego(game) or game.state.wego is None:
        return None
    if game.state.wego["stage"] != "planning" or side not in game.state.wego["sealed"]:
        return None
    if planner(game) is None:
        return None  # the last plan: every other one is fixed already, it may travel in clear
    records = game.log.records[pbem.sitting_start :]
    return (
        side if any(r["type"] == "plan_sealed" and r["side_id"] == side for r in records) else None
    )


def _before_sitting(pbem: PbemGame) -> Game:
    """The game as it stood when the sitting began, replayed from the files."""
    scenario = pbem.game.scenario
    game = Game(scenario, pbem.game.seed, fog=pbem.game.fog)
    for played in pbem.files:
        for data in played.turn.actions:
            game.apply(Action.from_json(data))
    return game


def commit(pbem: PbemGame) -> dict[str, Any] | None:
    """Seal the sitting's plan by commitment (see the module docstring) when it would
    otherwise travel in the clear; the keep file's content, or ``None``."""
    side = _sealed_in_sitting(pbem)
    if side is None:
        return None
    game = pbem.game
    rebuilt = _before_sitting(pbem)
    turn = game.turn
    others: list[Action] = []
    plan: list[Action] = []
    for record in game.log.records[pbem.sitting_start :]:
        if record["type"] != "action":
            continue
        data = record["action"]
        mine = record.get("by") == side and record.get("phase") == "wego_planning"
        if mine and record["turn"] == turn and data.get("kind") in _PLANNING:
            # The plan itself, in the order it was made: sealed below by its hash.
            if data.get("kind") != SealPlan.kind:
                plan.append(Action.from_json(data))
            continue
        others.append(Action.from_json(data))
    text = plan_text(plan)
    salt = secrets.token_hex(16)
    value = commitment(side, text, salt)
    for action in others:
        rebuilt.apply(action)
    rebuilt.apply(CommitPlan(value))
    # The game goes on from the committed line; the same object, so whoever holds it (the
    # game view's session) sees the committed game.
    game.state, game.log = rebuilt.state, rebuilt.log
    game.dice.restore(rebuilt.dice.state())
    return {
        "format": KEEP_FORMAT,
        "game": pbem.game_id,
        "scenario": pbem.scenario_name,
        "side": side,
        "turn": turn,
        "commitment": value,
        "salt": salt,
        "orders": text,
    }


def write_keep(folder: Path, number: int, keep: dict[str, Any]) -> Path:
    """Write the keep file of the plan committed in turn file ``number``."""
    path = folder / keep_name(keep["scenario"], keep["game"], keep["side"], number)
    write_atomic(path, canonical_json({**keep, "number": number}).encode("utf-8"))
    return path


def reveal_due(pbem: PbemGame) -> bool:
    """Whether the sitting's side must now reveal a plan it sealed by commitment."""
    game = pbem.game
    return (
        is_wego(game)
        and game.state.outcome is None
        and game.state.wego is not None
        and game.state.wego["stage"] == "planning"
        and game.to_act() == pbem.sitting_side
        and revealer(game) == pbem.sitting_side
        and game.legal_actions() == []
    )


def reveal_action(pbem: PbemGame) -> RevealPlan | None:
    """The reveal the sitting's side owes, read from its keep file; ``None`` when no reveal
    is due. :class:`MissingPlan` when the keep file is not in the folder."""
    if not reveal_due(pbem):
        return None
    side = pbem.sitting_side
    assert side is not None
    value = committed(pbem.game)[side]
    pattern = f"{pbem.scenario_name}_{pbem.game_id}_{turnfile.side_part(side)}_*{KEEP_SUFFIX}"
    for path in sorted(pbem.folder.glob(pattern)):
        data, problems = parse_json(path.read_bytes())
        if problems or not isinstance(data, dict) or data.get("format") != KEEP_FORMAT:
            continue
        if data.get("commitment") == value and data.get("side") == side:
            return RevealPlan(str(data.get("orders")), str(data.get("salt")))
    raise MissingPlan(
        None,
        f"{side} sealed its plan by commitment, and its orders are kept in a file "
        f"'{pattern}' that is not in {pbem.folder}: put it back beside the turn files "
        "(it is written when the plan is sealed and never sent) to reveal the plan",
    )


def reveal(pbem: PbemGame) -> bool:
    """Reveal the sitting's committed plan when one is due (the execution then runs in this
    sitting); whether it did."""
    action = reveal_action(pbem)
    if action is None:
        return False
    pbem.apply(action)
    return True
