"""A finished game summed up as a small JSON record: what the balance report is made from.

Everything comes from the game's state and its event log: the result and how the game ended,
VP at the end of each turn, units lost by type, regions captured and when, cards played and
options chosen. A record is a few kilobytes where the log is hundreds, so thousands of them
travel back from workers and sit in the lab's cache cheaply.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..game import Game

LAST_TURN = "the last turn is over"
"""The reason the engine gives when the calendar runs out (``victory.end_of_game``)."""


def summarise(
    game: Game, levels: Mapping[str, str], *, cpu_seconds: float, actions: int
) -> dict[str, Any]:
    """The record of ``game``, played by ``levels`` (side to level)."""
    state = game.state
    world = game.world
    outcome = game.outcome()
    finished = outcome is not None
    winner = outcome.winner if outcome is not None else None
    turns = outcome.turns_played if outcome is not None else state.turn
    losses: dict[str, Counter[str]] = {side: Counter() for side in state.sides}
    captures: list[list[Any]] = []
    structures: list[list[Any]] = []
    cards: list[list[Any]] = []
    choices: list[list[Any]] = []
    for record in game.log:
        kind = record["type"]
        if kind == "eliminated":
            unit = record["unit"]
            unit_type = world.unit_type(unit)
            name = unit_type.id if unit_type is not None else "leader"
            losses.setdefault(record["owner"], Counter())[name] += 1
        elif kind == "captured":
            row = [record["turn"], record.get("region") or record.get("structure"), record["by"]]
            (captures if "region" in record else structures).append(row)
        elif kind == "card":
            cards.append([record["turn"], record["side_id"], record["card"]])
        elif kind == "chose":
            choices.append([record["turn"], record["source"], record["option"], record["side_id"]])
    vp_by_turn = [dict(row) for row in state.stats.get("vp_by_turn", [])]
    final_vp = {side: s.vp for side, s in state.sides.items()}
    if finished and len(vp_by_turn) < turns:
        # The game ended within a turn (sudden death, an effect): its last turn counts with
        # the VP it ended on.
        vp_by_turn.append(final_vp)
    reason = outcome.reason if outcome is not None else "stopped: too many actions"
    return {
        "seed": game.seed,
        "levels": dict(levels),
        "result": ("draw" if winner is None else "win") if finished else "stopped",
        "winner": winner,
        "reason": reason,
        "ending": ending(game, reason) if finished else {"kind": "stopped", "detail": None},
        "turns": turns,
        "vp": final_vp,
        "vp_by_turn": vp_by_turn,
        "losses": {side: dict(sorted(c.items())) for side, c in losses.items() if c},
        "captures": captures,
        "structure_captures": structures,
        "cards": cards,
        "choices": choices,
        "battles": state.stats.get("battles", 0),
        "actions": actions,
        "cpu_s": round(cpu_seconds, 4),
    }


def ending(game: Game, reason: str) -> dict[str, str | None]:
    """How the game ended, from the reason the engine gave: ``sudden_death`` (with the rule's
    id), ``tension``, ``victory_level``, ``last_turn``, ``effect`` (with the card or event
    that ended it), or ``other``."""
    scenario = game.scenario
    for rule in scenario.victory.sudden_death:
        if reason == (rule.description or f"sudden death: {rule.id}"):
            return {"kind": "sudden_death", "detail": rule.id}
    index = scenario.tension
    if index is not None and reason.startswith(f"{index.name} reached "):
        return {"kind": "tension", "detail": None}
    if reason.startswith("reached the victory level of "):
        return {"kind": "victory_level", "detail": None}
    if reason == LAST_TURN:
        return {"kind": "last_turn", "detail": None}
    if reason.startswith("ended by "):
        return {"kind": "effect", "detail": reason.removeprefix("ended by ")}
    return {"kind": "other", "detail": reason}
