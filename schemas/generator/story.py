"""The people and the plot: sides, nations, briefings, calendar, tension and victory.

Every text here is written for the generator; names come from the map so each seed tells its
own version of the same story.
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
