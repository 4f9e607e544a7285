"""Sides, nations, unit types, orders of battle, leaders and schedules of the Winter War sample.

Formations are aggregated to what a weekly, area-scale game needs: a counter is a division, a
tank brigade, an artillery group, a regiment, a ski or guerrilla battalion, a bunker belt or an
air regiment. Numbers follow the rulebook's scales (combat and morale out of a ten-sided die,
hit points as a unit's staying power).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from mapdata import FIN, SOV

# Nations (side ids double as the main nations' ids).
FIN_AIR, SISSI, SWEDES = "finnish-air-force", "sissi", "swedish-volunteers"
SOV_AIR, PUPPET = "red-air-force", "peoples-army"

SIDES: list[dict[str, Any]] = [
    {
        "id": FIN,
        "name": "Finland",
        "color": "#3c6fb4",
        "morale_bonus": 1,
        "briefing": (
            "You have nine divisions, a few dozen aircraft, little artillery and almost no "
            "shells, and the whole Red Army is coming over the border. Your answer is the "
            "country itself: forest, snow, lakes and roads no wider than a sledge.\n\n"
            "On the Karelian Isthmus, fall back slowly through the covering zone, then hold "
            "the main defence line between Summa and Taipale: its bunker belts cost the "
            "Soviets VP for every one they destroy, and Viipuri behind them is worth points "
            "to whoever holds it at the end. North of Ladoga and in the wilds up to Salla, "
            "let the Soviet columns come down the few roads, then cut them off with ski and "
            "sissi battalions: they need no supply, ambush in forest and marsh, and only "
            "they can pursue and break through in this terrain.\n\n"
            "Time is on your side. Every week the line holds, every column destroyed in the "
            "forest, every appeal abroad pushes the Allied Intervention index up. At 10, "
            "Moscow must make peace and you win. Otherwise the VP count after the last "
            "week decides."
        ),
    },
    {
        "id": SOV,
        "name": "Soviet Union",
        "color": "#b83a32",
        # The border the Soviet Union was owed whatever the war's course (Moscow's demands
        # of autumn 1939): with the normal AI on both sides Finland won 76% of 200 games
        # without it, about half with it (sample_scenarios/winter-war.md).
        "start_vp": 18,
        "briefing": (
            "The Leningrad Military District expects a parade march to Helsinki in a "
            "fortnight. It will not be one. Your divisions are large and many, your "
            "artillery is heavy, your tanks and bombers outnumber everything Finland has; "
            "but your men are not trained for forest war, your columns are tied to the "
            "roads and their supply, and the Finnish ski troops know every track.\n\n"
            "The war is won on the Karelian Isthmus. Clear the covering zone, bring up the "
            "heavy artillery, and grind through the bunker belts of the main line: each "
            "one destroyed is worth VP. Viipuri, behind the line, is the prize; Helsinki "
            "ends the war at once. North of Ladoga and in the wilds, advance with care: "
            "columns that leave their supply lines behind starve and freeze.\n\n"
            "Watch the Allied Intervention index. Bombing cities and a slow war raise it; "
            "diplomacy in Stockholm lowers it. If it reaches 10, Britain and France enter "
            "the war and you have lost, whatever the map says. Take your gains before the "
            "ice melts in March."
        ),
    },
]

NATIONS: list[dict[str, Any]] = [
    {"id": FIN, "name": "Finland", "side": FIN, "main": True, "color_dark": "#1f4f8f",
     "color_light": "#d6e4f5", "entrench": True, "double_breakthrough": False,
     "capitals": {"land": "helsinki", "air": "tampere"}},
    {"id": FIN_AIR, "name": "Finnish Air Force", "side": FIN, "parent": FIN,
     "color_dark": "#2b5f9e", "color_light": "#c4d8f0", "preferred_domain": "air",
     "double_breakthrough": False},
    {"id": SISSI, "name": "Sissi battalions", "side": FIN, "parent": FIN,
     "color_dark": "#2f5d3a", "color_light": "#e3efe0", "fog_advantage": True,
     "double_breakthrough": False},
    {"id": SWEDES, "name": "Swedish Volunteer Corps", "side": FIN, "parent": FIN,
     "color_dark": "#1d5fa8", "color_light": "#f3e08a", "double_breakthrough": False},
    {"id": SOV, "name": "Soviet Union", "side": SOV, "main": True, "color_dark": "#8f1f1f",
     "color_light": "#f2c4bd", "double_breakthrough": False,
     "capitals": {"land": "leningrad", "air": "leningrad"}},
    {"id": SOV_AIR, "name": "Red Army Air Force", "side": SOV, "parent": SOV,
     "color_dark": "#a0362b", "color_light": "#f5d5cc", "preferred_domain": "air",
     "double_breakthrough": False},
    {"id": PUPPET, "name": "Finnish People's Army", "side": SOV, "parent": SOV,
     "color_dark": "#7a2f4f", "color_light": "#edc9d6", "double_breakthrough": False},
]  # fmt: skip


def _type(id: str, name: str, short: str, **values: Any) -> dict[str, Any]:
    return {"id": id, "name": name, "short_name": short, **values}


UNIT_TYPES: list[dict[str, Any]] = [
    # -- Finland --
    _type("fi-div", "Finnish infantry division", "Div", attack=5, defence=6, morale=7,
          movement=3, hit_points=8, stacking=3, reduced={"attack": 4, "defence": 4},
          forage=1, tags=["infantry"], destroyed_vp={"@enemy": 1},
          description="Reservists who know the ground, short of guns and shells."),
    _type("fi-rgt", "Finnish infantry regiment", "Rgt", attack=4, defence=5, morale=7,
          movement=3, hit_points=4, stacking=1, pursuit=True, breakthrough=True, agile=True,
          tags=["infantry"],
          description="A detached regiment: small enough to pursue and break through in "
          "forest."),
    _type("fi-ski", "Ski battalion", "Ski", attack=5, defence=4, morale=8, movement=5,
          hit_points=3, stacking=1, elite=True, roles=["guerrilla"], pursuit=True,
          breakthrough=True, agile=True, ambush=True, tags=["ski"],
          description="Fast, white-clad and self-sufficient: needs no supply and strikes "
          "first from the trees."),
    _type("fi-sissi", "Sissi battalion", "Sissi", attack=4, defence=3, morale=8, movement=5,
          hit_points=2, stacking=1, roles=["guerrilla"], pursuit=True, breakthrough=True,
          agile=True, ambush=True, forage=0, tags=["ski", "sissi"],
          description="Border guards and local men raiding behind the enemy's columns."),
    _type("fi-art", "Finnish artillery group", "Art", attack=5, defence=3, morale=6,
          movement=2, hit_points=2, stacking=1, roles=["artillery"], loss_priority="last",
          description="Old guns with a few rounds each: they must count."),
    _type("fi-bunker", "Bunker belt", "Bunkers", attack=3, defence=7, morale=8, movement=0,
          hit_points=5, stacking=2, movement_class="immobile",
          roles=["fortification", "artillery"], tags=["fort"], destroyed_vp={"@enemy": 2},
          description="Concrete nests, trenches and granite obstacles of the main line. "
          "Worth 2 VP to the side that destroys it."),
    _type("fi-coastal", "Coastal battery", "Coast", attack=5, defence=6, morale=7, movement=0,
          hit_points=3, stacking=1, movement_class="immobile",
          roles=["fortification", "artillery"], tags=["fort"], destroyed_vp={"@enemy": 1},
          description="Heavy guns covering the approaches from the sea."),
    _type("fi-aa", "Anti-aircraft battery", "AA", unit_class="support", attack=4, defence=2,
          morale=6, movement=2, hit_points=2, stacking=1, roles=["aa"],
          description="Bofors guns guarding a city against the bombers."),
    _type("fi-fighter", "Fighter squadron", "Ftr", domain="air", attack=2, defence=2,
          morale=7, movement=6, hit_points=2, stacking=1, roles=["fighter"], air_to_air=6,
          elite=True, description="Fokkers and a few foreign fighters, flown by experts."),
    _type("fi-bomber", "Bomber squadron", "Bmb", domain="air", attack=4, defence=2,
          morale=6, movement=8, hit_points=2, stacking=1, roles=["bomber"], air_to_air=1,
          description="A handful of modern bombers, used against columns on the roads."),
    _type("swe-vol", "Swedish volunteer battalion", "SFK", attack=4, defence=4, morale=7,
          movement=4, hit_points=2, stacking=1, pursuit=True, breakthrough=True, agile=True,
          roles=["guerrilla"], ambush=True, tags=["ski"],
          description="Volunteers from Sweden, trained for winter and sent to Lapland."),
    # -- The Soviet Union --
    _type("su-rifle", "Rifle division", "Rifle", attack=5, defence=5, morale=4, movement=3,
          hit_points=7, stacking=3, reduced={"attack": 3, "defence": 3, "morale": 3},
          movement_class="motorized", forage=4, tags=["infantry"], destroyed_vp={"@enemy": 1},
          description="Big, road-bound and brave, but not trained for forest or cold."),
    _type("su-tank", "Tank brigade", "Tank", attack=6, defence=4, morale=5, movement=4,
          hit_points=4, stacking=2, reduced={"attack": 4}, roles=["armour"],
          movement_class="motorized", tags=["tank"], destroyed_vp={"@enemy": 1},
          description="T-26 and BT tanks: masters of the open ground, lost in the woods."),
    _type("su-art", "Corps artillery", "Art", attack=6, defence=3, morale=5, movement=2,
          hit_points=3, stacking=1, roles=["artillery"], movement_class="heavy",
          loss_priority="last", description="The guns that will open the main line."),
    _type("su-heavy-art", "Heavy howitzer regiment", "Heavy", attack=7, defence=2, morale=5,
          movement=2, hit_points=3, stacking=1, roles=["artillery", "siege_artillery"],
          movement_class="heavy", loss_priority="last",
          description="Big howitzers brought up in January to crack concrete."),
    _type("su-ski", "Ski brigade", "Ski", attack=4, defence=3, morale=5, movement=4,
          hit_points=3, stacking=1, pursuit=True, breakthrough=True, agile=True, tags=["ski"],
          description="Raised in haste from volunteers; unlike the Finns they still need "
          "supply."),
    _type("su-logistics", "Supply column", "Supply", unit_class="support", defence=1,
          morale=3, movement=3, hit_points=1, stacking=1, roles=["logistics"],
          movement_class="motorized",
          description="Lorries and sledges: spent to keep a column supplied one more week."),
    _type("su-hq", "Army headquarters", "HQ", unit_class="support", defence=1, morale=5,
          movement=3, hit_points=1, stacking=1, roles=["hq"], booster={"attack": 1},
          description="Army staff and its signals: +1 attack to the units of its stack."),
    _type("su-fighter", "Fighter regiment", "Ftr", domain="air", attack=2, defence=2,
          morale=5, movement=6, hit_points=3, stacking=1, roles=["fighter"], air_to_air=5,
          description="I-15s and I-16s, many of them."),
    _type("su-bomber", "Bomber regiment", "Bmb", domain="air", attack=5, defence=2,
          morale=5, movement=8, hit_points=3, stacking=1, roles=["bomber"], air_to_air=1,
          description="SB and DB-3 bombers, against the line, the railways and the towns."),
    _type("pa-rifle", "People's Army division", "FPA", attack=3, defence=3, morale=3,
          movement=3, hit_points=5, stacking=3, tags=["infantry"],
          description="The army of the Terijoki government: Finnish-speaking men from "
          "Soviet Karelia, meant to march into Helsinki as liberators."),
]  # fmt: skip

# -- orders of battle ---------------------------------------------------------------------------

UNITS: list[dict[str, Any]] = []


def _slug(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def _units(type_: str, nation: str, where: str | None, *names: str, inside: bool = False,
           prefix: str = "") -> list[str]:  # fmt: skip
    """Add units of one type, one per name; ``where`` is a region, or a structure when
    ``inside``, or ``None`` for units that arrive later. Returns their ids."""
    ids = []
    for name in names:
        key = _slug(f"{prefix or type_}-{name}")
        unit: dict[str, Any] = {"id": key, "type": type_, "nation": nation, "name": name}
        if where is not None:
            unit["location"] = {"structure" if inside else "region": where}
        UNITS.append(unit)
        ids.append(key)
    return ids


# Finland, 30 November 1939.
# The Isthmus: covering groups forward, II and III Corps on the main line, a reserve behind.
_units("fi-rgt", FIN, "uusikirkko", "U-Group")
_units("fi-rgt", FIN, "kivennapa", "M-Group")
_units("fi-ski", FIN, "kivennapa", "ErP 4")
_units("fi-rgt", FIN, "rautu", "R-Group")
_units("fi-rgt", FIN, "metsapirtti", "L-Group")
_units("fi-sissi", SISSI, "terijoki", "Terijoki guards")
_units("fi-div", FIN, "kuolemajarvi", "4th Division")
_units("fi-div", FIN, "summa", "5th Division")
_units("fi-div", FIN, "muolaa", "11th Division")
_units("fi-div", FIN, "ayrapaa", "1st Division")
_units("fi-div", FIN, "taipale", "10th Division")
_units("fi-div", FIN, "sakkola", "8th Division")
_units("fi-div", FIN, "tali", "6th Division")
_units("fi-bunker", FIN, "kuolemajarvi", "Kuolemajärvi belt")
_units("fi-bunker", FIN, "summa", "Summa belt", "Lähde belt")
_units("fi-bunker", FIN, "muolaa", "Muolaa belt")
_units("fi-bunker", FIN, "ayrapaa", "Äyräpää belt")
_units("fi-bunker", FIN, "taipale", "Taipale belt")
_units("fi-coastal", FIN, "saarenpaa-fort", "Saarenpää battery", inside=True)
_units("fi-art", FIN, "summa", "II Corps artillery")
_units("fi-art", FIN, "taipale", "III Corps artillery")
_units("fi-rgt", FIN, "koivisto", "Coast Regiment")
# North of Ladoga: IV Corps and Group Talvela.
_units("fi-div", FIN, "impilahti", "13th Division")
_units("fi-div", FIN, "pitkaranta", "12th Division")
_units("fi-rgt", FIN, "salmi", "JR 34")
_units("fi-rgt", FIN, "loimola", "JR 36")
_units("fi-rgt", FIN, "tolvajarvi", "JR 16")
_units("fi-ski", FIN, "aglajarvi", "ErP 9")
_units("fi-sissi", SISSI, "suojarvi", "Suojärvi guards")
_units("fi-art", FIN, "sortavala", "IV Corps artillery")
# North Karelia and the wilds.
_units("fi-rgt", FIN, "ilomantsi", "Ilomantsi detachment")
_units("fi-ski", FIN, "lieksa", "ErP 12")
_units("fi-sissi", SISSI, "kuhmo", "Kuhmo guards")
_units("fi-ski", FIN, "suomussalmi", "ErP 15")
_units("fi-sissi", SISSI, "juntusranta", "Juntusranta guards")
_units("fi-ski", FIN, "kuusamo", "ErP 16")
_units("fi-rgt", FIN, "salla", "Salla detachment")
_units("fi-sissi", SISSI, "savukoski", "Lapland guards")
_units("fi-sissi", SISSI, "petsamo", "10th Separate Company")
# The main line starts dug in.
MAIN_LINE = {"kuolemajarvi", "summa", "muolaa", "ayrapaa", "taipale"}
for _unit in UNITS:
    if _unit.get("location", {}).get("region") in MAIN_LINE:
        _unit["entrenched"] = True
# Home front and air force.
_units("fi-aa", FIN, "helsinki-city", "Helsinki flak", inside=True)
_units("fi-rgt", FIN, "helsinki", "Helsinki garrison")
_units("fi-fighter", FIN_AIR, "immola-airfield", "LLv 24 Immola", inside=True)
_units("fi-fighter", FIN_AIR, "utti-airfield", "LLv 26 Utti", inside=True)
_units("fi-bomber", FIN_AIR, "tampere-city", "LeLv 44", inside=True)

# The Soviet Union: 7th Army on the Isthmus, 8th north of Ladoga, 9th in the waist, 14th in
# the Arctic.
_units("su-rifle", SOV, "sestroretsk", "70th Rifle", "43rd Rifle", "24th Rifle")
_units("su-tank", SOV, "sestroretsk", "1st Light Tank")
_units("su-rifle", SOV, "lembolovo", "123rd Rifle", "138th Rifle", "90th Rifle")
_units("su-tank", SOV, "lembolovo", "20th Heavy Tank")
_units("su-art", SOV, "lembolovo", "19th Corps guns")
_units("su-rifle", SOV, "toksovo", "49th Rifle", "150th Rifle", "142nd Rifle")
_units("su-tank", SOV, "toksovo", "35th Light Tank")
_units("su-art", SOV, "toksovo", "50th Corps guns")
_units("su-rifle", SOV, "leningrad", "100th Rifle", "113th Rifle")
_units("su-hq", SOV, "leningrad", "7th Army staff")
_units("su-logistics", SOV, "leningrad", "7th Army columns", "Isthmus columns")
_units("su-art", SOV, "leningrad", "Leningrad guns")
_units("su-rifle", SOV, "vidlitsa", "168th Rifle", "18th Rifle")
_units("su-tank", SOV, "vidlitsa", "34th Light Tank")
_units("su-rifle", SOV, "vedlozero", "139th Rifle")
_units("su-rifle", SOV, "porosozero", "155th Rifle")
_units("su-rifle", SOV, "olonets", "56th Rifle")
_units("su-logistics", SOV, "olonets", "8th Army columns")
_units("su-rifle", SOV, "reboly", "54th Rifle")
_units("su-rifle", SOV, "voknavolok", "163rd Rifle")
_units("su-logistics", SOV, "ukhta", "9th Army columns")
_units("su-rifle", SOV, "kestenga", "88th Rifle")
_units("su-rifle", SOV, "alakurtti", "122nd Rifle")
_units("su-rifle", SOV, "murmansk", "104th Rifle", "52nd Rifle")
_units("su-bomber", SOV_AIR, "leningrad-city", "1st Bomber", "2nd Bomber", inside=True)
_units("su-fighter", SOV_AIR, "leningrad-city", "7th Fighter", "19th Fighter", inside=True)
_units("su-bomber", SOV_AIR, "petrozavodsk-city", "8th Army bombers", inside=True)
_units("su-fighter", SOV_AIR, "murmansk-city", "14th Army fighters", inside=True)

# -- later arrivals -----------------------------------------------------------------------------

REINFORCEMENTS: list[dict[str, Any]] = []


def _arrive(id: str, side: str, turn: int | None, to: dict[str, Any], text: str,
            units: list[str], leaders: list[str] | None = None,
            condition: dict[str, Any] | None = None) -> None:  # fmt: skip
    entry: dict[str, Any] = {"id": id, "side": side, "turn": turn, "units": units, "to": to,
                             "text": text}  # fmt: skip
    if leaders:
        entry["leaders"] = leaders
    if condition:
        entry["condition"] = condition
    REINFORCEMENTS.append(entry)


_arrive(
    "ninth-division",
    FIN,
    2,
    {"areas": ["kainuu"]},
    "Colonel Siilasvuo's 9th Division gathers at Hyrynsalmi.",
    _units("fi-rgt", FIN, None, "JR 27", "JR 64", prefix="fi-rgt-9")
    + _units("fi-ski", FIN, None, "ErP 9 Kainuu", prefix="fi-ski-9"),
    ["siilasvuo"],
)
_arrive(
    "talvela-group",
    FIN,
    2,
    {"areas": ["ladoga-karelia"]},
    "Colonel Talvela takes the Tolvajärvi front in hand.",
    _units("fi-rgt", FIN, None, "JR 37", prefix="fi-rgt-t")
    + _units("fi-ski", FIN, None, "ErP 112", prefix="fi-ski-t"),
    ["talvela"],
)
_arrive(
    "lapland-group",
    FIN,
    4,
    {"areas": ["salla", "lapland"]},
    "General Wallenius' Lapland Group reaches the Kemijoki.",
    _units("fi-rgt", FIN, None, "JR 40", prefix="fi-rgt-l")
    + _units("fi-sissi", SISSI, None, "Lapland sissi", prefix="fi-sissi-l"),
    ["wallenius"],
)
_arrive(
    "twenty-third-division",
    FIN,
    6,
    {"areas": ["viipuri", "mannerheim-line"]},
    "The last full reserve division moves up behind the main line.",
    _units("fi-div", FIN, None, "23rd Division", "21st Division", prefix="fi-div-r"),
)
_arrive(
    "foreign-fighters",
    FIN,
    None,
    {"structure": "tampere-city"},
    "Fighters bought abroad are assembled at Tampere.",
    _units("fi-fighter", FIN_AIR, None, "LLv 22 Gladiators", prefix="fi-fighter-f"),
)
_arrive(
    "swedish-volunteers",
    FIN,
    None,
    {"areas": ["lapland", "salla", "kuusamo"]},
    "The Swedish Volunteer Corps takes over the Salla front.",
    _units("swe-vol", SWEDES, None, "SFK I", "SFK II", "SFK III"),
)
_arrive(
    "reserve-isthmus",
    FIN,
    None,
    {"areas": ["viipuri"]},
    "Mannerheim sends his last regiments to the Isthmus.",
    _units("fi-rgt", FIN, None, "JR 61", "JR 62", prefix="fi-rgt-r"),
)
_arrive(
    "reserve-north",
    FIN,
    None,
    {"areas": ["kainuu", "north-karelia"]},
    "Mannerheim sends his last battalions to hunt the northern columns.",
    _units("fi-ski", FIN, None, "ErP 21", "ErP 22", prefix="fi-ski-r")
    + _units("fi-sissi", SISSI, None, "Kainuu sissi", prefix="fi-sissi-r"),
)

_arrive(
    "heinrichs-command",
    FIN,
    None,
    {"areas": ["viipuri", "mannerheim-line"]},
    "Lieutenant General Heinrichs takes over the Army of the Isthmus.",
    [],
    ["heinrichs"],
)

_arrive(
    "forty-fourth",
    SOV,
    2,
    {"regions": ["voknavolok", "ukhta"]},
    "The 44th Motorised Division from the Ukraine detrains for the Raate road.",
    _units("su-rifle", SOV, None, "44th Motorised", prefix="su-rifle-r2")
    + _units("su-tank", SOV, None, "312th Tank", prefix="su-tank-r2"),
)
_arrive(
    "eighth-army-second",
    SOV,
    3,
    {"areas": ["olonets"]},
    "More divisions follow the 8th Army into the forest.",
    _units("su-rifle", SOV, None, "75th Rifle", "164th Rifle", prefix="su-rifle-r3"),
)
_arrive(
    "thirteenth-army",
    SOV,
    5,
    {"areas": ["leningrad"]},
    "The 13th Army takes over the eastern half of the Isthmus front.",
    _units("su-rifle", SOV, None, "8th Rifle", "17th Rifle", "136th Rifle", prefix="su-rifle-r5")
    + _units("su-logistics", SOV, None, "13th Army columns", prefix="su-log-r5"),
    ["grendal"],
)
_arrive(
    "north-western-front",
    SOV,
    7,
    {"areas": ["leningrad"]},
    "Fresh divisions and guns for the new North-Western Front.",
    _units("su-rifle", SOV, None, "7th Rifle", "84th Rifle", "123rd Reserve", prefix="su-rifle-r7")
    + _units(
        "su-heavy-art", SOV, None, "Heavy howitzers A", "Heavy howitzers B", prefix="su-heavy-r7"
    ),
)
_arrive(
    "long-range-bombers",
    SOV,
    7,
    {"structure": "leningrad-city"},
    "A long-range bomber regiment joins the air war.",
    _units("su-bomber", SOV_AIR, None, "Long-range bombers", prefix="su-bomber-r7"),
)
_arrive(
    "timoshenko-arrives",
    SOV,
    None,
    {"regions": ["leningrad"]},
    "Army Commander Timoshenko takes command of the North-Western Front.",
    [],
    ["timoshenko"],
)
_arrive(
    "february-wave",
    SOV,
    9,
    {"areas": ["leningrad", "isthmus-front"]},
    "The second wave of the great offensive is fed into the Isthmus.",
    _units("su-rifle", SOV, None, "51st Rifle", "80th Rifle", "86th Rifle", prefix="su-rifle-r9")
    + _units("su-tank", SOV, None, "13th Light Tank", prefix="su-tank-r9")
    + _units("su-heavy-art", SOV, None, "Breakthrough artillery", prefix="su-heavy-r9"),
)
_arrive(
    "ski-brigade",
    SOV,
    None,
    {"areas": ["olonets", "white-sea-karelia"]},
    "Volunteer ski battalions, raised in Leningrad, reach the northern front.",
    _units("su-ski", SOV, None, "Ski Brigade", prefix="su-ski-r"),
)
_arrive(
    "peoples-army",
    SOV,
    None,
    {"regions": ["leningrad"]},
    "The Finnish People's Army forms up behind the 7th Army.",
    _units("pa-rifle", PUPPET, None, "1st FPA Division"),
)

REPLACEMENTS: list[dict[str, Any]] = [
    {"id": "finnish-call-ups", "side": FIN, "turns": {"from_turn": 3, "every": 3}, "points": 1},
    {
        "id": "soviet-depots",
        "side": SOV,
        "turns": {"from_turn": 4, "every": 2},
        "points": 2,
        "nations": [SOV],
    },
]

# -- leaders --------------------------------------------------------------------------------------


def _leader(id: str, name: str, nation: str, where: str | None, **values: Any) -> dict[str, Any]:
    leader: dict[str, Any] = {"id": id, "name": name, "nation": nation, **values}
    if where is not None:
        leader["location"] = {"region": where}
    return leader


LEADERS: list[dict[str, Any]] = [
    _leader("mannerheim", "C. G. E. Mannerheim", FIN, "mikkeli", rank=3, attack=1, defence=2,
            morale=3, movement=4, killed_vp={"@enemy": 3},
            description="Marshal and commander-in-chief, at his headquarters in Mikkeli."),
    _leader("osterman", "H. Österman", FIN, "tali", rank=2, defence=1, morale=1, movement=3,
            description="Commander of the Army of the Isthmus."),
    _leader("heinrichs", "E. Heinrichs", FIN, None, rank=2, hierarchy="B", attack=1,
            defence=2, morale=2, movement=3,
            description="Takes the Isthmus over in February, when the line is cracking."),
    _leader("hagglund", "W. Hägglund", FIN, "impilahti", rank=1, attack=1, defence=1,
            morale=1, movement=3, description="IV Corps, north of Ladoga."),
    _leader("talvela", "P. Talvela", FIN, None, rank=1, attack=2, defence=1, morale=2,
            movement=4, breakthrough=True,
            description="The victor of Tolvajärvi: attacks where others would hold."),
    _leader("siilasvuo", "H. Siilasvuo", FIN, None, rank=1, attack=2, defence=1, morale=2,
            movement=5, breakthrough=True,
            description="Destroyer of two divisions at Suomussalmi and the Raate road."),
    _leader("wallenius", "K. M. Wallenius", FIN, None, rank=1, defence=1, morale=1,
            movement=4, description="Commander of the Lapland Group."),
    _leader("meretskov", "K. Meretskov", SOV, "lembolovo", rank=2, attack=1, morale=1,
            movement=3, killed_vp={"@enemy": 2},
            description="Commander of the 7th Army, promised a quick campaign."),
    _leader("grendal", "V. Grendal", SOV, None, rank=2, hierarchy="B", attack=1, morale=1,
            movement=3, siege=True,
            description="Artilleryman at the head of the 13th Army."),
    _leader("timoshenko", "S. Timoshenko", SOV, None, rank=3, attack=2, defence=1, morale=2,
            movement=3, siege=True, killed_vp={"@enemy": 3},
            description="Sent in January to finish the war with method and mass."),
    _leader("khabarov", "I. Khabarov", SOV, "vidlitsa", rank=1, morale=1, movement=3,
            description="Commander of the 8th Army north of Ladoga."),
    _leader("chuikov", "V. Chuikov", SOV, "ukhta", rank=1, attack=1, morale=1, movement=3,
            description="Takes over the 9th Army in the waist of Finland."),
    _leader("frolov", "V. Frolov", SOV, "murmansk", rank=1, morale=1, movement=3,
            description="Commander of the 14th Army in the Arctic."),
]  # fmt: skip
