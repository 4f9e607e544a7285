"""The sides, nations, unit types and the units on the map on 12 May 1942.

Formations are the real ones of the battle, at the level of division and corps; where a
historical army had several tank brigades or a cavalry corps its divisions, one counter
stands for them. Places are where each stood when the offensive opened, to within a hex or
two (see geography.py on accuracy): ``build.py`` puts each on the hex under its longitude and
latitude and refuses a unit that lands on the other side's ground.
"""

from __future__ import annotations

from typing import Any

SOV = "soviet"
AXIS = "axis"

SIDES: list[dict[str, Any]] = [
    {"id": SOV, "name": "South-Western Direction", "color": "#b03a2e"},
    {"id": AXIS, "name": "Army Group South", "color": "#4a5a6a"},
]  # fmt: skip

NATIONS: list[dict[str, Any]] = [
    {"id": "ussr", "name": "Soviet Union", "side": SOV, "main": True,
     "color_dark": "#7a1f16", "color_light": "#e8a39b"},
    {"id": "germany", "name": "Germany", "side": AXIS, "main": True,
     "color_dark": "#2f3b46", "color_light": "#b7c3cf"},
    {"id": "romania", "name": "Romania", "side": AXIS,
     "color_dark": "#6b5a1e", "color_light": "#e6d9a0"},
    {"id": "hungary", "name": "Hungary", "side": AXIS,
     "color_dark": "#2e5a2e", "color_light": "#b5dab5"},
]  # fmt: skip

UNIT_TYPES: list[dict[str, Any]] = [
    {"id": "rifle", "name": "Rifle division", "short_name": "Rifle", "attack": 3, "defence": 3,
     "morale": 3, "movement": 3, "hit_points": 3, "tags": ["infantry"],
     "description": "A Soviet rifle division of spring 1942: under strength, short of "
                    "radios and trucks, many of its men new."},
    {"id": "guards", "name": "Guards rifle division", "short_name": "Gds", "attack": 4,
     "defence": 4, "morale": 4, "movement": 3, "hit_points": 3, "elite": True,
     "tags": ["infantry"]},
    {"id": "tank-corps", "name": "Tank corps", "short_name": "TC", "attack": 5, "defence": 3,
     "morale": 4, "movement": 5, "hit_points": 3, "movement_class": "motorized",
     "roles": ["armour"], "pursuit": True, "breakthrough": True,
     "description": "Three tank brigades and a motor rifle brigade, about 150 tanks, many "
                    "of them T-34s and KVs."},
    {"id": "tank-brigades", "name": "Tank brigades", "short_name": "TBs", "attack": 4,
     "defence": 2, "morale": 4, "movement": 5, "hit_points": 2, "movement_class": "motorized",
     "roles": ["armour"],
     "description": "An army's infantry-support tank brigades grouped on one counter."},
    {"id": "cavalry-corps", "name": "Cavalry corps", "short_name": "CC", "attack": 3,
     "defence": 2, "morale": 4, "movement": 4, "hit_points": 3, "pursuit": True,
     "tags": ["cavalry"]},
    {"id": "infantry", "name": "Infantry division", "short_name": "Inf", "attack": 4,
     "defence": 4, "morale": 5, "movement": 3, "hit_points": 4, "tags": ["infantry"]},
    {"id": "jaeger", "name": "Light (Jäger) division", "short_name": "Jg", "attack": 4,
     "defence": 3, "morale": 5, "movement": 3, "hit_points": 3, "tags": ["infantry"]},
    {"id": "security", "name": "Security division", "short_name": "Sich", "attack": 2,
     "defence": 3, "morale": 3, "movement": 2, "hit_points": 2, "tags": ["infantry"]},
    {"id": "panzer", "name": "Panzer division", "short_name": "Pz", "attack": 7, "defence": 5,
     "morale": 6, "movement": 6, "hit_points": 4, "movement_class": "motorized",
     "roles": ["armour"], "pursuit": True, "breakthrough": True, "elite": True},
    {"id": "motorized", "name": "Motorized division", "short_name": "Mot", "attack": 5,
     "defence": 4, "morale": 5, "movement": 6, "hit_points": 3, "movement_class": "motorized",
     "pursuit": True},
    {"id": "garrison", "name": "City garrison", "short_name": "Garr", "attack": 2,
     "defence": 4, "morale": 4, "hit_points": 3, "movement_class": "immobile",
     "tags": ["infantry"],
     "description": "Rear-area troops, flak and police dug into a town: they never leave it."},
    {"id": "allied", "name": "Allied division", "short_name": "Div", "attack": 2, "defence": 3,
     "morale": 3, "movement": 3, "hit_points": 3, "tags": ["infantry"],
     "description": "A Romanian infantry or Hungarian light division: brave, thin in guns "
                    "and anti-tank weapons."},
]  # fmt: skip

DESTROYED_VP = {
    # A destroyed unit is worth VP to the enemy (``@enemy``): a Soviet division 1, a tank
    # corps 2; a German division 2 and a panzer division 3, since Army Group South had no
    # reserves to fill a gap and Moscow had armies forming behind the Don.
    "rifle": 1, "guards": 1, "tank-corps": 2, "tank-brigades": 1, "cavalry-corps": 1,
    "infantry": 2, "jaeger": 2, "security": 1, "panzer": 3, "motorized": 2, "garrison": 1,
    "allied": 1,
}  # fmt: skip
for unit_type in UNIT_TYPES:
    unit_type["destroyed_vp"] = {"@enemy": DESTROYED_VP[unit_type["id"]]}

SOVIET_UNITS: list[tuple[str, str, str, float, float]] = [
    # (id, name, type, longitude, latitude)
    # 21st Army, north of Volchansk
    ("sov-76", "76th Rifle Division", "rifle", 36.86, 50.40),
    ("sov-293", "293rd Rifle Division", "rifle", 36.88, 50.32),
    ("sov-227", "227th Rifle Division", "rifle", 36.96, 50.24),
    # 28th Army in the Ternovaya and Staryi Saltov bridgeheads
    ("sov-13g", "13th Guards Rifle Division", "guards", 36.77, 50.19),
    ("sov-169", "169th Rifle Division", "rifle", 36.76, 50.12),
    ("sov-175", "175th Rifle Division", "rifle", 36.79, 50.06),
    ("sov-244", "244th Rifle Division", "rifle", 36.84, 49.99),
    ("sov-28tb", "28th Army tank brigades", "tank-brigades", 36.88, 50.14),
    ("sov-3gcc", "3rd Guards Cavalry Corps", "cavalry-corps", 36.98, 50.08),
    # 38th Army on the Donets east of Chuguev
    ("sov-226", "226th Rifle Division", "rifle", 36.93, 49.90),
    ("sov-124", "124th Rifle Division", "rifle", 36.97, 49.78),
    ("sov-81", "81st Rifle Division", "rifle", 36.96, 49.63),
    ("sov-22tc", "22nd Tank Corps", "tank-corps", 37.05, 49.86),
    # 6th Army in the Izyum bulge, facing north-west towards Kharkov
    ("sov-266", "266th Rifle Division", "rifle", 36.90, 49.39),
    ("sov-41", "41st Rifle Division", "rifle", 36.70, 49.41),
    ("sov-47", "47th Rifle Division", "rifle", 36.50, 49.42),
    ("sov-337", "337th Rifle Division", "rifle", 36.32, 49.40),
    ("sov-103", "103rd Rifle Division", "rifle", 36.16, 49.37),
    ("sov-248", "248th Rifle Division", "rifle", 36.02, 49.31),
    ("sov-21tc", "21st Tank Corps", "tank-corps", 36.55, 49.32),
    ("sov-23tc", "23rd Tank Corps", "tank-corps", 36.80, 49.28),
    # Army Group Bobkin at the bulge's western tip
    ("sov-393", "393rd Rifle Division", "rifle", 35.85, 49.22),
    ("sov-6cc", "6th Cavalry Corps", "cavalry-corps", 36.00, 49.15),
    # 57th Army on the south-western face
    ("sov-14g", "14th Guards Rifle Division", "guards", 35.70, 49.10),
    ("sov-99", "99th Rifle Division", "rifle", 35.72, 48.96),
    ("sov-150", "150th Rifle Division", "rifle", 35.98, 48.84),
    ("sov-317", "317th Rifle Division", "rifle", 36.30, 48.80),
    ("sov-351", "351st Rifle Division", "rifle", 36.62, 48.76),
    # 9th Army on the southern face before Slavyansk
    ("sov-51", "51st Rifle Division", "rifle", 36.92, 48.74),
    ("sov-106", "106th Rifle Division", "rifle", 37.15, 48.76),
    ("sov-333", "333rd Rifle Division", "rifle", 37.33, 48.83),
    ("sov-349", "349th Rifle Division", "rifle", 37.47, 48.96),
    ("sov-5cc", "5th Cavalry Corps", "cavalry-corps", 37.02, 48.90),
    # The crossings at Izyum, the bulge's lifeline
    ("sov-izyum", "Izyum bridgehead garrison", "garrison", 37.26, 49.21),
    # Front reserve at Lozovaya
    ("sov-2cc", "2nd Cavalry Corps", "cavalry-corps", 36.40, 48.95),
]

AXIS_UNITS: list[tuple[str, str, str, str, float, float]] = [
    # (id, name, type, nation, longitude, latitude)
    # The garrison of Kharkov
    ("ger-kharkov", "Kharkov garrison", "garrison", "germany", 36.23, 49.99),
    # 6th Army: XVII Corps before Volchansk
    ("ger-294", "294th Infantry Division", "infantry", "germany", 36.72, 50.36),
    ("ger-79", "79th Infantry Division", "infantry", "germany", 36.64, 50.22),
    # LI Corps east of Kharkov
    ("ger-297", "297th Infantry Division", "infantry", "germany", 36.62, 50.08),
    ("ger-71", "71st Infantry Division", "infantry", "germany", 36.66, 49.96),
    ("ger-3pz", "3rd Panzer Division", "panzer", "germany", 36.42, 50.06),
    ("ger-23pz", "23rd Panzer Division", "panzer", "germany", 36.38, 49.90),
    # VIII Corps on the Donets and the bulge's northern face
    ("ger-305", "305th Infantry Division", "infantry", "germany", 36.70, 49.82),
    ("ger-113", "113th Infantry Division", "infantry", "germany", 36.84, 49.66),
    ("ger-44", "44th Infantry Division", "infantry", "germany", 36.86, 49.47),
    ("ger-62", "62nd Infantry Division", "infantry", "germany", 36.55, 49.50),
    ("ger-454", "454th Security Division", "security", "germany", 36.20, 49.47),
    ("hun-108", "108th Hungarian Light Division", "allied", "hungary", 35.95, 49.44),
    ("ger-krasnograd", "Kampfgruppe Krasnograd", "jaeger", "germany", 35.50, 49.36),
    # Army Group von Kleist: Romanian VI Corps on the western face
    ("rom-1", "1st Romanian Infantry Division", "allied", "romania", 35.55, 49.14),
    ("rom-4", "4th Romanian Infantry Division", "allied", "romania", 35.55, 48.96),
    ("rom-20", "20th Romanian Infantry Division", "allied", "romania", 35.82, 48.76),
    # XXXXIV Corps on the southern face
    ("ger-68", "68th Infantry Division", "infantry", "germany", 36.20, 48.70),
    ("ger-97", "97th Jäger Division", "jaeger", "germany", 36.60, 48.66),
    ("ger-101", "101st Jäger Division", "jaeger", "germany", 37.00, 48.63),
    # III Panzer Corps massed at Slavyansk and Kramatorsk for Fridericus
    ("ger-14pz", "14th Panzer Division", "panzer", "germany", 37.35, 48.70),
    ("ger-16pz", "16th Panzer Division", "panzer", "germany", 37.50, 48.78),
    ("ger-60mot", "60th Motorized Division", "motorized", "germany", 37.25, 48.64),
    ("ger-1geb", "1st Mountain Division", "jaeger", "germany", 37.55, 48.86),
    # LII Corps on the Donets east of Slavyansk
    ("ger-257", "257th Infantry Division", "infantry", "germany", 37.68, 48.94),
    ("ger-384", "384th Infantry Division", "infantry", "germany", 37.45, 48.74),
]
