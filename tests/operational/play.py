"""Helpers the operational play tests share: a unit's stack, one turn's plans given and
sealed, records of one kind."""

from __future__ import annotations

from typing import Any

from engine import Game
from engine.wego.orders import SealPlan


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
