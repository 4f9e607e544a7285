"""The AI handicap (OT11), a game option per side: ``plus`` gives the side supply points no
order uses up and sight through the fog of war; ``minus`` leaves it without supply points,
at the start and later. Neither touches combat. On the supply row of test_supply_play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Game, IllegalAction
from engine.wego import family
from engine.wego.op import ai, handicap, supply
from engine.wego.op import state as op_state
from engine.wego.op.actions import OrderSupply
from tests.operational.test_supply_play import game_of, play_turn, row


def costly() -> OrderSupply:
    # Move+ and Combat+ for everything below the army: 6 fuel and 6 ammo, more than the 4
    # and 4 the pools hold.
    return OrderSupply("army", move_plus=True, combat_plus=True, scope="all")


def supply_game() -> Game:
    b = row()
    low = {"fuel": 4, "ammo": 4, "personnel": 30, "equipment": 30}
    b.table("supply", pools=[{"side": "red", "stock": low, "arrival": {"fuel": 2, "ammo": 1}}])
    for n in range(6):
        b.unit(f"inf{n}", "inf", "c3r1", hq="div")
    b.unit("foe", "inf", "c14r1", nation="blueland")
    return game_of(b)


def test_ot11_without_a_handicap_an_order_beyond_the_pools_is_refused() -> None:
    game = supply_game()
    with pytest.raises(IllegalAction, match="short of the points"):
        game.apply(costly())


def test_ot11_plus_orders_cost_no_supply_points_and_the_pools_keep_them() -> None:
    game = supply_game()
    family.set_handicap(game, "red", "plus")
    before = supply.pool(game, "red")
    game.apply(costly())
    play_turn(game, [])
    after = supply.pool(game, "red")
    # Nothing taken for the order; the turn's arrival (2 fuel, 1 ammo) still comes in.
    assert (after.fuel, after.ammo) == (before.fuel + 2, before.ammo + 1)


def test_ot11_minus_leaves_the_side_without_supply_points_at_start_and_later() -> None:
    game = supply_game()
    family.set_handicap(game, "red", "minus")
    held = supply.pool(game, "red")
    assert (held.fuel, held.ammo) == (0.0, 0.0)
    assert held.personnel == 30.0  # replacement points are not supply points
    with pytest.raises(IllegalAction):
        game.apply(OrderSupply("div", move_plus=True))
    play_turn(game, [])
    later = supply.pool(game, "red")
    assert (later.fuel, later.ammo) == (0.0, 0.0)
    assert not [a for a in game.legal_actions() if isinstance(a, OrderSupply) and a.move_plus]


def test_ot11_plus_gives_the_ai_sight_through_the_fog() -> None:
    b = row()
    b.rules("fog", enabled=True)
    b.unit("inf", "inf", "c3r1", hq="div")
    b.unit("foe", "inf", "c14r1", nation="blueland")
    game = game_of(b)
    units = op_state.units(game)
    assert "foe" not in ai._seen(game, "red", units)
    family.set_handicap(game, "red", "plus")
    assert "foe" in ai._seen(game, "red", units)


def test_ot11_the_handicap_is_kept_in_the_save_and_refused_for_unknown_values() -> None:
    game = supply_game()
    family.set_handicap(game, "red", "minus")
    again = Game.load(game.scenario, game.save())
    assert handicap.of(again, "red") == "minus"
    with pytest.raises(IllegalAction, match="'plus' or 'minus'"):
        family.set_handicap(game, "red", "half")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="no side"):
        family.set_handicap(game, "green", "plus")
    family.set_handicap(game, "red", None)
    assert handicap.of(game, "red") is None


def test_ot11_salient_play_headless_takes_the_handicap_for_every_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from editor.cli import main
    from schemas.io import dumps

    path = tmp_path / "row.json"
    path.write_text(dumps(supply_game().scenario), encoding="utf-8")
    log = tmp_path / "game.jsonl"
    args = ["play", str(path), "--headless", "--json", "--ai-handicap", "minus"]
    assert main([*args, "--log", str(log)]) == 0
    supply_records = [
        json.loads(line) for line in log.read_text().splitlines() if '"op_supply"' in line
    ]
    assert supply_records and all(r["pools"]["fuel"] == 0 for r in supply_records)
    capsys.readouterr()
    assert main(["play", str(path), "--ai-handicap", "plus"]) == 2
    assert "only applies with --headless" in capsys.readouterr().err
