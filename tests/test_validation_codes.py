"""One broken fixture per validation code: each breaks the valid base in one way and checks
that the right code is reported at the right JSON pointer."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from schemas import CODES, load_text
from schemas.io import load_file, unreadable
from tests.factory import base, find, index_of, square
from tests.operational.test_command_format import COMMAND_CASES
from tests.operational.test_zones import ZONE_CASES
from tests.test_hex_validation import HEX_CASES

Raw = dict[str, Any]


def text_of(raw: Raw) -> str:
    return json.dumps(raw)


def _dup_unit(raw: Raw) -> None:
    raw["units"].append(dict(raw["units"][0]))


def _too_few_points(raw: Raw) -> None:
    raw["regions"][0]["polygon"] = {"exterior": [[0, 0], [100, 0], [0, 0]]}


def _bow_tie(raw: Raw) -> None:
    raw["regions"][0]["polygon"] = {"exterior": [[0, 0], [100, 100], [100, 0], [0, 100]]}


def _flat(raw: Raw) -> None:
    raw["regions"][0]["polygon"] = {"exterior": [[0, 0], [50, 0], [100, 0]]}


def _hole_outside(raw: Raw) -> None:
    raw["regions"][0]["polygon"]["holes"] = [[[500, 500], [510, 500], [510, 510]]]


def _overlap(raw: Raw) -> None:
    find(raw["regions"], "c1")["polygon"] = square(90, 0)


def _gap(raw: Raw) -> None:
    find(raw["regions"], "c2")["polygon"] = square(110, 110, 80, 80)


def _anchor_outside(raw: Raw) -> None:
    raw["regions"][0]["anchors"] = {"label": [500, 500]}


def _not_touching(raw: Raw) -> None:
    raw["connections"].append({"id": "w1-e1", "a": "w1", "b": "e1"})


def _duplicate_connection(raw: Raw) -> None:
    raw["connections"].append({"id": "again", "a": "c1", "b": "w1"})


def _wrong_domain(raw: Raw) -> None:
    raw["connections"][0]["type"] = "sea"


def _isolated(raw: Raw) -> None:
    raw["regions"].append(
        {"id": "island", "name": "Island", "terrain": "clear", "polygon": square(1000, 1000)}
    )


def _side_without_nations(raw: Raw) -> None:
    raw["sides"].append({"id": "green", "name": "Green", "color": "#30a030"})
    raw["calendar"]["turn_order"].append("green")


def _two_mains(raw: Raw) -> None:
    find(raw["nations"], "blue-air")["main"] = True


def _parent_on_other_side(raw: Raw) -> None:
    find(raw["nations"], "blue-air")["parent"] = "redland"


def _turn_order(raw: Raw) -> None:
    raw["calendar"]["turn_order"].append("red")


def _phase_order(raw: Raw) -> None:
    raw["calendar"]["phases"] = [{"phase": "battles"}, {"phase": "land_movement"}]


def _wego_battle_card(raw: Raw) -> None:
    # A WEGO execution opens no battle card window: a battle-only card never comes into play.
    raw["calendar"]["turn_system"] = "wego"
    for card in raw["cards"]:
        card["phases"] = ["cards"]
    raw["cards"][0]["phases"] = ["battle", "land_movement"]


def _wego_settings_in_igougo(raw: Raw) -> None:
    raw["calendar"]["wego"] = {"tick_mp": 2}


def _operational_on_regions(raw: Raw) -> None:
    raw.setdefault("rules", {})["family"] = "operational"


def _results_out_of_order(raw: Raw) -> None:
    # A hex map is not needed to check the table; the cell at 1:4, die 2 now gives the
    # defender less damage than at 1:5.
    rows = [[{"attacker": 10, "defender": 10}] * 3 for _ in range(6)]
    rows[1][1] = {"attacker": 10, "defender": 5}
    results = {"columns": [0.2, 0.25, 1.0], "rows": rows}
    raw["rules"] = {"family": "operational", "operational": {"combat": {"results": results}}}


def _operational_tables_in_area(raw: Raw) -> None:
    raw.setdefault("rules", {})["operational"] = {}


def _turn_without_phases(raw: Raw) -> None:
    # Nothing is played on turn 1: the engine would have no phase to open.
    raw["calendar"]["phases"] = [{"phase": "events", "turns": {"from_turn": 2}}]


def _late_reinforcement(raw: Raw) -> None:
    raw["reinforcements"][0]["turn"] = 9


def _infantry_at_sea(raw: Raw) -> None:
    raw["units"][0]["location"] = {"region": "sea"}


def _overstacked(raw: Raw) -> None:
    for n in range(5):
        raw["units"].append(
            {"id": f"extra-{n}", "type": "inf", "nation": "redland", "location": {"region": "w2"}}
        )


def _too_strong(raw: Raw) -> None:
    raw["units"][0]["strength"] = 9


def _never_arrives(raw: Raw) -> None:
    raw["reinforcements"][0]["units"] = []


def _placed_and_scheduled(raw: Raw) -> None:
    find(raw["units"], "red-inf-2")["location"] = {"region": "w1"}


def _source_at_sea(raw: Raw) -> None:
    raw["supply_sources"][0]["region"] = "sea"


def _reinforce_at_sea(raw: Raw) -> None:
    raw["reinforcements"][0]["to"] = {"regions": ["sea"]}


def _landlocked_port(raw: Raw) -> None:
    harbour = find(raw["structures"], "harbour")
    harbour["region"] = "w1"
    del harbour["sea_region"]


def _no_cards_phase(raw: Raw) -> None:
    from schemas.calendar import PHASE_ORDER

    raw["calendar"]["phases"] = [{"phase": p} for p in PHASE_ORDER if p != "cards"]


def _naval_rules_without_their_phase(raw: Raw) -> None:
    raw.setdefault("rules", {})["naval"] = {"enabled": True}
    raw["calendar"]["phases"] = [{"phase": "land_movement"}]


def _land_transport(raw: Raw) -> None:
    raw["unit_types"][0]["transport_capacity"] = 2


def _grounded_paratroops(raw: Raw) -> None:
    raw["unit_types"][0]["roles"] = ["paratroop"]


def _aboard_a_foot_soldier(raw: Raw) -> None:
    # The second unit is no ship: nobody can start aboard it.
    raw["units"][0]["location"] = {"aboard": raw["units"][1]["id"]}


def _empty_turn_window(raw: Raw) -> None:
    find(raw["cards"], "push")["condition"] = {"kind": "turn", "from_turn": 5, "to_turn": 2}


def _reroll_outside_battle(raw: Raw) -> None:
    find(raw["cards"], "rally")["effects"].append({"kind": "reroll", "select": {"count": 2}})


def _structure_at_sea(raw: Raw) -> None:
    find(raw["structures"], "harbour")["region"] = "sea"


def _capital_without_airport(raw: Raw) -> None:
    find(raw["nations"], "redland")["capitals"] = {"air": "w1"}


def _reinforcement_without_turn(raw: Raw) -> None:
    raw["reinforcements"][0]["turn"] = None


def _card_out_of_deck(raw: Raw) -> None:
    find(raw["cards"], "rally")["in_deck"] = False


def _self_feeding_card(raw: Raw) -> None:
    rally = find(raw["cards"], "rally")
    rally["color"] = "black"
    rally["effects"].append({"kind": "draw_cards", "count": 2})


def _event_never_set_off(raw: Raw) -> None:
    find(raw["events"], "rain")["automatic"] = False


def _no_tension_index(raw: Raw) -> None:
    del raw["tension"]


# (code, how to break the base, pointer expected in the report)
def _level_out_of_reach(raw: Raw) -> None:
    raw["rules"] = {"victory": {"victory_level": 50}}  # red can score 2 VP, blue none


SEMANTIC_CASES: list[tuple[str, Callable[[Raw], None], str]] = [
    ("duplicate-id", _dup_unit, "/units/7/id"),
    ("unknown-reference", lambda r: r["units"][0].update(type="infantry"), "/units/0/type"),
    ("polygon-too-few-points", _too_few_points, "/regions/0/polygon/exterior"),
    ("polygon-self-intersection", _bow_tie, "/regions/0/polygon"),
    ("polygon-zero-area", _flat, "/regions/0/polygon/exterior"),
    ("polygon-invalid", _hole_outside, "/regions/0/polygon"),
    ("region-overlap", _overlap, "/regions/0/polygon"),
    ("coverage-gap", _gap, "/regions/4/polygon"),
    ("anchor-outside-region", _anchor_outside, "/regions/0/anchors/label"),
    ("connection-not-touching", _not_touching, "/connections/15"),
    ("connection-duplicate", _duplicate_connection, "/connections/15"),
    ("connection-domain", _wrong_domain, "/connections/0/type"),
    ("region-isolated", _isolated, "/regions/10"),
    ("side-without-nations", _side_without_nations, "/sides/2"),
    ("side-main-nation", _two_mains, "/sides/1"),
    ("nation-hierarchy", _parent_on_other_side, "/nations/2/parent"),
    ("turn-order", _turn_order, "/calendar/turn_order/2"),
    ("phase-order", _phase_order, "/calendar/phases/1"),
    ("wego-unplayed", _wego_battle_card, "/cards/0/phases"),
    ("wego-settings-unused", _wego_settings_in_igougo, "/calendar/wego"),
    ("operational-needs-hex-map", _operational_on_regions, "/rules/family"),
    ("operational-needs-wego", _operational_on_regions, "/calendar/turn_system"),
    ("operational-type-missing", _operational_on_regions, "/unit_types/0"),
    ("operational-unused", _operational_tables_in_area, "/rules/operational"),
    (
        "operational-results-order",
        _results_out_of_order,
        "/rules/operational/combat/results/rows/1/1/defender",
    ),
    ("turn-without-phases", _turn_without_phases, "/calendar/phases"),
    ("naval-phase-missing", _naval_rules_without_their_phase, "/calendar/phases"),
    ("transport-capacity-ignored", _land_transport, "/unit_types/0/transport_capacity"),
    ("paratroops-grounded", _grounded_paratroops, "/unit_types/0/roles"),
    ("unit-aboard-invalid", _aboard_a_foot_soldier, "/units/0/location/aboard"),
    ("turn-out-of-range", _late_reinforcement, "/reinforcements/0/turn"),
    ("unit-impassable-location", _infantry_at_sea, "/units/0/location"),
    ("start-overstacked", _overstacked, "/units/0/location"),
    ("unit-strength", _too_strong, "/units/0/strength"),
    ("unit-not-deployed", _never_arrives, "/units/6"),
    ("unit-double-arrival", _placed_and_scheduled, "/units/6/location"),
    ("supply-source-unreachable", _source_at_sea, "/supply_sources/0/region"),
    ("reinforcement-unplayable", _reinforce_at_sea, "/reinforcements/0/to/regions/0"),
    ("port-without-sea", _landlocked_port, "/structures/1/port"),
    ("structure-unplayable", _structure_at_sea, "/structures/1/region"),
    ("capital-unsuitable", _capital_without_airport, "/nations/0/capitals/air"),
    ("reinforcement-never-arrives", _reinforcement_without_turn, "/reinforcements/0/turn"),
    ("card-never-in-deck", _card_out_of_deck, "/cards/1/in_deck"),
    ("card-self-feeding", _self_feeding_card, "/cards/1/effects/2"),
    ("event-never-fires", _event_never_set_off, "/events/0/automatic"),
    ("tension-without-index", _no_tension_index, "/events/0/effects/0"),
    ("victory-level-unreachable", _level_out_of_reach, "/rules/victory/victory_level"),
    ("card-phase-never", _no_cards_phase, "/cards/1/phases/0"),
    ("condition-never-true", _empty_turn_window, "/cards/0/condition"),
    ("effect-context", _reroll_outside_battle, "/cards/1/effects/2"),
]

LOAD_CASES: list[tuple[str, bytes, str]] = [
    ("file-encoding", b'{"info": "caf\xe9"}', ""),
    ("json-syntax", b'{"schema_version": 1,,}', ""),
    ("json-not-object", b"[1, 2, 3]", ""),
    ("schema-version-missing", b'{"info": {"title": "x"}}', "/schema_version"),
    ("schema-version-newer", b'{"schema_version": 99}', "/schema_version"),
    ("schema-version-invalid", b'{"schema_version": "one"}', "/schema_version"),
    ("json-number-too-long", b'{"schema_version": 1, "turns": ' + b"9" * 5000 + b"}", "/turns"),
]


def test_base_is_clean() -> None:
    result = load_text(text_of(base()))
    assert result.ok
    assert result.issues == []


@pytest.mark.parametrize(("code", "breakage", "path"), SEMANTIC_CASES, ids=lambda c: c)
def test_semantic_code(code: str, breakage: Callable[[Raw], None], path: str) -> None:
    raw = base()
    breakage(raw)
    result = load_text(text_of(raw))
    assert result.scenario is not None, [str(i) for i in result.issues]
    found = [(i.code, i.path) for i in result.issues]
    assert (code, path) in found, found
    issue = next(i for i in result.issues if (i.code, i.path) == (code, path))
    assert issue.severity == CODES[code].severity
    assert issue.message


@pytest.mark.parametrize(("code", "data", "path"), LOAD_CASES, ids=lambda c: c)
def test_load_code(code: str, data: bytes, path: str) -> None:
    result = load_text(data)
    assert result.scenario is None
    assert [(i.code, i.path) for i in result.issues] == [(code, path)]


def test_schema_code_points_at_the_bad_value() -> None:
    raw = base()
    raw["regions"][4]["stacking"] = "many"
    result = load_text(text_of(raw))
    assert result.scenario is None
    assert [(i.code, i.path, i.entity) for i in result.issues] == [
        ("schema", "/regions/4/stacking", "c2")
    ]


def test_duplicate_key_is_reported_where_it_is() -> None:
    text = text_of(base()).replace('"title": "Test grid"', '"title": "A", "title": "B"')
    result = load_text(text, thorough=True)
    assert [(i.code, i.path) for i in result.issues] == [("json-duplicate-key", "/info/title")]
    assert result.scenario is not None
    assert result.scenario.info.title == "B"


def test_half_a_character_is_repaired_and_reported_where_it_is() -> None:
    text = text_of(base()).replace('"title": "Test grid"', '"title": "Test \\ud800grid"')
    result = load_text(text)
    assert [(i.code, i.path) for i in result.issues] == [("text-unpaired-surrogate", "/info/title")]
    assert result.scenario is not None
    assert result.scenario.info.title == "Test \ufffdgrid"
    assert "\\ud800" in result.issues[0].message


def test_every_code_has_a_fixture() -> None:
    covered = {c for c, _, _ in SEMANTIC_CASES} | {c for c, _, _ in LOAD_CASES}
    covered |= {c for c, _, _ in HEX_CASES}  # a hex map's own codes, in test_hex_validation
    covered |= {c for c, _, _ in COMMAND_CASES}  # the operational order of battle's codes
    covered |= {c for c, _, _ in ZONE_CASES}  # setup and fixed zones (OT1, OM20)
    # Operational tables against a hex map: tests/operational/test_family_format.py.
    covered |= {"operational-terrain-missing", "operational-hexside-missing"}
    # Engineering features against a hex map: tests/operational/test_engineers.py.
    covered |= {"operational-breach-missing"}
    # Victory locations on a hex map: tests/operational/test_play_format.py.
    covered |= {"operational-location-unknown"}
    # Night flags that can do nothing: tests/operational/test_night.py.
    covered |= {"operational-night-idle", "operational-ew-idle"}
    covered |= {"schema", "json-duplicate-key", "file-unreadable", "text-unpaired-surrogate"}
    # Image codes need files on disk: tests/test_hostile_files.py and test_files_named.py.
    covered |= {"image-outside-folder", "image-not-a-file", "image-too-large"}
    assert covered == set(CODES)


def test_a_file_that_cannot_be_read_is_one_issue_naming_it(tmp_path: Path) -> None:
    missing = tmp_path / "gone.json"
    with pytest.raises(OSError) as caught:
        load_file(missing)
    issue = unreadable(missing, caught.value)
    assert (issue.code, issue.severity, issue.path) == ("file-unreadable", "error", "")
    assert str(missing) in issue.message


def test_syntax_error_has_line_and_column() -> None:
    result = load_text(b'{\n  "schema_version": 1,\n  "info": {"title": "x",}\n}\n')
    (issue,) = result.issues
    assert (issue.code, issue.line, issue.column) == ("json-syntax", 3, 25)


def test_encoding_error_has_line_and_column() -> None:
    (issue,) = load_text(b'{\n  "x": "\xff"\n}').issues
    assert (issue.code, issue.line, issue.column) == ("file-encoding", 2, 9)


def test_gap_is_located_on_the_map() -> None:
    raw = base()
    _gap(raw)
    (issue,) = [i for i in load_text(text_of(raw)).issues if i.code == "coverage-gap"]
    assert issue.at is not None
    x, y = issue.at
    assert 100 <= x <= 200 and 100 <= y <= 200
    assert "area 3600" in issue.message


def test_reference_suggests_the_closest_id() -> None:
    raw = base()
    raw["units"][0]["type"] = "tanks"
    (issue,) = [i for i in load_text(text_of(raw)).issues if i.code == "unknown-reference"]
    assert "did you mean 'tank'" in issue.message
    assert issue.entity == "red-inf-1"


def test_unknown_field_suggests_the_closest_name() -> None:
    raw = base()
    raw["unit_types"][0]["atack"] = 3
    (issue,) = load_text(text_of(raw)).issues
    assert issue.path == "/unit_types/0/atack"
    assert "did you mean 'attack'" in issue.message
    assert issue.entity == "inf"


def test_effect_error_path_skips_the_union_tag() -> None:
    raw = base()
    find(raw["cards"], "rally")["effects"][0]["amount"] = "lots"
    (issue,) = load_text(text_of(raw)).issues
    assert issue.path == f"/cards/{index_of(raw['cards'], 'rally')}/effects/0/amount"
    assert issue.entity == "rally"


def codes_of(raw: Raw) -> set[tuple[str, str]]:
    return {(i.code, i.path) for i in load_text(text_of(raw)).issues}


def test_beach_joins_sea_and_coast_without_warning() -> None:
    raw = base()
    raw["connections"].append({"id": "landing", "a": "sea", "b": "c3", "type": "beach"})
    raw["connections"] = [c for c in raw["connections"] if c["id"] != "c3-sea"]
    assert codes_of(raw) == set()


def test_beach_between_two_land_regions_is_flagged() -> None:
    raw = base()
    raw["connections"][0]["type"] = "beach"
    assert ("connection-domain", "/connections/0/type") in codes_of(raw)


def test_regions_meeting_at_a_corner_are_not_neighbours() -> None:
    raw = base()
    raw["connections"].append({"id": "diagonal", "a": "w1", "b": "c2"})
    (issue,) = load_text(text_of(raw)).issues
    assert issue.code == "connection-not-touching"
    assert "only meet at a corner" in issue.message


def test_air_cards_play_in_either_air_phase() -> None:
    from schemas.calendar import PHASE_ORDER

    raw = base()
    raw["calendar"]["phases"] = [{"phase": p} for p in PHASE_ORDER if p != "air_offensive"]
    find(raw["cards"], "rally")["phases"] = ["air"]
    assert codes_of(raw) == set()


def test_enemy_turn_condition_needs_a_fight() -> None:
    raw = base()
    find(raw["cards"], "rally")["condition"] = {"kind": "active_side", "side": "@enemy"}
    assert ("condition-never-true", "/cards/1/condition") in codes_of(raw)
    find(raw["cards"], "rally")["phases"] = ["battle"]
    assert ("condition-never-true", "/cards/1/condition") not in codes_of(raw)


def test_controlling_nothing_is_flagged() -> None:
    raw = base()
    raw["victory"]["sudden_death"][0]["condition"] = {"kind": "controls"}
    assert ("condition-never-true", "/victory/sudden_death/0/condition") in codes_of(raw)


def test_a_sub_nation_cannot_be_main() -> None:
    raw = base()
    find(raw["nations"], "blue-air")["main"] = True
    find(raw["nations"], "blueland")["main"] = False
    assert ("side-main-nation", "/nations/2/main") in codes_of(raw)


def test_reinforcement_into_a_closed_area_is_refused() -> None:
    raw = base()
    find(raw["areas"], "east")["closed_to"] = ["red"]
    raw["reinforcements"][0]["to"] = {"regions": ["e1"]}
    assert ("reinforcement-unplayable", "/reinforcements/0/to/regions/0") in codes_of(raw)


def test_a_turn_condition_past_the_end_is_reported_once() -> None:
    raw = base()
    find(raw["cards"], "push")["condition"] = {"kind": "turn", "from_turn": 40}
    assert codes_of(raw) == {("condition-never-true", "/cards/0/condition")}


def test_closing_point_is_dropped_on_load() -> None:
    raw = base()
    ring = raw["regions"][0]["polygon"]["exterior"]
    ring.append(list(ring[0]))
    result = load_text(text_of(raw))
    assert result.ok
    assert result.scenario is not None
    assert len(result.scenario.regions[0].polygon.exterior) == 4


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("reinforcements", 0, "to"), {"structure": "fort", "regions": ["c2"]}),
        (("cards", 1, "effects"), [{"kind": "end_game", "winner": "blue", "by_vp": True}]),
    ],
)
def test_contradictory_fields_are_schema_errors(where: tuple, value: Any) -> None:
    raw = base()
    node: Any = raw
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    result = load_text(text_of(raw))
    assert result.scenario is None
    assert [i.code for i in result.issues] == ["schema"]


def test_a_black_drawing_card_in_a_big_deck_is_not_self_feeding() -> None:
    """E2: the warning names decks that can run down to the card; with more black cards
    than a full hand plus the draw, the deck never does."""
    raw = base()
    _self_feeding_card(raw)
    raw.setdefault("rules", {})["cards"] = {"hand_limit": 2, "draw_per_turn": 1}
    rally = find(raw["cards"], "rally")
    rally["copies"] = 6
    codes = [i.code for i in load_text(text_of(raw)).issues]
    assert "card-self-feeding" not in codes
    rally["copies"] = 5  # 5 black cards <= 2 + 1 + 2
    codes = [i.code for i in load_text(text_of(raw)).issues]
    assert "card-self-feeding" in codes
