"""What assets' missions do beyond the battle (issue 15): interdiction's cut to the enemy's
MP (OA10, OA11), naval fire limited to its range from its river hexes (OA13) and air supply
flown in the execution (OS15). The lanes are those of ``test_asset_missions``: one row of
open hexes, red's armour at ``c4r1``, blue's infantry at ``c5r1``, fog off.
"""

from __future__ import annotations

import json

import pytest

from engine import Game, IllegalAction
from engine.wego.op import assets, movement, sorties
from engine.wego.op.actions import AssignAsset
from schemas import load_text
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
