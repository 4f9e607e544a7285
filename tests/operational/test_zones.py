"""Setup zones and fixed units of the operational family (OT1, OT5, OU1, OM20): the format,
the validation's located issues, and the engine's setups and fixed units, on small hand-made
hex scenarios."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Game
from engine.errors import IllegalAction
from engine.wego.op import state as op_state
from engine.wego.op import zones
from engine.wego.op.actions import SetUp
from engine.wego.orders import (
    OrderAttack,
    OrderAttackNoAdvance,
    OrderDefend,
    OrderHold,
    OrderMove,
)
from schemas.io import dumps, load_text
from tests.operational.builder import OpBuilder
from tests.operational.play import execute, of, stack


def lane(columns: int = 8, rows: int = 2, turns: int = 4) -> OpBuilder:
    b = OpBuilder(columns=columns, rows=rows)
    b.raw["calendar"]["turns"] = turns
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    return b


def codes(b: OpBuilder) -> list[tuple[str, str, str | None]]:
    issues = load_text(dumps_raw(b)).issues
    return [(i.code, i.path, i.entity) for i in issues if i.code.startswith("operational-")]


def dumps_raw(b: OpBuilder) -> str:
    import json

    return json.dumps(b.raw)


def fixed(b: OpBuilder, unit: str, **status: Any) -> None:
    entry = next(u for u in b.raw["units"] if u["id"] == unit)
    entry.setdefault("operational", {})["fixed"] = status


# -- the format --------------------------------------------------------------------------------


def test_ot5_ou1_om20_zones_and_fixed_status_round_trip_canonically() -> None:
    b = lane()
    b.raw["hex_map"]["setup_zones"] = {"red": ["c1r1*3", "c1r2*3"]}
    b.raw["hex_map"]["fixed_zones"] = {"bridgehead": ["c4r1*2"]}
    b.unit("guard", "inf", "c4r1")
    fixed(b, "guard", zone="bridgehead", until_turn=3, on_enemy_adjacent=True)
    scenario = b.build()
    assert scenario.hex_map is not None
    assert scenario.hex_map.setup_zones == {"red": ["c1r1*3", "c1r2*3"]}
    unit = next(u for u in scenario.units if u.id == "guard")
    assert unit.operational is not None and unit.operational.fixed is not None
    assert unit.operational.fixed.zone == "bridgehead"
    text = dumps(scenario)
    again = load_text(text).scenario
    assert again is not None and dumps(again) == text
    assert '"fixed_zones"' in text and '"until_turn": 3' in text


def test_om20_a_fixed_status_refuses_unknown_keys_at_its_path() -> None:
    b = lane()
    b.unit("guard", "inf", "c4r1")
    fixed(b, "guard", untill_turn=3)
    loaded = load_text(dumps_raw(b))
    assert loaded.scenario is None
    found = [i for i in loaded.issues if i.code == "schema"]
    assert found and found[0].path == "/units/0/operational/fixed/untill_turn"


# -- validation --------------------------------------------------------------------------------


def test_ot1_a_unit_set_up_outside_its_sides_zone_is_located() -> None:
    b = lane()
    b.raw["hex_map"]["setup_zones"] = {"red": ["c1r1*2"]}
    b.unit("inside", "inf", "c2r1")
    b.unit("outside", "inf", "c5r2")
    found = codes(b)
    assert ("operational-setup-outside-zone", "/units/1/location", "outside") in found
    assert not any(c[2] == "inside" for c in found)


def test_om20_a_fixed_unit_without_a_release_is_warned_unless_fixed_for_the_game() -> None:
    b = lane()
    b.unit("stuck", "inf", "c3r1")
    b.unit("forever", "inf", "c3r2")
    fixed(b, "stuck")
    fixed(b, "forever", whole_game=True)
    found = codes(b)
    assert ("operational-fixed-no-release", "/units/0/operational/fixed", "stuck") in found
    assert not any(c[2] == "forever" for c in found)


def test_om20_fixed_zone_unknown_outside_and_late_release_are_located() -> None:
    b = lane(turns=4)
    b.raw["hex_map"]["fixed_zones"] = {"bridgehead": ["c4r1*2"]}
    b.unit("lost", "inf", "c4r1")
    b.unit("astray", "inf", "c1r2")
    b.unit("late", "inf", "c5r1")
    fixed(b, "lost", zone="nowhere", whole_game=True)
    fixed(b, "astray", zone="bridgehead", whole_game=True)
    fixed(b, "late", zone="bridgehead", until_turn=9)
    found = codes(b)
    assert ("operational-fixed-zone-unknown", "/units/0/operational/fixed/zone", "lost") in found
    assert ("operational-fixed-outside-zone", "/units/1/location", "astray") in found
    assert (
        "operational-fixed-release-late",
        "/units/2/operational/fixed/until_turn",
        "late",
    ) in found


def test_ot1_a_hex_in_two_setup_zones_points_at_the_second_run() -> None:
    b = lane()
    b.raw["hex_map"]["setup_zones"] = {"red": ["c1r1*3"], "blue": ["c3r1*3"]}
    issues = load_text(dumps_raw(b)).issues
    twice = [i for i in issues if i.code == "hex-listed-twice"]
    assert twice and twice[0].path == "/hex_map/setup_zones/blue/0"
    assert "setup zone 'red'" in twice[0].message


def _outside_setup() -> OpBuilder:
    b = lane()
    b.raw["hex_map"]["setup_zones"] = {"red": ["c1r1*2"]}
    b.unit("outside", "inf", "c5r2")
    return b


def _unknown_zone() -> OpBuilder:
    b = lane()
    b.unit("lost", "inf", "c4r1")
    fixed(b, "lost", zone="nowhere", whole_game=True)
    return b


def _outside_fixed_zone() -> OpBuilder:
    b = lane()
    b.raw["hex_map"]["fixed_zones"] = {"bridgehead": ["c4r1*2"]}
    b.unit("astray", "inf", "c1r2")
    fixed(b, "astray", zone="bridgehead", whole_game=True)
    return b


def _no_release() -> OpBuilder:
    b = lane()
    b.unit("stuck", "inf", "c3r1")
    fixed(b, "stuck")
    return b


def _late_release() -> OpBuilder:
    b = lane(turns=4)
    b.unit("late", "inf", "c3r1")
    fixed(b, "late", until_turn=9)
    return b


def _zones_in_area_rules() -> OpBuilder:
    b = lane()
    b.raw["rules"] = {"family": "area"}
    b.raw["calendar"]["turn_system"] = "igougo"
    b.raw["hex_map"]["setup_zones"] = {"red": ["c1r1"]}
    return b


def _unused_fixed_zone() -> OpBuilder:
    b = lane()
    b.raw["hex_map"]["fixed_zones"] = {"spare": ["c4r1"]}
    return b


def _crossing_site_off_river() -> OpBuilder:
    b = lane()
    b.hexside("c2r1", "c3r1", "river")
    b.hexside("c4r1", "c5r1", "minefield")
    b.crossing_site("c2r1", "c3r1")  # on the river: fine
    b.crossing_site("c4r1", "c5r1")
    return b


def _crossing_site_in_area_rules() -> OpBuilder:
    b = _zones_in_area_rules()
    del b.raw["hex_map"]["setup_zones"]
    b.raw["hex_map"]["crossing_sites"] = ["c1r1-c2r1"]
    return b


ZONE_CASES: list[tuple[str, Any, str]] = [
    ("operational-setup-outside-zone", _outside_setup, "/units/0/location"),
    ("operational-fixed-zone-unknown", _unknown_zone, "/units/0/operational/fixed/zone"),
    ("operational-fixed-outside-zone", _outside_fixed_zone, "/units/0/location"),
    ("operational-fixed-no-release", _no_release, "/units/0/operational/fixed"),
    ("operational-fixed-release-late", _late_release, "/units/0/operational/fixed/until_turn"),
    ("operational-zone-unused", _zones_in_area_rules, "/hex_map/setup_zones"),
    ("operational-zone-unused", _unused_fixed_zone, "/hex_map/fixed_zones/spare"),
    ("operational-crossing-site-no-river", _crossing_site_off_river, "/hex_map/crossing_sites/1"),
    ("operational-crossing-site-unused", _crossing_site_in_area_rules, "/hex_map/crossing_sites"),
]
"""One broken scenario per code of the zones' and crossing sites' (OH11) validation
(tests/test_validation_codes.py counts them)."""


@pytest.mark.parametrize(("code", "make", "path"), ZONE_CASES)
def test_ot1_om20_each_zone_code_is_reported_at_its_path(code: str, make: Any, path: str) -> None:
    found = [(c, p) for c, p, _ in codes(make())] + [
        (i.code, i.path) for i in load_text(dumps_raw(make())).issues
    ]
    assert (code, path) in found


# -- the engine: fixed units ---------------------------------------------------------------


def guard_game(**status: Any) -> Game:
    b = lane(columns=8, rows=1, turns=5)
    b.unit("guard", "inf", "c2r1", echelon="regiment")
    b.unit("foe", "inf", "c7r1", nation="blueland", echelon="regiment")
    if "zone" in status:
        b.raw["hex_map"]["fixed_zones"] = {"pocket": ["c1r1*3"]}
    fixed(b, "guard", **status)
    return b.game(seed=3)


def moves_of(game: Game, unit: str) -> list[Any]:
    mine = stack(game, unit)
    return [a for a in game.legal_actions() if isinstance(a, OrderMove) and a.stack == mine]


def test_om20_a_unit_fixed_in_place_is_offered_no_move_and_refused_with_the_reason() -> None:
    game = guard_game(until_turn=3)
    mine = stack(game, "guard")
    assert moves_of(game, "guard") == []
    offered = game.legal_actions()
    assert OrderHold(mine) in offered and OrderDefend(mine) in offered
    with pytest.raises(IllegalAction, match=r"'guard' is fixed in place until turn 3 \(OM20\)"):
        game.apply(OrderMove(mine, ("c3r1",)))
    assert game.state.units["guard"].stack == mine


def test_om20_a_unit_fixed_until_a_turn_moves_from_that_turns_planning() -> None:
    game = guard_game(until_turn=3)
    for _ in range(2):
        assert moves_of(game, "guard") == []
        execute(game, [])
    assert game.state.turn == 3
    assert {a.path[-1] for a in moves_of(game, "guard")} >= {"c3r1", "c1r1"}


def test_om20_a_unit_fixed_in_a_zone_moves_only_inside_it() -> None:
    game = guard_game(zone="pocket", whole_game=True)
    ends = {a.path[-1] for a in moves_of(game, "guard")}
    assert ends == {"c1r1", "c3r1"}
    mine = stack(game, "guard")
    with pytest.raises(IllegalAction, match="fixed inside zone 'pocket'"):
        game.apply(OrderMove(mine, ("c3r1", "c4r1")))
    execute(game, [OrderMove(mine, ("c3r1",))])
    assert game.state.stacks[stack(game, "guard")].region == "c3r1"


def test_om20_an_enemy_next_to_it_frees_the_unit_for_good() -> None:
    b = lane(columns=8, rows=1, turns=5)
    b.unit("guard", "inf", "c2r1", echelon="regiment")
    b.unit("foe", "inf", "c4r1", nation="blueland", echelon="regiment")
    fixed(b, "guard", on_enemy_adjacent=True)
    game = b.game(seed=3)
    assert moves_of(game, "guard") == []
    foe = stack(game, "foe")
    records = execute(game, [], [OrderMove(foe, ("c3r1",))])
    assert game.state.stacks[stack(game, "foe")].region == "c3r1"
    released = of(records, "op_fixed_released")
    assert [(r["unit"], r["reason"]) for r in released] == [
        ("guard", "an enemy unit came next to it")
    ]
    assert moves_of(game, "guard") != []
    # The enemy leaves: the unit stays free (the release is kept in the save).
    execute(game, [], [OrderMove(stack(game, "foe"), ("c4r1",))])
    assert game.state.stacks[stack(game, "foe")].region == "c4r1"
    assert moves_of(game, "guard") != []
    again = Game.load(game.scenario, game.save())
    assert moves_of(again, "guard") != []


def test_om20_a_unit_fixed_in_place_may_attack_without_advancing_only() -> None:
    b = lane(columns=6, rows=1, turns=3)
    b.unit("guard", "armour", "c2r1", echelon="regiment")
    b.unit("foe", "inf", "c3r1", nation="blueland", echelon="battalion")
    fixed(b, "guard", whole_game=True)
    game = b.game(seed=3)
    mine = stack(game, "guard")
    offered = game.legal_actions()
    assert OrderAttackNoAdvance(mine, "c3r1", ()) in offered
    assert OrderAttack(mine, "c3r1", ()) not in offered
    with pytest.raises(IllegalAction, match="fixed in place for the whole game"):
        game.apply(OrderAttack(mine, "c3r1", ()))


def test_om20_a_unit_retreated_out_of_its_area_is_freed() -> None:
    game = guard_game(whole_game=True)
    guard = game.state.stacks[stack(game, "guard")]
    from engine import board as places

    places.relocate(game, guard, "c1r1")  # as a retreat would
    unit = op_state.units(game)["guard"]
    assert zones.release_reason(game, unit) == "forced out of its fixed area"
    assert moves_of(game, "guard") != []


# -- the engine: setup zones ------------------------------------------------------------------


def setup_game() -> Game:
    b = lane(columns=8, rows=2, turns=3)
    b.raw["hex_map"]["setup_zones"] = {"red": ["c1r1*3", "c1r2*3"], "blue": ["c6r1*3"]}
    b.unit("a", "inf", "c1r1", echelon="regiment")
    b.unit("b", "inf", "c1r1", echelon="battalion")
    b.unit("out", "inf", "c5r2", echelon="battalion")
    b.unit("pinned", "inf", "c2r2", echelon="battalion")
    fixed(b, "pinned", whole_game=True)
    b.unit("foe", "inf", "c7r1", nation="blueland", echelon="regiment")
    return b.game(seed=5)


def test_ot1_the_first_planning_offers_setups_inside_the_zone_only() -> None:
    game = setup_game()
    setups = [a for a in game.legal_actions() if isinstance(a, SetUp)]
    assert {a.unit for a in setups} == {"a", "b"}
    assert {a.region for a in setups if a.unit == "b"} == {"c2r1", "c3r1", "c1r2", "c2r2", "c3r2"}


def test_ot1_a_setup_moves_the_unit_at_once_and_joins_its_sides_stack() -> None:
    game = setup_game()
    game.apply(SetUp("b", "c2r2"))
    assert game.state.stacks[stack(game, "b")].region == "c2r2"
    assert stack(game, "b") == stack(game, "pinned")
    assert game.state.stacks[stack(game, "a")].region == "c1r1"
    game.apply(SetUp("b", "c3r1"))  # set up again: the planning side may change its mind
    assert game.state.stacks[stack(game, "b")].region == "c3r1"
    assert game.state.stacks[stack(game, "pinned")].units == ["pinned"]


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (SetUp("b", "c5r1"), "outside the setup zone of 'red'"),
        (SetUp("out", "c1r2"), "'out' stands outside the setup zone of 'red'"),
        (SetUp("pinned", "c1r2"), "fixed in place for the whole game"),
        (SetUp("foe", "c1r2"), "not a unit of 'red'"),
        (SetUp("b", "c1r1"), "already stands on c1r1"),
    ],
)
def test_ot1_a_setup_is_refused_with_a_reason(action: SetUp, reason: str) -> None:
    game = setup_game()
    with pytest.raises(IllegalAction, match=reason):
        game.apply(action)


def test_ot1_no_setup_after_an_order_or_after_the_first_turn() -> None:
    game = setup_game()
    game.apply(OrderMove(stack(game, "a"), ("c2r1",)))
    with pytest.raises(IllegalAction, match="has an order already"):
        game.apply(SetUp("a", "c3r1"))
    execute_rest(game)
    assert game.state.turn == 2
    assert not [a for a in game.legal_actions() if isinstance(a, SetUp)]
    with pytest.raises(IllegalAction, match="only while the first turn is planned"):
        game.apply(SetUp("b", "c3r1"))


def execute_rest(game: Game) -> None:
    from engine.wego.orders import SealPlan

    game.apply(SealPlan())
    game.apply(SealPlan())


def test_ot1_a_setup_survives_save_and_load_and_stays_hidden_from_the_other_side() -> None:
    from engine.wego.views import visible_records

    game = setup_game()
    game.apply(SetUp("b", "c3r2"))
    again = Game.load(game.scenario, game.save())
    assert again.state.stacks[stack(again, "b")].region == "c3r2"
    seen = visible_records(game.log.records, "blue")
    assert not any(r.get("action", {}).get("kind") == "op_set_up" for r in seen)


def test_oh11_a_crossing_site_on_a_river_is_quiet_and_one_off_it_is_named() -> None:
    found = codes(_crossing_site_off_river())
    sites = [(c, p, e) for c, p, e in found if "crossing" in c]
    assert sites == [
        ("operational-crossing-site-no-river", "/hex_map/crossing_sites/1", "c4r1-c5r1")
    ]
