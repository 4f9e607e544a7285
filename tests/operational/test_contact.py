"""Meeting the enemy on the move in WEGO turns (issue 15): road congestion (OH5), ambushes of
road columns (OM9, OC30), overruns and their pooling (OM14-OM16), recce keeping out of enemy
zones, pulling back and withdrawing (OM17, OC26, OU16).

Each test plays one execution on a small hand-made hex map (``OpBuilder``: open ground, red
to the west, blue to the east, fog of war off) and reads the records and the state after it.
At Basic supply an armour regiment has 8 MP and an infantry battalion 4; open ground costs
1.25 MP a hex, a highway 1 (0.25 in Road Movement). An infantry battalion at half strength
in the open meets one armour regiment at 8:1 after the shock shift and two at 13:1; at 30%
strength one regiment gets 10.7:1.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import Game
from engine.wego import film
from engine.wego.op import state as op_state
from engine.wego.op.stats import op_statistics
from engine.wego.orders import OrderAttack, OrderHoldAtAllCosts, OrderMove, OrderRoadMove
from engine.wego.views import visible_records
from tests.operational.builder import OpBuilder
from tests.operational.play import execute, of, stack


def board(columns: int = 8, rows: int = 1, **contact: Any) -> OpBuilder:
    b = OpBuilder(columns=columns, rows=rows)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    if contact:
        b.table("contact", **contact)
    return b


def highway(columns: int = 12, **contact: Any) -> OpBuilder:
    """A one-row lane with a highway end to end, units at Move+ (Road Movement allowed)."""
    b = board(columns, **contact)
    b.table("turns", supply="move_plus")
    b.road("road", *(f"c{c}r1" for c in range(1, columns + 1)))
    return b


def op(game: Game, unit: str) -> dict[str, Any]:
    return dict(op_state.data(game)["units"][unit])


def region(game: Game, unit: str) -> str:
    return game.state.stacks[stack(game, unit)].region


# -- OH5: road congestion -------------------------------------------------------------------------


def test_oh5_each_unit_through_a_road_hex_makes_it_dearer_for_those_after_it() -> None:
    b = highway()
    b.unit("lead", "inf", "c2r1")
    b.unit("next", "inf", "c1r1")
    game = b.game(seed=1)
    path = ("c3r1", "c4r1", "c5r1")
    records = execute(
        game,
        [
            OrderRoadMove(stack(game, "lead"), path),
            OrderRoadMove(stack(game, "next"), ("c2r1", *path)),
        ],
    )
    steps = {(s["stack"], s["to"]): s for s in of(records, "wego_step")}
    lead, follower = stack(game, "lead"), stack(game, "next")
    for hex_id in path:
        assert steps[(lead, hex_id)]["cost"] == 0.25
        assert "congestion" not in steps[(lead, hex_id)]
        assert steps[(follower, hex_id)]["congestion"] == pytest.approx(0.1)
        assert steps[(follower, hex_id)]["cost"] == pytest.approx(0.35)
    assert steps[(follower, "c2r1")]["cost"] == 0.25  # "lead" began there, never went through
    assert region(game, "next") == "c5r1"


def test_oh5_congestion_is_a_parameter_and_zero_turns_it_off() -> None:
    b = highway(congestion=0.0)
    b.unit("lead", "inf", "c2r1")
    b.unit("next", "inf", "c1r1")
    game = b.game(seed=1)
    path = ("c3r1", "c4r1")
    execute_records = execute(
        game,
        [
            OrderRoadMove(stack(game, "lead"), path),
            OrderRoadMove(stack(game, "next"), ("c2r1", *path)),
        ],
    )
    assert {s["cost"] for s in of(execute_records, "wego_step")} == {0.25}


def test_oh5_congestion_adds_to_the_road_cost_outside_road_movement_too() -> None:
    b = highway(congestion=0.5)
    b.unit("lead", "inf", "c2r1")
    b.unit("next", "inf", "c1r1")
    game = b.game(seed=1)
    records = execute(
        game,
        [
            OrderMove(stack(game, "lead"), ("c3r1",)),
            OrderMove(stack(game, "next"), ("c2r1", "c3r1")),
        ],
    )
    late = [s for s in of(records, "wego_step") if s["stack"] == stack(game, "next")]
    assert [(s["to"], s["cost"]) for s in late] == [("c2r1", 1.0), ("c3r1", 1.5)]


# -- OM9, OC30: ambushes --------------------------------------------------------------------------


def _column(**contact: Any) -> tuple[Game, list[dict[str, Any]]]:
    b = highway(**contact)
    b.unit("column", "motor", "c1r1")
    b.unit("ambusher", "inf", "c6r1", nation="blueland", echelon="regiment")
    game = b.game(seed=3)
    path = tuple(f"c{c}r1" for c in range(2, 6))
    return game, execute(game, [OrderRoadMove(stack(game, "column"), path)])


def test_om9_oc30_a_road_column_entering_an_enemy_zone_stops_and_is_ambushed() -> None:
    game, records = _column()
    (end,) = [e for e in of(records, "wego_order_end") if e["side_id"] == "red"]
    assert end["reason"] == "ambushed"
    (caught,) = of(records, "op_ambush")
    assert (caught["region"], caught["ambushers"]) == ("c5r1", ["ambusher"])
    (battle,) = of(records, "op_battle")
    assert (battle["battle_kind"], battle["attacker"], battle["defender"]) == (
        "ambush",
        "blue",
        "red",
    )
    assert battle["target"] == "c5r1"
    lines = {line["unit"]: line for line in battle["units"]}
    assert lines["ambusher"]["damage"] == 0.0  # OC19, OC30: the ambusher takes nothing
    assert (op(game, "ambusher")["strength"], op(game, "ambusher")["readiness"]) == (100.0, 100.0)
    assert lines["column"]["damage"] > 0
    if not lines["column"]["destroyed"]:
        assert op(game, "column")["strength"] == pytest.approx(
            lines["column"]["strength_after"], abs=1e-4
        )
    assert region(game, "ambusher") == "c6r1"  # no advance after an ambush (choice)


def test_om9_with_ambushes_off_the_column_goes_on_to_the_enemy_and_halts_there() -> None:
    game, records = _column(ambush=False)
    assert not of(records, "op_ambush") and not of(records, "op_battle")
    assert region(game, "column") == "c5r1"


def test_om9_a_move_and_defend_column_is_never_ambushed() -> None:
    b = highway()
    b.unit("column", "motor", "c3r1")
    b.unit("ambusher", "inf", "c6r1", nation="blueland", echelon="regiment")
    game = b.game(seed=3)
    records = execute(game, [OrderMove(stack(game, "column"), ("c4r1", "c5r1"))])
    assert not of(records, "op_ambush") and not of(records, "op_battle")
    assert region(game, "column") == "c5r1"


# -- OM14-OM16: overruns --------------------------------------------------------------------------


def _overrun_board(strength: float, **contact: Any) -> OpBuilder:
    b = board(columns=8, rows=3, **contact)
    b.unit("foe", "inf", "c5r2", nation="blueland", strength=strength)
    return b


def test_om14_om15_a_mover_at_ten_to_one_overruns_the_hex_and_goes_on() -> None:
    b = _overrun_board(30)
    b.unit("tank", "armour", "c3r2", echelon="regiment")
    game = b.game(seed=1)
    records = execute(game, [OrderMove(stack(game, "tank"), ("c4r2", "c5r2", "c6r2"))])
    (over,) = of(records, "op_overrun")
    assert over["target"] == "c5r2" and over["defenders"] == ["foe"]
    assert over["final_odds"] >= 10
    assert over["mp"] == {stack(game, "tank"): pytest.approx(1.6)}  # 20% of 8 MP (OM15)
    (gone,) = of(records, "eliminated")
    assert (gone["unit"], gone["cause"]) == ("foe", "op_overrun")
    assert not of(records, "op_battle")
    assert region(game, "tank") == "c6r2"
    steps = of(records, "wego_step")
    assert [s["to"] for s in steps] == ["c4r2", "c5r2", "c6r2"]
    assert steps[0]["tick"] <= over["tick"] <= steps[1]["tick"]
    assert op(game, "tank")["readiness"] < 95  # 5 for the overrun, more for the move


@pytest.mark.parametrize(
    ("why", "change"),
    [
        ("green movers never overrun (OM15)", {"quality": "green"}),
        ("readiness 33 or less (OM15)", {"readiness": 30.0}),
    ],
)
def test_om15_only_regular_or_better_units_above_33_readiness_overrun(
    why: str, change: dict[str, Any]
) -> None:
    b = _overrun_board(30)
    b.unit("tank", "armour", "c4r2", echelon="regiment", **change)
    game = b.game(seed=1)
    records = execute(game, [OrderMove(stack(game, "tank"), ("c5r2", "c6r2"))])
    assert not of(records, "op_overrun"), why
    assert region(game, "tank") == "c4r2" and region(game, "foe") == "c5r2"


def test_om14_no_overrun_into_a_hex_that_is_not_open() -> None:
    b = _overrun_board(30)
    b.terrain("woods", "c5r2")
    b.unit("tank", "armour", "c4r2", echelon="regiment")
    game = b.game(seed=1)
    records = execute(game, [OrderMove(stack(game, "tank"), ("c5r2", "c6r2"))])
    assert not of(records, "op_overrun")


def test_om14_ou16_a_hex_held_only_by_recce_is_never_overrun() -> None:
    b = board(columns=8, rows=3, recce_pull_back=False)
    b.unit("scouts", "recce", "c5r2", nation="blueland", strength=10)
    b.unit("tank", "armour", "c4r2", echelon="regiment")
    game = b.game(seed=1)
    records = execute(game, [OrderMove(stack(game, "tank"), ("c5r2", "c6r2"))])
    assert not of(records, "op_overrun")


def test_om14_the_overrun_odds_are_a_parameter() -> None:
    b = _overrun_board(30, overrun_odds=12)
    b.unit("tank", "armour", "c4r2", echelon="regiment")
    game = b.game(seed=1)
    records = execute(game, [OrderMove(stack(game, "tank"), ("c5r2", "c6r2"))])
    assert not of(records, "op_overrun")


def test_om16_oc28_a_move_and_attack_stack_too_weak_to_overrun_attacks_instead() -> None:
    b = _overrun_board(50)
    b.unit("tank", "armour", "c3r2", echelon="regiment")
    game = b.game(seed=1)
    records = execute(game, [OrderAttack(stack(game, "tank"), "c5r2", ("c4r2",))])
    assert not of(records, "op_overrun")
    (battle,) = of(records, "op_battle")
    assert battle["battle_kind"] == "move_battle"


def test_om14_a_set_piece_attacker_never_overruns() -> None:
    b = _overrun_board(10)
    b.unit("tank", "armour", "c4r2", echelon="regiment")
    game = b.game(seed=1)
    records = execute(game, [OrderAttack(stack(game, "tank"), "c5r2", ())])
    assert not of(records, "op_overrun")
    (battle,) = of(records, "op_battle")
    assert battle["battle_kind"] == "set_piece"


def test_om16_a_move_and_defend_stack_waits_at_the_edge_and_overruns_with_a_later_one() -> None:
    b = _overrun_board(50)
    b.unit("first", "armour", "c4r2", echelon="regiment")
    b.unit("second", "armour", "c3r1", echelon="regiment")
    game = b.game(seed=1)
    first, second = stack(game, "first"), stack(game, "second")
    records = execute(
        game,
        [
            OrderMove(first, ("c5r2", "c6r2")),
            OrderMove(second, ("c4r1", "c5r1", "c5r2")),
        ],
    )
    (wait,) = of(records, "op_overrun_wait")
    assert (wait["stack"], wait["region"]) == (first, "c5r2")
    assert wait["final_odds"] < 10  # 8:1 alone
    (over,) = of(records, "op_overrun")
    assert sorted(over["stacks"]) == sorted([first, second])
    assert over["final_odds"] >= 10 and over["tick"] > wait["tick"]
    assert [(e["unit"], e["cause"]) for e in of(records, "eliminated")] == [("foe", "op_overrun")]
    assert region(game, "first") == "c6r2"
    # The wait tells where a stack was plotted: the other side never reads it.
    assert not [r for r in visible_records(records, "blue") if r["type"] == "op_overrun_wait"]
    assert [r for r in visible_records(records, "red") if r["type"] == "op_overrun_wait"]


def test_om16_om15_no_wait_for_a_stack_that_could_never_take_part() -> None:
    b = _overrun_board(50)
    b.unit("first", "armour", "c4r2", echelon="regiment")
    b.unit("second", "armour", "c3r1", echelon="regiment", quality="green")
    game = b.game(seed=1)
    first, second = stack(game, "first"), stack(game, "second")
    records = execute(
        game,
        [
            OrderMove(first, ("c5r2", "c6r2")),
            OrderMove(second, ("c4r1", "c5r1", "c5r2")),
        ],
    )
    assert not of(records, "op_overrun_wait") and not of(records, "op_overrun")
    (end,) = [e for e in of(records, "wego_order_end") if e["stack"] == first]
    assert end["reason"] == "blocked"


def test_om6_a_move_and_defend_stack_too_weak_with_no_one_coming_halts() -> None:
    b = _overrun_board(50)
    b.unit("tank", "armour", "c4r2", echelon="regiment")
    game = b.game(seed=1)
    records = execute(game, [OrderMove(stack(game, "tank"), ("c5r2", "c6r2"))])
    assert not of(records, "op_overrun") and not of(records, "op_overrun_wait")
    (end,) = [e for e in of(records, "wego_order_end") if e["side_id"] == "red"]
    assert end["reason"] == "blocked"


# -- OM17, OC26: recce ----------------------------------------------------------------------------


def test_om17_recce_moving_stop_short_of_a_non_recce_enemy_zone() -> None:
    b = board()
    b.unit("scouts", "recce", "c2r1")
    b.unit("foe", "inf", "c6r1", nation="blueland")
    game = b.game(seed=1)
    records = execute(game, [OrderMove(stack(game, "scouts"), ("c3r1", "c4r1", "c5r1"))])
    (end,) = [e for e in of(records, "wego_order_end") if e["side_id"] == "red"]
    assert end["reason"] == "blocked" and "OM17" in end["detail"]
    assert region(game, "scouts") == "c4r1"


def test_om17_recce_enter_a_zone_of_enemy_recce_only() -> None:
    b = board(recce_pull_back=False)
    b.unit("scouts", "recce", "c2r1")
    b.unit("foe", "recce", "c6r1", nation="blueland")
    game = b.game(seed=1)
    execute(game, [OrderMove(stack(game, "scouts"), ("c3r1", "c4r1", "c5r1"))])
    assert region(game, "scouts") == "c5r1"


def test_om17_recce_under_an_attack_order_go_into_the_enemy_zone() -> None:
    b = board()
    b.unit("scouts", "recce", "c3r1")
    b.unit("foe", "inf", "c6r1", nation="blueland")
    game = b.game(seed=1)
    records = execute(game, [OrderAttack(stack(game, "scouts"), "c6r1", ("c4r1", "c5r1"))])
    assert [s["to"] for s in of(records, "wego_step")] == ["c4r1", "c5r1"]


def test_om17_recce_pull_back_when_a_non_recce_enemy_comes_next_to_them() -> None:
    b = board()
    b.unit("scouts", "recce", "c3r1")
    b.unit("foe", "inf", "c5r1", nation="blueland")
    game = b.game(seed=1)
    records = execute(game, [], [OrderMove(stack(game, "foe"), ("c4r1",))])
    (back,) = of(records, "op_recce_pullback")
    assert (back["from"], back["to"], back["enemies"]) == ("c3r1", "c2r1", ["foe"])
    assert region(game, "scouts") == "c2r1"
    assert op(game, "scouts")["readiness"] == pytest.approx(97.5)


def test_om17_recce_leave_before_the_battle_they_were_attacked_in() -> None:
    b = board()
    b.unit("scouts", "recce", "c3r1")
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment")
    game = b.game(seed=1)
    records = execute(game, [], [OrderAttack(stack(game, "foe"), "c3r1", ("c4r1",))])
    assert of(records, "op_recce_pullback")
    assert not of(records, "op_battle")
    assert region(game, "scouts") == "c2r1"


@pytest.mark.parametrize("case", ["hold at all costs", "enemy recce"])
def test_om17_recce_stay_under_hold_at_all_costs_or_next_to_enemy_recce(case: str) -> None:
    b = board()
    b.unit("scouts", "recce", "c3r1")
    b.unit("foe", "recce" if case == "enemy recce" else "inf", "c5r1", nation="blueland")
    game = b.game(seed=1)
    red = [OrderHoldAtAllCosts(stack(game, "scouts"))] if case == "hold at all costs" else []
    records = execute(game, red, [OrderMove(stack(game, "foe"), ("c4r1",))])
    assert not of(records, "op_recce_pullback")
    assert region(game, "scouts") == "c3r1"


def _recce_attacked(attacker: str) -> list[dict[str, Any]]:
    b = board(recce_pull_back=False)
    b.unit("scouts", "recce", "c3r1", quality="green")
    b.unit("foe", attacker, "c4r1", nation="blueland", quality="elite", echelon="regiment")
    game = b.game(seed=2)
    return execute(game, [], [OrderAttack(stack(game, "foe"), "c3r1", ())])


def test_oc26_recce_alone_in_a_hex_withdraw_ignoring_the_attackers_better_quality() -> None:
    records = _recce_attacked("inf")
    (attempt,) = of(records, "op_withdrawal")
    # OC25 would give green defenders no chance against elite attackers; OC26 ignores it.
    assert attempt["chance"] == 100.0 and attempt["withdrew"]
    (moved,) = of(records, "op_retreat")
    assert moved["withdrawal"] is True and moved["to"] == "c2r1"


def test_oc26_recce_never_withdraw_from_combat_engineers() -> None:
    records = _recce_attacked("eng")
    assert not of(records, "op_withdrawal")
    assert of(records, "op_battle")


# -- the film and the battle summary (OF6) ---------------------------------------------------------


def test_oc30_om14_om17_the_film_lists_ambushes_and_overruns_and_replays_pullbacks() -> None:
    ambushed, _ = _column()
    rows = film.battles(ambushed.log.records)
    assert [(r.kind, r.region, r.attacker) for r in rows] == [("ambush", "c5r1", "blue")]
    assert not film.verify(ambushed.log.records)

    b = _overrun_board(30)
    b.unit("tank", "armour", "c4r2", echelon="regiment")
    overran = b.game(seed=1)
    execute(overran, [OrderMove(stack(overran, "tank"), ("c5r2", "c6r2"))])
    (row,) = film.battles(overran.log.records)
    assert (row.kind, row.winner, row.lost) == ("overrun", "red", {"blue": 1})
    (turn,) = op_statistics(overran.log.records)
    assert turn.strength_lost["blue"] == pytest.approx(0.3)  # OF9: the 30% battalion overrun
    assert not film.verify(overran.log.records)
    blue_view = [e["type"] for f in _frames(overran, "blue") for e in f.events]
    assert "op_overrun" in blue_view  # the side overrun sees it happen

    b = board()
    b.unit("scouts", "recce", "c3r1")
    b.unit("foe", "inf", "c5r1", nation="blueland")
    pulled = b.game(seed=1)
    execute(pulled, [], [OrderMove(stack(pulled, "foe"), ("c4r1",))])
    assert not film.verify(pulled.log.records)  # the film moves the recce by the record
    shown = [e["type"] for f in _frames(pulled, "red") for e in f.events]
    assert "op_recce_pullback" in shown


def _frames(game: Game, viewer: str) -> list[film.Frame]:
    return film.frames(game.log.records, viewer=viewer, turn=1)


def test_om14_om8_a_route_may_run_into_an_enemy_hex_except_in_road_movement() -> None:
    b = highway()
    b.unit("tank", "armour", "c3r1", echelon="regiment")
    b.unit("foe", "inf", "c8r1", nation="blueland")
    game = b.game(seed=1)
    tank = stack(game, "tank")
    path = ("c4r1", "c5r1", "c6r1", "c7r1", "c8r1", "c9r1")
    assert game.is_legal(OrderMove(tank, path))  # plotted for an overrun (OM16)
    assert not game.is_legal(OrderRoadMove(tank, path))  # OM8: a column never overruns
