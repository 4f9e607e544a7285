"""The supply phase (S2-S5): guerrillas and fortresses, logistic units, progressive stages and
the survival test, replacements and grounded aircraft, supply cards, saving mid-phase.

The stack under test stands in ``e1`` (a desert, forage 0), out of reach of the depot in
``a1``. Each test names the checklist item it covers.
"""

from __future__ import annotations

import pytest

from engine import Game, board, supply
from engine.actions import EndPhase, PlayCard
from engine.phases.replacements import damaged
from engine.phases.supply import resolve
from engine.state import Modifier
from tests.engine.builder import Builder, advance_to
from tests.engine.test_supply import row, script

# -- S2-S4: the supply phase ---------------------------------------------------------------------


def cut_off(**rules: int) -> Builder:
    """A red stack in e1, out of reach of the depot in a1; a desert with no forage in e1."""
    b = row(**rules).region("e1", terrain="desert", owner="redland")
    b.unit_type("militia", name="Militia", morale=0, movement=3, hit_points=3)
    return b


def unit(game: Game, unit_id: str):
    return game.state.units[unit_id]


def test_s2_the_check_runs_when_the_phase_opens() -> None:
    game = cut_off().unit("hungry", "inf", "e1").unit("fed", "inf", "b1").game(seed=1)
    advance_to(game, "supply")
    assert unit(game, "hungry").unsupplied == 1
    assert unit(game, "fed").unsupplied == 0
    summary = game.log.of_type("supply")[-1]
    assert (summary["supplied"], summary["unsupplied"], summary["units_unsupplied"]) == (1, 1, 1)
    assert game.state.unsupplied_regions["red"] == ["e1"]


def test_s2_guerrillas_are_always_in_supply() -> None:
    game = cut_off().unit("ski", "ski", "e1").unit("inf", "inf", "e1").game()
    resolve(game, "red")
    assert unit(game, "ski").unsupplied == 0
    assert unit(game, "inf").unsupplied == 1


def test_s2_units_in_a_fortified_structure_are_always_in_supply() -> None:
    b = cut_off().structure("fort", "e1", fortification=1, airport=True).structure("village", "f1")
    b.owners(f1="redland")
    b.unit("inside", "inf", structure="fort").unit("pilots", "fighter", structure="fort")
    b.unit("outside", "inf", "e1").unit("in-village", "inf", structure="village")
    game = b.game()
    resolve(game, "red")
    assert unit(game, "inside").unsupplied == 0
    assert unit(game, "pilots").unsupplied == 0
    assert unit(game, "outside").unsupplied == 1
    assert unit(game, "in-village").unsupplied == 1


def test_s2_only_the_active_sides_units_are_checked() -> None:
    game = cut_off().unit("b-cut", "inf", "a1", nation="blueland").game()
    advance_to(game, "supply")
    assert game.active_side == "red"
    assert unit(game, "b-cut").unsupplied == 0


def test_s3_a_logistic_unit_is_consumed_instead_of_the_penalties() -> None:
    b = cut_off().unit_type("log", hit_points=2)
    game = b.unit("inf", "inf", "e1").unit("col", "log", "e1").unit("col2", "log", "e1").game()
    game.state.units["col2"].strength = 1  # the worn column goes first
    resolve(game, "red")
    assert unit(game, "col").status == "active"
    assert unit(game, "col2").status == "removed"
    for unit_id in ("inf", "col"):
        assert unit(game, unit_id).unsupplied == 0
        assert unit(game, unit_id).supplied_by_logistics
    [record] = game.log.of_type("supply_logistics")
    assert record["consumed"] == ["col2"] and record["region"] == "e1"
    assert game.log.of_type("supply")[-1]["by_logistics"] == 1
    assert not game.log.of_type("supply_survival")
    stack = board.stacks_in(game, "e1", "red")[0]
    assert supply.stack_supplied(game, stack)
    # The respite lasts until the next supply phase only.
    resolve(game, "red")
    assert unit(game, "col").status == "removed"
    assert unit(game, "inf").supplied_by_logistics
    resolve(game, "red")
    assert unit(game, "inf").unsupplied == 1 and not unit(game, "inf").supplied_by_logistics


def test_s3_a_lone_logistic_unit_is_not_consumed_to_feed_itself(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = cut_off().unit("col", "log", "e1").game()
    script(game, monkeypatch, 0)
    resolve(game, "red")
    assert unit(game, "col").status == "active" and unit(game, "col").unsupplied == 1


def test_s3_a_stack_without_enough_logistic_units_goes_hungry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = cut_off(logistics_consumed=2).unit("inf", "inf", "e1").unit("col", "log", "e1").game()
    script(game, monkeypatch, 0, 0)
    resolve(game, "red")
    assert unit(game, "col").status == "active"
    assert unit(game, "inf").unsupplied == 1


def test_s4_stage_effects_for_the_first_second_and_third_turns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = cut_off().unit("inf", "inf", "e1").unit("tank", "tank", "e1").game()
    script(game, monkeypatch, *[0] * 8)
    assert supply.penalty(game, "inf") == supply.NO_PENALTY
    expected = [
        # (stage turns, infantry, tanks): (movement, attack, defence, morale)
        (1, (0, 0, 0, -1), (-1, 0, 0, -1)),
        (2, (-1, -1, 0, -1), (-1, -1, 0, -1)),
        (3, (-2, -1, -1, -1), (-2, -1, -1, -1)),
        (3, (-2, -1, -1, -1), (-2, -1, -1, -1)),  # the last stage repeats
    ]
    for count, (turns, foot, motor) in enumerate(expected, start=1):
        resolve(game, "red")
        assert unit(game, "inf").unsupplied == count
        stage = supply.stage_of(game, "inf")
        assert stage is not None and stage.turns == turns
        assert supply.penalty(game, "inf") == supply.Penalty(*foot)
        assert supply.penalty(game, "tank") == supply.Penalty(*motor)
    assert supply.movement_penalty(game, "tank") == -2
    assert supply.attack_penalty(game, "tank") == supply.defence_penalty(game, "tank") == -1
    assert supply.morale_penalty(game, "inf") == -1


def test_s4_back_in_supply_the_count_starts_again() -> None:
    game = cut_off().unit("inf", "inf", "e1").game()
    resolve(game, "red")
    resolve(game, "red")
    board.relocate(game, board.stacks_in(game, "e1", "red")[0], "b1")
    resolve(game, "red")
    assert unit(game, "inf").unsupplied == 0 and supply.stage_of(game, "inf") is None


def test_s4_survival_test_hit_and_no_hit(monkeypatch: pytest.MonkeyPatch) -> None:
    # Militia: morale 0, in a desert (forage 0): the target is 0, any roll above 0 hits.
    game = cut_off().unit("m1", "militia", "e1").unit("m2", "militia", "e1").game()
    script(game, monkeypatch, 0, 1)
    resolve(game, "red")
    assert (unit(game, "m1").strength, unit(game, "m2").strength) == (3, 2)
    tests = game.log.of_type("supply_survival")
    assert [(t["unit"], t["roll"], t["target"], t["hit"]) for t in tests] == [
        ("m1", 0, 0, False),
        ("m2", 1, 0, True),
    ]


def test_s4_a_unit_worn_to_nothing_is_eliminated(monkeypatch: pytest.MonkeyPatch) -> None:
    game = cut_off().unit("m1", "militia", "e1", strength=1).game()
    script(game, monkeypatch, 9)
    resolve(game, "red")
    assert unit(game, "m1").status == "eliminated"
    assert game.log.of_type("eliminated")[-1]["cause"] == "out of supply"


def test_s4_survival_target_adds_leader_city_forage_and_cards() -> None:
    b = cut_off().region("e1", network="trail")
    b.raw["terrain"] = [
        {**t, "forage_with_trail": 2} if t["id"] == "desert" else t for t in b.raw["terrain"]
    ]
    b.unit_type("militia", name="Militia", morale=2, forage=1, hit_points=3)
    b.structure("oasis", "e1").unit("m1", "militia", "e1")
    b.leader("boss", "e1", morale=3, rank=2).leader("aide", "e1", morale=1)
    game = b.game()
    first_stage, _, third_stage = game.scenario.rules.supply.stages
    # 2 x 3 + leader 3 + city 1 + trail forage 2 - own forage 1
    assert supply.survival_target(game, "m1", first_stage) == 11
    assert supply.survival_target(game, "m1", third_stage) == 9
    game.state.modifiers.append(
        Modifier("card", "red", {"kind": "modify", "stat": "survival", "amount": 2}, ["m1"])
    )
    assert supply.survival_target(game, "m1", first_stage) == 13


def test_s4_survival_uses_reduced_morale_when_worn() -> None:
    b = cut_off().unit_type(
        "militia", name="Militia", morale=2, hit_points=4, reduced={"morale": 1}
    )
    game = b.unit("m1", "militia", "e1", strength=2).game()
    stage = game.scenario.rules.supply.stages[0]
    assert supply.base_morale(game, "m1") == 1
    assert supply.survival_target(game, "m1", stage) == 3


def test_s4_artillery_is_lost_at_the_third_stage(monkeypatch: pytest.MonkeyPatch) -> None:
    game = cut_off().unit("guns", "art", "e1").unit("inf", "inf", "e1").game()
    script(game, monkeypatch, *[0] * 8)
    resolve(game, "red")
    resolve(game, "red")
    assert unit(game, "guns").status == "active"
    assert not game.log.of_type("supply_artillery_lost")
    resolve(game, "red")
    assert unit(game, "guns").status == "eliminated"
    [lost] = game.log.of_type("supply_artillery_lost")
    assert (lost["unit"], lost["stage"]) == ("guns", 3)
    assert unit(game, "inf").status == "active"


def test_s4_leaders_and_aircraft_count_the_phases_but_take_no_test(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    b = cut_off().structure("strip", "e1", airport=True).unit("fly", "fighter", structure="strip")
    game = b.leader("boss", "e1").game()
    script(game, monkeypatch)  # any roll would fail the test: no roll is made
    resolve(game, "red")
    assert unit(game, "fly").unsupplied == 1 and unit(game, "boss").unsupplied == 1
    assert not game.log.of_type("supply_survival")


# -- S5 ------------------------------------------------------------------------------------------


def test_s5_unsupplied_units_get_no_replacements() -> None:
    game = cut_off().unit("hungry", "inf", "e1", strength=2).unit("fed", "inf", "b1", strength=2)
    game = game.game()
    resolve(game, "red")
    assert damaged(game, "red") == ["fed"]


def test_s5_unsupplied_aircraft_cannot_fly() -> None:
    b = cut_off().structure("strip", "e1", airport=True).structure("home", "a1", airport=True)
    b.unit("stuck", "fighter", structure="strip").unit("free", "fighter", structure="home")
    game = b.game()
    resolve(game, "red")
    assert not supply.can_fly(game, "stuck")
    assert supply.can_fly(game, "free")


# -- cards, saving -------------------------------------------------------------------------------


def with_ration_card(b: Builder) -> Builder:
    card = {
        "id": "rations",
        "name": "Rations",
        "side": "red",
        "phases": ["supply"],
        "effects": [{"kind": "modify", "select": {"units": {}}, "stat": "survival", "amount": 20}],
    }
    return b.set("cards", [card])


def test_s4_a_supply_card_is_played_before_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    game = with_ration_card(cut_off().unit("m1", "militia", "e1")).game()
    advance_to(game, "supply")
    assert game.log.of_type("supply_deferred")
    assert unit(game, "m1").unsupplied == 0
    game.apply(PlayCard("rations"))
    script(game, monkeypatch, 9)
    game.apply(EndPhase())
    [test] = game.log.of_type("supply_survival")
    assert (test["target"], test["hit"]) == (20, False)
    assert unit(game, "m1").unsupplied == 1


@pytest.mark.parametrize("card", [False, True])
def test_p1_save_and_load_in_the_supply_phase_keeps_results_identical(card: bool) -> None:
    b = cut_off().unit("m1", "militia", "e1").unit("m2", "militia", "e1").unit("art", "art", "e1")
    b.unit("fed", "inf", "a1")
    if card:
        b = with_ration_card(b)
    game = b.game(seed=5)
    advance_to(game, "supply")
    copy = Game.load(game.scenario, game.save())
    assert copy.state.to_json() == game.state.to_json()
    for g in (game, copy):
        g.apply(EndPhase())
        resolve(g, "red")  # a second check rolls dice again: the dice were saved too
    assert copy.state.to_json() == game.state.to_json()
    assert copy.log.records == game.log.records
    assert supply.supply_view(copy, "red") == supply.supply_view(game, "red")
