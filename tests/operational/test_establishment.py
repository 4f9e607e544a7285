"""The men, guns and vehicles a unit stands for (OU1, OU4, OU5; OF6, OF10): its echelon's men
and its category's rates per 1,000 men at full strength, times its strength; the scenario's
``rules.operational.establishment`` changes them; every line of a battle's record carries
them before and after."""

from __future__ import annotations

import pytest

from engine.operational.establishment import Establishment, establishment
from engine.wego.op import state
from engine.wego.orders import OrderAttack
from schemas.operational.establishment import EstablishmentRules
from tests.operational.builder import OpBuilder
from tests.operational.play import execute, of, stack


def _regiment(**table: object):
    b = OpBuilder(3, 1)
    if table:
        b.table("establishment", **table)
    b.unit("inf", "inf", "c1r1", echelon="regiment", strength=50)
    game = b.game(seed=1)
    return state.board_of(game).rules, state.units(game)["inf"]


def test_ou4_ou5_a_units_men_guns_and_vehicles_follow_its_echelon_category_and_strength():
    rules, unit = _regiment()
    # An infantry regiment: 2,250 men, 6 guns and 5 vehicles per 1,000 at full strength.
    assert establishment(rules, unit, 100.0) == Establishment(2250, 14, 11)
    assert establishment(rules, unit) == Establishment(1125, 7, 6)  # at its 50%
    assert establishment(rules, unit, 0.0) == Establishment(0, 0, 0)


def test_ou1_the_establishment_is_a_scenario_parameter():
    rules, unit = _regiment(
        men={"regiment": 3000}, equipment=[{"category": "infantry", "guns": 10}]
    )
    assert establishment(rules, unit, 100.0) == Establishment(3000, 30, 0)
    rules, unit = _regiment(equipment=[])  # a category without a row has none
    assert establishment(rules, unit, 100.0) == Establishment(2250, 0, 0)
    with pytest.raises(ValueError, match="two rows"):
        EstablishmentRules.model_validate({"equipment": [{"category": "aa"}, {"category": "aa"}]})


def test_of6_each_line_of_a_battle_record_carries_men_guns_and_vehicles_before_and_after():
    b = OpBuilder(columns=6, rows=1)
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    # Worn out: the battle's damage comes off its strength (OU5), so it loses men.
    b.unit("foe", "inf", "c3r1", nation="blueland", echelon="regiment", readiness=5)
    game = b.game(seed=5)
    (battle,) = of(execute(game, [OrderAttack(stack(game, "tank"), "c3r1", ())]), "op_battle")
    rules = state.board_of(game).rules
    full = rules.establishment.men.regiment
    for line in battle["units"]:
        assert line["men_before"] == round(full * line["strength_before"] / 100.0)
        if line["destroyed"]:
            assert line["men_after"] == line["guns_after"] == line["vehicles_after"] == 0
        else:
            assert line["men_after"] == round(full * line["strength_after"] / 100.0)
    foe = next(line for line in battle["units"] if line["unit"] == "foe")
    assert foe["men_after"] < foe["men_before"]


def test_ou1_a_units_own_men_guns_and_vehicles_replace_the_table_and_follow_its_strength():
    b = OpBuilder(3, 1)
    b.unit("inf", "inf", "c1r1", echelon="regiment", strength=50, personnel=3000, guns=40)
    b.unit("plain", "inf", "c2r1", echelon="regiment")
    game = b.game(seed=1)
    rules = state.board_of(game).rules
    own, plain = state.units(game)["inf"], state.units(game)["plain"]
    # Its own men and guns; vehicles not given: the category's 5 per 1,000 of its own men.
    assert establishment(rules, own, 100.0) == Establishment(3000, 40, 15)
    assert establishment(rules, own) == Establishment(1500, 20, 8)  # at its 50%
    assert establishment(rules, plain, 100.0) == Establishment(2250, 14, 11)


def test_ou1_own_figures_out_of_range_are_refused_naming_the_field():
    from pydantic import ValidationError

    from schemas.operational.units import OperationalUnit

    assert OperationalUnit().personnel is None  # absent: the table decides
    with pytest.raises(ValidationError, match="guns"):
        OperationalUnit.model_validate({"guns": -1})
    with pytest.raises(ValidationError, match="personnel"):
        OperationalUnit.model_validate({"personnel": 3_000_000})


def test_of6_of10_a_units_own_figures_reach_the_battle_record_and_the_hex_details():
    from engine.wego.op.hex_queries import hex_values

    b = OpBuilder(columns=6, rows=1)
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    b.unit("tank", "armour", "c2r1", echelon="regiment", personnel=1000, vehicles=120)
    b.unit("foe", "inf", "c3r1", nation="blueland", echelon="regiment", readiness=5)
    game = b.game(seed=5)
    here = hex_values(game, "red")["c2r1"]
    assert (here.men, here.vehicles) == (1000, 120)
    (battle,) = of(execute(game, [OrderAttack(stack(game, "tank"), "c3r1", ())]), "op_battle")
    tank = next(line for line in battle["units"] if line["unit"] == "tank")
    assert (tank["men_before"], tank["vehicles_before"]) == (1000, 120)
