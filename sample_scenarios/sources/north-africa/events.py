"""Events, the tension index, victory and rule settings of the desert war sample."""

from __future__ import annotations

from typing import Any

from campaign import ALLIES, AXIS, Json, turn_of
from deck_tools import all_of, present

# -- events ---------------------------------------------------------------------------------------


def _event(id: str, title: str, text: str, effects: list[Json], **extra: Any) -> Json:
    return {"id": id, "title": title, "text": text, "effects": effects, **extra}


def _at(date: str, until: str | None = None) -> Json:
    first = turn_of(date)
    return {"from_turn": first, "to_turn": turn_of(until) if until else first}


EVENTS: list[Json] = [
    _event(
        "convoys-sail",
        "The Convoys Sail",
        "Another convoy leaves Naples for Tripoli.",
        [
            {"kind": "supply_source", "source": "italian-ports", "operative": True},
            {"kind": "supply_source", "source": "tripoli-docks", "operative": True},
        ],
        side=AXIS,
        visible_to=[AXIS],
        repeat=True,
        turns={"from_turn": 2},
    ),
    _event(
        "generals-captured",
        "Two Generals Captured",
        "A German patrol stops a staff car lost in the dark near Derna. O'Connor and Neame "
        "are in it.",
        [
            {"kind": "remove_leader", "leader": "oconnor", "killed": True},
            {"kind": "remove_leader", "leader": "neame", "killed": True},
        ],
        side=ALLIES,
        turns=_at("1941-04-07", "1941-05-05"),
        condition=all_of(
            {"kind": "leader_alive", "leader": "oconnor"},
            {
                "kind": "controls",
                "side": "@enemy",
                "regions": ["msus", "mechili", "barce", "benghazi", "agedabia"],
                "mode": "any",
            },
        ),
    ),
    _event(
        "tiger-convoy",
        "Operation Tiger",
        "A fast convoy has come straight through the Mediterranean with tanks for the "
        "Western Desert.",
        [
            {"kind": "reinforcement", "reinforcement": "tiger-convoy"},
            {"kind": "replacements", "points": 2, "units": {"roles": ["armour"]}},
        ],
        side=ALLIES,
        turns=_at("1941-05-12"),
    ),
    _event(
        "bastico-takes-over",
        "A New Italian Commander",
        "Rome recalls Gariboldi; Bastico arrives with a wider command and the same problem: "
        "the German general does as he likes.",
        [
            {"kind": "remove_leader", "leader": "gariboldi"},
            {"kind": "reinforcement", "reinforcement": "bastico-arrives"},
        ],
        side=AXIS,
        turns=_at("1941-07-19"),
        condition={"kind": "leader_alive", "leader": "gariboldi"},
    ),
    _event(
        "tobruk-relieved-by-sea",
        "Relief by Sea",
        "Night after night, destroyers take the Australians out of Tobruk and land the 70th "
        "Division in their place.",
        [
            {"kind": "remove_units", "select": {"units": {"units": ["au-9-div"]}}},
            {
                "kind": "move_units",
                "select": {"units": {"units": ["br-70-div"]}},
                "to": {"structure": "tobruk"},
            },
        ],
        side=ALLIES,
        turns=_at("1941-09-25", "1941-11-30"),
        condition=all_of(
            {"kind": "controls", "structures": ["tobruk"]},
            present({"units": ["au-9-div"]}, {"regions": ["tobruk"]}),
            present({"units": ["br-70-div"]}),
        ),
    ),
    _event(
        "siege-holds",
        "Tobruk Holds",
        "Another fortnight under the guns, and the fortress still stands.",
        [{"kind": "vp", "amount": 1}],
        side=ALLIES,
        repeat=True,
        turns={"from_turn": 3, "every": 2},
        condition=all_of(
            {"kind": "controls", "structures": ["tobruk"]},
            present({"side": "@enemy", "classes": ["combat"]}, {"regions": ["tobruk"]}, 2),
        ),
    ),
    _event(
        "cunningham-relieved",
        "Cunningham Relieved",
        "In the middle of the battle the army commander wants to fall back; he is sent on "
        "sick leave and his deputy chief of staff takes over.",
        [
            {"kind": "remove_leader", "leader": "cunningham"},
            {"kind": "reinforcement", "reinforcement": "ritchie-takes-over"},
        ],
        side=ALLIES,
        turns=_at("1941-11-26"),
    ),
    _event(
        "auchinleck-takes-command",
        "Auchinleck Takes Command",
        "After Gazala the Commander-in-Chief sacks Ritchie and runs the battle himself.",
        [
            {"kind": "remove_leader", "leader": "ritchie"},
            {"kind": "reinforcement", "reinforcement": "auchinleck-commands"},
        ],
        side=ALLIES,
        turns=_at("1942-06-25"),
    ),
    _event(
        "montgomery-takes-over",
        "A New Broom",
        "Gott, chosen to lead the Eighth Army, is shot down on his way to Cairo. Churchill "
        "sends for Montgomery, and Auchinleck goes.",
        [
            {"kind": "remove_leader", "leader": "gott", "killed": True},
            {"kind": "remove_leader", "leader": "auchinleck"},
            {"kind": "reinforcement", "reinforcement": "montgomery-arrives"},
        ],
        side=ALLIES,
        turns=_at("1942-08-13"),
    ),
    _event(
        "the-flap",
        "The Flap",
        "Smoke over GHQ: the staff burn their files, and queues form at Cairo station.",
        [{"kind": "tension", "amount": 2}],
        side=ALLIES,
        condition={
            "kind": "controls",
            "side": "@enemy",
            "regions": ["mersa-matruh", "el-daba", "el-alamein"],
            "mode": "any",
        },
    ),
    _event(
        "operation-pedestal",
        "Operation Pedestal",
        "Four merchant ships and a burning tanker reach Grand Harbour. Malta will fight on.",
        [{"kind": "set_flag", "flag": "malta-neutralised", "value": False}],
        side=ALLIES,
        turns=_at("1942-08-15"),
    ),
]

TENSION: Json = {
    "name": "Unrest in Egypt",
    "benefits": AXIS,
    "threshold": 12,
    "steps": [
        {
            "value": 4,
            "description": "Crowds in Cairo chant for the Axis general; the British tighten "
            "their grip on the government.",
            "effects": [{"kind": "vp", "side": ALLIES, "amount": -1}],
        },
        {
            "value": 8,
            "description": "Officers of the Egyptian army plot with Axis agents.",
            "effects": [
                {"kind": "vp", "side": AXIS, "amount": 2},
                {
                    "kind": "modify",
                    "select": {"units": {"side": ALLIES}, "scope": {"areas": ["nile-delta"]}},
                    "stat": "morale",
                    "amount": -1,
                    "duration": {"until": "turns", "turns": 2},
                },
            ],
        },
    ],
    "description": "How far Egypt, neutral in name and occupied in fact, turns against the "
    "British. Axis captures in Egypt raise it, Allied recaptures and political moves lower it. "
    "At 12 Egypt rises and the Axis wins.",
}

VICTORY: Json = {
    "sudden_death": [
        {
            "id": "axis-on-the-canal",
            "side": AXIS,
            "condition": {"kind": "controls", "structures": ["alexandria", "suez"]},
            "description": "The Axis holds both Alexandria and Suez.",
        },
        {
            "id": "allies-in-tripoli",
            "side": ALLIES,
            "condition": {"kind": "controls", "structures": ["tripoli"]},
            "description": "The Allies take the fortress of Tripoli.",
        },
    ],
    "description": "Most VP after the last turn wins. VP come from places taken and lost, "
    "units destroyed, generals killed or captured, Tobruk holding out under siege, and some "
    "cards. A side with 30 VP and the lead wins at the end of a turn. The Axis wins at once "
    "by holding Alexandria and Suez, the Allies by taking Tripoli, and the Axis also wins if "
    "unrest in Egypt reaches 12.",
}

RULES: Json = {
    "supply": {"range": 3},
    "cards": {"draw_per_turn": 2, "hand_limit": 6},
    "siege": {
        "artillery_or_bomber_modifier": 0,
        "overcrowding_step": 8,
        "besieger_leader_modifier": -1,
        "besieged_leader_modifier": 3,
    },
    "victory": {"victory_level": 30},
}
