"""The balance lab on Dask: games played on a cluster are the games played one by one, each
worker reads the scenario once, and a rerun plays only what the cache does not hold."""

from __future__ import annotations

import threading
from contextlib import contextmanager
from pathlib import Path

import pytest

from engine.lab import runs
from engine.lab.cache import GameCache, engine_fingerprint, scenario_fingerprint
from engine.lab.cluster import ClusterError, connect, play_jobs
from engine.lab.match import play_game
from engine.lab.worker import parsed
from engine.runner import play
from schemas import dumps, load_file

SAMPLE = load_file(Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json")
SEEDS = range(21, 25)


def _same(record: dict) -> dict:
    """A record without its CPU time (the only thing that may differ between two runs)."""
    return {k: v for k, v in record.items() if k != "cpu_s"}


@pytest.fixture(scope="module")
def one_by_one() -> dict[int, dict]:
    scenario = SAMPLE.scenario
    return {s: play_game(scenario, s, "baseline") for s in SEEDS}


@pytest.fixture(scope="module")
def client():
    """A local cluster of two workers, started once for the module's tests."""
    with connect(workers=2) as running:
        yield running


def test_a_lab_game_is_the_headless_game_of_the_same_seed() -> None:
    scenario = SAMPLE.scenario
    record = play_game(scenario, 3, "baseline")
    headless = play(scenario, 3).summary()
    assert record["winner"] == headless["winner"]
    assert record["vp"] == headless["vp"]
    assert record["turns"] == headless["turns_played"]
    assert record["actions"] == headless["actions"]
    assert record["levels"] == {"dravan": "baseline", "arvel": "baseline"}


@pytest.mark.slow  # starts a cluster of worker processes: its file is handed out first
def test_two_workers_play_the_same_games_as_one_by_one(client, one_by_one) -> None:
    scenario = SAMPLE.scenario
    jobs = runs.balance_jobs(scenario, SEEDS, "baseline")
    fingerprint = scenario_fingerprint(scenario)
    found: dict[int, dict] = {}
    ticks: list[int] = []
    result = play_jobs(
        client,
        dumps(scenario),
        fingerprint,
        engine_fingerprint(),
        jobs,
        on_game=lambda job, record: found.__setitem__(job.seed, record),
        on_tick=ticks.append,
    )
    loads = client.run(parsed)
    assert result.workers == 2 and result.played == len(SEEDS) and not result.failed
    assert not result.stopped
    assert {s: _same(r) for s, r in found.items()} == {s: _same(r) for s, r in one_by_one.items()}
    # Each worker read the scenario at most once, however many games it played. The scheduler
    # may hand every game to one worker on a busy machine, so a worker may have read nothing;
    # with four games on two workers, one of them played at least two, so parsing per game
    # would show a count of two or more.
    assert len(loads) == 2
    assert all(set(counts) <= {fingerprint} for counts in loads.values())
    assert all(counts.get(fingerprint, 0) <= 1 for counts in loads.values())
    assert sum(counts.get(fingerprint, 0) for counts in loads.values()) >= 1
    assert ticks and ticks[-1] == len(SEEDS) and ticks == sorted(ticks)


class _NoCluster:
    """A connector for runs that must not need a cluster."""

    def __call__(self, workers, scheduler):
        raise AssertionError("a cluster was started although every game was cached")


def test_a_rerun_plays_only_the_games_it_has_not_played(
    tmp_path: Path, one_by_one, monkeypatch
) -> None:
    scenario = SAMPLE.scenario
    cache = GameCache(tmp_path)
    first = runs.balance_jobs(scenario, SEEDS[:4], "baseline")
    for job in first:
        cache.add(job.key, one_by_one[job.seed])
    again = runs.run(scenario, first, GameCache(tmp_path), connector=_NoCluster())
    assert again.cached == 4 and again.complete and again.result.played == 0

    more = runs.balance_jobs(scenario, SEEDS, "baseline")
    asked: list[int] = []

    @contextmanager
    def local(workers, scheduler):
        yield "client"

    def fake_play(client, text, fingerprint, engine, jobs, *, on_game, on_tick, stop):
        asked.extend(j.seed for j in jobs)
        for job in jobs:
            on_game(job, one_by_one[job.seed])
        on_tick(len(jobs))
        return runs.RunResult(played=len(jobs))

    progress: list[runs.Progress] = []
    monkeypatch.setattr(runs, "play_jobs", fake_play)
    found = runs.run(scenario, more, cache, connector=local, on_progress=progress.append)
    assert asked == list(SEEDS[4:])
    assert [r["seed"] for r in found.records] == list(SEEDS)
    assert progress[0].done == progress[0].cached == 4 and progress[-1].done == len(SEEDS)
    # The new games are on disk: a third run needs no cluster at all.
    third = runs.run(scenario, more, GameCache(tmp_path), connector=_NoCluster())
    assert third.cached == len(SEEDS)


def test_the_cache_key_changes_with_the_scenario_the_level_and_the_seed() -> None:
    scenario = SAMPLE.scenario
    edited = scenario.model_copy(update={"info": scenario.info.model_copy(update={"title": "B"})})
    key = runs.balance_jobs(scenario, [1], "baseline")[0].key
    assert key != runs.balance_jobs(edited, [1], "baseline")[0].key
    assert key != runs.balance_jobs(scenario, [2], "baseline")[0].key
    duel = runs.duel_jobs(scenario, [1], "baseline", "baseline")
    # The same level on both sides is the balance lab's game: shared by the cache.
    assert {j.key for j in duel} == {key}


def test_a_duel_of_a_level_against_itself_plays_each_game_once(tmp_path, monkeypatch, one_by_one):
    scenario = SAMPLE.scenario
    jobs = runs.duel_jobs(scenario, SEEDS[:2], "baseline", "baseline")
    assert len(jobs) == 4  # each seed once per side...
    asked: list[int] = []

    @contextmanager
    def local(workers, scheduler):
        yield "client"

    def fake_play(client, text, fingerprint, engine, jobs, *, on_game, on_tick, stop):
        asked.extend(j.seed for j in jobs)
        for job in jobs:
            on_game(job, one_by_one[job.seed])
        return runs.RunResult(played=len(jobs))

    monkeypatch.setattr(runs, "play_jobs", fake_play)
    found = runs.run(scenario, jobs, GameCache(tmp_path), connector=local)
    assert sorted(asked) == list(SEEDS[:2])  # ... but the same game both times: played once
    assert len(found.records) == 4 and found.complete


def test_a_line_cut_short_by_a_crash_is_skipped_and_closed(tmp_path: Path) -> None:
    cache = GameCache(tmp_path)
    cache.add("a", {"seed": 1})
    with cache.path.open("a") as handle:
        handle.write('{"key": "b", "game": {"se')
    cache.add("c", {"seed": 3})
    fresh = GameCache(tmp_path)
    assert fresh.get("a") == {"seed": 1} and fresh.get("c") == {"seed": 3}
    assert fresh.get("b") is None


def test_workers_running_other_rules_are_refused(client) -> None:
    scenario = SAMPLE.scenario
    jobs = runs.balance_jobs(scenario, [1], "baseline")
    kept: list[int] = []
    with pytest.raises(ClusterError, match="another version of Salient's rules"):
        play_jobs(
            client,
            dumps(scenario),
            scenario_fingerprint(scenario),
            "not-these-rules",
            jobs,
            on_game=lambda job, record: kept.append(job.seed),
        )
    assert kept == []  # nothing of theirs was taken


def test_stopping_keeps_the_games_that_finished(client) -> None:
    scenario = SAMPLE.scenario
    jobs = runs.balance_jobs(scenario, range(1, 41), "baseline")
    stop = threading.Event()
    kept: list[int] = []

    def on_game(job, record) -> None:
        kept.append(job.seed)
        if len(kept) == 2:
            stop.set()

    result = play_jobs(
        client,
        dumps(scenario),
        scenario_fingerprint(scenario),
        engine_fingerprint(),
        jobs,
        on_game=on_game,
        stop=stop,
    )
    assert result.stopped
    assert 2 <= result.played == len(kept) < len(jobs)
