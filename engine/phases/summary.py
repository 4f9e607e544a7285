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
        records = game.log.records
        # The latest such record before the last one, sought from the end (a search from the
        # start made every summary cost the whole game's log so far).
        last = 0
        for i in range(len(records) - 2, -1, -1):
            record = records[i]
            if record["type"] == "phase" and record.get("side") == side:
                last = i
                break
        counts: dict[str, int] = {}
        for record in records[last:]:
            key = SUMMARISED.get(record["type"])
            if key and record.get("side") != side:
                counts[key] = counts.get(key, 0) + 1
        game.record("summary", **counts)
