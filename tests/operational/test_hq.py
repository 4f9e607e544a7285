"""The HQ tree: who reports to whom (OQ1), ranges (OQ2, OQ3, OA11), a lost HQ (OQ11), HQ steps
for organizational integrity (OC4), task organization (OO16)."""

from __future__ import annotations

import json

import pytest

from engine.operational.hq import CommandTree, lose_hq
from schemas.io import load_text
from tests.operational.command_builder import CommandBuilder


def _army() -> CommandBuilder:
    b = CommandBuilder(12, 3)
    b.hq("army", "c1r1", echelon="army")
    b.hq("corps1", "c2r1", parent="army", echelon="corps")
    b.hq("corps2", "c2r3", parent="army", echelon="corps")
    b.hq("div1", "c4r1", parent="corps1")
    b.hq("div2", "c4r2", parent="corps1")
    b.hq("div3", "c4r3", parent="corps2")
    b.unit("a", "inf", "c5r1", hq="div1", quality="veteran")
    b.unit("b", "inf", "c5r2", hq="div2")
    b.unit("c", "inf", "c5r3", hq="div3", quality="conscript")
    return b


def test_oq1_each_unit_has_one_parent_and_a_chain_to_the_root() -> None:
    tree = _army().tree()
    assert tree.hq_of("a") == "div1" and tree.hq_of("div1") == "corps1"
    assert tree.chain("a") == ("div1", "corps1", "army")
    assert tree.hq_of("army") is None
    assert tree.hqs_of("red")[0] == "army"  # superiors first
    order = tree.hqs_of("red")
    assert order.index("corps1") < order.index("div1")
    assert tree.under("div1") == ("div1", "a")
    assert set(tree.under("corps1", "all")) == {"corps1", "div1", "div2", "a", "b"}


def test_oq3_ranges_by_echelon_and_an_hqs_own_label() -> None:
    b = _army()
    b._command()["hqs"][3]["loc_range"] = 14  # div1 labelled "14-8"
    tree = b.tree()
    assert tree.loc_range("army") == 40 and tree.loc_range("corps1") == 20
    assert tree.loc_range("div2") == 10 and tree.loc_range("div1") == 14


def test_oa11_the_interdiction_cut_is_rounded_up() -> None:
    b = _army()
    b._command()["hqs"][0]["loc_range"] = 24
    tree = b.tree()
    assert tree.loc_range("army", cut=10) == 21  # 24 at 10%: 2.4 rounds up to 3


def test_oc4_hq_steps_up_to_the_nearest_shared_hq() -> None:
    tree = _army().tree()
    assert tree.steps_to_common(["a"]) == 0
    assert tree.steps_to_common(["a", "b"]) == 1  # div1 and div2 share corps1
    assert tree.steps_to_common(["a", "c"]) == 2  # only the army above both
    b = _army()
    b.unit("loose", "inf", "c6r1")
    assert b.tree().steps_to_common(["a", "loose"]) is None


def test_oq11_a_lost_hq_passes_its_units_up_and_costs_them_a_quality_level() -> None:
    b = _army()
    _board, units = b.board_and_units()
    tree = b.tree()
    alive = set(units) - {"div1"}
    assert tree.acting_hq("a", alive) == ("corps1", True)
    assert tree.acting_hq("b", alive) == ("div2", False)
    changed = lose_hq(tree, units, "div1")
    assert changed["a"].quality == "regular"  # veteran -> regular
    assert lose_hq(tree, units, "div3")["c"].quality == "conscript"  # never below conscript


def test_oo16_a_division_moves_only_between_corps_of_one_army() -> None:
    tree = _army().tree()
    moved = tree.reassign("div1", "corps2")
    assert moved.hq_of("div1") == "corps2" and moved.chain("a") == ("div1", "corps2", "army")
    assert tree.hq_of("div1") == "corps1"  # the old tree is unchanged
    assert "division" in tree.reassign_refusal("corps1", "corps2")
    assert "corps" in tree.reassign_refusal("div1", "div2")
    with pytest.raises(ValueError):
        tree.reassign("div1", "corps1")


def test_oo16_another_army_is_refused() -> None:
    b = _army()
    b.hq("army2", "c10r1", parent=None, echelon="army")
    b.hq("corps3", "c10r2", parent="army2", echelon="corps")
    tree = b.tree()
    assert "army" in tree.reassign_refusal("div1", "corps3")


def test_a_loop_in_the_file_still_gives_every_hq_a_finite_chain() -> None:
    b = CommandBuilder(6, 1)
    b.hq("x", "c1r1", parent="y")
    b.hq("y", "c2r1", parent="x")
    result = load_text(json.dumps(b.raw))  # validation reports the loop; the game still runs
    assert result.scenario is not None
    assert [i.code for i in result.issues if i.is_error] == ["operational-hq-cycle"]
    tree = CommandTree.of(result.scenario)
    assert len(tree.chain("x")) <= 1 and len(tree.chain("y")) <= 1
