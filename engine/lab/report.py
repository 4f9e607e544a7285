"""The balance report: many game records (:mod:`.record`) turned into the numbers a designer
reads, as JSON-ready data.

Rates carry 95% Wilson intervals; VP by turn gives the median and the 10-90% band (a game
that ended keeps its final VP for the turns it did not play, so every game counts at every
turn); captures are counted per region and turn (the heatmap); each card's association with
winning compares the games its side played it in with the games it did not (an association,
not a cause: strong sides may simply draw their good cards more often).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from schemas.places import places_of
from schemas.scenario import Scenario

from .match import sides_in_play
from .stats import quantile, two_proportions, wilson

KIND = "salient-balance-report"
FORMAT = 1
REPLAY_SEEDS = 5
"""How many of the slowest and of the most one-sided games the report names."""


def build_report(
    scenario: Scenario,
    records: Sequence[dict[str, Any]],
    *,
    fingerprint: str,
    engine: str,
    levels: str,
    requested: int,
    source: str = "",
    failed: Sequence[dict[str, Any]] = (),
) -> dict[str, Any]:
    """Sum up ``records`` (games of ``scenario`` by the same levels) into the report."""
    games = sorted(records, key=lambda r: r["seed"])
    sides = sides_in_play(scenario)
    known = {s.id: s for s in scenario.sides}
    return {
        "kind": KIND,
        "format": FORMAT,
        "scenario": {
            "title": scenario.info.title,
            "file": source,
            "fingerprint": fingerprint,
            "engine": engine,
            "turns": scenario.calendar.turns,
        },
        "levels": levels,
        "requested": requested,
        "played": len(games),
        "failed": [dict(f) for f in failed],
        "sides": [{"id": s, "name": known[s].name, "color": str(known[s].color)} for s in sides],
        "results": _results(games, sides),
        "vp_by_turn": _vp_by_turn(games, sides, scenario.calendar.turns),
        "length": _length(games),
        "endings": _endings(games, scenario),
        "losses": _losses(games, sides),
        "captures": _captures(games, scenario),
        "cards": _cards(games, scenario),
        "choices": _choices(games, scenario),
        "replay": _replay(games),
        "cpu": {
            "total_s": round(sum(g["cpu_s"] for g in games), 3),
            "mean_s": round(sum(g["cpu_s"] for g in games) / len(games), 4) if games else 0.0,
        },
        "games": [_row(g) for g in games],
    }


def _row(game: dict[str, Any]) -> dict[str, Any]:
    """A game in the report's table (its seed replays it)."""
    return {
        "seed": game["seed"],
        "result": game["result"],
        "winner": game["winner"],
        "reason": game["reason"],
        "turns": game["turns"],
        "vp": game["vp"],
        "margin": margin(game),
        "cpu_s": game["cpu_s"],
    }


def _results(games: Sequence[dict[str, Any]], sides: list[str]) -> dict[str, Any]:
    total = len(games)
    decisive = [g for g in games if g["result"] == "win"]
    draws = sum(1 for g in games if g["result"] == "draw")
    stopped = sum(1 for g in games if g["result"] == "stopped")
    per_side = {}
    for side in sides:
        wins = sum(1 for g in decisive if g["winner"] == side)
        per_side[side] = {
            "win": wilson(wins, total).to_json(),
            "draw": wilson(draws, total).to_json(),
            "loss": wilson(len(decisive) - wins, total).to_json(),
            "of_decisive": wilson(wins, len(decisive)).to_json(),
        }
    return {
        "games": total,
        "decisive": len(decisive),
        "draws": draws,
        "stopped": stopped,
        "sides": per_side,
    }


def _vp_by_turn(games: Sequence[dict[str, Any]], sides: list[str], turns: int) -> dict[str, Any]:
    last = max([turns, *(len(g["vp_by_turn"]) for g in games)]) if games else turns
    out: dict[str, Any] = {"turns": list(range(1, last + 1))}
    for side in sides:
        series: dict[str, list[float]] = {"median": [], "p10": [], "p90": []}
        for t in range(last):
            values = []
            for g in games:
                rows = g["vp_by_turn"]
                row = rows[t] if t < len(rows) else (rows[-1] if rows else g["vp"])
                values.append(row.get(side, 0))
            if not values:
                continue
            series["median"].append(quantile(values, 0.5))
            series["p10"].append(quantile(values, 0.1))
            series["p90"].append(quantile(values, 0.9))
        out[side] = series
    return out


def _length(games: Sequence[dict[str, Any]]) -> dict[str, Any]:
    turns = [g["turns"] for g in games]
    if not turns:
        return {"histogram": {}, "median": None, "mean": None, "min": None, "max": None}
    counts = Counter(turns)
    return {
        "histogram": {str(t): counts[t] for t in sorted(counts)},
        "median": quantile(turns, 0.5),
        "mean": round(sum(turns) / len(turns), 3),
        "min": min(turns),
        "max": max(turns),
    }


def _endings(games: Sequence[dict[str, Any]], scenario: Scenario) -> dict[str, Any]:
    total = len(games)
    kinds = Counter(g["ending"]["kind"] for g in games)
    details: dict[str, Counter[str]] = defaultdict(Counter)
    for g in games:
        if g["ending"]["detail"] is not None:
            details[g["ending"]["kind"]][g["ending"]["detail"]] += 1
    sudden = {}
    for rule in scenario.victory.sudden_death:
        hit = [g for g in games if g["ending"] == {"kind": "sudden_death", "detail": rule.id}]
        by_turn = Counter(g["turns"] for g in hit)
        sudden[rule.id] = {
            "side": rule.side,
            "description": rule.description,
            "rate": wilson(len(hit), total).to_json(),
            "by_turn": {str(t): by_turn[t] for t in sorted(by_turn)},
        }
    return {
        "kinds": {kind: wilson(n, total).to_json() for kind, n in kinds.most_common()},
        "details": {kind: dict(c.most_common()) for kind, c in details.items()},
        "sudden_death": sudden,
    }


def _losses(games: Sequence[dict[str, Any]], sides: list[str]) -> dict[str, Any]:
    total = max(1, len(games))
    out: dict[str, Any] = {}
    for side in sides:
        counts: Counter[str] = Counter()
        for g in games:
            counts.update(g["losses"].get(side, {}))
        out[side] = {
            "per_game": {t: round(n / total, 4) for t, n in sorted(counts.items())},
            "total": dict(sorted(counts.items())),
        }
    return out


def _captures(games: Sequence[dict[str, Any]], scenario: Scenario) -> dict[str, Any]:
    """How often each region changed hands, per turn: ``matrix[r][t]`` is the mean number of
    captures of region ``regions[r]`` in turn ``t + 1`` per game (a heatmap's cells)."""
    last = max([scenario.calendar.turns, *(g["turns"] for g in games)])
    total = max(1, len(games))
    cells: dict[str, list[int]] = {}
    games_with: Counter[str] = Counter()
    by_side: dict[str, Counter[str]] = defaultdict(Counter)
    for g in games:
        seen = set()
        for turn, region, by in g["captures"]:
            row = cells.setdefault(region, [0] * last)
            row[min(turn, last) - 1] += 1
            seen.add(region)
            by_side[region][by] += 1
        games_with.update(seen)
    places = places_of(scenario).regions
    order = [r.id for r in places if r.id in cells]
    names = {r.id: r.name for r in places}
    return {
        "turns": list(range(1, last + 1)),
        "regions": order,
        "names": {r: names[r] for r in order},
        "matrix": [[round(n / total, 4) for n in cells[r]] for r in order],
        "per_game": {r: round(sum(cells[r]) / total, 4) for r in order},
        "games_with": {r: round(games_with[r] / total, 4) for r in order},
        "by_side": {r: dict(by_side[r]) for r in order},
    }


def _cards(games: Sequence[dict[str, Any]], scenario: Scenario) -> dict[str, Any]:
    plays: dict[str, list[tuple[int, int]]] = defaultdict(list)  # card: (game index, turn)
    for index, g in enumerate(games):
        for turn, _side, card in g["cards"]:
            plays[card].append((index, turn))
    out: dict[str, Any] = {}
    for card in scenario.cards:
        found = plays.get(card.id, [])
        used = {index for index, _turn in found}
        entry: dict[str, Any] = {
            "name": card.name,
            "side": card.side,
            "games": len(used),
            "times": len(found),
        }
        out[card.id] = entry
        if not found:
            continue
        won = [g["winner"] == card.side for g in games]
        with_it = wilson(sum(won[i] for i in used), len(used))
        without = wilson(sum(won) - with_it.hits, len(games) - len(used))
        test = two_proportions(without, with_it)
        entry["mean_turn"] = round(sum(turn for _index, turn in found) / len(found), 2)
        entry["win_when_played"] = with_it.to_json()
        entry["win_when_not"] = without.to_json()
        entry["association"] = round(test.change, 4)
        entry["p_value"] = round(test.p_value, 6)
    return out


def _choices(games: Sequence[dict[str, Any]], scenario: Scenario) -> dict[str, Any]:
    titles = {e.id: e.title for e in scenario.events} | {c.id: c.name for c in scenario.cards}
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for g in games:
        for _turn, source, option, _side in g["choices"]:
            counts[source][option] += 1
    return {
        source: {"title": titles.get(source, source), "options": dict(c.most_common())}
        for source, c in sorted(counts.items())
    }


def margin(game: dict[str, Any]) -> int:
    """VP between the first and the second side at the end: how one-sided the game was."""
    ranked = sorted(game["vp"].values(), reverse=True)
    return ranked[0] - ranked[1] if len(ranked) > 1 else ranked[0] if ranked else 0


def _replay(games: Sequence[dict[str, Any]]) -> dict[str, Any]:
    slowest = sorted(games, key=lambda g: (-g["cpu_s"], g["seed"]))[:REPLAY_SEEDS]
    lopsided = sorted(
        (g for g in games if g["result"] == "win"),
        key=lambda g: (-margin(g), g["turns"], g["seed"]),
    )[:REPLAY_SEEDS]
    return {
        "slowest": [{"seed": g["seed"], "cpu_s": g["cpu_s"], "turns": g["turns"]} for g in slowest],
        "one_sided": [
            {"seed": g["seed"], "winner": g["winner"], "margin": margin(g), "turns": g["turns"]}
            for g in lopsided
        ],
    }


def compare(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """Two reports of versions of a scenario on the same seeds: for each side, did its win
    rate move beyond noise (pooled two-proportion test at 5%)? Only the seeds both reports
    played are compared."""
    first = {g["seed"]: g for g in before["games"]}
    second = {g["seed"]: g for g in after["games"]}
    seeds = sorted(set(first) & set(second))
    sides = [s["id"] for s in after["sides"]]
    old_sides = {s["id"] for s in before["sides"]}
    per_side = {}
    for side in sides:
        if side not in old_sides:
            continue
        a = wilson(sum(1 for s in seeds if first[s]["winner"] == side), len(seeds))
        b = wilson(sum(1 for s in seeds if second[s]["winner"] == side), len(seeds))
        per_side[side] = two_proportions(a, b).to_json()
    changed = sum(1 for s in seeds if first[s]["winner"] != second[s]["winner"])
    return {
        "kind": "salient-balance-comparison",
        "before": before["scenario"],
        "after": after["scenario"],
        "levels": after["levels"],
        "seeds": len(seeds),
        "games_with_another_winner": changed,
        "sides": per_side,
        "side_names": {s["id"]: s["name"] for s in after["sides"]},
        "moved": any(v["significant"] for v in per_side.values()),
    }
