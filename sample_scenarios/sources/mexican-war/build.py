"""Build the Mexican-American War sample, ``sample_scenarios/mexican-war.json``.

Run from the repository root: ``.venv/bin/python sample_scenarios/sources/mexican-war/build.py``.
The map comes from ``geography.py``; everything else (tables, places, sides, forces, decks,
schedules, victory) is written out here as plain data, validated, and saved canonically, so
the JSON file is always the output of this script and never edited by hand.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path[:0] = [str(HERE), str(ROOT)]

import geography  # noqa: E402
from decks import cards, events  # noqa: E402
from forces import forces  # noqa: E402

from schemas.io import save  # noqa: E402
from schemas.scenario import SCHEMA_VERSION, Scenario  # noqa: E402
from schemas.validation import validate_scenario  # noqa: E402

OUT = ROOT / "sample_scenarios" / "mexican-war.json"

Json = dict[str, Any]

# -- tables ---------------------------------------------------------------------------------------

# The theatre's own terrain table (rulebook section 4.2, the 1846-48 game): costs, stacking,
# combat modifiers and forage are the rulebook's numbers. "Cavalry superiority" is the engine's
# armour superiority: cavalry types carry the armour role, and terrain that forbids the bonus
# has armour_superiority false.
TERRAIN: list[Json] = [
    {"id": "clear", "name": "Clear", "color": "#dcd9a4", "stacking": 24, "forage": 12,
     "description": "Open, farmed country around the towns; the best ground for horsemen."},
    {"id": "prairie", "name": "Prairie", "color": "#cddb98", "stacking": 24, "forage": 6,
     "description": "Grassland of the Texas coastal plain."},
    {"id": "steppes", "name": "Steppes", "color": "#dccf97", "stacking": 24, "forage": 6,
     "description": "Dry scrub and chaparral of the Rio Grande country and the plateau."},
    {"id": "desert", "name": "Desert", "color": "#eadcb2", "stacking": 16, "supply": "with_trail",
     "forage": 0, "forage_with_trail": 2,
     "description": "Waterless country: supply only follows the few tracks and wells."},
    {"id": "forest", "name": "Forest", "color": "#93bb7d", "stacking": 24,
     "armour_superiority": False, "pursuit": "none", "breakthrough": "none", "forage": 10,
     "description": "Woods and thorn forest where mounted charges break up."},
    {"id": "deep-forest", "name": "Deep forest", "color": "#6f9f62", "movement_cost": 2,
     "stacking": 12, "attacker_modifier": -1, "armour_superiority": False, "pursuit": "none",
     "breakthrough": "none", "forage": 2,
     "description": "Unbroken woodland (kept in the table for modders; no region uses it)."},
    {"id": "hills", "name": "Hills", "color": "#c2ab80", "movement_cost": 2, "stacking": 16,
     "attacker_modifier": -1, "armour_superiority": False, "pursuit": "none",
     "breakthrough": "none", "forage": 12,
     "description": "Broken, well-watered upland with farms in the valleys."},
    {"id": "mountain", "name": "Mountain", "color": "#a88f73", "movement_cost": 2,
     "stacking": 12, "attacker_modifier": -1, "defender_modifier": 1,
     "defender_morale_modifier": 1, "armour_superiority": False, "pursuit": "none",
     "breakthrough": "none", "forage": 6,
     "description": "The Sierras: passes a small force can hold against a large one."},
    {"id": "jungle", "name": "Jungle", "color": "#67a060", "movement_cost": 4, "stacking": 8,
     "attacker_modifier": -1, "defender_modifier": 1, "armour_superiority": False,
     "pursuit": "none", "breakthrough": "none", "forage": 6,
     "description": "Hot, fever-ridden tropical lowland."},
    {"id": "marsh", "name": "Marsh", "color": "#9cc2b0", "movement_cost": 2, "stacking": 12,
     "attacker_modifier": -1, "defender_modifier": 1, "defender_morale_modifier": 1,
     "armour_superiority": False, "pursuit": "none", "breakthrough": "none", "forage": 6,
     "description": "Coastal swamps, lagoons and bayous."},
    {"id": "island", "name": "Island", "color": "#d6cc96", "movement_cost": 2, "stacking": 8,
     "attacker_modifier": -1, "pursuit": "none", "breakthrough": "none", "forage": 6,
     "description": "A small island or sandbar off the coast."},
    {"id": "river", "name": "Navigable river", "color": "#5d94d6", "domain": "sea",
     "supply": "never",
     "description": "A river deep enough for steamboats; land units only cross at ferries."},
    {"id": "coastal-waters", "name": "Coastal waters", "color": "#a4cbec", "domain": "sea",
     "supply": "never", "description": "Shallow water along the shore."},
    {"id": "high-seas", "name": "High seas", "color": "#79a8d8", "domain": "sea",
     "movement_cost": 2, "supply": "never", "description": "Open water of the Gulf."},
    {"id": "ocean", "name": "Ocean", "color": "#5080b8", "domain": "sea", "movement_cost": 4,
     "supply": "never", "description": "The Atlantic beyond the Florida Straits."},
    {"id": "lake", "name": "Lake", "color": "#90bce6", "domain": "sea", "supply": "never",
     "description": "The lakes of the Valley of Mexico and Lake Chapala: water like the "
     "coast, but no ship of this war reaches them."},
]  # fmt: skip

CONNECTION_TYPES: list[Json] = [
    {"id": "land", "name": "Land", "color": "#606060"},
    {"id": "sea", "name": "Sea", "color": "#3a6ea5", "domain": "sea"},
    {"id": "river", "name": "River ford", "color": "#2f6fc0", "movement_cost": 1,
     "defender_modifier": 1,
     "description": "A river that can be forded almost anywhere (the Nueces, the upper Rio "
     "Grande)."},
    {"id": "ferry", "name": "Ferry", "color": "#1d4f9a", "movement_cost": 2,
     "bridge_movement_cost": 1, "needs_bridge": True, "defender_modifier": 2, "adjacent": False,
     "description": "A ferry across the navigable Rio Grande; without its boats nobody crosses."},
    {"id": "beach", "name": "Landing beach", "color": "#b03a2e", "only_from_sea": True,
     "uses_all_movement": True, "defender_modifier": 2, "adjacent": False,
     "description": "Surf boats carry troops from the anchorage to the beach at Collado: only "
     "troops aboard ships cross it, and the landing takes the whole move."},
    {"id": "sea-lane", "name": "Sea lane", "color": "#3a6ea5", "domain": "sea",
     "adjacent": False,
     "description": "The passage from the Isla de Lobos anchorage to the Huasteca coast."},
]  # fmt: skip

# -- the calendar and the rules -------------------------------------------------------------------

START = "1846-05-02"
TURNS = 36
PHASES = [
    "turn_summary", "events", "cards", "reinforcements", "supply", "naval_movement",
    "land_movement", "battles",
    "sieges", "replacements", "end_of_turn",
]  # fmt: skip

RULES: Json = {
    "supply": {
        "range": 3,
        "stages": [
            # Armies of the 1840s lived off the country more than modern ones: the first
            # fortnight out of supply costs morale only, and artillery is never abandoned.
            {"turns": 1, "morale": -1, "survival_multiplier": 3},
            {"turns": 2, "movement": -1, "attack": -1, "morale": -1, "survival_multiplier": 2},
            {"turns": 3, "movement": -1, "attack": -1, "defence": -1, "morale": -2,
             "survival_multiplier": 2},
        ],
    },
    "cards": {"draw_per_turn": 1, "hand_limit": 6},
    "victory": {"victory_level": None},
    # Ships sail in a naval phase of their own, and Scott's army boards its transports at
    # Lobos and lands over the beach at Collado (docs/rules.md, naval movement and transport).
    "naval": {"enabled": True},
    "transport": {"sea": True, "landings": True},
}  # fmt: skip


def main() -> None:
    data = assemble()
    scenario = Scenario.model_validate(data)
    issues = validate_scenario(scenario)
    for issue in issues:
        print(f"{issue.severity}: [{issue.code}] {issue.path} ({issue.entity}): {issue.message}")
    save(scenario, OUT)
    print(f"wrote {OUT.relative_to(ROOT)}: {len(scenario.regions)} regions, {len(issues)} issues")


def assemble() -> Json:
    from mapping import map_sections

    sections = map_sections()
    side_data = forces()
    return {
        "schema_version": SCHEMA_VERSION,
        "info": INFO,
        "calendar": {
            "start_date": START,
            "turns": TURNS,
            "turn_length_days": 14,
            "turn_order": ["usa", "mexico"],
            "phases": [{"phase": p} for p in PHASES],
        },
        "rules": RULES,
        "map": {"orientation": "north", "units_per_km": round(geography.UNITS_PER_KM, 4)},
        "terrain": TERRAIN,
        "connection_types": CONNECTION_TYPES,
        **sections,
        **side_data,
        "cards": cards(),
        "events": events(),
    }


INFO: Json = {
    "title": "From the Rio Grande to the Halls of Mexico, 1846-47",
    "author": "Salient sample scenarios",
    "version": "1",
    "playing_time": "3 to 4 hours",
    "description": (
        "May 1846. A small American army stands on the Rio Grande opposite Matamoros, in the "
        "strip of land that both republics claim, and Mexico's Army of the North is crossing "
        "to drive it back across the Nueces. Over the next eighteen months the United States "
        "tries to force a peace: Taylor pushes into the north-eastern states, columns cross "
        "the deserts of Coahuila and Chihuahua, and a second army lands at Veracruz to march "
        "up the National Road to the capital. Mexico has more men, better horsemen and strong "
        "cities; the United States has better guns, the sea and time running against it. "
        "Fortnightly turns, May 1846 to October 1847."
    ),
}


if __name__ == "__main__":
    main()
