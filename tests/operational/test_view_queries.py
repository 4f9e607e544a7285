"""What the game view asks of an operational game (engine.wego.op.map_queries): the enemy's zone
of control for the overlay (OM10, OW5), lines of communication by state with their paths
(OQ4-OQ8), supply marks (OQ7, OS3), the clock (OT4, OW1), and the odds of an attack order
before it is sealed (OC2-OC15, OC28), each as a side knows the board under fog of war.

Small hand-made hex maps: open ground (1.25 MP a hex for a truck), a regiment exerts its
4 SP of zone (Table OU3), a division HQ reaches 10 MP (Table OQ3).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import IllegalAction
from engine.operational import AttackSpec, odds_preview
from engine.wego.op import map_queries, queries
from engine.wego.op import state as op_state
from engine.wego.orders import OrderAttack
from tests.operational.builder import OpBuilder
from tests.operational.command_builder import CommandBuilder
from tests.operational.play import stack


def lane(columns: int = 8, fog: bool = False) -> OpBuilder:
    b = OpBuilder(columns=columns, rows=1)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=fog)
    b.rules("victory", victory_level=None)
    return b


def test_om10_the_overlay_gives_the_enemy_zone_value_of_each_hex_it_reaches() -> None:
    b = lane()
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment")
    b.unit("foe2", "inf", "c6r1", nation="blueland", echelon="battalion")
    game = b.game(seed=1)
    values = map_queries.enemy_zoc_values(game, "red")
    # The regiment's 4 SP on its hex and both neighbours; the battalion adds its own on c5-c7.
    battalion = values["c7r1"]
    assert battalion > 0
    assert values == {
        "c4r1": 4.0,
        "c5r1": 4.0 + battalion,
        "c6r1": 4.0 + battalion,
        "c7r1": battalion,
    }
    # Blue sees red's zone, not its own.
    assert set(map_queries.enemy_zoc_values(game, "blue")) == {"c1r1", "c2r1", "c3r1"}


def test_ow5_the_overlay_halves_the_zone_on_a_night_turn() -> None:
    b = lane().table("turns", pattern=["night", "day"])
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment")
    game = b.game(seed=1)
    assert map_queries.clock(game).night
    assert map_queries.enemy_zoc_values(game, "red")["c4r1"] == pytest.approx(2.0)


def test_v7_an_enemy_hidden_by_fog_shows_no_zone_on_the_overlay() -> None:
    b = lane(fog=True)
    b.unit("tank", "armour", "c1r1", echelon="regiment")
    b.unit("foe", "inf", "c7r1", nation="blueland", echelon="regiment")
    game = b.game(seed=1)
    assert map_queries.enemy_zoc_values(game, "red") == {}
    assert map_queries.enemy_zoc_values(game, "blue") == {}
    # The same board without fog shows both zones.
    b.rules("fog", enabled=False)
    clear = b.game(seed=1)
    assert "c6r1" in map_queries.enemy_zoc_values(clear, "red")
    assert "c2r1" in map_queries.enemy_zoc_values(clear, "blue")


# -- lines of communication and supply marks ---------------------------------------------------


def _command(columns: int = 12) -> CommandBuilder:
    b = CommandBuilder(columns, 1)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.hq("army", "c1r1", echelon="army")
    b.hq("div", "c3r1", parent="army")
    b.supply_source("c1r1")
    return b


def test_oq7_loc_lines_run_from_what_feeds_each_unit_and_carry_its_state() -> None:
    b = _command()
    b.unit("near", "inf", "c6r1", hq="div")  # 3 hexes from the division: 3.75 MP, Supported
    b.unit("far", "inf", "c10r1", hq="div")  # 8.75 MP: Extended
    game = b.game(seed=1)
    picture = map_queries.loc_picture(game, "red")
    assert picture.traced
    assert picture.states == {
        "army": "supported",
        "div": "supported",
        "far": "extended",
        "near": "supported",
    }
    lines = {line.unit: line for line in picture.lines}
    assert lines["army"].feeder == "source:c1r1" and lines["army"].path == ("c1r1",)
    assert lines["div"].path == ("c1r1", "c2r1", "c3r1")
    assert lines["near"].feeder == "div" and lines["near"].path == (
        "c3r1",
        "c4r1",
        "c5r1",
        "c6r1",
    )
    assert lines["far"].state == "extended" and lines["far"].path[0] == "c3r1"
    assert lines["far"].path[-1] == "c10r1" and len(lines["far"].path) == 8


def test_oq4_oq7_a_unit_cut_off_by_an_enemy_has_no_line_and_shows_its_state() -> None:
    b = _command()
    b.unit("cut", "inf", "c8r1", hq="div")
    b.unit("block", "inf", "c6r1", nation="blueland", echelon="regiment")
    game = b.game(seed=1)
    picture = map_queries.loc_picture(game, "red")
    assert picture.states["cut"] in ("isolated", "encircled")
    assert "cut" not in {line.unit for line in picture.lines}
    marks = map_queries.supply_marks(game, "red")
    assert marks["cut"].loc == picture.states["cut"]
    assert marks["div"].loc == "supported"
    assert marks["div"].level == op_state.board_of(game).rules.turns.supply
    assert "block" not in marks  # only the side's own units carry marks


def test_oq7_a_side_without_hqs_is_not_traced_and_draws_no_line() -> None:
    b = lane()
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment")
    game = b.game(seed=1)
    picture = map_queries.loc_picture(game, "red")
    assert not picture.traced and picture.lines == ()
    assert picture.states == {"tank": "supported"}
    assert map_queries.supply_marks(game, "red")["tank"].loc == "supported"


# -- odds before an attack is sealed -----------------------------------------------------------


def test_oc28_the_odds_of_a_move_and_attack_are_read_from_the_end_of_its_path() -> None:
    b = lane()
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment")
    game = b.game(seed=1)
    order = OrderAttack(stack(game, "tank"), "c5r1", ("c3r1", "c4r1"))
    shown = map_queries.attack_odds(game, order)
    board, units = b.board_and_units()
    moved = {**units, "tank": replace(units["tank"], hex=board.index("c4r1"))}
    expected = odds_preview(
        board, moved, AttackSpec(("tank",), board.index("c5r1"), "attack", "move_battle")
    )
    assert shown == expected
    assert shown.final_text == expected.final_text


def test_oc2_an_attack_without_a_seen_defender_gives_no_odds() -> None:
    b = lane()
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment")
    game = b.game(seed=1)
    with pytest.raises(IllegalAction, match="c6r1"):
        map_queries.attack_odds(game, OrderAttack(stack(game, "tank"), "c6r1", ("c3r1", "c4r1")))


def _fogged_duel(foe: dict[str, object], where: str = "c3r1", tank: str = "c2r1") -> OpBuilder:
    """Red's recce on c1r1 reads a regular unit two hexes off at level 3 (Table OI5), one
    three hexes off at level 2; red's tank next to it attacks it from where it stands."""
    b = lane(fog=True)
    b.table("intel", values_wrong_chance=0.0)  # the values as printed, so the test is exact
    b.unit("scout", "recce", "c1r1")
    b.unit("tank", "armour", tank, echelon="regiment")
    b.unit("foe", "inf", where, nation="blueland", echelon="regiment", **foe)
    return b


def test_oi10_the_odds_shown_use_the_defender_as_the_side_knows_it() -> None:
    """At level 3 the side reads the printed factors but not the strength, readiness or
    dug-in state: a worn, dug-in defender is shown at full strength in the open, so the odds
    shown are worse for the attacker than the ones the battle will be fought at."""
    b = _fogged_duel({"strength": 40.0, "readiness": 50.0, "dug_in": True, "quality": "veteran"})
    game = b.game(seed=1)
    shown = map_queries.attack_odds(game, OrderAttack(stack(game, "tank"), "c3r1", ()))
    board, units = b.board_and_units()
    spec = AttackSpec(("tank",), board.index("c3r1"), "attack", "set_piece")
    believed = {
        **units,
        "foe": replace(
            units["foe"], strength=100.0, readiness=100.0, dug_in=False, quality="regular"
        ),
    }
    assert shown == odds_preview(board, believed, spec)
    truth = odds_preview(board, units, spec)
    assert shown.defence_total > truth.defence_total


def test_oi10_no_odds_for_a_defender_whose_factors_are_unknown() -> None:
    b = _fogged_duel({}, where="c4r1", tank="c3r1")  # three hexes off: level 2, type only
    game = b.game(seed=1)
    with pytest.raises(IllegalAction, match="factors are not known"):
        map_queries.attack_odds(game, OrderAttack(stack(game, "tank"), "c4r1", ()))


def test_oo4_each_moving_order_names_its_movement_mode() -> None:
    assert map_queries.movement_mode("order_attack") == "move_attack"
    assert map_queries.movement_mode("order_move") == "move_defend"
    assert map_queries.movement_mode("order_withdraw") == "move_defend"
    assert map_queries.movement_mode("order_hold") is None


def test_oq12_an_hqs_reach_has_its_supported_band_inside_its_extended_band() -> None:
    b = _command(16)
    b.unit("near", "inf", "c6r1", hq="div")
    game = b.game(seed=1)
    reach = queries.hq_reach(game, "red", "div")
    # A division reaches 10 MP, half of it Supported: 4 open hexes (5 MP), then 8 (10 MP).
    assert {h for h, band in reach.items() if band == 2} == {f"c{c}r1" for c in range(1, 8)}
    assert {h for h, band in reach.items() if band == 1} == {f"c{c}r1" for c in range(8, 12)}
    assert queries.hq_reach(game, "red", "near") == {}  # not an HQ
    assert queries.hq_reach(game, "blue", "div") == {}  # not blue's
