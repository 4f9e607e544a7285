"""The semantic diff: every kind of change, in words and in its stable JSON form."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor.cli import main
from schemas import dumps
from schemas.diff.report import diff_scenarios
from tests.mods.helpers import Raw, edited, grid, item, rename


def _lines(change) -> list[str]:
    old = grid()
    return diff_scenarios(old, edited(old, change)).lines()


def _record(change, section: str, entity: str | None):
    old = grid()
    diff = diff_scenarios(old, edited(old, change))
    return next(c for c in diff.changes if c.section == section and c.id == entity)


def test_terrain_table_cell_in_words_and_json() -> None:
    def change(raw: Raw) -> None:
        item(raw, "terrain", "forest")["movement_cost"] = 3

    record = _record(change, "terrain", "forest")
    assert record.text == "terrain table, Forest: MP cost 2 → 3"
    data = record.to_json()
    assert data["kind"] == "changed"
    assert data["old_pointer"] == data["new_pointer"] == "/terrain/1"
    assert data["fields"] == [
        {
            "path": "/movement_cost",
            "label": "MP cost",
            "old": 2,
            "new": 3,
            "text": "MP cost 2 → 3",
        }
    ]


def test_reference_fields_are_shown_by_name() -> None:
    def change(raw: Raw) -> None:
        item(raw, "regions", "c1")["terrain"] = "forest"
        item(raw, "units", "red-inf-1")["location"] = {"region": "w1"}
        item(raw, "units", "red-tank-1")["location"] = {"structure": "fort"}

    assert _lines(change) == [
        "region C1: terrain Clear → Forest",
        "unit Infantry (red-inf-1): start W2 → W1",
        "unit Tanks (red-tank-1): start W2 → Old Fort (structure)",
    ]


def test_geometry_is_summarised_as_moved_vertices_and_area() -> None:
    def change(raw: Raw) -> None:
        raw["map"] = {"units_per_km": 10}
        for region in ("c1", "e1"):
            ring = item(raw, "regions", region)["polygon"]["exterior"]
            for point in ring:
                if point == [200, 0]:
                    point[0] = 210

    old = grid()
    diff = diff_scenarios(old, edited(old, change))
    texts = [c.text for c in diff.changes if c.section == "regions"]
    assert texts == [
        "region C1: border with E1 moved (1 vertex moved, +5.0 km²)",
        "region E1: border with C1 moved (1 vertex moved, \u22125.0 km²)",
    ]
    field = next(c for c in diff.changes if c.id == "c1").to_json()["fields"][0]
    assert field["path"] == "/polygon"
    assert "old" not in field and "new" not in field  # no coordinates in the report
    assert field["geometry"] == {
        "moved_vertices": 1,
        "added_vertices": 0,
        "removed_vertices": 0,
        "area_before": 100.0,
        "area_after": 105.0,
        "area_change": 5.0,
        "area_unit": "km²",
        "borders": ["e1"],
    }


def test_added_vertices_without_scale_are_in_map_units() -> None:
    def change(raw: Raw) -> None:
        for region in ("c1", "e1"):
            ring = item(raw, "regions", region)["polygon"]["exterior"]
            at = ring.index([200, 0])
            ring.insert(at + 1 if region == "c1" else at, [200, 50])

    assert _lines(change)[:1] == ["region C1: outline changed (1 added, ±0.0 map units²)"]


def test_renames_are_recognised_and_their_references_not_reported() -> None:
    def change(raw: Raw) -> None:
        references = [("units", "location/region"), ("connections", "a"), ("connections", "b")]
        references += [("supply_sources", "region"), ("leaders", "location/region")]
        rename(raw, "regions", "w2", "west-middle", references)

    old = grid()
    diff = diff_scenarios(old, edited(old, change))
    assert [c.text for c in diff.changes] == ["region W2 renamed w2 → west-middle"]
    record = diff.changes[0].to_json()
    assert (record["kind"], record["id"], record["old_id"]) == ("renamed", "west-middle", "w2")


def test_renamed_and_changed_entity() -> None:
    def change(raw: Raw) -> None:
        rename(raw, "cards", "push", "big-push", [])
        item(raw, "cards", "big-push")["copies"] = 2

    assert _lines(change) == ["card Push renamed push → big-push; copies 1 → 2"]


def test_additions_and_removals_are_grouped_per_section() -> None:
    def change(raw: Raw) -> None:
        raw["connections"] = [c for c in raw["connections"] if not c["id"].startswith("w1-")]
        raw["connections"].append({"id": "w1-e1", "a": "w1", "b": "e1", "type": "air"})
        raw["units"].append({"id": "blue-inf-3", "type": "inf", "nation": "blueland"})

    assert _lines(change) == [
        "2 connections removed: W1\u2013C1, W1\u2013W2",
        "connection W1\u2013E1 added",
        "unit Infantry (blue-inf-3) added",
    ]
    old = grid()
    diff = diff_scenarios(old, edited(old, change))
    assert diff.summary() == {"added": 2, "removed": 2, "renamed": 0, "changed": 0, "moved": 0}
    removed = next(c for c in diff.changes if c.kind == "removed").to_json()
    assert (removed["old_pointer"], removed["new_pointer"]) == ("/connections/0", None)


def test_lists_of_ids_say_what_came_and_went() -> None:
    def change(raw: Raw) -> None:
        item(raw, "areas", "west")["closed_to"] = ["blue"]
        item(raw, "unit_types", "inf")["tags"] = ["foot"]

    old = grid()
    diff = diff_scenarios(old, edited(old, change))
    assert diff.lines() == [
        "area West: closed to: added Blue",
        "unit type Infantry: tags: added foot; removed infantry",
    ]
    tags = diff.changes[1].fields[0].to_json()
    assert (tags["added"], tags["removed"]) == (["foot"], ["infantry"])


def test_card_effects_and_conditions_in_words() -> None:
    def change(raw: Raw) -> None:
        card = item(raw, "cards", "push")
        card["effects"][0]["amount"] = 2
        card["condition"] = {"kind": "turn", "to_turn": 2}

    line = _lines(change)[0]
    assert line.startswith("card Push: condition battle_role(")
    assert "; effect modify(" in line and "amount=1" in line and "amount=2" in line


def test_single_sections_and_nested_lists() -> None:
    def change(raw: Raw) -> None:
        raw["rules"] = {"dice": {"sides": 12}, "victory": raw["rules"]["victory"]}
        raw["info"]["title"] = "Grid"
        del raw["tension"]
        raw["victory"]["sudden_death"][0]["check"] = "end_of_turn"

    assert _lines(change) == [
        'scenario information: title "Test grid" → "Grid"',
        "rules: dice sides 10 → 12",
        "tension index removed",
        "sudden death condition red-takes-e2: check immediate → end_of_turn",
    ]


def test_reordered_entities_are_moves() -> None:
    def change(raw: Raw) -> None:
        raw["cards"].reverse()

    old = grid()
    diff = diff_scenarios(old, edited(old, change))
    assert diff.lines() == ["card Rally moved to the start"]
    field = diff.changes[0].fields[0].to_json()
    assert (field["path"], field["new"]) == ("#position", None)


def test_identical_scenarios() -> None:
    assert diff_scenarios(grid(), grid()).lines() == ["no differences"]


# --- the command ----------------------------------------------------------------------------


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Path, Path]:
    old = grid()

    def change(raw: Raw) -> None:
        item(raw, "cards", "push")["effects"][0]["amount"] = 2
        item(raw, "terrain", "forest")["movement_cost"] = 3

    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(dumps(old))
    b.write_text(dumps(edited(old, change)))
    return a, b


def test_diff_command_words_use_the_card_builder(pair, capsys) -> None:
    a, b = pair
    assert main(["diff", str(a), str(b)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "terrain table, Forest: MP cost 2 → 3"
    assert out[1].startswith("card Push: effect +1 attack for ") and "→ +2 attack for " in out[1]
    assert out[-1] == f"{a} → {b}: 2 changed"


def test_diff_command_json_is_the_documented_form(pair, capsys) -> None:
    a, b = pair
    assert main(["diff", str(a), str(b), "--json", "--exit-code"]) == 1
    document = json.loads(capsys.readouterr().out)
    assert list(document) == ["format", "version", "old", "new", "summary", "changes"]
    assert (document["format"], document["version"]) == ("salient-diff", 1)
    assert document["old"] == {"file": str(a), "title": "Test grid"}
    change = document["changes"][0]
    assert list(change) == [
        "kind",
        "section",
        "id",
        "old_id",
        "name",
        "old_pointer",
        "new_pointer",
        "text",
        "fields",
    ]
    assert main(["diff", str(a), str(a), "--exit-code"]) == 0


def test_diff_command_refuses_a_file_that_does_not_fit(pair, tmp_path, capsys) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"schema_version": 1}')
    assert main(["diff", str(pair[0]), str(broken)]) == 1
    assert "broken.json does not fit the format" in capsys.readouterr().err
