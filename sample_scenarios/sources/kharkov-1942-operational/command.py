"""The operational side of the forces: each counter type's operational values, each unit's
echelon, quality, strength and readiness, the HQ tree, supply and the off-map assets.

The counters themselves (who, where on 12 May) are the Kharkov sample's
(``../kharkov-1942/forces.py``): this module only says how the operational rules read them.
"""

from __future__ import annotations

from typing import Any

from forces import AXIS, SOV

OP_TYPES: dict[str, dict[str, Any]] = {
    # Factors at a division's scale: the family's tables are read per unit, so a division
    # simply carries bigger factors than the battalions the checklist's examples use.
    "rifle": {"category": "infantry", "attack": 6, "defence": 8, "movement": 8},
    "guards": {"category": "infantry", "attack": 8, "defence": 9, "movement": 8},
    "tank-corps": {"category": "armour", "column": "armour", "attack": 18, "defence": 9,
                   "movement": 16, "shock": "shock4"},
    "tank-brigades": {"category": "armour", "column": "armour", "attack": 10, "defence": 6,
                      "movement": 14, "shock": "shock2"},
    "cavalry-corps": {"category": "infantry", "attack": 6, "defence": 6, "movement": 14,
                      "shock": "mobile", "night_capable": True},
    "infantry": {"category": "infantry", "attack": 8, "defence": 10, "movement": 8},
    "jaeger": {"category": "infantry", "attack": 7, "defence": 8, "movement": 9,
               "night_capable": True},
    "security": {"category": "security", "attack": 3, "defence": 6, "movement": 6},
    "panzer": {"category": "armour", "column": "armour", "attack": 20, "defence": 10,
               "movement": 18, "shock": "shock4"},
    "motorized": {"category": "motorized", "column": "armour", "attack": 10, "defence": 9,
                  "movement": 16, "shock": "mobile"},
    "garrison": {"category": "infantry", "attack": 2, "defence": 9, "movement": 2},
    "allied": {"category": "infantry", "attack": 5, "defence": 6, "movement": 8},
    "hq": {"category": "hq", "column": "armour", "attack": 0, "defence": 2, "movement": 14},
}  # fmt: skip

HQ_TYPE: dict[str, Any] = {
    "id": "hq",
    "name": "Headquarters",
    "short_name": "HQ",
    "attack": 0,
    "defence": 1,
    "morale": 3,
    "movement": 4,
    "hit_points": 1,
    "movement_class": "motorized",
    "description": "An army or front headquarters with its signals, staff and supply "
    "columns: it feeds the lines of communication of every unit under it.",
}

ECHELON = {
    # Soviet tank and cavalry corps were a division's size: they stack as one (see build.py).
    "rifle": "division", "guards": "division", "tank-corps": "corps",
    "tank-brigades": "brigade", "cavalry-corps": "corps", "infantry": "division",
    "jaeger": "division", "security": "division", "panzer": "division",
    "motorized": "division", "garrison": "regiment", "allied": "division",
}  # fmt: skip

STATE = {
    # Quality, strength and readiness by type on 12 May. The Soviet divisions were rebuilt
    # over the winter and short of men; the tank corps were new and unpractised; the German
    # divisions had wintered in the line, worn but experienced; the panzer divisions and the
    # 60th Motorized had been refitted for Fridericus.
    "rifle": {"quality": "regular", "strength": 90.0},
    "guards": {"quality": "veteran", "strength": 90.0},
    "tank-corps": {"quality": "regular"},
    "tank-brigades": {"quality": "green", "strength": 85.0},
    "cavalry-corps": {"quality": "regular", "strength": 75.0},
    "infantry": {"quality": "veteran", "strength": 75.0, "readiness": 90.0},
    "jaeger": {"quality": "veteran", "strength": 80.0},
    "security": {"quality": "conscript", "strength": 80.0},
    "panzer": {"quality": "veteran", "strength": 90.0},
    "motorized": {"quality": "veteran", "strength": 90.0},
    "garrison": {"quality": "green"},
    "allied": {"quality": "green", "strength": 85.0},
}  # fmt: skip

DUG_IN = {"rifle", "guards", "infantry", "jaeger", "security", "garrison", "allied"}
"""Foot types, holding the winter's lines on both sides: they start dug in (OU11)."""

HQS: list[tuple[str, str, str | None, str, str, float, float]] = [
    # (id, name, parent, nation, echelon, longitude, latitude)
    ("sov-swf", "South-Western Front HQ", None, "ussr", "front", 37.55, 49.80),
    ("sov-21a", "21st Army HQ", "sov-swf", "ussr", "army", 37.05, 50.35),
    ("sov-28a", "28th Army HQ", "sov-swf", "ussr", "army", 37.00, 50.15),
    ("sov-38a", "38th Army HQ", "sov-swf", "ussr", "army", 37.10, 49.78),
    ("sov-6a", "6th Army HQ", "sov-swf", "ussr", "army", 36.85, 49.20),
    ("sov-57a", "57th Army HQ", "sov-swf", "ussr", "army", 36.25, 48.95),
    ("sov-9a", "9th Army HQ", "sov-swf", "ussr", "army", 37.20, 49.00),
    ("ger-ags", "Army Group South HQ", None, "germany", "front", 35.45, 49.55),
    ("ger-6a", "6th Army HQ", "ger-ags", "germany", "army", 36.05, 49.95),
    ("ger-kleist", "Armeegruppe von Kleist HQ", "ger-ags", "germany", "army", 37.45, 48.62),
]
"""The order of battle above the divisions: one HQ per army, one per side above them."""

ARMY_OF: dict[str, str] = {
    # Each counter's army, as forces.py groups them.
    **dict.fromkeys(["sov-76", "sov-293", "sov-227"], "sov-21a"),
    **dict.fromkeys(["sov-13g", "sov-169", "sov-175", "sov-244", "sov-28tb", "sov-3gcc"],
                    "sov-28a"),
    **dict.fromkeys(["sov-226", "sov-124", "sov-81", "sov-22tc"], "sov-38a"),
    **dict.fromkeys(["sov-266", "sov-41", "sov-47", "sov-337", "sov-103", "sov-248",
                     "sov-21tc", "sov-23tc", "sov-393", "sov-6cc"], "sov-6a"),
    **dict.fromkeys(["sov-14g", "sov-99", "sov-150", "sov-317", "sov-351", "sov-2cc"],
                    "sov-57a"),
    **dict.fromkeys(["sov-51", "sov-106", "sov-333", "sov-349", "sov-5cc", "sov-izyum"],
                    "sov-9a"),
    **dict.fromkeys(["ger-kharkov", "ger-294", "ger-79", "ger-297", "ger-71", "ger-3pz",
                     "ger-23pz", "ger-305", "ger-113", "ger-44", "ger-62", "ger-454",
                     "hun-108", "ger-krasnograd"], "ger-6a"),
    **dict.fromkeys(["rom-1", "rom-4", "rom-20", "ger-68", "ger-97", "ger-101", "ger-14pz",
                     "ger-16pz", "ger-60mot", "ger-1geb", "ger-257", "ger-384"],
                    "ger-kleist"),
}  # fmt: skip

SOURCES: list[tuple[str, str, str]] = [
    # (town, side, kind): railheads are sources; forward dumps are depots (OQ10).
    ("kharkov", AXIS, "source"),
    ("krasnograd", AXIS, "source"),
    ("kramatorsk", AXIS, "source"),
    ("slavyansk", AXIS, "depot"),
    ("kupiansk", SOV, "source"),
    ("velikiy-burluk", SOV, "source"),
    ("lozovaya", SOV, "source"),
    ("izyum", SOV, "depot"),
]

POOLS: list[dict[str, Any]] = [
    # OS1: the stocks on 12 May and what arrives each turn. The Front had stockpiled for the
    # offensive but its railways into the bulge were few; the Germans were still filling
    # theirs for Fridericus.
    {"side": SOV, "stock": {"fuel": 60, "ammo": 70, "personnel": 30, "equipment": 20},
     "arrival": {"fuel": 6, "ammo": 8, "personnel": 4, "equipment": 2}},
    {"side": AXIS, "stock": {"fuel": 50, "ammo": 50, "personnel": 15, "equipment": 15},
     "arrival": {"fuel": 8, "ammo": 8, "personnel": 2, "equipment": 3}},
]  # fmt: skip

ASSETS: list[dict[str, Any]] = [
    # OA1: the air forces off the map, and the Direction's staff as a ground asset.
    {"id": "fk-iv", "name": "IV Fliegerkorps (Stukas)", "side": AXIS, "domain": "air",
     "missions": ["offensive_support", "defensive_support", "ground_attack"],
     "quality": "veteran", "support": 2, "bombardment": 12, "aa_defence": 3,
     "delay": {"turns": 2, "spread": 1}},
    {"id": "fk-viii", "name": "VIII Fliegerkorps", "side": AXIS, "domain": "air",
     "missions": ["offensive_support", "ground_attack", "interdiction"],
     "quality": "elite", "support": 2, "bombardment": 14, "aa_defence": 3,
     # OA2: it flew over the Crimea until Kerch fell; it comes on turns 6 to 9 at random.
     "delay": {"turns": 2, "spread": 1}, "arrives": 6, "arrives_by": 9,
     "arrival_chance": 40},
    {"id": "ger-recon", "name": "Aufklärungsstaffel", "side": AXIS, "domain": "air",
     "missions": ["recon"], "recon_range": 4, "recon_strength": 3,
     "delay": {"turns": 1}},
    {"id": "vvs-swf", "name": "Air forces of the South-Western Front", "side": SOV,
     "domain": "air", "missions": ["offensive_support", "ground_attack"],
     "quality": "green", "support": 1, "bombardment": 8, "aa_defence": 1,
     "delay": {"turns": 3, "spread": 1}},
    {"id": "sov-staff", "name": "South-Western Direction operations staff", "side": SOV,
     "domain": "ground", "missions": ["command", "intelligence"], "quality": "regular",
     "support": 1, "recon_range": 3, "recon_strength": 2, "delay": {"turns": 2},
     "leaves": 12},
]  # fmt: skip

AIR_SUPERIORITY = [{"side": AXIS, "value": 2}, {"side": SOV, "value": 0}]
"""OA8: the Luftwaffe held the sky over the battle."""
