"""Supply levels, their costs and effects, point pools and replacements (OS1, OS3-OS14), on
small hand-made scenarios.

SP (Table OM4): an HQ 1, a regiment 4, a battalion 2. Costs are per 10 SP of the HQ and its
direct attachments, a part of 10 counting whole (Tables OS9, OS14).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.operational.movement import effective_mp
from engine.operational.odds import AttackSpec, odds_preview
from engine.operational.supply import (
    Pool,
    SupplyOrder,
    arrival,
    combat_plus_units,
    hq_type,
    levels,
    movement_level,
    order_cost,
    order_refusal,
    replacements,
    reserve,
    starting_pools,
)
from tests.operational.command_builder import CommandBuilder


def _division(extra_inf: int = 0) -> CommandBuilder:
    """A division HQ (1 SP) with an armour regiment (4 SP) and two infantry battalions (2 SP
    each): 9 SP, one step of 10."""
    b = CommandBuilder(12, 3)
    b.hq("corps", "c1r2", echelon="corps")
    b.hq("div", "c2r2", parent="corps")
    b.unit("tanks", "armour", "c3r2", hq="div", echelon="regiment")
    b.unit("inf1", "inf", "c3r1", hq="div")
    b.unit("inf2", "inf", "c3r3", hq="div")
    for n in range(extra_inf):
        b.unit(f"more{n}", "inf", "c4r1", hq="div", echelon="company")
    b.supply_source("c1r2")
    return b


def _cost(b: CommandBuilder, order: SupplyOrder) -> Pool:
    board, units = b.board_and_units()
    return order_cost(board.rules, b.tree(), units, order)


def test_os9_os10_move_plus_costs_the_costliest_row_per_10_sp_plus_the_surcharge() -> None:
    """OS10: one armour unit attached makes the HQ mechanized for its price."""
    # One armour unit makes the HQ mechanized: 5 fuel per 10 SP, +1 as a division HQ.
    assert _cost(_division(), SupplyOrder("div", move_plus=True)) == Pool(fuel=6)
    # 9 + 2 SP = 11: two steps of 10.
    assert _cost(_division(extra_inf=2), SupplyOrder("div", move_plus=True)) == Pool(fuel=11)


def test_os9_combat_plus_costs_ammo_only_and_both_levels_add_up() -> None:
    assert _cost(_division(), SupplyOrder("div", combat_plus=True)) == Pool(ammo=4)  # 3 + 1
    both = _cost(_division(), SupplyOrder("div", move_plus=True, combat_plus=True))
    assert both == Pool(fuel=6, ammo=4)


def test_os10_costliest_is_read_per_level() -> None:
    b = CommandBuilder(8, 3)
    b.hq("div", "c2r2")
    b.unit("guns", "art", "c3r2", hq="div")
    b.unit("inf", "inf", "c3r1", hq="div")
    board, units = b.board_and_units()
    tree = b.tree()
    assert hq_type(board.rules, tree, units, "div", "combat_plus") == "artillery"  # ammo 5
    assert hq_type(board.rules, tree, units, "div", "move_plus") == "artillery"  # fuel 2 > 1
    assert hq_type(board.rules, tree, units, "div", "replacements") == "artillery"  # 1 + 6
    b._command()["hqs"][0]["supply_type"] = "semi_motorized"  # the HQ's own row wins
    assert _cost(b, SupplyOrder("div", move_plus=True)) == Pool(fuel=4 + 1)


def test_os14_replacements_cost_personnel_and_equipment_with_the_hq_row_as_surcharge() -> None:
    order = SupplyOrder("div", replacements=True)
    assert _cost(_division(), order) == Pool(personnel=2 + 1, equipment=10 + 3)
    b = _division()
    b.table("supply", "replacements", hq_rows_are_surcharges=False)
    assert _cost(b, order) == Pool(personnel=1, equipment=3)  # the division row alone


def test_os11_scope_all_prices_every_hq_below_and_only_units_on_the_map_count() -> None:
    direct = _cost(_division(), SupplyOrder("corps", move_plus=True))
    # The corps HQ alone (1 SP, non-motorized): 1 fuel + 4 for a corps.
    assert direct == Pool(fuel=5)
    everything = _cost(_division(), SupplyOrder("corps", move_plus=True, scope="all"))
    assert everything == Pool(fuel=5 + 6)
    b = _division()
    board, units = b.board_and_units()
    del units["tanks"]  # destroyed: no longer counted, and no longer mechanized
    assert order_cost(board.rules, b.tree(), units, SupplyOrder("div", move_plus=True)) == Pool(
        fuel=1 + 1
    )


def test_os8_isolated_hqs_stay_at_basic_and_os11_short_pools_refuse() -> None:
    b = _division()
    board, units = b.board_and_units()
    tree = b.tree()
    order = SupplyOrder("div", move_plus=True)
    rich = Pool(fuel=100)
    assert order_refusal(board.rules, tree, units, order, rich) == ""
    assert "short" in order_refusal(board.rules, tree, units, order, Pool())
    assert "short" in order_refusal(board.rules, tree, units, order, Pool(fuel=5))
    cut = {**units, "div": replace(units["div"], loc="isolated")}
    assert "OS8" in order_refusal(board.rules, tree, cut, order, rich)
    assert "nothing" in order_refusal(board.rules, tree, units, SupplyOrder("div"), rich)


def test_os7_os11_reserve_takes_orders_in_turn_and_refuses_what_the_pool_cannot_pay() -> None:
    b = _division()
    board, units = b.board_and_units()
    first = SupplyOrder("div", move_plus=True)  # 6 fuel
    second = SupplyOrder("corps", move_plus=True)  # 5 fuel
    left, placed, refused = reserve(board.rules, b.tree(), units, [first, second], Pool(fuel=8))
    assert left == Pool(fuel=2) and placed == [first]
    assert refused[0][0] == second and "short" in refused[0][1]


def test_os3_os4_os5_levels_cover_units_and_set_their_mp() -> None:
    b = _division()
    board, units = b.board_and_units()
    tree = b.tree()
    covered = levels(tree, units, [SupplyOrder("div", move_plus=True)])
    assert set(covered) == {"div", "tanks", "inf1", "inf2"}
    assert movement_level(covered, "tanks") == "move_plus"
    assert movement_level(covered, "corps") == "basic"
    tanks = units["tanks"]
    basic = effective_mp(board, tanks, supply=movement_level({}, "tanks"))
    full = effective_mp(board, tanks, supply=movement_level(covered, "tanks"))
    assert (basic, full) == (8.0, 16.0)  # OS4: Basic halves the MP
    everything = levels(tree, units, [SupplyOrder("corps", combat_plus=True, scope="all")])
    assert combat_plus_units(everything) == frozenset({"corps", "div", "tanks", "inf1", "inf2"})


def test_os6_combat_plus_doubles_the_attack_through_the_odds() -> None:
    b = _division()
    b.unit("foe", "inf", "c4r2", nation="blueland")
    board, units = b.board_and_units()
    covered = levels(b.tree(), units, [SupplyOrder("div", combat_plus=True)])
    target = board.index("c4r2")
    plain = odds_preview(board, units, AttackSpec(("tanks",), target))
    fed = odds_preview(
        board, units, AttackSpec(("tanks",), target, combat_plus=combat_plus_units(covered))
    )
    assert fed.attack_total == pytest.approx(2 * plain.attack_total)


def test_oq11_os8_units_of_a_destroyed_hq_stay_at_basic() -> None:
    b = _division()
    _board, units = b.board_and_units()
    del units["div"]
    covered = levels(b.tree(), units, [SupplyOrder("corps", move_plus=True, scope="all")])
    assert "tanks" not in covered and "corps" in covered


def test_os13_replacements_restore_strength_of_supplied_units_that_did_not_move() -> None:
    b = _division()
    b.unit("worn", "inf", "c4r1", hq="div", strength=60.0)
    b.unit("tired", "inf", "c4r2", hq="div", strength=95.0)
    b.unit("walked", "inf", "c4r3", hq="div", strength=50.0)
    b.unit("cut", "inf", "c5r1", hq="div", strength=50.0)
    board, units = b.board_and_units()
    units["cut"] = replace(units["cut"], loc="isolated")
    covered = levels(b.tree(), units, [SupplyOrder("div", replacements=True)])
    after, gained = replacements(board.rules, units, covered, moved=["walked"])
    assert after["worn"].strength == 70.0 and gained["worn"] == 10.0
    assert after["tired"].strength == 100.0  # never above 100
    assert after["walked"].strength == 50.0  # it moved
    assert after["cut"].strength == 50.0  # isolated
    assert "tanks" not in gained  # already at full strength


def test_os1_pools_start_with_the_stock_and_grow_by_the_arrival_less_interdiction() -> None:
    b = _division()
    b.table(
        "supply",
        pools=[
            {
                "side": "red",
                "stock": {"fuel": 30, "ammo": 20},
                "arrival": {"fuel": 10, "ammo": 5},
            }
        ],
    )
    board, _ = b.board_and_units()
    assert starting_pools(board.rules)["red"] == Pool(fuel=30, ammo=20)
    assert arrival(board.rules, "red") == Pool(fuel=10, ammo=5)
    assert arrival(board.rules, "red", Pool(fuel=6, ammo=8)) == Pool(fuel=4)  # OA11: floor 0
    assert arrival(board.rules, "blue") == Pool()
