"""The tables the operational family adds to be played (``rules.operational.after_combat``,
``victory``, ``turns``): their defaults are the checklist's numbers, and bad victory
locations are reported where the file names them."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from schemas.io import load_text
from schemas.operational.play import OpVictoryRules, TurnRules
from schemas.operational.rules import OperationalRules
from tests.operational.scenarios import skirmish


def test_ov4_the_kill_table_defaults_are_the_checklists() -> None:
    rules = OperationalRules()
    by = {c: row.vp for row in rules.victory.kills for c in row.categories}
    assert [by["armour"][q] for q in ("conscript", "green", "regular", "veteran", "elite")] == [
        1,
        1,
        1,
        2,
        3,
    ]
    assert by["artillery"]["veteran"] == 3 and by["combat_engineer"]["green"] == 2
    assert [by["hq"][q] for q in ("conscript", "green", "regular", "veteran", "elite")] == [
        3,
        4,
        5,
        6,
        7,
    ]


def test_ow1_ot4_weather_and_day_defaults() -> None:
    turns = TurnRules()
    assert turns.pattern == ["day", "day", "day", "night"]  # Sep-Oct: 3 day + 1 night
    assert (turns.effects["mud"].movement, turns.effects["mud"].recovery) == (0.5, 0.5)
    assert (turns.effects["frozen"].movement, turns.effects["frozen"].recovery) == (0.75, 0.5)
    assert turns.supply == "basic"


def test_ov4_a_category_in_two_kill_rows_is_refused() -> None:
    with pytest.raises(ValidationError, match="two rows"):
        OpVictoryRules.model_validate(
            {
                "kills": [
                    {"categories": ["armour"], "vp": {"regular": 1}},
                    {"categories": ["armour"], "vp": {"regular": 2}},
                ]
            }
        )


def test_ov2_a_location_off_the_map_or_for_no_side_is_reported_where_it_is() -> None:
    b = skirmish()
    b.table("victory", locations=[{"hex": "c99r1", "per_turn": {"red": 1, "green": 2}}])
    found = [(i.code, i.path) for i in load_text(json.dumps(b.raw)).issues if i.is_error]
    assert found == [
        ("operational-location-unknown", "/rules/operational/victory/locations/0/hex"),
        ("operational-location-unknown", "/rules/operational/victory/locations/0/per_turn/green"),
    ]
