"""Statistics over time: VP, units lost and supply per side at the end of every turn so far,
for both turn systems, read from the event log alone (a loaded save, a replayed log or a log
written by ``salient play --headless --log`` gives the same figures as the game that wrote it).

* WEGO games record their totals at the end of each turn (``wego_turn_end``), and
  :func:`engine.wego.film.statistics` reads them;
* IGOUGO games have no such record, so :func:`igougo_statistics` rebuilds the same
  :class:`~engine.wego.film.TurnStats` from the records the rules already write: ``vp``
  (each carries the side's new total), ``eliminated`` (one unit or leader lost, counted as
  ``state.stats["losses"]`` counts it) and ``supply`` (the counts of a side's supply check).

A turn counts once it has ended: a record of a later turn exists, or the game ended in it
(``game_over``). The last point of a finished game is the final result: the holdings scored
at the game's end and the VP of a sudden death are in it, as in the end-of-game screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from schemas.scenario import Scenario

from .wego.film import TurnStats
from .wego.film import statistics as wego_statistics

Record = dict[str, Any]

SUPPLY_KEYS = ("supplied", "by_logistics", "unsupplied", "units_unsupplied")
"""The counts of a side's supply check (see :mod:`engine.phases.supply`)."""


def turn_statistics(
    records: Iterable[Record], scenario: Scenario, *, finished: bool = False
) -> list[TurnStats]:
    """VP, units lost since the start (cumulative) and supply per side at the end of every
    turn that has ended, in turn order, whichever the scenario's turn system.

    ``finished``: the log is a whole game even without a ``game_over`` record (an old log,
    a game read back for its end screen), so its last turn counts as ended too."""
    records = list(records)
    if scenario.calendar.turn_system == "wego":
        return _wego(records, scenario, finished)
    return igougo_statistics(records, scenario, finished=finished)


def igougo_statistics(
    records: Sequence[Record], scenario: Scenario, *, finished: bool = False
) -> list[TurnStats]:
    """The :class:`TurnStats` of every ended turn of an IGOUGO game, from its event log."""
    vp = {side.id: side.start_vp for side in scenario.sides}
    losses = {side.id: 0 for side in scenario.sides}
    supply: dict[str, dict[str, int]] = {}
    out: list[TurnStats] = []
    current: int | None = None
    over = False
    for record in records:
        turn = int(record.get("turn", 1))
        if current is not None and turn > current:
            out.append(TurnStats(current, dict(vp), dict(losses), supply))
            supply = {}
        current = turn if current is None else max(current, turn)
        kind = record["type"]
        if kind == "vp" and record.get("side_id") is not None:
            vp[record["side_id"]] = int(record["total"])
        elif kind == "eliminated" and record.get("owner") is not None:
            losses[record["owner"]] = losses.get(record["owner"], 0) + 1
        elif kind == "supply":
            supply[record["side_id"]] = {key: int(record[key]) for key in SUPPLY_KEYS}
        elif kind == "game_over":
            over = True
    if current is not None and (over or finished):
        out.append(TurnStats(current, dict(vp), dict(losses), supply))
    return out


def _wego(records: list[Record], scenario: Scenario, finished: bool) -> list[TurnStats]:
    """The film's statistics, with the final result as the last point of a finished game
    (``wego_turn_end`` is written before the end-of-game holdings are scored, and a sudden
    death ends a turn before its ``wego_turn_end``)."""
    stats = wego_statistics(records)
    over = next((r for r in reversed(records) if r["type"] == "game_over"), None)
    if over is None and not finished:
        return stats
    final = igougo_statistics(records, scenario, finished=True)
    if not final:
        return stats
    last = final[-1]
    if over is not None:
        last = TurnStats(last.turn, dict(over.get("vp", last.vp)), last.losses, last.supply)
    if stats and stats[-1].turn == last.turn:
        stats[-1] = TurnStats(last.turn, last.vp, last.losses, stats[-1].supply)
    elif not stats or stats[-1].turn < last.turn:
        stats.append(last)
    return stats


def tension_by_turn(records: Iterable[Record], scenario: Scenario, turns: int) -> list[int] | None:
    """The tension index at the start (index 0) and at the end of turns 1..``turns``, from
    the ``tension`` records; ``None`` when the scenario has no tension index."""
    if scenario.tension is None:
        return None
    values = [scenario.tension.start] * (turns + 1)
    for record in records:
        if record["type"] != "tension":
            continue
        turn = int(record.get("turn", 1))
        for t in range(turn, turns + 1):
            values[t] = int(record["total"])
    return values
