"""Turn summary: what happened in the other sides' player-turns, for the player to read."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Phase

if TYPE_CHECKING:
    from ..game import Game

SUMMARISED = {
    "battle_over": "battles",
    "siege_over": "sieges",
    "card": "cards",
    "eliminated": "casualties",
    "captured": "captures",
}


class TurnSummary(Phase):
    name = "turn_summary"

    def begin(self, game: Game) -> None:
        # Everything since this side last ended a phase, told by kind of record.
        side = game.active_side
        last = max(
            (
                i
                for i, r in enumerate(game.log.records)
                if r["type"] == "phase" and r.get("side") == side and i < len(game.log.records) - 1
            ),
            default=0,
        )
        counts: dict[str, int] = {}
        for record in game.log.records[last:]:
            key = SUMMARISED.get(record["type"])
            if key and record.get("side") != side:
                counts[key] = counts.get(key, 0) + 1
        game.record("summary", **counts)
