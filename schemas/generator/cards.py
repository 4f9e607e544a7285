"""The two decks and the scripted events.

Both decks share their mechanics (an artillery card, a defence card, a march, a sortie, a
siege card, a mandatory call-up and the envoys), then each side gets cards of its own. Every
condition can come true under the generated calendar: all phases are played on all twelve
turns, the flag the envoys card waits for is set by an event, and the tension index exists.
"""

from __future__ import annotations

from .story import TURNS
from .world import JSON, SIDES, World


def _mine(units: JSON | None = None, context: str = "anywhere") -> JSON:
    """A selection of the playing side's units, optionally in the current fight."""
    return {"units": {"side": "@self", **(units or {})}, "scope": {"context": context}}


def _common_cards(side: int, titles: tuple[str, ...]) -> list[JSON]:
    """The cards both decks share in mechanics; only names and flavour differ."""
    name = SIDES[side]
    barrage, stand, march, sortie, sap, call_up = titles
    return [
        {
            "id": f"{name}-barrage",
            "name": barrage,
            "side": name,
            "phases": ["battle"],
            "copies": 2,
            "condition": {"kind": "battle_role", "role": "attacker"},
            "effects": [
                {
                    "kind": "reroll",
                    "select": _mine({"roles": ["artillery"]}, "battle"),
                    "rounds": ["artillery"],
                }
            ],
            "text": "The guns fire by the clock, and the clock does not forgive.",
            "condition_text": "You attack.",
            "effect_text": "Your artillery re-rolls its misses in the artillery round.",
        },
        {
            "id": f"{name}-stand",
            "name": stand,
            "side": name,
            "phases": ["battle"],
            "condition": {"kind": "battle_role", "role": "defender"},
            "effects": [
                {
                    "kind": "modify",
                    "select": _mine(context="battle"),
                    "stat": "defence",
                    "amount": 1,
                    "duration": {"until": "end_of_battle"},
                }
            ],
            "text": "Every farmhouse wall is loopholed and every cellar stocked.",
            "condition_text": "You defend.",
            "effect_text": "+1 defence for your units in this battle.",
        },
        {
            "id": f"{name}-march",
            "name": march,
            "side": name,
            "phases": ["land_movement"],
            "effects": [
                {
                    "kind": "modify",
                    "select": {
                        **_mine({"domains": ["land"], "classes": ["combat"]}),
                        "count": 2,
                        "per": "stack",
                    },
                    "stat": "movement",
                    "amount": 1,
                    "duration": {"until": "end_of_phase"},
                }
            ],
            "text": "Boots, blisters and no campfires until dawn.",
            "effect_text": "Two of your stacks gain 1 MP this phase.",
        },
        {
            "id": f"{name}-sortie",
            "name": sortie,
            "side": name,
            "phases": ["air"],
            "effects": [
                {
                    "kind": "examine",
                    "select": {"units": {"side": "@enemy"}, "count": 2, "per": "stack"},
                }
            ],
            "text": "The prints are still wet when they reach the staff map.",
            "effect_text": "Look inside two enemy stacks.",
        },
        {
            "id": f"{name}-sap",
            "name": sap,
            "side": name,
            "phases": ["siege"],
            "effects": [
                {
                    "kind": "modify",
                    "select": _mine(context="siege"),
                    "stat": "siege",
                    "amount": -1,
                    "duration": {"until": "end_of_siege"},
                }
            ],
            "text": "Picks and powder under the glacis, a yard a night.",
            "effect_text": "-1 to this siege roll, in your favour.",
        },
        {
            "id": f"{name}-call-up",
            "name": call_up,
            "side": name,
            "color": "red",
            "mandatory": True,
            "phases": ["cards"],
            "condition": {"kind": "turn", "from_turn": 4},
            "effects": [{"kind": "reinforcement", "reinforcement": f"{name}-reservists"}],
            "text": "The posters go up overnight in every village square.",
            "condition_text": "From turn 4; must be played.",
            "effect_text": "Your reservists arrive at a railhead.",
        },
        {
            "id": f"{name}-envoys",
            "name": "Envoys at the Frontier",
            "side": name,
            "color": "red",
            "phases": ["cards"],
            "condition": {"kind": "flag", "flag": "envoys-arrived"},
            "effects": [
                {
                    "kind": "choice",
                    "prompt": "Receive the neutral envoys?",
                    "options": [
                        {
                            "label": "Open talks",
                            "effects": [
                                {"kind": "vp", "amount": 2},
                                {"kind": "tension", "amount": -1 if side else 1},
                            ],
                        },
                        {"label": "Send them home", "effects": [{"kind": "draw_cards"}]},
                    ],
                }
            ],
            "text": "Top hats and white flags on a muddy road.",
            "condition_text": "Once the envoys have arrived.",
            "effect_text": "Talk (2 VP, opinion shifts) or draw a card.",
        },
    ]


def cards() -> list[JSON]:
    """Both decks: shared mechanics, a card of each side's own, and one added by an event."""
    west = _common_cards(
        0,
        (
            "Creeping Curtain",
            "Hedgerow Line",
            "Night March",
            "Photographic Sortie",
            "Mining the Glacis",
            "General Mobilisation",
        ),
    )
    east = _common_cards(
        1,
        (
            "Hurricane of Steel",
            "Fortified Villages",
            "Lorry Shuttle",
            "Long-Range Patrol",
            "Heavy Mortars Forward",
            "Call-Up of the Classes",
        ),
    )
    west += [
        {
            "id": "west-dossier",
            "name": "The Burned Farms Dossier",
            "side": "west",
            "color": "red",
            "phases": ["end_of_turn"],
            "effects": [{"kind": "tension", "amount": 2}],
            "text": "Photographs, affidavits and a very loud press conference.",
            "effect_text": "Neutral opinion +2.",
        },
        {
            "id": "west-freighters",
            "name": "Neutral Freighters Dock",
            "side": "west",
            "color": "red",
            "in_deck": False,
            "phases": ["reinforcements"],
            "effects": [{"kind": "replacements", "points": 3}],
            "text": "Crates stencilled with a flag nobody is at war with.",
            "effect_text": "3 replacement points.",
        },
    ]
    east += [
        {
            "id": "east-dinner",
            "name": "The Press Attaché's Dinner",
            "side": "east",
            "color": "red",
            "phases": ["cards"],
            "condition": {"kind": "tension", "at_least": 3},
            "effects": [{"kind": "tension", "amount": -2}],
            "text": "Good wine makes for gentle headlines.",
            "condition_text": "Neutral opinion at 3 or more.",
            "effect_text": "Neutral opinion -2.",
        },
        {
            "id": "east-storm",
            "name": "Storm Detachments",
            "side": "east",
            "phases": ["battle"],
            "condition": {
                "kind": "units_present",
                "units": {"side": "@self", "roles": ["armour"]},
                "scope": {"context": "battle"},
            },
            "effects": [{"kind": "shoot_first", "rounds": ["first"]}],
            "text": "Engines start before the barrage ends.",
            "condition_text": "Your armour takes part.",
            "effect_text": "You fire first in the opening round.",
        },
    ]
    return west + east


def events(world: World) -> list[JSON]:
    ports = [s.id for s in world.sites_of("city", 0) if s.port]
    shipment: JSON = {
        "id": "neutral-freighters",
        "title": "Freighters off the coast",
        "text": "Neutral merchantmen wait offshore for a harbour flying the right flag.",
        "side": "west",
        "visible_to": ["west"],
        "turns": {"from_turn": 7, "to_turn": 7},
        "effects": [{"kind": "cards", "add": ["west-freighters"], "to_hand": True}],
    }
    if ports:
        shipment["condition"] = {"kind": "controls", "structures": ports, "mode": "any"}
    out: list[JSON] = [
        {
            "id": "border-incident",
            "title": "Shots at a customs post",
            "text": "Both governments blame the other; the neutral papers print both versions.",
            "turns": {"from_turn": 1, "to_turn": 1},
            "effects": [{"kind": "tension", "amount": 1}],
        },
        {
            "id": "envoys-arrive",
            "title": "Envoys cross the lines",
            "text": "A neutral delegation asks both staffs for an audience.",
            "turns": {"from_turn": 6, "to_turn": 6},
            "effects": [{"kind": "set_flag", "flag": "envoys-arrived"}],
        },
        {
            "id": "early-frost",
            "title": "Early frost",
            "text": "Radiators freeze and fuel lines crack; horses cope better.",
            "turns": {"from_turn": 9, "to_turn": TURNS},
            "repeat": True,
            "effects": [
                {
                    "kind": "modify",
                    "select": {"units": {"side": "@all", "tags": ["motorized"]}},
                    "stat": "movement",
                    "amount": -1,
                }
            ],
        },
        shipment,
    ]
    for side, name in enumerate(SIDES):
        out += [
            {
                "id": f"{name}-levy",
                "title": "Provincial levy",
                "text": "The provinces send what they have: old men, old guns, high spirits.",
                "side": name,
                "visible_to": [name],
                "turns": {"from_turn": 5, "to_turn": 5},
                "effects": [{"kind": "reinforcement", "reinforcement": f"{name}-levy"}],
            },
            {
                "id": f"{name}-depot-opens",
                "title": "Reserve depot unsealed",
                "text": "The stockpile in the capital is released to the field armies.",
                "side": name,
                "visible_to": [name],
                "turns": {"from_turn": 4 + 2 * side, "to_turn": 4 + 2 * side},
                "effects": [
                    {"kind": "supply_source", "source": f"{name}-depot", "operative": True}
                ],
            },
        ]
    return out
