"""What the hex details and the overlays ask of the engine (OF10, OF11): each hex's AA value
(OC35: every ground unit its SP, heavy AA four times and over the hexes next to it too) and
its stacking points used against the terrain's limit (OH9), the AA cover a side spreads, and
its HQs' chain of command on the map. One row of open hexes; red only counts its own."""

from __future__ import annotations

from engine.operational.units import stacking_points
from engine.wego.op import hex_queries, state
from tests.operational.builder import OpBuilder
from tests.operational.command_builder import CommandBuilder


def _lane() -> OpBuilder:
    b = OpBuilder(columns=6, rows=1)
    b.rules("fog", enabled=False)
    b.raw["unit_types"].append(
        {
            "id": "flak",
            "name": "Flak",
            "operational": {"category": "heavy_aa", "attack": 2, "defence": 2, "movement": 6},
        }
    )
    b.unit("inf1", "inf", "c2r1", echelon="regiment")
    b.unit("inf2", "inf", "c2r1", echelon="battalion")
    b.unit("flak", "flak", "c4r1", echelon="battalion")
    b.unit("foe", "inf", "c6r1", nation="blueland")
    return b


def test_of10_oc35_oh9_a_hexs_aa_value_and_stacking_points() -> None:
    game = _lane().game(seed=1)
    rules = state.board_of(game).rules
    units = state.units(game)
    values = hex_queries.hex_values(game, "red")
    assert set(values) == {"c2r1", "c4r1"}  # red's hexes only, never the enemy's
    used = stacking_points(rules, units["inf1"]) + stacking_points(rules, units["inf2"])
    here = values["c2r1"]
    assert here.sp_used == used and used > 0
    board = state.board_of(game)
    row = board.terrain(board.index("c2r1"))
    assert row is not None and here.sp_limit == row.stacking > 0
    assert here.aa == used  # Table OC35: a ground unit fires with its SP x1
    flak = stacking_points(rules, units["flak"])
    assert values["c4r1"].aa == 4 * flak  # heavy AA x4


def test_of11_oc35_heavy_aa_covers_the_hexes_next_to_it() -> None:
    game = _lane().game(seed=1)
    flak = stacking_points(state.board_of(game).rules, state.units(game)["flak"])
    cover = hex_queries.aa_cover(game, "red")
    assert cover["c3r1"] == 4 * flak and cover["c5r1"] == 4 * flak  # empty, but covered
    assert cover["c2r1"] == hex_queries.hex_values(game, "red")["c2r1"].aa
    assert "c1r1" not in cover and "c6r1" not in cover
    assert set(hex_queries.aa_cover(game, "blue")) == {"c6r1"}


def test_of11_the_hq_chain_links_each_hq_to_its_superior_on_the_map() -> None:
    b = CommandBuilder(6, 2)
    b.hq("army", "c1r1", echelon="army")
    b.hq("div", "c3r1", parent="army")
    b.hq("b-div", "c6r2", nation="blueland")
    b.unit("inf", "inf", "c4r1", hq="div", echelon="regiment")
    game = b.game(seed=1)
    (link,) = hex_queries.hq_chains(game, "red")
    assert (link.hq, link.hq_hex, link.superior, link.superior_hex) == (
        "div",
        "c3r1",
        "army",
        "c1r1",
    )


def test_of11_oh6_every_hexside_feature_with_its_row_as_the_board_stands() -> None:
    from tests.operational.view_scenario import front

    game = front().game(seed=1)
    marks = hex_queries.hexside_effects(game)
    assert [m.hexside_id for m in marks] == [f"c6r{r}-c7r{r}" for r in (1, 2, 4, 5, 6)]
    stream = marks[0].effect
    assert stream.connection_type == "stream" and stream.attack < 1 and not marks[0].frozen
