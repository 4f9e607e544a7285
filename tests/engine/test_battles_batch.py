"""The batch engine (``engine.combat.batch``) fights like the round engine, in distribution
(B2-B8, U1): many battles of one set-up fought side by side with numpy must end as often in
each way, last as many rounds and cost each side as much as the same battle fought one by
one with ``fast.fight``.

Each comparison draws 5,000 battles from each engine with fixed seeds, so a run is
deterministic and cannot flake; the thresholds (4.5 standard errors) are wide enough that
two engines equal in distribution pass with any seeds bar a one-in-100,000 accident, and
narrow enough that dropping a rule (panic, pursuit, re-rolls...) fails at once.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest

from engine.combat import batch, batch_odds, fast
from engine.combat.prepare import Setup
from engine.dice import Dice
from tests.engine.test_battles import airfield, arena, fly, start

RUNS = 5000
LIMIT = 4.5
"""Standard errors two estimates of the same quantity may differ by."""


def _tens():
    """The benchmark battle: six infantry, two tanks, two guns and a leader a side."""
    b = arena()
    b.region("b1", stacking=60)
    b.unit_type("inf", rate_of_fire=2)
    for side, nation in (("r", "redland"), ("x", "blueland")):
        for i in range(6):
            b.unit(f"{side}i{i}", "inf", "b1", nation=nation)
        for i in range(2):
            b.unit(f"{side}t{i}", "tank", "b1", nation=nation)
            b.unit(f"{side}a{i}", "art", "b1", nation=nation)
    b.leader("rl", "b1", rank=2, attack=1, morale=1)
    b.leader("xl", "b1", nation="blueland", rank=2, defence=1, morale=1)
    return start(b)


def _air_and_ambush():
    """Bombers and flak, an ambush in the forest, supply columns caught in the fight."""
    b = airfield(arena())
    b.region("b1", stacking=60, terrain="forest")
    b.raw["terrain"][1]["ambush"] = True
    for i in range(3):
        b.unit(f"r{i}", "inf", "b1")
        b.unit(f"x{i}", "inf", "b1", nation="blueland")
    b.unit("rt", "tank", "b1")
    b.unit("rb", "bomber", structure="field")
    b.unit("rl", "log", "b1")
    b.unit("xf", "flak", "b1", nation="blueland")
    b.unit("xs", "ski", "b1", nation="blueland")
    b.unit("xa", "art", "b1", nation="blueland")
    b.unit("xl", "log", "b1", nation="blueland")
    game = start(b)
    fly(game, "rb", "b1")
    return game


def _elite_and_reduced():
    """Elite units re-rolling misses, units already reduced, entrenched defenders on hills."""
    b = arena()
    b.region("b1", stacking=60, terrain="hills")
    b.unit_type("inf", elite=True, reduced={"attack": 2, "defence": 3, "morale": 2})
    b.unit_type("tank", reduced={"attack": 3, "morale": 3}, loss_priority="first")
    for i in range(4):
        b.unit(f"r{i}", "inf", "b1", strength=2 + i % 3)
        b.unit(f"x{i}", "inf", "b1", nation="blueland", strength=1 + i, entrenched=True)
    b.unit("rt", "tank", "b1")
    b.unit("rt2", "tank", "b1", strength=2)
    b.unit("xt", "tank", "b1", nation="blueland")
    return start(b)


def _support_left_behind():
    """Blue's one weak combat unit falls and its guns and columns are lost with it (U1)."""
    b = arena()
    b.region("b1", stacking=60)
    for i in range(3):
        b.unit(f"r{i}", "tank", "b1")
    b.unit("x0", "inf", "b1", nation="blueland", strength=2)
    for i in range(3):
        b.unit(f"xl{i}", "log", "b1", nation="blueland")
        b.unit(f"xa{i}", "art", "b1", nation="blueland", strength=1 + i % 2)
    return start(b)


def _heavy_blows():
    """A strong attack on a small, steady garrison: rounds of heavy losses decide routs."""
    b = arena()
    b.region("b1", stacking=60)
    b.unit_type("inf", rate_of_fire=2)
    b.unit_type("guard", attack=3, defence=3, morale=9, hit_points=3, stacking=1)
    for i in range(4):
        b.unit(f"r{i}", "inf", "b1")
    for i in range(4):
        b.unit(f"x{i}", "guard", "b1", nation="blueland")
    return start(b)


def _plain():
    """Fragile hard-hitting companies and tanks only, so that the first round is a main
    round and who fires first matters: a hit often takes a company out before it fires."""
    b = arena()
    b.region("b1", stacking=60)
    b.unit_type("coy", attack=5, defence=5, morale=5, hit_points=1, stacking=1, rate_of_fire=2)
    for i in range(5):
        b.unit(f"r{i}", "coy", "b1")
        b.unit(f"x{i}", "coy", "b1", nation="blueland")
    b.unit("rt", "tank", "b1")
    b.unit("xt", "tank", "b1", nation="blueland")
    return start(b)


def _shooting_first(setup: Setup) -> Setup:
    """As if a card let blue fire first in every main and next round (B11)."""
    setup.sf = {"main": 2, "next": 2}
    return setup


def _first_round_cards(setup: Setup) -> Setup:
    """As if cards were played: red +3 and a re-roll in the first round, blue re-rolls in the
    next rounds, and red crossed a river (+2 to blue in the first rounds)."""
    blue = [s == 1 for s in setup.side]
    setup.cardfirst = {"main": [0 if b else 3 for b in blue]}
    setup.reroll_first = [not b for b in blue]
    setup.reroll_any_first = True
    setup.rerolls = {"next": list(blue)}
    setup.conn = [2 if b else 0 for b in blue]
    setup.conn_any = True
    return setup


def _scalar(setup: Setup, sides: int) -> dict[str, np.ndarray]:
    dice = Dice(11, sides)
    found = [fast.fight(setup, dice) for _ in range(RUNS)]
    return {
        "winner": np.array([o.winner for o in found]),
        "routed": np.array([-1 if o.routed is None else o.routed for o in found]),
        "pursued": np.array([o.pursued for o in found]),
        "rounds": np.array([o.rounds for o in found]),
        "hits": np.array([o.hits_lost for o in found]),
        "units": np.array([o.units_lost for o in found]),
    }


def _batch(setup: Setup, sides: int) -> dict[str, np.ndarray]:
    found = batch.fight_many(setup, RUNS, np.random.default_rng(12), sides)
    return {
        "winner": found.winner,
        "routed": found.routed,
        "pursued": found.pursued,
        "rounds": found.rounds,
        "hits": found.hits_lost,
        "units": found.units_lost,
    }


def _same_shares(a: list, b: list, what: str) -> None:
    """Every outcome's share agrees within LIMIT standard errors (two-proportion test)."""
    ca, cb = Counter(a), Counter(b)
    for key in ca.keys() | cb.keys():
        pa, pb = ca[key] / RUNS, cb[key] / RUNS
        pooled = (ca[key] + cb[key]) / (2 * RUNS)
        se = math.sqrt(max(pooled * (1 - pooled), 1 / RUNS) * 2 / RUNS)
        assert abs(pa - pb) <= LIMIT * se, f"{what} {key}: {pa:.4f} one by one, {pb:.4f} batched"


def _same_mean(a: np.ndarray, b: np.ndarray, what: str) -> None:
    se = math.sqrt((a.var() + b.var()) / RUNS)
    if se == 0:
        assert a.mean() == b.mean(), what
        return
    assert abs(a.mean() - b.mean()) <= LIMIT * se, f"{what}: {a.mean():.3f} vs {b.mean():.3f}"


def _agree(setup: Setup, sides: int = 10) -> dict[str, np.ndarray]:
    one, many = _scalar(setup, sides), _batch(setup, sides)
    ends = [
        list(zip(r["winner"].tolist(), r["routed"].tolist(), r["pursued"].tolist(), strict=True))
        for r in (one, many)
    ]
    _same_shares(*ends, "ending (winner, routed, pursued)")
    _same_shares(one["rounds"].tolist(), many["rounds"].tolist(), "rounds")
    for s, side in enumerate(("attacker", "defender")):
        _same_mean(one["hits"][:, s], many["hits"][:, s], f"{side} hit points lost")
        _same_mean(one["units"][:, s], many["units"][:, s], f"{side} units lost")
        _same_shares(one["units"][:, s].tolist(), many["units"][:, s].tolist(), f"{side} units")
    return many


def test_the_benchmark_battle_ends_alike_in_both_engines() -> None:
    many = _agree(fast.setup_for(_tens(), "b1"))
    assert 0.2 < (many["winner"] == 0).mean() < 0.8  # a contest, so every branch is used
    assert many["pursued"].any() and (many["routed"] >= 0).any()


def test_air_support_flak_ambush_and_support_units_alike() -> None:
    many = _agree(fast.setup_for(_air_and_ambush(), "b1"))
    assert (many["rounds"] >= 3).any()


def test_elite_re_rolls_reduced_values_and_entrenchment_alike() -> None:
    _agree(fast.setup_for(_elite_and_reduced(), "b1"))


def test_support_units_lost_with_their_side_alike() -> None:
    many = _agree(fast.setup_for(_support_left_behind(), "b1"))
    assert (many["units"][:, 1] > 1).mean() > 0.5


def test_rounds_of_heavy_losses_alike() -> None:
    _agree(fast.setup_for(_heavy_blows(), "b1"))


def test_a_side_firing_first_alike() -> None:
    _agree(_shooting_first(fast.setup_for(_plain(), "b1")))


def test_first_round_bonuses_and_re_rolls_from_cards_alike() -> None:
    _agree(_first_round_cards(fast.setup_for(_plain(), "b1")))


def test_odds_sum_up_the_batch_and_leave_the_game_alone() -> None:
    game = _tens()
    dice, records = game.dice.state(), len(game.log)
    odds = batch_odds.preview(game, "b1", runs=800, seed=5)
    assert game.dice.state() == dice and len(game.log) == records
    assert odds["runs"] == 800
    assert odds["attacker_win"] + odds["defender_win"] == pytest.approx(1.0)
    ends = odds["endings"]
    assert sum(v for e in ends.values() for v in e.values()) == pytest.approx(1.0)
    assert odds == batch_odds.preview(game, "b1", runs=800, seed=5)  # seeded: repeatable
    rounds = odds["distributions"]["rounds"]
    assert sum(rounds["histogram"].values()) == 800
    assert rounds["p10"] <= rounds["median"] <= rounds["p90"]
    scalar = fast.preview(game, "b1", runs=800, seed=5)
    assert odds["attacker_win"] == pytest.approx(scalar["attacker_win"], abs=0.09)


def test_many_odds_are_fought_in_chunks_and_all_counted(monkeypatch) -> None:
    monkeypatch.setattr(batch_odds, "CHUNK", 300)
    setup = fast.setup_for(_tens(), "b1")
    odds = batch_odds.odds(setup, 10, runs=700, seed=2)
    assert odds["runs"] == 700
    assert sum(odds["distributions"]["rounds"]["histogram"].values()) == 700
