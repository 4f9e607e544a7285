"""Statistics over time (issue 14, "the film in the game view"): VP, units lost and supply per
side at the end of every turn, read from the event log for IGOUGO and WEGO games alike, in
agreement with the engine's own running totals."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from engine.runner import Result, play
from engine.turn_stats import igougo_statistics, tension_by_turn, turn_statistics
from engine.wego import film
from schemas.io import load_file
from tests.wego_scenarios import crossing_scenario

SAMPLE = Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json"


@cache
def sample():
    scenario = load_file(SAMPLE).scenario
    assert scenario is not None
    return scenario


@cache
def area_game(seed: int = 3, turns: int | None = None) -> Result:
    return play(sample(), seed, turns=turns)


@cache
def wego_game(seed: int = 2) -> Result:
    return play(crossing_scenario(), seed)


def test_an_area_games_statistics_agree_with_the_engines_totals_turn_by_turn() -> None:
    game = area_game().game
    stats = turn_statistics(game.log.records, game.scenario)
    taken = game.state.stats
    assert [s.turn for s in stats] == list(range(1, game.turn + 1))
    # The engine takes its totals as each turn ends, before the end-of-game holdings.
    for stat, vp, lost in zip(
        stats[:-1], taken["vp_by_turn"], taken["losses_by_turn"], strict=False
    ):
        assert stat.vp == vp
        assert stat.losses == {side: lost.get(side, 0) for side in stat.losses}
    outcome = game.outcome()
    assert outcome is not None
    assert stats[-1].vp == dict(outcome["vp"])
    assert stats[-1].losses == {s: taken["losses"].get(s, 0) for s in stats[-1].losses}


def test_an_area_games_supply_is_the_counts_of_its_supply_checks() -> None:
    game = area_game().game
    stats = {s.turn: s for s in turn_statistics(game.log.records, game.scenario)}
    checks = [r for r in game.log.records if r["type"] == "supply"]
    assert checks, "the sample plays supply phases"
    for record in checks:
        counts = stats[record["turn"]].supply[record["side_id"]]
        assert counts["supplied"] == record["supplied"]
        assert counts["unsupplied"] == record["unsupplied"]
    # A turn without a supply check of a side has no supply figures for it.
    checked = {(r["turn"], r["side_id"]) for r in checks}
    for stat in stats.values():
        assert {(stat.turn, side) for side in stat.supply} <= checked


def test_a_turn_under_way_is_not_counted_until_it_ends() -> None:
    game = area_game(turns=2).game
    assert game.outcome() is None
    records = game.log.records
    stats = turn_statistics(records, game.scenario)
    assert [s.turn for s in stats] == [1, 2]
    # A log that stops partway through turn 3 (the game goes on): still turns 1 and 2.
    under_way = [r for r in records if r.get("turn", 1) <= 2] + [
        {"type": "phase", "turn": 3, "side": "dravan"}
    ]
    assert [s.turn for s in turn_statistics(under_way, game.scenario)] == [1, 2]
    # Read as a whole game (its end screen), the last turn counts.
    within = [r for r in records if r.get("turn", 1) <= 2]
    assert [s.turn for s in turn_statistics(within, game.scenario, finished=True)] == [1, 2]
    assert turn_statistics([], game.scenario) == []


def test_a_wego_games_statistics_are_the_films_with_the_final_result_last() -> None:
    game = wego_game().game
    records = game.log.records
    films = film.statistics(records)
    stats = turn_statistics(records, game.scenario)
    assert [s.turn for s in stats] == [s.turn for s in films]
    assert stats[:-1] == films[:-1]
    outcome = game.outcome()
    assert outcome is not None
    assert stats[-1].vp == dict(outcome["vp"])
    assert stats[-1].supply == films[-1].supply


def test_the_log_derivation_agrees_with_the_wego_turn_records() -> None:
    """The IGOUGO derivation, run on a WEGO log, finds the totals the WEGO engine recorded at
    each turn's end: the same figures, whichever way they are read."""
    game = wego_game().game
    records = game.log.records
    derived = igougo_statistics(records, game.scenario, finished=True)
    films = film.statistics(records)
    for mine, theirs in zip(derived[:-1], films[:-1], strict=True):
        assert mine.turn == theirs.turn
        assert mine.vp == theirs.vp
        assert {s: mine.losses.get(s, 0) for s in theirs.losses} == theirs.losses
        assert mine.supply == theirs.supply


def test_the_tension_index_per_turn_follows_its_records() -> None:
    game = area_game().game
    scenario = game.scenario
    assert scenario.tension is not None
    values = tension_by_turn(game.log.records, scenario, game.turn)
    assert values is not None and len(values) == game.turn + 1
    assert values[0] == scenario.tension.start
    assert values[-1] == game.state.tension
