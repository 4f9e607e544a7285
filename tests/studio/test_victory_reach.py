"""W1: a victory level that no VP of the scenario can reach is worth a warning (issue 10).

The test scenario is the small grid of ``tests.factory``: each side can score 1 VP (Blue's
Rally card, red and in one copy, and the event that reports it, which gives Red one). Each
test changes one source of VP and checks the warning ``victory-level-unreachable`` at the
level's JSON pointer.
"""

from __future__ import annotations

import json
from typing import Any

from schemas import load_text
from schemas.validation.index import ScenarioIndex
from schemas.validation.victory import vp_reach
from tests.factory import base, find

POINTER = "/rules/victory/victory_level"


def _warnings(raw: dict[str, Any]) -> list[Any]:
    result = load_text(json.dumps(raw))
    assert result.scenario is not None, result.issues
    return [issue for issue in result.issues if issue.code == "victory-level-unreachable"]


def _with_level(level: int | None) -> dict[str, Any]:
    raw = base()
    raw["rules"] = {"victory": {"victory_level": level}}
    return raw


def test_w1_a_level_above_every_vp_of_the_scenario_is_flagged_at_the_level() -> None:
    (issue,) = _warnings(_with_level(5))
    assert issue.severity == "warning" and issue.path == POINTER
    assert "victory level of 5 VP" in issue.message and "the most is 1, for Red" in issue.message


def test_w1_a_level_some_side_can_reach_and_no_level_at_all_are_quiet() -> None:
    assert _warnings(_with_level(1)) == []
    assert _warnings(_with_level(None)) == []
    assert _warnings(_with_level(2))


def test_w1_places_count_their_capture_vp_once_and_not_what_is_held_at_the_end() -> None:
    raw = _with_level(11)
    find(raw["regions"], "e2")["values"] = {"red": {"capture": 6, "hold_at_end": 20}}
    find(raw["regions"], "e3")["values"] = {"red": {"capture": 3}}
    assert _warnings(raw), "1 + 6 + 3 = 10 VP: holdings count only once the game is over"
    find(raw["regions"], "c3")["values"] = {"red": {"capture": 1}}
    assert _warnings(raw) == []


def test_w1_destroyed_units_score_for_the_sides_their_values_name() -> None:
    raw = _with_level(8)
    find(raw["unit_types"], "inf")["destroyed_vp"] = {"@enemy": 3}
    scenario = load_text(json.dumps(raw)).scenario
    reach = vp_reach(ScenarioIndex(scenario), "blue")
    assert reach["units destroyed"] == 6  # Red's two infantry, destroyed by Blue
    assert vp_reach(ScenarioIndex(scenario), "red")["units destroyed"] == 6  # Blue's two
    assert _warnings(raw)  # 1 + 6 = 7 for each side
    find(raw["unit_types"], "inf")["destroyed_vp"] = {"@enemy": 4}
    assert _warnings(raw) == []


def test_w1_a_card_that_comes_back_scores_without_limit_and_a_red_one_per_copy() -> None:
    raw = _with_level(30)
    rally = find(raw["cards"], "rally")
    rally["copies"] = 3
    rally["effects"][0]["amount"] = 9
    assert _warnings(raw), "a red card leaves the game: 3 copies of 9 VP for Blue"
    rally["color"] = "black"  # back under the deck after play: it can be played again
    assert _warnings(raw) == []


def test_w1_a_repeating_event_scores_without_limit() -> None:
    raw = _with_level(30)
    event = find(raw["events"], "rallied-news")
    assert _warnings(raw)
    event["repeat"] = True
    assert _warnings(raw) == []


def test_w1_every_branch_of_a_choice_counts_and_losses_are_not_subtracted() -> None:
    raw = _with_level(7)
    find(raw["cards"], "rally")["effects"] = [
        {
            "kind": "choice",
            "options": [
                {"label": "Press", "effects": [{"kind": "vp", "amount": 7}]},
                {"label": "Hold", "effects": [{"kind": "vp", "amount": -5}]},
            ],
        }
    ]
    assert _warnings(raw) == [], "Blue's card can give it 7"
