"""The event log cut into WEGO execution phases, for the film and what reads it.

The frames (:mod:`.film`), the battle summary (:mod:`.film_battles`) and the check that
the film agrees with the log (:mod:`.film_check`) all read a turn's execution from its
``wego_execution`` record to its end; this holds that cut, and the shape of a record, so
none of them imports another.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

Record = dict[str, Any]
"""One record of the event log, as the log stores it."""


def by_turn(records: Iterable[Record]) -> dict[int, list[Record]]:
    """The records of every execution phase, by turn, from its opening to its last frame."""
    out: dict[int, list[Record]] = {}
    current: list[Record] | None = None
    for record in records:
        kind = record["type"]
        if kind == "wego_execution":
            current = out.setdefault(record["turn"], [])
        if current is not None:
            current.append(record)
        if kind in ("wego_turn_end", "game_over"):
            current = None
    return out
