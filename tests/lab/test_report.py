"""The balance report's numbers, from hand-made game records whose answers are known; the
statistics behind them; the duel's tally; the AI level registry."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from engine.ai import levels
from engine.ai.baseline import BaselineAI
from engine.lab.duel import duel_report
from engine.lab.report import build_report, compare
from engine.lab.stats import quantile, two_proportions, wilson
from schemas import load_file

SAMPLE = load_file(Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json")
SCENARIO = SAMPLE.scenario


def game(seed: int, winner: str | None, **changes) -> dict:
    """A record as ``engine.lab.record.summarise`` writes it."""
    record = {
        "seed": seed,
        "levels": {"dravan": "baseline", "arvel": "baseline"},
        "result": "draw" if winner is None else "win",
        "winner": winner,
        "reason": "the last turn is over",
        "ending": {"kind": "last_turn", "detail": None},
        "turns": 10,
        "vp": {"dravan": 0, "arvel": 0, "hesk": 0},
        "vp_by_turn": [{"dravan": 0, "arvel": 0, "hesk": 0}] * 10,
        "losses": {},
        "captures": [],
        "structure_captures": [],
        "cards": [],
        "choices": [],
        "battles": 0,
        "actions": 100,
        "cpu_s": 0.1,
    }
    record.update(changes)
    return record


def report(games: list[dict]) -> dict:
    return build_report(
        SCENARIO, games, fingerprint="f", engine="e", levels="baseline", requested=len(games)
    )


# -- statistics ----------------------------------------------------------------------------------


def test_wilson_intervals_match_the_published_values() -> None:
    # Reference values of the Wilson score interval (95%).
    assert wilson(0, 20).high == pytest.approx(0.1611, abs=1e-4)
    assert wilson(0, 20).low == 0.0
    half = wilson(10, 20)
    assert (half.low, half.high) == (
        pytest.approx(0.2993, abs=1e-4),
        pytest.approx(0.7007, abs=1e-4),
    )
    assert wilson(0, 0).to_json() == {"count": 0, "of": 0, "rate": 0.0, "low": 0.0, "high": 1.0}


def test_two_proportions_gives_the_pooled_z_test() -> None:
    diff = two_proportions(wilson(40, 100), wilson(60, 100))
    assert diff.z == pytest.approx(0.2 / math.sqrt(0.25 * 0.02))
    assert diff.p_value == pytest.approx(0.0047, abs=2e-4) and diff.significant()
    same = two_proportions(wilson(50, 100), wilson(52, 100))
    assert not same.significant()
    assert two_proportions(wilson(0, 0), wilson(3, 10)).p_value == 1.0


def test_quantiles_interpolate_like_numpy() -> None:
    values = [1, 2, 3, 4, 10]
    assert quantile(values, 0.5) == 3
    assert quantile(values, 0.9) == pytest.approx(7.6)
    assert quantile(values, 0.1) == pytest.approx(1.4)


# -- the report ----------------------------------------------------------------------------------


def test_results_per_side_with_intervals() -> None:
    games = [game(s, "arvel") for s in range(6)] + [game(6, "dravan"), game(7, None)]
    results = report(games)["results"]
    assert (results["games"], results["decisive"], results["draws"]) == (8, 7, 1)
    arvel = results["sides"]["arvel"]
    assert arvel["win"]["count"] == 6 and arvel["win"]["rate"] == 0.75
    assert arvel["loss"]["count"] == 1 and arvel["draw"]["count"] == 1
    assert arvel["of_decisive"] == wilson(6, 7).to_json()
    assert set(results["sides"]) == {"dravan", "arvel"}  # a neutral side has no results


def test_vp_by_turn_has_the_median_and_band_with_final_vp_carried_on() -> None:
    rising = [{"dravan": t, "arvel": 0, "hesk": 0} for t in range(1, 11)]
    short = [{"dravan": 0, "arvel": 5, "hesk": 0}] * 3  # ended in turn 3 with 5 VP
    games = [game(1, "dravan", vp_by_turn=rising), game(2, "arvel", vp_by_turn=short, turns=3)]
    vp = report(games)["vp_by_turn"]
    assert vp["turns"] == list(range(1, 11))
    assert vp["arvel"]["median"][9] == 2.5  # 0 and 5: the ended game still counts
    assert vp["dravan"]["p90"][9] == pytest.approx(9.0)


def test_captures_make_a_heatmap_by_region_and_turn() -> None:
    games = [
        game(1, "arvel", captures=[[2, "tarrow", "arvel"], [5, "tarrow", "dravan"]]),
        game(2, "arvel", captures=[[2, "tarrow", "arvel"], [2, "kessel", "dravan"]]),
    ]
    captures = report(games)["captures"]
    order = [r.id for r in SCENARIO.regions]
    assert captures["regions"] == sorted(["tarrow", "kessel"], key=order.index)
    row = captures["matrix"][captures["regions"].index("tarrow")]
    assert row[1] == 1.0 and row[4] == 0.5 and sum(row) == 1.5
    assert captures["per_game"]["tarrow"] == 1.5 and captures["games_with"]["kessel"] == 0.5
    assert captures["by_side"]["tarrow"] == {"arvel": 2, "dravan": 1}
    assert captures["names"]["tarrow"] == "Tarrow"


def test_a_cards_association_with_winning() -> None:
    card = next(c for c in SCENARIO.cards if c.side == "arvel")
    played = [[3, "arvel", card.id]]
    games = [game(s, "arvel", cards=played) for s in range(4)]
    games += [game(4, "dravan", cards=played)]
    games += [game(s, "dravan") for s in range(5, 9)] + [game(9, "arvel")]
    entry = report(games)["cards"][card.id]
    assert entry["games"] == 5 and entry["times"] == 5 and entry["mean_turn"] == 3
    assert entry["win_when_played"]["rate"] == 0.8 and entry["win_when_not"]["rate"] == 0.2
    assert entry["association"] == pytest.approx(0.6)
    never = next(c for c in SCENARIO.cards if c.id != card.id)
    assert report(games)["cards"][never.id]["games"] == 0


def test_endings_count_every_sudden_death_rule_even_those_never_triggered() -> None:
    rule = SCENARIO.victory.sudden_death[0]
    games = [
        game(1, rule.side, ending={"kind": "sudden_death", "detail": rule.id}, turns=4),
        game(2, "arvel", ending={"kind": "effect", "detail": "armistice-talks"}),
        game(3, "arvel"),
    ]
    endings = report(games)["endings"]
    assert endings["sudden_death"][rule.id]["rate"]["count"] == 1
    assert endings["sudden_death"][rule.id]["by_turn"] == {"4": 1}
    assert set(endings["sudden_death"]) == {r.id for r in SCENARIO.victory.sudden_death}
    assert endings["details"]["effect"] == {"armistice-talks": 1}
    assert endings["kinds"]["last_turn"]["count"] == 1


def test_losses_and_choices_and_the_seeds_to_replay() -> None:
    games = [
        game(1, "arvel", losses={"dravan": {"rifle-division": 2}}, cpu_s=3.0,
             vp={"dravan": 0, "arvel": 9, "hesk": 0},
             choices=[[2, "ev", "Hold", "arvel"]]),
        game(2, "arvel", losses={"dravan": {"rifle-division": 1}}, cpu_s=1.0,
             vp={"dravan": 1, "arvel": 2, "hesk": 0},
             choices=[[2, "ev", "Hold", "arvel"], [3, "ev", "Run", "arvel"]]),
    ]  # fmt: skip
    found = report(games)
    assert found["losses"]["dravan"]["per_game"] == {"rifle-division": 1.5}
    assert found["choices"]["ev"]["options"] == {"Hold": 2, "Run": 1}
    assert [g["seed"] for g in found["replay"]["slowest"]] == [1, 2]
    assert found["replay"]["one_sided"][0] == {
        "seed": 1,
        "winner": "arvel",
        "margin": 9,
        "turns": 10,
    }
    assert [g["seed"] for g in found["games"]] == [1, 2]


def test_comparing_two_versions_says_whether_the_change_is_beyond_noise() -> None:
    before = report([game(s, "arvel" if s < 80 else "dravan") for s in range(100)])
    after = report([game(s, "arvel" if s < 50 else "dravan") for s in range(100)])
    found = compare(before, after)
    assert found["seeds"] == 100 and found["games_with_another_winner"] == 30
    assert found["sides"]["arvel"]["significant"] and found["moved"]
    noise = compare(before, report([game(s, "arvel" if s < 77 else "dravan") for s in range(100)]))
    assert not noise["moved"]
    partial = compare(before, report([game(s, "arvel") for s in range(50, 150)]))
    assert partial["seeds"] == 50  # only the seeds both played count


# -- duels and levels ----------------------------------------------------------------------------


def test_a_duel_counts_wins_by_level_over_both_sides() -> None:
    def duel_game(seed: int, first_side: str, winner: str | None) -> dict:
        other = "arvel" if first_side == "dravan" else "dravan"
        return game(seed, winner, levels={first_side: "hard", other: "baseline"})

    games = [
        duel_game(1, "dravan", "dravan"),
        duel_game(1, "arvel", "arvel"),
        duel_game(2, "dravan", "arvel"),
        duel_game(2, "arvel", None),
    ]
    found = duel_report(SCENARIO, games, "hard", "baseline", fingerprint="f", requested=4)
    overall = found["overall"]
    assert overall["first_wins"]["count"] == 2 and overall["second_wins"]["count"] == 1
    assert overall["draws"]["count"] == 1 and overall["decisive"] == 3
    assert found["by_side"]["dravan"]["first_wins"]["count"] == 1
    assert found["by_side"]["arvel"]["games"] == 2 and found["seeds"] == 2


def test_levels_are_found_by_name_and_make_fresh_players() -> None:
    assert "baseline" in levels.names() and levels.DEFAULT == "baseline"
    one, two = levels.player("baseline"), levels.player("baseline")
    assert isinstance(one, BaselineAI) and one is not two
    with pytest.raises(levels.UnknownLevel, match=r"unknown AI level 'grandmaster'.*baseline"):
        levels.get("grandmaster")
