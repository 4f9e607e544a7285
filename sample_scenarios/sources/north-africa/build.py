"""Build ``sample_scenarios/north-africa.json``, the desert war of 1941-42, from scratch.

Run from anywhere: ``.venv/bin/python sample_scenarios/sources/north-africa/build.py``. The map
comes from ``geography.py``; everything else (tables, forces, decks, schedule, victory) is
written as plain data in the modules beside it, one part of the scenario each (``tables``,
``mapdata``, ``places``, ``sides``, ``unit_types``, ``orders``, ``schedule``, the two decks,
``events``); ``campaign`` holds the calendar they share. The output is
the canonical JSON that ``schemas.io.save`` writes, so running the script twice gives the same
bytes.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path[:0] = [str(HERE), str(ROOT)]

import geography as geo  # noqa: E402
from allied_cards import ALLIED_CARDS  # noqa: E402
from axis_cards import AXIS_CARDS  # noqa: E402
from campaign import ALLIES, AXIS, START, TURN_DAYS, TURNS, Json  # noqa: E402
from events import EVENTS, RULES, TENSION, VICTORY  # noqa: E402
from mapdata import AREAS, THEATRES, connections, regions  # noqa: E402
from orders import LEADERS, UNITS  # noqa: E402
from places import STRUCTURES, SUPPLY_SOURCES, anchor_structures  # noqa: E402
from schedule import REINFORCEMENTS, REPLACEMENTS  # noqa: E402
from sides import NATIONS, SIDES  # noqa: E402
from tables import CONNECTION_TYPES, TERRAIN  # noqa: E402
from unit_types import UNIT_TYPES  # noqa: E402

from schemas import SCHEMA_VERSION, Scenario, load_file, save  # noqa: E402

OUT = ROOT / "sample_scenarios" / "north-africa.json"

# -- text -----------------------------------------------------------------------------------------

INFO: Json = {
    "title": "Desert War, 1941-42",
    "author": "Salient sample scenarios",
    "version": "1",
    "playing_time": "4 to 6 hours",
    "description": "March 1941 to October 1942, in fortnightly turns, along a thousand miles "
    "of coast from Tripoli to the Suez Canal. A small German corps and the rebuilt Italian "
    "army face a British Commonwealth army that has just sent its best troops to Greece. "
    "Everything moves along the coast road and the desert tracks, because that is where "
    "the water and the fuel go; the railway from the Delta serves only the British; the Nile "
    "and the canal can be crossed only at their bridges. Tobruk, the one good harbour in "
    "between, is a fortress that can hold out behind the front. Malta, off the map, decides "
    "how much of the Axis supply gets across the sea.",
}

AXIS_BRIEFING = (
    "You start at El Agheila with one German division, the remnants of the Italian army and "
    "a general who will not wait. The British in Cyrenaica are weak and spread out: strike "
    "before their reinforcements from the Delta arrive, and race for Tobruk, Bardia and the "
    "frontier. Every fortnight you must trace supply along the coast road from Tripoli or "
    "from captured towns; the further east you go, the thinner it gets, and a 'Convoys Sunk' "
    "card can leave your whole army without supply for a turn until Malta is bombed into "
    "silence. Your lorries cannot use the British railway. Tobruk is a fortress: put two "
    "combat units and Navarini's artillery around it and roll every turn, or storm it when "
    "the odds are good. You win outright with Alexandria and Suez, or if unrest in Egypt "
    "reaches 12; otherwise you need more VP than the Allies at the end."
)

ALLIED_BRIEFING = (
    "Your veterans are in Greece and the desert army is a shell. Do not fight for Cyrenaica "
    "at any price: fall back on Tobruk and the frontier, keep the fortress garrisoned (every "
    "other turn it holds out under siege is worth a VP, and the Australians inside can call "
    "off a siege once), and let the reinforcements pile up in the Delta. The railway from "
    "Alexandria is yours alone and moves whole divisions to the front in one phase. From "
    "late 1941 you outnumber the Axis: go west, relieve Tobruk, and take Benghazi again. "
    "Taking Tripoli wins at once. Watch Egypt: every Axis gain there raises unrest, and at "
    "12 the game is lost."
)

# -- assembly -------------------------------------------------------------------------------------


def scenario() -> Json:
    tiling = geo.build_tiling()
    region_data = regions(tiling)
    sides = [dict(s) for s in SIDES]
    sides[0]["briefing"] = AXIS_BRIEFING
    sides[1]["briefing"] = ALLIED_BRIEFING
    sides[1]["start_vp"] = 12
    return {
        "schema_version": SCHEMA_VERSION,
        "info": INFO,
        "calendar": {
            "start_date": START.isoformat(),
            "turns": TURNS,
            "turn_length_days": TURN_DAYS,
            "turn_order": [AXIS, ALLIES],
        },
        "rules": RULES,
        "map": {"orientation": "north", "units_per_km": 1.0},
        "terrain": TERRAIN,
        "connection_types": CONNECTION_TYPES,
        "theatres": THEATRES,
        "areas": AREAS,
        "regions": region_data,
        "connections": connections(tiling, region_data),
        "structures": anchor_structures(STRUCTURES, tiling),
        "supply_sources": SUPPLY_SOURCES,
        "sides": sides,
        "nations": NATIONS,
        "tension": TENSION,
        "unit_types": UNIT_TYPES,
        "units": UNITS,
        "leaders": LEADERS,
        "cards": AXIS_CARDS + ALLIED_CARDS,
        "events": EVENTS,
        "reinforcements": REINFORCEMENTS,
        "replacements": REPLACEMENTS,
        "victory": VICTORY,
    }


def main() -> int:
    built = Scenario.model_validate(scenario())
    save(built, OUT)
    issues = load_file(OUT).issues
    for issue in issues:
        print(issue)
    print(f"{OUT.relative_to(ROOT)}: {len(issues)} issue(s)")
    return 1 if issues else 0


if __name__ == "__main__":
    raise SystemExit(main())
