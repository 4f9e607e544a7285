"""The people and the plot: sides, nations, briefings, cards, events, tension and victory.

Every text here is written for the generator. Cards and events only use conditions that can
come true under the generated calendar (all phases played, twelve turns), so a fresh map
validates without a single warning.
"""

from __future__ import annotations

import datetime as dt

from .world import AIR_NATION, JSON, MAIN_NATION, SIDES, World

TURNS = 12
WEST_FORMS = ("Kingdom of {}", "Commonwealth of {}", "Free State of {}")
EAST_FORMS = ("{} Union", "Republic of {}", "{} Federation")


def pick_nation_names(world: World) -> tuple[str, str]:
    """Short names of the two belligerents, in their own tongues."""
    return world.namer.place(False), world.namer.place(True)


def _long_name(world: World, side: int) -> str:
    forms = EAST_FORMS if side else WEST_FORMS
    return world.pyrng.choice(forms).format(world.nation_names[side])


def _briefing(world: World, side: int) -> str:
    own, enemy = world.nation_names[side], world.nation_names[1 - side]
    capital = world.names[world.capitals[side]]
    target = world.names[world.capitals[1 - side]]
    ports = [s for s in world.sites_of("city", side) if s.port]
    shore = (
        f"Your flotillas sail from {len(ports)} harbour town{'s' if len(ports) > 1 else ''} "
        "on the southern coast."
        if ports
        else "You hold no harbour, so the sea belongs to whoever gets there first."
    )
    edge = "western" if side == 0 else "eastern"
    return (
        f"{own} stands behind a front that runs the length of the map. Your depots lie on the "
        f"{edge} edge and a reserve depot waits, still sealed, in {capital}. {shore} "
        f"{enemy} will throw everything at {capital}; take {target} first and the war is won "
        "on the spot. Otherwise victory points decide after twelve weeks of campaigning."
    )


def sides_and_nations(world: World) -> tuple[list[JSON], list[JSON]]:
    colours = (
        ("#2f5d8a", "#1f3f63", "#9fbfdf", "#2b4a6e", "#c4d8ec"),
        ("#9a3b2e", "#6b2419", "#e0a497", "#7d3a2f", "#efc7bd"),
    )
    sides: list[JSON] = []
    nations: list[JSON] = []
    for side, name in enumerate(SIDES):
        colour, dark, light, air_dark, air_light = colours[side]
        short = world.nation_names[side]
        sides.append(
            {
                "id": name,
                "name": f"The {short} {'Alliance' if side == 0 else 'Pact'}",
                "color": colour,
                "briefing": _briefing(world, side),
            }
        )
        capitals: JSON = {"land": world.rid(world.capitals[side])}
        fields = world.sites_of("airfield", side)
        capitals["air"] = world.rid(fields[0].cell)
        ports = [s for s in world.sites_of("city", side) if s.port]
        if ports:
            capitals["naval"] = world.rid(ports[0].cell)
        nations.append(
            {
                "id": MAIN_NATION[side],
                "name": _long_name(world, side),
                "side": name,
                "main": True,
                "color_dark": dark,
                "color_light": light,
                "capitals": capitals,
                "radar": side == 0,
            }
        )
        nations.append(
            {
                "id": AIR_NATION[side],
                "name": f"{short} {'Air Service' if side == 0 else 'Aviation Command'}",
                "side": name,
                "parent": MAIN_NATION[side],
                "color_dark": air_dark,
                "color_light": air_light,
                "capitals": {"air": capitals["air"]},
                "preferred_domain": "air",
                "radar": side == 0,
            }
        )
    return sides, nations


def calendar(world: World) -> JSON:
    start = dt.date(1937, 3, 1) + dt.timedelta(weeks=int(world.rng.integers(0, 52)))
    return {"start_date": start.isoformat(), "turns": TURNS, "turn_order": list(SIDES)}


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


def cards(world: World) -> list[JSON]:
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


def tension() -> JSON:
    return {
        "name": "Neutral opinion",
        "start": 2,
        "benefits": "west",
        "threshold": 12,
        "description": (
            "How the neutral sea powers judge the war. At 12 they close their ports to the "
            "east and the west wins."
        ),
        "steps": [
            {
                "value": 6,
                "description": "Neutral shipping lines start carrying western cargo.",
                "effects": [{"kind": "draw_cards", "side": "west"}],
            },
            {
                "value": 9,
                "description": "Neutral newspapers turn openly against the eastern campaign.",
                "effects": [{"kind": "vp", "side": "east", "amount": -2}],
            },
        ],
    }


def victory(world: World) -> JSON:
    rules = []
    for side, name in enumerate(SIDES):
        target = world.capitals[1 - side]
        rules.append(
            {
                "id": f"{name}-takes-capital",
                "side": name,
                "condition": {"kind": "controls", "regions": [world.rid(target)]},
                "description": f"{world.nation_names[side]} holds {world.names[target]}.",
            }
        )
    return {
        "sudden_death": rules,
        "description": (
            "Take the enemy capital for an instant win. Otherwise the side with more VP after "
            "turn 12 wins; neutral opinion reaching 12 hands the war to the west."
        ),
    }


def info(world: World, regions: int) -> JSON:
    west, east = world.nation_names
    hours = 2 + regions // 100
    return {
        "title": f"{west} against {east}",
        "author": "Salient scenario generator",
        "description": (
            f"A generated campaign on {regions} regions (seed {world.seed}): two powers meet "
            "along a wavering front, with a sea coast to the south, rivers running down to it "
            "and a neutral world watching. A starting point for designers, not a finished game."
        ),
        "playing_time": f"about {hours} hours",
    }
