"""The battle details of the operational rules (OF6, OF7) under the battle summary: the
row of a battle carries its ``op_battle`` record and the AA fire at its supporting assets
(:func:`engine.wego.film.battles`), and picking it shows the totals with the artillery's and
the naval fire's factors, each gun's fire with Table OC32's multiplier, the odds with every
shift, the die, the AA shots and the engaged units. The lanes are the engine tests' one row
of open hexes: red's armour at ``c4r1`` attacks blue's infantry at ``c5r1``.
"""

from __future__ import annotations

import re

from editor.game.panels.battles_table import BattlesTable
from editor.game.panels.op_battle_details import battle_details
from engine.wego import film
from engine.wego.op.actions import AssignAsset
from engine.wego.orders import OrderAttack
from tests.operational.play import execute, stack
from tests.operational.test_artillery_fire import OFFENSIVE, attack, lane
from tests.operational.test_asset_missions import lane as asset_lane
from tests.operational.test_asset_missions import with_


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_of6_a_battles_row_carries_its_record_and_the_details_name_the_guns_fire(qtbot) -> None:
    game = lane().game(seed=5)
    execute(game, [OFFENSIVE, attack(game)])
    (row,) = film.battles(game.log.records)
    assert row.record is not None and row.record["attack_artillery"] == 11.0
    text = _text(battle_details(game.world, row))
    assert "Set-piece battle at hex c5r1" in text
    # The gun's attack 10 at x1.1 (Table OC32 with fog off): 11 in the attack total.
    assert "Art (gun)" in text
    assert " 10 x1.1 11 " in text
    assert f"die {row.record['die']}" in text
    # OF6: each side's men, guns and vehicles lost of those present.
    foe = next(line for line in row.record["units"] if line["unit"] == "foe")
    lost = foe["men_before"] - foe["men_after"]
    assert "Men lost Guns lost Vehicles lost" in text
    assert f"{lost:,} of {foe['men_before']:,}" in text
    table = BattlesTable(game.world)
    qtbot.addWidget(table)
    table.show_rows([row])
    assert table.details.isHidden()  # nothing picked yet
    table.table.selectRow(0)
    assert not table.details.isHidden()
    assert "Artillery fire" in table.details.toPlainText()


def test_of6_the_naval_factor_shows_in_the_totals() -> None:
    ship = {
        "id": "ship",
        "name": "Volga flotilla",
        "side": "red",
        "domain": "naval",
        "missions": ["offensive_support"],
        "bombardment": 5,
    }
    game = asset_lane(ship).game(seed=3)
    red = [
        AssignAsset("ship", "offensive_support", "c5r1"),
        OrderAttack(stack(game, "tank"), "c5r1", ()),
    ]
    execute(game, red)
    (row,) = film.battles(game.log.records)
    assert row.record is not None and row.record["attack_naval"] == 5.5
    text = _text(battle_details(game.world, row))
    total = f"{row.record['attack_total']:.2f}".rstrip("0").rstrip(".")
    assert re.search(rf"Attack \w+ x1 0 5\.5 {re.escape(total)}", text), text


def test_of7_the_aa_fire_at_a_supporting_asset_shows_with_its_odds_roll_and_result() -> None:
    aborting = [[{"result": "aborted", "damage": 20}] * 9] * 6
    game = asset_lane(with_(aa_defence=1), aa={"rows": aborting}).game(seed=3)
    red = [
        AssignAsset("stuka", "offensive_support", "c5r1"),
        OrderAttack(stack(game, "tank"), "c5r1", ()),
    ]
    execute(game, red)
    (row,) = film.battles(game.log.records)
    (shot,) = row.aa
    assert shot["asset"] == "stuka" and shot["result"] == "aborted"
    text = _text(battle_details(game.world, row))
    assert "AA fire at the supporting assets" in text
    assert f"{shot['roll']} {shot['row']} aborted 20%" in text


def test_of6_an_area_rules_battle_has_no_details() -> None:
    row = film.BattleRow(1, 1, 1, "r1", "red", "blue", "red", 2, {}, False)
    assert battle_details(None, row) == ""  # type: ignore[arg-type]


def test_of6_under_fog_of_war_the_other_sides_units_are_not_named() -> None:
    game = lane().game(seed=5)
    execute(game, [OFFENSIVE, attack(game)])
    (row,) = film.battles(game.log.records)
    seen = _text(battle_details(game.world, row, viewer="blue"))
    assert "Art (gun)" not in seen and "Armour (tank)" not in seen
    assert "an enemy unit" in seen and "Inf (foe)" in seen  # its own unit is named
    assert "Art (gun)" in _text(battle_details(game.world, row, viewer=None))
