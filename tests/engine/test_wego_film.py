"""The WEGO film (issue 14): every execution recorded tick by tick in the event log, replayed
exactly; frames under each side's fog and a final film without it; the battle summary with
the tick of each fight; statistics per turn. Also the AI's WEGO plans and headless play.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from editor.cli import main
from engine import Game
from engine.ai import BaselineAI
from engine.replay import replay
from engine.runner import Result, play
from engine.wego import film, plan
from engine.wego.ai import make_plan
from engine.wego.orders import OrderAttack, OrderDefend, OrderHold, OrderMove, SealPlan
from schemas.io import dumps, load_file
from tests.wego_scenarios import STORED, crossing_scenario, lane


@cache
def played(seed: int = 2) -> Result:
    return play(crossing_scenario(), seed)


def test_the_stored_scenario_is_the_builders() -> None:
    assert STORED.read_text(encoding="utf-8") == dumps(crossing_scenario())


def test_a_headless_game_plays_to_the_end_with_battles() -> None:
    result = played()
    assert result.finished
    assert result.summary()["battles"] >= 1
    assert result.game.turn == 6


def test_of1_ot6_the_film_replayed_from_the_log_equals_every_recorded_frame() -> None:
    records = played().game.log.records
    assert film.verify(records) == []
    frames = film.final_film(records)
    assert len(frames) == sum(1 for r in records if r["type"] == "wego_tick")
    # A changed move in the log is caught: the check can fail.
    tampered = json.loads(json.dumps(records))
    step = next(r for r in tampered if r["type"] == "wego_step")
    step["to"] = "c1r1" if step["to"] != "c1r1" else "c2r1"
    assert film.verify(tampered)


def test_ot6_the_film_of_a_replayed_log_is_the_same_film() -> None:
    game = played().game
    again = replay(game.scenario, game.log.records)
    assert again.divergence is None
    assert film.final_film(again.game.log.records) == film.final_film(game.log.records)
    for side in ("red", "blue"):
        assert film.frames(again.game.log.records, viewer=side) == film.frames(
            game.log.records, viewer=side
        )


def test_of2_of3_a_frame_under_fog_shows_only_what_the_side_saw() -> None:
    records = played().game.log.records
    ticks = [r for r in records if r["type"] == "wego_tick"]
    red = film.frames(records, viewer="red")
    assert len(red) == len(ticks)
    hidden_somewhere = False
    for frame, tick in zip(red, ticks, strict=True):
        for stack_id, (side, region, _) in tick["stacks"].items():
            shown = frame.stacks.get(stack_id)
            if side == "red":
                assert shown is not None and shown.units is not None
            elif stack_id in tick["seen"]["red"]:
                assert shown is not None and shown.region == region
            else:
                assert shown is None
                hidden_somewhere = True
        for event in frame.events:
            assert "order" not in event or event["side_id"] == "red"
            assert event["type"] != "wego_order_end"
    assert hidden_somewhere  # fog is on: some blue stack went unseen at some tick
    final = film.final_film(records)
    assert all(len(f.stacks) == len(t["stacks"]) for f, t in zip(final, ticks, strict=True))


def test_of5_the_battle_summary_names_the_tick_and_frame_of_each_fight() -> None:
    records = played().game.log.records
    rows = film.battles(records)
    assert len(rows) == played().summary()["battles"]
    for row in rows:
        frames = film.frames(records, viewer=None, turn=row.turn)
        frame = frames[row.frame]
        assert frame.tick == row.tick
        assert any(e["type"] == "wego_battle" and e["region"] == row.region for e in frame.events)


def test_of4_a_meeting_engagement_is_told_apart_from_an_attack() -> None:
    b = lane()
    b.unit("r", "inf", "c2r1").unit("b", "inf", "c7r1", nation="blueland")
    game = b.game(seed=3)
    game.apply(OrderMove(game.state.units["r"].stack or "", ("c3r1", "c4r1", "c5r1")))
    game.apply(SealPlan())
    game.apply(OrderMove(game.state.units["b"].stack or "", ("c6r1", "c5r1", "c4r1")))
    game.apply(SealPlan())
    (row,) = film.battles(game.log.records)
    assert (row.turn, row.tick, row.meeting) == (1, 3, True)


def test_of9_statistics_give_vp_losses_and_supply_per_turn() -> None:
    result = played()
    stats = film.statistics(result.game.log.records)
    assert [s.turn for s in stats] == [1, 2, 3, 4, 5, 6]
    last = stats[-1]
    assert last.losses == result.game.state.stats["losses"]
    assert set(last.supply) == {"red", "blue"}
    assert all(s.supply["red"]["supplied"] >= 0 for s in stats)
    # VP before the final holdings are counted at the game's end.
    assert stats[0].vp.keys() == {"red", "blue"}


def test_ot6_ot10_a_headless_wego_game_is_deterministic_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outputs = []
    for name in ("a", "b"):
        log = tmp_path / f"{name}.jsonl"
        code = main(["play", str(STORED), "--headless", "--seed", "4", "--json", "--log", str(log)])
        assert code == 0
        outputs.append((capsys.readouterr().out, log.read_text(encoding="utf-8")))
    assert outputs[0] == outputs[1]
    summary = json.loads(outputs[0][0])
    assert summary["finished"] is True and summary["turns_played"] == 6


def test_the_ai_plans_only_legal_orders_and_the_same_plan_for_a_seed() -> None:
    scenario = load_file(STORED).scenario
    assert scenario is not None
    game = Game(scenario, 9)
    ai = BaselineAI()
    while game.outcome() is None:
        action = ai.choose(game)
        assert game.is_legal(action), action
        game.apply(action)
    again = play(scenario, 9)
    assert again.game.log.records == game.log.records


def test_the_ai_attacks_a_weaker_neighbour_and_holds_what_holds_vp() -> None:
    b = lane()
    b.record("c2r1", values={"red": {"hold_at_end": 5}, "blue": {"capture": 5}})
    b.unit("g", "inf", "c2r1")  # the lone guard of a VP hex, enemies near
    b.unit("r1", "inf", "c4r1").unit("r2", "inf", "c4r1")
    b.unit("b", "inf", "c5r1", nation="blueland", strength=1)
    game = b.game(seed=1)
    style = BaselineAI().style
    orders = {o.stack: o for o in make_plan(game, "red", style)}
    guard = game.state.units["g"].stack or ""
    attackers = game.state.units["r1"].stack or ""
    assert orders[guard] == OrderDefend(guard)
    assert orders[attackers] == OrderAttack(attackers, "c5r1", ())


def test_the_ai_advances_toward_enemies_when_nothing_is_in_reach() -> None:
    b = lane(columns=10)
    b.unit("r", "inf", "c1r1").unit("b", "inf", "c10r1", nation="blueland")
    game = b.game(seed=1)
    (order,) = make_plan(game, "red", BaselineAI().style)
    assert isinstance(order, OrderMove) and order.path == ("c2r1", "c3r1", "c4r1")
    (blue,) = make_plan(game, "blue", BaselineAI().style)
    assert not isinstance(blue, OrderHold)
    assert plan.sealed(game) == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ot6_random_legal_plans_play_to_the_end_and_their_film_replays(seed: int) -> None:
    """Random legal orders (random routes, waits, withdrawals, attacks, changes and
    cancellations), saved and reloaded at random points: the game ends, every frame replays
    from the log, and a reloaded game goes on exactly as the original."""
    import dataclasses
    import random

    pick = random.Random(seed)
    game = Game(crossing_scenario(), seed)
    actions = 0
    while game.outcome() is None:
        legal = game.legal_actions()
        orders = [a for a in legal if a != SealPlan()]
        if not orders or pick.random() < 0.15:
            action = SealPlan()
        else:
            action = pick.choice(orders)
            if isinstance(action, OrderMove | OrderAttack) and pick.random() < 0.3:
                action = dataclasses.replace(action, wait=pick.randint(1, 3))
        game.apply(action)
        actions += 1
        if pick.random() < 0.05:
            game = Game.from_save(game.scenario, json.dumps(game.save()))
    assert actions > 12
    assert film.verify(game.log.records) == []
    again = replay(game.scenario, game.log.records)
    assert again.divergence is None


def test_of1_each_frame_holds_the_region_owners_of_its_tick() -> None:
    """A hex taken during the execution changes hands in the frame of the tick it was
    taken, not before: the film colours the map as it was at each tick."""
    b = lane(6)
    b.unit("r", "inf", "c1r1").unit("x", "inf", "c6r1", nation="blueland")
    game = b.game(0)
    stack = game.state.units["r"].stack
    assert stack is not None
    game.apply(OrderMove(stack, ("c2r1", "c3r1", "c4r1"), 0))
    game.apply(SealPlan())
    game.apply(SealPlan())
    frames = film.frames(game.log.records, viewer="red", turn=1)
    taken = [f.tick for f in frames if (f.owners or {}).get("c4r1") == "redland"]
    step_in = next(
        r["tick"]
        for r in game.log.of_type("wego_step")
        if r["to"] == "c4r1" and r["stack"] == stack
    )
    assert taken and taken[0] == step_in
    assert frames[0].owners == {}  # as the execution opened, the scenario's owners
    assert game.state.owner["c4r1"] == "redland"
