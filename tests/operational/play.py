"""Helpers the operational play tests share: a unit's stack, one turn's plans given and
sealed, records of one kind."""

from __future__ import annotations

from typing import Any

from engine import Game
from engine.ai import BaselineAI
from engine.wego.orders import SealPlan
from tests.operational.builder import OpBuilder


def stack(game: Game, unit: str) -> str:
    found = game.state.units[unit].stack
    assert found is not None
    return found


def execute(game: Game, red: list[Any], blue: list[Any] | None = None) -> list[dict[str, Any]]:
    """Give both plans, seal them, and return the records from the execution to the turn's
    end."""
    start = len(game.log)
    for order in red:
        game.apply(order)
    game.apply(SealPlan())
    for order in blue or []:
        game.apply(order)
    game.apply(SealPlan())
    return game.log.records[start:]


def of(records: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [r for r in records if r["type"] == kind]


def ai_lane(columns: int) -> OpBuilder:
    """A one-row lane of open hexes for the AI's tests: two turns, fog off, no victory level,
    no C2 delays."""
    b = OpBuilder(columns=columns, rows=1)
    b.raw["calendar"]["turns"] = 2
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    return b


def red_plan(game: Game) -> list[dict[str, Any]]:
    """The actions the baseline AI gives for red in the first turn's planning."""
    ai = BaselineAI()
    while game.outcome() is None and game.turn == 1 and game.to_act() == "red":
        game.apply(ai.choose(game))
    return [r["action"] for r in game.log.records if r["type"] == "action" and r.get("by") == "red"]
