"""Organisational integrity (OC4, OW8) and forts and entrenchments (OH3, OH8), on small
hand-made hex scenarios with an order of battle."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import Game
from engine.operational import AttackSpec, odds_preview
from engine.operational.integrity import side_integrity
from engine.wego.op import state as op_state
from engine.wego.orders import OrderAttack, OrderMove, SealPlan
from schemas.operational.integrity import FortRules
from tests.operational.command_builder import CommandBuilder

GERMANY = {
    "nation": "redland",
    "attack_alone": 100,
    "attack_same_hq": 100,
    "attack_one_step": 90,
    "attack_two_steps": 80,
    "defence_alone": 100,
    "defence_same_hq": 115,
    "defence_one_step": 95,
    "defence_two_steps": 90,
    "night_cut": 20,
}


def corps() -> CommandBuilder:
    """A corps with two divisions; red's units under them, one red unit of a second
    nation (an ally) under the first division."""
    b = CommandBuilder(columns=8, rows=3)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.raw["nations"].append(
        {
            "id": "ally",
            "name": "Ally",
            "side": "red",
            "main": False,
            "color_dark": "#804020",
            "color_light": "#f0c0a0",
        }
    )
    b.table("integrity", nations=[GERMANY])
    b.hq("corps", "c1r1", echelon="corps")
    b.hq("div1", "c1r2", parent="corps")
    b.hq("div2", "c1r3", parent="corps")
    b.unit("a1", "inf", "c3r1", hq="div1", echelon="regiment")
    b.unit("a2", "inf", "c3r3", hq="div1", echelon="regiment")
    b.unit("b1", "inf", "c2r2", hq="div2", echelon="regiment")
    b.unit("al", "inf", "c2r3", hq="div1", nation="ally", echelon="regiment")
    b.unit("loose", "inf", "c2r1", echelon="regiment")  # outside the order of battle
    b.unit("foe", "inf", "c3r2", nation="blueland", echelon="regiment")
    return b


def test_oc4_the_column_follows_the_hq_steps_to_the_nearest_shared_hq() -> None:
    b = corps()
    scenario = b.build()
    tree = b.tree()
    rules = scenario.rules.operational
    assert rules is not None
    nations = {u.id: u.nation for u in scenario.units}

    def factor(ids: list[str], attacking: bool = True, night: bool = False) -> float:
        found = side_integrity(rules, tree, ids, nations, attacking=attacking, night=night)
        return found.factor

    assert factor(["a1"]) == 1.0  # alone
    assert factor(["a1", "a2"]) == 1.0  # same HQ: Germany's attack 100
    assert factor(["a1", "a2"], attacking=False) == pytest.approx(1.15)
    assert factor(["a1", "b1"]) == pytest.approx(0.9)  # one step up: the corps
    assert factor(["a1", "b1"], attacking=False) == pytest.approx(0.95)
    # The ally reads the default row (same HQ: attack 80): the worst of the nations counts.
    assert factor(["a1", "al"]) == pytest.approx(0.8)
    assert factor(["a1", "al"], attacking=False) == pytest.approx(1.05)


def test_ow8_at_night_a_flagged_nation_loses_20_points() -> None:
    b = corps()
    scenario = b.build()
    rules = scenario.rules.operational
    assert rules is not None
    nations = {u.id: u.nation for u in scenario.units}
    tree = b.tree()
    night = side_integrity(rules, tree, ["a1", "b1"], nations, attacking=True, night=True)
    assert night.factor == pytest.approx(0.7) and night.column == "one_step"
    alone = side_integrity(rules, tree, ["a1"], nations, attacking=True, night=True)
    assert alone.factor == 1.0  # nobody to lose touch with (choice)


def test_oc4_units_outside_the_order_of_battle_fight_at_100_percent() -> None:
    b = corps()
    scenario = b.build()
    rules = scenario.rules.operational
    assert rules is not None
    nations = {u.id: u.nation for u in scenario.units}
    found = side_integrity(rules, b.tree(), ["a1", "loose"], nations, attacking=True)
    assert (found.factor, found.column) == (1.0, "none")
    b.table("integrity", played=False)
    scenario = b.build()
    rules = scenario.rules.operational
    assert rules is not None
    off = side_integrity(rules, b.tree(), ["a1", "b1"], nations, attacking=True)
    assert off.factor == 1.0


def test_oc3_oc4_integrity_multiplies_the_side_totals() -> None:
    b = corps()
    board, units = b.board_and_units()
    target = board.index("c3r2")
    plain = odds_preview(board, units, AttackSpec(("a1", "b1"), target))
    cut = odds_preview(
        board, units, AttackSpec(("a1", "b1"), target, attack_integrity=0.9, defence_integrity=1.1)
    )
    assert cut.attack_total == pytest.approx(plain.attack_total * 0.9)
    assert cut.defence_total == pytest.approx(plain.defence_total * 1.1)
    assert cut.basic_odds == pytest.approx(plain.basic_odds * 0.9 / 1.1)


def test_oc4_a_wego_battle_records_each_sides_integrity() -> None:
    game = corps().game(seed=2)
    a1, b1 = (game.state.units[u].stack for u in ("a1", "b1"))
    assert a1 is not None and b1 is not None
    start = len(game.log)
    game.apply(OrderAttack(a1, "c3r2", ()))
    game.apply(OrderAttack(b1, "c3r2", ()))
    game.apply(SealPlan())
    game.apply(SealPlan())
    (battle,) = [r for r in game.log.records[start:] if r["type"] == "op_battle"]
    assert battle["attack_integrity"] == pytest.approx(0.9)  # one step up, Germany
    assert battle["defence_integrity"] == 1.0  # the foe is alone


# -- forts and entrenchments ----------------------------------------------------------------------


def fortified(level: int, owner: str | None = "blueland", **forts: Any) -> Game:
    b = CommandBuilder(columns=6, rows=1)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    if forts:
        b.table("forts", **forts)
    b.structure("bunker", "c4r1", kind="fort", fortification=level, owner=owner)
    b.unit("tank", "armour", "c3r1", echelon="regiment")
    b.unit("foe", "inf", "c4r1", nation="blueland", echelon="regiment")
    return b.game(seed=4)


def _attack(game: Game) -> dict[str, Any]:
    stack = game.state.units["tank"].stack
    assert stack is not None
    start = len(game.log)
    game.apply(OrderAttack(stack, "c4r1", ()))
    game.apply(SealPlan())
    game.apply(SealPlan())
    (battle,) = [r for r in game.log.records[start:] if r["type"] == "op_battle"]
    return battle


@pytest.mark.parametrize(
    ("level", "overlay", "factor"), [(1, "entrenchment", 1.5), (2, "fort", 2.0)]
)
def test_oh3_oh8_a_fortified_structure_doubles_or_halves_again_its_owners_defence(
    level: int, overlay: str, factor: float
) -> None:
    open_ground = _attack(fortified(0))
    battle = _attack(fortified(level))
    assert battle["overlay"] == overlay
    assert battle["defence_total"] == pytest.approx(open_ground["defence_total"] * factor, abs=1e-3)
    # OH3: the overlay denies shock (the armour's shock shift counts on open ground only).
    assert any(s["kind"] == "shock" for s in open_ground["shifts"])
    assert not any(s["kind"] == "shock" for s in battle["shifts"])


def test_oh8_only_the_owner_benefits() -> None:
    battle = _attack(fortified(2, owner="redland"))  # red's own fort, held by blue
    assert battle["overlay"] == ""


def test_oh8_an_enemy_beginning_a_turn_in_the_hex_removes_it_for_good() -> None:
    b = CommandBuilder(columns=6, rows=1)
    b.raw["calendar"]["turns"] = 4
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.structure("bunker", "c4r1", kind="fort", fortification=2, owner="blueland")
    b.unit("tank", "armour", "c3r1", echelon="regiment")
    game = b.game(seed=4)
    stack = game.state.units["tank"].stack
    assert stack is not None
    game.apply(OrderMove(stack, ("c4r1",)))  # enters the empty fort's hex
    game.apply(SealPlan())
    game.apply(SealPlan())
    assert "razed" not in op_state.data(game)  # entering is not enough: beginning a turn
    start = len(game.log)
    game.apply(SealPlan())
    game.apply(SealPlan())
    (gone,) = [r for r in game.log.records[start:] if r["type"] == "op_fort_removed"]
    assert (gone["region"], gone["structure"], gone["overlay"]) == ("c4r1", "bunker", "fort")
    assert op_state.data(game)["razed"] == ["bunker"]
    copy = Game.from_save(game.scenario, json.dumps(game.save()))
    assert op_state.data(copy)["razed"] == ["bunker"]


def test_oh8_fort_levels_out_of_order_are_refused() -> None:
    with pytest.raises(ValueError, match="fort_from"):
        FortRules(entrenchment_from=3, fort_from=2)
    assert FortRules().kind_of(0) is None
    assert FortRules().kind_of(1) == "entrenchment"
    assert FortRules().kind_of(5) == "fort"


def test_oc4_a_nation_listed_twice_is_refused() -> None:
    from pydantic import ValidationError

    from schemas.operational.integrity import IntegrityRules

    with pytest.raises(ValidationError, match="'nations' lists nation 'redland' twice"):
        IntegrityRules.model_validate({"nations": [GERMANY, GERMANY]})
    rules = IntegrityRules.model_validate({"nations": [GERMANY]})
    assert rules.row("redland").defence_same_hq == 115
    assert rules.row("blueland").defence_same_hq == 105  # the default row
