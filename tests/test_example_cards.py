"""The twelve example cards of the rulebook (000, section 7.3) expressed as data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from schemas import dumps, load_text
from schemas.effects import Conditional, Immobilize, Modify, MoveUnits
from tests.factory import base

CARDS = json.loads((Path(__file__).parent / "data" / "example_cards.json").read_text())


def scenario_with_example_cards() -> dict[str, Any]:
    """The test grid turned into a small theatre where every example card makes sense."""
    raw = base()
    raw["sides"] = [
        {"id": "axis", "name": "Axis", "color": "#606060"},
        {"id": "allies", "name": "Allies", "color": "#a04040"},
    ]
    raw["calendar"]["turn_order"] = ["axis", "allies"]
    raw["calendar"]["turns"] = 20
    for nation in raw["nations"]:
        nation["side"] = {"redland": "axis"}.get(nation["id"], "allies")
    raw["nations"] += [
        {
            "id": "germany",
            "name": "Germany",
            "side": "axis",
            "parent": "redland",
            "color_dark": "#404040",
            "color_light": "#c0c0c0",
        },
        {
            "id": "japan",
            "name": "Japan",
            "side": "axis",
            "parent": "redland",
            "color_dark": "#a08020",
            "color_light": "#f0e0a0",
        },
        {
            "id": "us",
            "name": "United States",
            "side": "allies",
            "parent": "blueland",
            "color_dark": "#305020",
            "color_light": "#c0e0b0",
        },
        {
            "id": "soviet",
            "name": "Soviet Union",
            "side": "allies",
            "parent": "blueland",
            "color_dark": "#902020",
            "color_light": "#f0b0b0",
        },
    ]
    raw["areas"] = [{"id": "sicily", "name": "Sicily"}, {"id": "tunisia", "name": "Tunisia"}]
    for region in raw["regions"]:
        if "area" in region:
            region["area"] = "sicily" if region["id"].startswith("w") else "tunisia"
    raw["supply_sources"][0]["sides"] = ["axis"]
    raw["supply_sources"][1]["sides"] = ["allies"]
    raw["unit_types"].append(
        {
            "id": "heavy-tank",
            "name": "Heavy tanks",
            "attack": 7,
            "defence": 6,
            "morale": 6,
            "movement": 4,
            "hit_points": 4,
            "stacking": 2,
            "roles": ["armour"],
            "tags": ["tiger"],
        }
    )
    raw["leaders"] += [
        {
            "id": "rommel",
            "name": "Rommel",
            "nation": "germany",
            "rank": 3,
            "location": {"region": "w1"},
        },
        {"id": "von-arnim", "name": "Von Arnim", "nation": "germany", "rank": 3},
    ]
    raw["reinforcements"][0].update(side="axis", to={"areas": ["sicily"]})
    raw["reinforcements"].append(
        {
            "id": "von-arnim-takes-over",
            "side": "axis",
            "leaders": ["von-arnim"],
            "to": {"areas": ["tunisia"]},
        }
    )
    raw["replacements"][0]["side"] = "axis"
    raw["victory"]["sudden_death"][0]["side"] = "axis"
    raw["events"] = [
        {
            "id": "east-landing-news",
            "title": "Landing in the east",
            "condition": {"kind": "flag", "flag": "landing-east"},
            "text": "Troops come ashore.",
        }
    ]
    raw["tension"]["benefits"] = "allies"
    raw["cards"] = CARDS
    return raw


def test_twelve_cards() -> None:
    names = [card["name"] for card in CARDS]
    assert names == [
        "Air Bridge",
        "Fast Move",
        "Tigers",
        "US Unprepared",
        "Von Arnim",
        "Spies",
        "Banzai!",
        "Saboteurs Fear",
        "Plans",
        "East Landing",
        "Stalin commands",
        "T26",
    ]


def test_example_cards_load_with_only_the_self_feeding_warning() -> None:
    """The cards load cleanly but for one warning: in this two-card Allied deck, Stalin
    commands (a black card that draws a card) can draw itself back (E2)."""
    result = load_text(json.dumps(scenario_with_example_cards()))
    assert result.ok, [str(i) for i in result.issues]
    assert [(i.code, i.entity) for i in result.issues] == [("card-self-feeding", "stalin-commands")]
    assert result.scenario is not None
    assert len(result.scenario.cards) == 12


def test_example_cards_survive_a_round_trip() -> None:
    result = load_text(json.dumps(scenario_with_example_cards()))
    assert result.scenario is not None
    text = dumps(result.scenario)
    again = load_text(text)
    assert again.scenario == result.scenario
    assert dumps(again.scenario) == text


def test_air_bridge_reads_as_designed() -> None:
    result = load_text(json.dumps(scenario_with_example_cards()))
    assert result.scenario is not None
    card = next(c for c in result.scenario.cards if c.id == "air-bridge")
    move, cost, maybe = card.effects
    assert isinstance(move, MoveUnits) and move.immobile_turns == 1
    assert move.select.count == 1 and move.to.areas == ["tunisia"]
    assert (cost.kind, cost.amount) == ("vp", -1)
    assert isinstance(maybe, Conditional) and isinstance(maybe.then[0], Immobilize)
    assert maybe.then[0].select.pick == "random"


def test_t26_is_a_first_round_combat_bonus() -> None:
    result = load_text(json.dumps(scenario_with_example_cards()))
    assert result.scenario is not None
    (effect,) = next(c for c in result.scenario.cards if c.id == "t26").effects
    assert isinstance(effect, Modify)
    assert (effect.stat, effect.amount, effect.rounds) == ("combat", 1, ["first"])


def test_a_card_that_tests_a_battle_outside_battles_is_refused() -> None:
    raw = scenario_with_example_cards()
    tigers = next(c for c in raw["cards"] if c["id"] == "tigers")
    tigers["phases"] = ["cards"]
    codes = {(i.code, i.entity) for i in load_text(json.dumps(raw)).issues}
    assert ("condition-never-true", "tigers") in codes
    assert ("effect-context", "tigers") in codes
