"""What assets' missions do beyond the battle (issue 15): interdiction's cut to the enemy's
MP (OA10, OA11), naval fire limited to its range from its river hexes (OA13) and air supply
flown in the execution (OS15). The lanes are those of ``test_asset_missions``: one row of
open hexes, red's armour at ``c4r1``, blue's infantry at ``c5r1``, fog off.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import Game, IllegalAction
from engine.wego.op import assets, movement, queries, sorties
from engine.wego.op.actions import AssignAsset
from engine.wego.op.intel import intel_of
from schemas import load_text
from tests.operational.command_builder import CommandBuilder
from tests.operational.play import execute, of, stack
from tests.operational.test_asset_missions import lane


def test_oa10_oa11_interdiction_cuts_the_enemys_mp_in_the_next_turn() -> None:
    game = lane(turns=4).game(seed=1)
    foe = game.state.stacks[stack(game, "foe")]
    before = movement.stack_allowance(game, foe)
    assert before == pytest.approx(4.0)  # infantry 8 MP at Basic supply (x0.5)
    records = execute(game, [AssignAsset("stuka", "interdiction")])
    (cut,) = of(records, "op_interdiction")
    assert cut["mp_cut"] == 5  # Table OA10, one asset: 5%
    assert sorties.mp_cut(game, "blue") == 5 and sorties.mp_cut(game, "red") == 0
    # 4 MP less 5% rounded up (OA11): 3.
    assert movement.stack_allowance(game, foe) == pytest.approx(3.0)
    again = Game.load(game.scenario, json.loads(json.dumps(game.save())))
    assert movement.stack_allowance(again, again.state.stacks[foe.id]) == pytest.approx(3.0)
    tank = game.state.stacks[stack(game, "tank")]
    assert movement.stack_allowance(game, tank) == pytest.approx(8.0)  # red is not slowed
    execute(game, [])  # the stuka is away: no interdiction this turn
    assert movement.stack_allowance(game, foe) == pytest.approx(4.0)


def test_oa10_the_mp_cut_is_a_parameter() -> None:
    game = lane(turns=4, interdiction_cuts_mp=False).game(seed=1)
    foe = game.state.stacks[stack(game, "foe")]
    (cut,) = of(execute(game, [AssignAsset("stuka", "interdiction")]), "op_interdiction")
    assert cut["mp_cut"] == 0 and cut["loc_cut"] == 5
    assert movement.stack_allowance(game, foe) == pytest.approx(4.0)


SHIP = {
    "id": "flotilla",
    "side": "red",
    "domain": "naval",
    "missions": ["offensive_support", "defensive_support", "ground_attack"],
    "bombardment": 6,
    "stations": ["c1r1"],
    "fire_range": 3,
}


def test_oa13_naval_fire_reaches_only_its_range_from_its_river_hexes() -> None:
    b = lane(SHIP, turns=4)
    b.unit("far", "inf", "c8r1", nation="blueland")
    b.unit("own", "inf", "c3r1")
    game = b.game(seed=1)
    assert assets.reach(game, "flotilla") == ["c1r1", "c2r1", "c3r1", "c4r1"]
    with pytest.raises(IllegalAction, match="beyond the reach of 'flotilla': 3 hexes"):
        game.apply(AssignAsset("flotilla", "offensive_support", "c5r1"))
    assert not assets.target_refusal(game, "red", "flotilla", "defensive_support", "c3r1")
    assert assets.targets(game, "red", "offensive_support") == ["c5r1", "c8r1"]
    offered = [a for a in game.legal_actions() if isinstance(a, AssignAsset)]
    assert offered and all(a.target in ("", "c3r1", "c4r1") for a in offered)
    near = lane({**SHIP, "fire_range": 4}, turns=4).game(seed=1)
    near.apply(AssignAsset("flotilla", "offensive_support", "c5r1"))  # 4 hexes: in reach


def test_oa13_a_naval_asset_without_river_hexes_reaches_everywhere_and_bad_hexes_are_named() -> (
    None
):
    game = lane({**SHIP, "stations": []}, turns=4).game(seed=1)
    assert assets.reach(game, "flotilla") is None
    game.apply(AssignAsset("flotilla", "offensive_support", "c5r1"))
    issues = load_text(json.dumps(lane({**SHIP, "stations": ["zz9"]}).raw)).issues
    (bad,) = [i for i in issues if i.code == "operational-location-unknown"]
    assert bad.path == "/rules/operational/assets/assets/0/stations/0" and "zz9" in bad.message


# -- air supply (OS15) ----------------------------------------------------------------------------

JU52 = {
    "id": "ju52",
    "side": "red",
    "domain": "air",
    "missions": ["air_supply"],
    "supply_range": 6,
}


def airlift(*assets_: dict[str, Any], **table: Any) -> CommandBuilder:
    """An army HQ with a short reach at c1r1, its units far east around red's airfield at
    c20r1 (range 2): ``near`` (2 hexes off it) and ``far`` (6 hexes off it)."""
    b = CommandBuilder(30, 1)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    b.hq("army", "c1r1", echelon="army", loc_range=4)
    b.supply_source("c1r1")
    b.supply_source("c20r1", kind="airfield", range=2)
    b.unit("near", "inf", "c22r1", hq="army")
    b.unit("far", "inf", "c26r1", hq="army")
    b.unit("foe", "inf", "c30r1", nation="blueland")
    b.table("assets", assets=list(assets_) or [JU52], **table)
    return b


def loc_of(game: Game) -> dict[str, str]:
    return dict(queries.loc_states(game, "red"))


def test_os15_an_air_supply_mission_feeds_the_units_around_its_airfield() -> None:
    game = airlift().game(seed=1)
    assert loc_of(game)["near"] == "isolated" and loc_of(game)["far"] == "isolated"
    assert AssignAsset("ju52", "air_supply", "c20r1") in game.legal_actions()
    records = execute(game, [AssignAsset("ju52", "air_supply", "c20r1")])
    (flown,) = of(records, "op_air_supply")
    assert flown["supplied"] and flown["reason"] == ""
    # The transport's range (6) reaches beyond the airfield's own (2).
    assert loc_of(game)["near"] == "extended" and loc_of(game)["far"] == "extended"
    shorter = airlift({**JU52, "supply_range": 0}).game(seed=1)
    execute(shorter, [AssignAsset("ju52", "air_supply", "c20r1")])
    assert loc_of(shorter)["near"] == "extended" and loc_of(shorter)["far"] == "isolated"
    idle = airlift().game(seed=1)
    execute(idle, [])
    assert loc_of(idle)["near"] == "isolated"


def test_os15_air_supply_is_refused_off_an_airfield_under_enemy_aa_or_air_superiority() -> None:
    game = airlift().game(seed=1)
    with pytest.raises(IllegalAction, match="not one of the side's airfields"):
        game.apply(AssignAsset("ju52", "air_supply", "c22r1"))
    b = airlift(air_superiority=[{"side": "blue", "value": 1}])
    with pytest.raises(IllegalAction, match="more counter-air"):
        b.game(seed=1).apply(AssignAsset("ju52", "air_supply", "c20r1"))
    b = airlift()
    b.raw["unit_types"].append(
        {
            "id": "flak",
            "name": "Flak",
            "operational": {"category": "heavy_aa", "attack": 2, "defence": 4, "movement": 8},
        }
    )
    b.unit("flak88", "flak", "c19r1", nation="blueland")
    with pytest.raises(IllegalAction, match="under enemy AA"):
        b.game(seed=1).apply(AssignAsset("ju52", "air_supply", "c20r1"))


def test_os15_enemy_counter_air_flown_that_turn_stops_the_airlift() -> None:
    fighters = {"id": "yaks", "side": "blue", "domain": "air", "missions": ["counter_air"]}
    game = airlift(JU52, fighters).game(seed=1)
    records = execute(
        game,
        [AssignAsset("ju52", "air_supply", "c20r1")],  # red cannot see blue's missions
        [AssignAsset("yaks", "counter_air")],
    )
    (flown,) = of(records, "op_air_supply")
    assert not flown["supplied"] and "more counter-air" in flown["reason"]
    assert loc_of(game)["near"] == "isolated"


def test_os15_the_ai_flies_supplies_to_its_cut_off_units() -> None:
    from engine.ai import BaselineAI

    game = airlift().game(seed=1)
    ai = BaselineAI()
    while game.turn == 1 and game.to_act() == "red":
        game.apply(ai.choose(game))
    assert assets.missions(game, "red")["ju52"] == assets.Tasking("ju52", "air_supply", "c20r1")


# -- recon and intelligence (OA12, OI7) ----------------------------------------------------------

EYES = {
    "id": "eyes",
    "side": "red",
    "domain": "air",
    "missions": ["recon"],
    "recon_range": 2,
    "recon_strength": 3,
    "night_capable": True,
}


def scouting(*assets_: dict[str, Any], pattern: list[str] | None = None) -> Any:
    """Fog on: red's tank at c1r1 sees a hex around it; blue's infantry at c6r1 and c8r1."""
    b = lane(*(assets_ or (EYES,)), turns=4)
    b.rules("fog", enabled=True)
    b.raw["units"] = [u for u in b.raw["units"] if u["id"] != "tank" and u["id"] != "foe"]
    b.unit("tank", "armour", "c1r1", echelon="regiment")
    b.unit("far", "inf", "c6r1", nation="blueland")
    b.unit("farther", "inf", "c8r1", nation="blueland")
    if pattern:
        b.table("turns", pattern=pattern)
        b.table("assets", night_air_missions=["recon"])
    return b


def test_oa12_oi7_a_recon_mission_raises_the_sides_intelligence_around_its_target() -> None:
    game = scouting().game(seed=1)
    seen = intel_of(game, "red")
    assert seen.level_of("far") == 0 and seen.level_of("farther") == 0
    assert AssignAsset("eyes", "recon", "c6r1") not in game.legal_actions()  # far not seen
    game.apply(AssignAsset("eyes", "recon", "c6r1"))  # any hex may be watched
    records = execute(game, [])
    (flown,) = of(records, "op_recon")
    assert (flown["target"], flown["range"], flown["strength"]) == ("c6r1", 2, 3)
    assert not of(records, "op_aa_fire")  # no AA fires at recon (OA12)
    seen = intel_of(game, "red")  # the next plan reads it
    assert seen.level_of("far") == 3  # strength 3 on the target hex (regular target)
    assert seen.level_of("farther") == 2  # two hexes off: one level less
    again = Game.load(game.scenario, json.loads(json.dumps(game.save())))
    assert intel_of(again, "red").level_of("far") == 3
    execute(game, [])  # no recon this turn: the picture goes back to the tank's own
    assert intel_of(game, "red").level_of("far") == 0


def test_oa12_at_night_a_recon_mission_sees_one_hex_around_its_target() -> None:
    game = scouting(pattern=["night", "day"]).game(seed=1)
    (flown,) = of(execute(game, [AssignAsset("eyes", "recon", "c6r1")]), "op_recon")
    assert flown["range"] == 1
    seen = intel_of(game, "red")
    assert seen.level_of("far") == 3 and seen.level_of("farther") == 0


def test_oi7_an_asset_without_recon_values_is_refused_the_mission() -> None:
    game = scouting({**EYES, "recon_strength": 0}).game(seed=1)
    with pytest.raises(IllegalAction, match="no recon range or strength"):
        game.apply(AssignAsset("eyes", "recon", "c6r1"))


def test_oa12_the_ai_sends_its_recon_over_the_enemy_only_with_the_fog_of_war_on() -> None:
    from engine.ai import BaselineAI

    def plan(b: Any) -> dict[str, assets.Tasking]:
        game = b.game(seed=1)
        ai = BaselineAI()
        while game.turn == 1 and game.to_act() == "red":
            game.apply(ai.choose(game))
        return assets.missions(game, "red")

    b = scouting()
    b.raw["units"] = [u for u in b.raw["units"] if u["id"] != "tank"]
    b.unit("tank", "armour", "c5r1", echelon="regiment")  # next to 'far': it sees it
    assert plan(b)["eyes"].mission == "recon"
    b.rules("fog", enabled=False)
    assert "eyes" not in plan(b)
