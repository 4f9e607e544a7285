"""A small operational front where red may give every kind of planning action in its first
turn's plan (not a sample): for play by e-mail and the plan's Undo in the game view.

12 by 6 open hexes, fog off, four turns. Red: an army HQ and a division HQ fed from a supply
source in the west through two corps HQs (supply orders, OO13; the division's move to the
other corps, OO16), a
regiment that breaks down (OU12) standing in red's setup zone (columns 1-4, OT1), a gun
(artillery fire, OC33), a combat engineer next to a minefield (a breach, OE2), a tank and an
air asset (missions, OA4-OA14). Blue: a division HQ fed from the east and three units
facing red across the middle.

    b = every_order(); game = b.game(seed=3)
"""

from __future__ import annotations

from tests.operational.command_builder import CommandBuilder

STUKA = {
    "id": "stuka",
    "name": "Stuka wing",
    "side": "red",
    "domain": "air",
    "missions": ["offensive_support", "defensive_support", "ground_attack", "interdiction"],
    "support": 2,
    "bombardment": 12,
    "aa_defence": 100,
}


POOLS = {
    "side": "red",
    "stock": {"fuel": 12, "ammo": 12, "personnel": 30, "equipment": 30},
    "arrival": {"fuel": 2, "ammo": 1},
}


NAMES = {
    "army": "6th Army",
    "k1": "21st Corps",
    "k2": "28th Corps",
    "div": "175th Rifle Division",
    "reg": "632nd Rifles",
    "r-tank": "58th Tanks",
    "gun": "3rd Guns",
    "eng": "12th Sappers",
}
"""The names the game view shows for red's units (the plan's Undo names them)."""


def every_order(turns: int = 4) -> CommandBuilder:
    b = CommandBuilder(12, 6)
    b.raw["info"]["title"] = "Every order (test)"
    b.raw["calendar"]["turns"] = turns
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    b.table("assets", assets=[STUKA])
    b.raw["hex_map"]["setup_zones"] = {"red": [f"c1r{row}*4" for row in range(1, 7)]}
    b.hexside("c5r5", "c6r5", "minefield")
    b.hq("army", "c1r3", echelon="army")
    b.hq("k1", "c2r3", parent="army", echelon="corps")
    b.hq("k2", "c2r5", parent="army", echelon="corps")
    b.hq("div", "c3r3", parent="k1")
    b.supply_source("c1r3")
    b.table("supply", pools=[POOLS, {**POOLS, "side": "blue"}])
    b.unit("reg", "inf", "c2r2", hq="div", echelon="regiment")
    b.unit("r-tank", "armour", "c5r3", hq="div", echelon="regiment")
    b.unit("gun", "art", "c4r3", hq="div", echelon="regiment")
    b.unit("eng", "eng", "c5r5", hq="div", echelon="battalion")
    b.hq("b-div", "c11r3", nation="blueland")
    b.supply_source("c12r3", side="blue")
    b.unit("b-inf1", "inf", "c7r3", nation="blueland", hq="b-div", echelon="regiment")
    b.unit("b-inf2", "inf", "c7r5", nation="blueland", hq="b-div", echelon="regiment")
    b.unit("b-at", "at", "c8r2", nation="blueland", hq="b-div", echelon="battalion")
    for unit in b.raw["units"]:
        unit["name"] = NAMES.get(unit["id"], unit.get("name", ""))
    return b
