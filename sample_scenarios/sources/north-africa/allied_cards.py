"""The Allied deck of the desert war sample."""

from __future__ import annotations

from campaign import ALLIES, Json
from deck_tools import BESIEGED, DEFENDER, IN_BATTLE, IN_SIEGE, all_of, card, present, turns

ALLIED_CARDS: list[Json] = [
    card(
        "ultra",
        "Ultra Decrypts",
        ALLIES,
        ["land_movement"],
        [
            {
                "kind": "examine",
                "select": {"units": {"side": "@enemy"}, "count": 2, "per": "stack"},
            }
        ],
        copies=2,
        text="Bletchley Park reads the Axis supply signals, and sometimes the battle orders too.",
        effect_text="Look inside two enemy stacks.",
    ),
    card(
        "lustre-force",
        "Troops for Greece",
        ALLIES,
        ["cards"],
        [
            {
                "kind": "remove_units",
                "select": {"units": {"units": ["br-16-bde"]}},
            }
        ],
        color="red",
        mandatory=True,
        condition=all_of(turns(last="1941-04-30"), present({"units": ["br-16-bde"]})),
        text="London has promised Greece an army, and the Desert pays for it.",
        condition_text="April 1941, while the 16th Brigade is in the game.",
        effect_text="Mandatory. The 16th Infantry Brigade leaves the game.",
    ),
    card(
        "pressure-from-london",
        "Pressure from London",
        ALLIES,
        ["cards"],
        [
            {
                "kind": "if",
                "condition": {"kind": "controls", "structures": ["tobruk"]},
                "then": [{"kind": "draw_cards"}],
                "otherwise": [{"kind": "vp", "amount": -1}],
            }
        ],
        mandatory=True,
        condition=turns(first="1941-06-01"),
        text="The Prime Minister wants to know why an army so large does not attack.",
        condition_text="From June 1941.",
        effect_text="Mandatory. If you hold Tobruk, draw a card; otherwise lose 1 VP.",
    ),
    card(
        "tobruk-ferry",
        "The Tobruk Ferry",
        ALLIES,
        ["siege"],
        [
            {
                "kind": "modify",
                "select": {"scope": IN_SIEGE},
                "stat": "siege",
                "amount": 2,
                "duration": {"until": "end_of_siege"},
            }
        ],
        condition=all_of(BESIEGED, present({"domains": ["land"]}, IN_SIEGE)),
        copies=2,
        text="Destroyers run in on moonless nights with shells, water and fresh men.",
        condition_text="Your fortress is besieged.",
        effect_text="+2 to the enemy's siege roll.",
    ),
    card(
        "rats-of-tobruk",
        "The Rats of Tobruk",
        ALLIES,
        ["siege"],
        [{"kind": "cancel_battle", "retreating": "@enemy"}],
        color="red",
        condition=all_of(BESIEGED, present({"nations": ["australia"]}, IN_SIEGE)),
        text="Enemy radio called them rats in a trap; they took the name as a badge.",
        condition_text="Australians inside a besieged fortress.",
        effect_text="The siege is called off this turn.",
    ),
    card(
        "jock-columns",
        "Jock Columns",
        ALLIES,
        ["battle"],
        [{"kind": "auto_hits", "hits": 1}],
        condition=present({"roles": ["recon", "artillery"]}, IN_BATTLE),
        text="A battery, some lorried infantry and armoured cars: raid, shoot, vanish.",
        condition_text="A motor brigade or artillery in the battle.",
        effect_text="The enemy takes 1 hit.",
    ),
    card(
        "desert-air-force",
        "Desert Air Force",
        ALLIES,
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
        condition=turns(first="1941-09-01"),
        copies=2,
        text="Bombers in tight boxes of eighteen arrive over the enemy every hour.",
        condition_text="From September 1941.",
        effect_text="Your land units +1 attack in the first round.",
    ),
    card(
        "queen-of-the-desert",
        "Queen of the Desert",
        ALLIES,
        ["battle"],
        [
            {
                "kind": "modify",
                "select": {"units": {"side": "@enemy"}, "scope": IN_BATTLE},
                "stat": "battle_morale",
                "amount": -1,
                "duration": {"until": "end_of_battle"},
            }
        ],
        condition=present({"tags": ["infantry-tank"]}, IN_BATTLE),
        text="Shells bounce off the slow, thick-skinned Matildas.",
        condition_text="Infantry tanks in the battle.",
        effect_text="Enemy battle morale -1.",
    ),
    card(
        "defended-boxes",
        "Defended Boxes",
        ALLIES,
        ["battle"],
        [
            {
                "kind": "modify",
                "select": {"scope": IN_BATTLE},
                "stat": "defence",
                "amount": 1,
                "rounds": ["first", "main"],
                "duration": {"until": "end_of_battle"},
            }
        ],
        condition=DEFENDER,
        text="A brigade dug in behind wire and mines, stocked for a week.",
        condition_text="You defend.",
        effect_text="+1 defence in the first and main rounds.",
    ),
    card(
        "operation-crusader",
        "Operation Crusader",
        ALLIES,
        ["land_movement"],
        [
            {
                "kind": "modify",
                "select": {"units": {"domains": ["land"]}},
                "stat": "combat",
                "amount": 1,
            },
            {
                "kind": "modify",
                "select": {"units": {"roles": ["armour"]}},
                "stat": "movement",
                "amount": 1,
            },
        ],
        color="red",
        condition=turns(first="1941-11-01"),
        text="Seven hundred tanks cross the wire at dawn to relieve Tobruk.",
        condition_text="From November 1941.",
        effect_text="This turn your land units +1 attack and defence, your armour +1 MP.",
    ),
    card(
        "abdeen-palace",
        "Tanks at the Palace",
        ALLIES,
        ["cards"],
        [{"kind": "tension", "amount": -3}],
        color="red",
        condition={"kind": "tension", "at_least": 3},
        text="The ambassador's tanks surround the palace until the King names a friendly cabinet.",
        condition_text="Unrest 3 or more.",
        effect_text="Unrest in Egypt -3.",
    ),
    card(
        "spitfires-for-malta",
        "Spitfires for Malta",
        ALLIES,
        ["cards"],
        [{"kind": "set_flag", "flag": "malta-neutralised", "value": False}],
        color="red",
        condition={"kind": "flag", "flag": "malta-neutralised"},
        text="Fighters flown off a carrier land on the island and are refuelled within minutes.",
        condition_text="Malta is neutralised.",
        effect_text="Malta strikes again: convoy losses are back.",
    ),
    card(
        "airfield-raid",
        "Raid on the Airfields",
        ALLIES,
        ["cards"],
        [
            {
                "kind": "if",
                "condition": {"kind": "roll", "at_most": 3},
                "then": [
                    {
                        "kind": "remove_units",
                        "select": {
                            "units": {"side": "@enemy", "domains": ["air"]},
                            "count": 1,
                            "pick": "random",
                        },
                        "destroyed": True,
                    }
                ],
                "otherwise": [{"kind": "draw_cards"}],
            }
        ],
        condition=present({"units": ["lrdg"]}),
        text="Jeeps guided by the desert patrols drive down a line of parked aircraft, firing.",
        condition_text="The Long Range Desert Group is in the game.",
        effect_text="On 0-3 one enemy air unit, drawn at random, is destroyed; otherwise draw "
        "a card.",
    ),
    card(
        "inshore-squadron",
        "Inshore Squadron",
        ALLIES,
        ["cards"],
        [{"kind": "replacements", "points": 2, "assign": "random"}],
        copies=2,
        text="Old gunboats and lighters keep the coastal garrisons fed.",
        effect_text="2 replacement points, spent at once on damaged units drawn at random.",
    ),
    card(
        "lend-lease",
        "Shermans from America",
        ALLIES,
        ["reinforcements"],
        [
            {"kind": "reinforcement", "reinforcement": "shermans"},
            {"kind": "replacements", "points": 2, "units": {"roles": ["armour"]}},
        ],
        color="red",
        condition=turns(first="1942-08-15"),
        text="Three hundred new tanks, taken from American units that had just received them.",
        condition_text="From mid-August 1942.",
        effect_text="A Sherman brigade lands at Suez; 2 replacement points for armour.",
    ),
]
