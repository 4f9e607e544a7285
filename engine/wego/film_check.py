"""A check that the film and the event log agree (tests and save loading rely on it).

:func:`verify` replays the moves, retreats, hits and losses of every execution phase from
its first frame and compares each later frame with the board it rebuilds. It is apart from
:mod:`.film` because it reads the log as the rules wrote it, not as a viewer sees it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .film_log import Record, by_turn

_AT_BASE = object()
"""Where an aircraft flown home stands until the next frame places it."""


def verify(records: Sequence[Record]) -> list[str]:
    """Replay every execution phase from its first frame by the log's moves, retreats, hits
    and losses, and compare each frame with the board rebuilt; returns the differences."""
    problems: list[str] = []
    for number, turn_records in sorted(by_turn(records).items()):
        board: dict[str, list[Any]] | None = None
        for record in turn_records:
            kind = record["type"]
            if kind == "wego_tick":
                if board is not None:
                    expected = {u: list(v) for u, v in record["units"].items()}
                    for unit, place in board.items():
                        if place[0] is _AT_BASE and unit in expected:
                            place[0] = expected[unit][0]
                    if board != expected:
                        changed = sorted(
                            u for u in set(board) | set(expected) if board.get(u) != expected.get(u)
                        )
                        problems.append(
                            f"turn {number}, tick {record['tick']}: units {changed[:5]} differ"
                        )
                board = {u: list(v) for u, v in record["units"].items()}
            elif board is None:
                continue
            elif kind in (
                "wego_step",
                "battle_retreat",
                "op_retreat",
                "op_advance",
                "op_recce_pullback",
            ):
                for unit in record["units"]:
                    if unit in board:
                        board[unit][0] = record["to"]
                        if kind == "op_retreat":
                            board[unit][1] = record["strength"][unit]
            elif kind == "air_return":
                # Aircraft of a beaten battle fly home (A5): the record names their base, not
                # its region, so the next frame's region is taken for them (strength checked).
                for unit in record["units"]:
                    if unit in board:
                        board[unit][0] = _AT_BASE
            elif kind == "battle_hits" and record["unit"] in board:
                board[record["unit"]][1] = record["strength"]
            elif kind == "op_battle":
                for line in record["units"]:
                    if line["unit"] in board:
                        board[line["unit"]][1] = round(line["strength_after"], 4)
            elif kind in ("eliminated", "withdrawn"):
                board.pop(record["unit"], None)
    return problems
