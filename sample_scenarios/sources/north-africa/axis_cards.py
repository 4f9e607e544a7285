"""The Axis deck of the desert war sample."""

from __future__ import annotations

from campaign import AXIS, Json
from deck_tools import (
    ATTACKER,
    BESIEGER,
    DEFENDER,
    DESERT_AREAS,
    IN_BATTLE,
    IN_SIEGE,
    all_of,
    card,
    present,
    turns,
)

AXIS_CARDS: list[Json] = [
    card(
        "operation-sunflower",
        "Operation Sunflower",
        AXIS,
        ["land_movement"],
        [
            {
                "kind": "modify",
                "select": {"units": {"nations": ["germany"], "domains": ["land"]}},
                "stat": "movement",
                "amount": 2,
            }
        ],
        color="red",
        condition=turns(last="1941-04-30"),
        text="Berlin said wait until May. The general read his orders and drove east anyway.",
        condition_text="Until the end of April 1941.",
        effect_text="German land units +2 MP this turn.",
    ),
    card(
        "desert-fox",
        "The Desert Fox",
        AXIS,
        ["land_movement"],
        [
            {
                "kind": "modify",
                "select": {"units": {"nations": ["germany"], "roles": ["armour", "recon"]}},
                "stat": "movement",
                "amount": 1,
                "duration": {"until": "end_of_phase"},
            }
        ],
        condition={"kind": "leader_alive", "leader": "rommel"},
        text="He turns up at the head of the column in a captured staff car and wants more speed.",
        condition_text="Rommel is in the game.",
        effect_text="German armour and reconnaissance +1 MP this phase.",
    ),
    card(
        "stukas",
        "Stukas Overhead",
        AXIS,
        ["battle"],
        [
            {
                "kind": "modify",
                "select": {"units": {"domains": ["land"]}, "scope": IN_BATTLE},
                "stat": "attack",
                "amount": 1,
                "rounds": ["first"],
                "duration": {"until": "end_of_battle"},
            }
        ],
        condition=all_of(ATTACKER, present({"nations": ["luftwaffe"]})),
        text="Sirens first, then the bombs, then the tanks come on through the dust.",
        condition_text="You attack, and a Luftwaffe unit is in the game.",
        effect_text="Your land units +1 attack in the first round.",
    ),
    card(
        "eighty-eights",
        "The Eighty-Eights",
        AXIS,
        ["battle"],
        [
            {
                "kind": "modify",
                "select": {"units": {"side": "@enemy", "roles": ["armour"]}, "scope": IN_BATTLE},
                "stat": "attack",
                "amount": -1,
                "duration": {"until": "end_of_battle"},
            }
        ],
        condition=all_of(DEFENDER, present({"nations": ["germany"]}, IN_BATTLE)),
        copies=2,
        text="Anti-aircraft guns dug in flat to the ground outrange every British tank gun.",
        condition_text="You defend with German units.",
        effect_text="Enemy armour -1 attack for the whole battle.",
    ),
    card(
        "tank-trap",
        "Tank Trap",
        AXIS,
        ["battle"],
        [{"kind": "shoot_first"}],
        condition=all_of(DEFENDER, present({"roles": ["armour", "antitank"]}, IN_BATTLE)),
        text="The panzers fall back through their gun line, and the enemy tanks follow them in.",
        condition_text="You defend with armour or anti-tank units.",
        effect_text="You fire first in the opening round.",
    ),
    card(
        "italian-elan",
        "Italian Elan",
        AXIS,
        ["battle"],
        [
            {
                "kind": "modify",
                "select": {"scope": IN_BATTLE},
                "stat": "battle_morale",
                "amount": 1,
                "duration": {"until": "end_of_battle"},
            }
        ],
        condition=present({"nations": ["italy"]}, IN_BATTLE, at_least=2),
        text="Given good officers and a fair chance, the Italian divisions fought hard.",
        condition_text="Two or more Italian units in the battle.",
        effect_text="+1 battle morale.",
    ),
    card(
        "siege-guns",
        "Siege Train",
        AXIS,
        ["siege"],
        [
            {
                "kind": "modify",
                "select": {"scope": IN_SIEGE},
                "stat": "siege",
                "amount": -1,
                "duration": {"until": "end_of_siege"},
            }
        ],
        condition=all_of(BESIEGER, present({"roles": ["artillery"]}, IN_SIEGE)),
        copies=2,
        text="Heavy howitzers are dragged up to shell the perimeter posts one by one.",
        condition_text="You besiege with artillery.",
        effect_text="-1 to the siege roll.",
    ),
    card(
        "ghibli",
        "Ghibli",
        AXIS,
        ["land_movement"],
        [
            {
                "kind": "immobilize",
                "select": {
                    "units": {"side": "@enemy"},
                    "scope": {"areas": DESERT_AREAS},
                    "count": 1,
                    "per": "stack",
                    "pick": "random",
                },
            }
        ],
        text="The hot wind from the south fills the air with sand for three days.",
        effect_text="One enemy stack in the desert, drawn at random, cannot move this turn.",
    ),
    card(
        "italian-convoy",
        "A Convoy Gets Through",
        AXIS,
        ["cards"],
        [{"kind": "replacements", "points": 2}],
        copies=2,
        text="Five freighters dock at Tripoli with tanks, guns and drafts.",
        effect_text="2 replacement points.",
    ),
    card(
        "convoys-sunk",
        "Convoys Sunk",
        AXIS,
        ["cards"],
        [
            {"kind": "supply_source", "source": "italian-ports", "operative": False},
            {"kind": "supply_source", "source": "tripoli-docks", "operative": False},
        ],
        mandatory=True,
        copies=2,
        condition={"kind": "not", "condition": {"kind": "flag", "flag": "malta-neutralised"}},
        text="Submarines and bombers from Malta catch the convoy off Pantelleria.",
        condition_text="Malta is not neutralised.",
        effect_text="Mandatory. The Italian ports and Tripoli supply nobody until your next turn.",
    ),
    card(
        "malta-blitz",
        "Blitz on Malta",
        AXIS,
        ["cards"],
        [{"kind": "set_flag", "flag": "malta-neutralised"}, {"kind": "vp", "amount": 1}],
        color="red",
        condition=turns(first="1941-12-15"),
        text="A fresh air fleet in Sicily pounds the island's harbour and airfields for months.",
        condition_text="From mid-December 1941.",
        effect_text="Malta is neutralised: no more convoy losses until it recovers. +1 VP.",
    ),
    card(
        "captured-dumps",
        "Captured Dumps",
        AXIS,
        ["supply"],
        [
            {
                "kind": "modify",
                "select": {"units": {"domains": ["land"]}},
                "stat": "survival",
                "amount": 3,
                "duration": {"until": "end_of_phase"},
            },
            {"kind": "replacements", "points": 1},
        ],
        condition={
            "kind": "controls",
            "regions": ["mechili", "msus", "el-adem", "sidi-barrani", "mersa-matruh"],
            "mode": "any",
        },
        text="British fuel, water and tinned food, left behind in the retreat.",
        condition_text="You hold Mechili, Msus, El Adem, Sidi Barrani or Mersa Matruh.",
        effect_text="+3 to survival tests this phase; 1 replacement point.",
    ),
    card(
        "afrika-korps-reinforced",
        "The Afrika Korps Grows",
        AXIS,
        ["reinforcements"],
        [{"kind": "reinforcement", "reinforcement": "90th-light"}],
        color="red",
        condition=turns(first="1941-10-15"),
        text="Independent battalions are gathered into a new motorised division.",
        condition_text="From mid-October 1941.",
        effect_text="The 90th Light Division arrives in Italy.",
    ),
    card(
        "comando-supremo",
        "Orders from Rome",
        AXIS,
        ["cards"],
        [
            {
                "kind": "choice",
                "prompt": "Rome forbids any advance beyond the Egyptian frontier.",
                "options": [
                    {
                        "label": "Obey and consolidate",
                        "effects": [
                            {
                                "kind": "immobilize",
                                "select": {
                                    "units": {"nations": ["italy"], "domains": ["land"]},
                                    "count": 1,
                                    "per": "stack",
                                    "pick": "random",
                                },
                            },
                            {"kind": "replacements", "points": 1},
                        ],
                    },
                    {"label": "Ignore Rome", "effects": [{"kind": "vp", "amount": -1}]},
                ],
            }
        ],
        color="red",
        mandatory=True,
        condition=turns(first="1941-05-15"),
        text="The Comando Supremo would rather hold Cyrenaica than gamble on the Nile.",
        condition_text="From mid-May 1941.",
        effect_text="Mandatory. Either one Italian stack stays put this turn (and you get 1 "
        "replacement point), or you lose 1 VP.",
    ),
    card(
        "air-reconnaissance",
        "Air Reconnaissance",
        AXIS,
        ["land_movement"],
        [
            {
                "kind": "examine",
                "select": {"units": {"side": "@enemy"}, "count": 2, "per": "stack"},
            }
        ],
        condition=present({"domains": ["air"]}),
        text="A Storch lands beside the command car with photographs of the British laagers.",
        condition_text="You have an air unit in the game.",
        effect_text="Look inside two enemy stacks.",
    ),
]
