"""Two AI levels against each other: win rates from paired games.

Each seed is played once per side with the first level on that side and the second on the
others, so neither level profits from a side the scenario favours or from a lucky seed: a
level is stronger only if it wins more of the same games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from schemas.scenario import Scenario

from .match import sides_in_play
from .stats import wilson

KIND = "salient-duel-report"


def duel_report(
    scenario: Scenario,
    records: Sequence[dict[str, Any]],
    first: str,
    second: str,
    *,
    fingerprint: str,
    requested: int,
) -> dict[str, Any]:
    """Win rates of ``first`` and ``second`` over ``records`` (games of a duel), overall and
    per side ``first`` played, with 95% Wilson intervals."""
    sides = sides_in_play(scenario)
    names = {s.id: s.name for s in scenario.sides}

    def tally(games: Sequence[dict[str, Any]]) -> dict[str, Any]:
        firsts = sum(1 for g in games if g["winner"] and g["levels"][g["winner"]] == first)
        seconds = sum(1 for g in games if g["winner"] and g["levels"][g["winner"]] == second)
        draws = sum(1 for g in games if g["result"] == "draw")
        decisive = firsts + seconds
        return {
            "games": len(games),
            "decisive": decisive,
            "first_wins": wilson(firsts, len(games)).to_json(),
            "second_wins": wilson(seconds, len(games)).to_json(),
            "draws": wilson(draws, len(games)).to_json(),
            "stopped": sum(1 for g in games if g["result"] == "stopped"),
            "first_of_decisive": wilson(firsts, decisive).to_json(),
        }

    by_side = {}
    for side in sides:
        played = [g for g in records if g["levels"].get(side) == first]
        by_side[side] = {"name": names.get(side, side), **tally(played)}
    seeds = sorted({g["seed"] for g in records})
    return {
        "kind": KIND,
        "scenario": {"title": scenario.info.title, "fingerprint": fingerprint},
        "first": first,
        "second": second,
        "seeds": len(seeds),
        "requested": requested,
        "overall": tally(records),
        "by_side": by_side,
    }
