"""``make`` then ``apply`` gives back the edited scenario byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from editor.cli import main
from schemas import Scenario, dumps, load_file
from schemas.diff.sections import collections
from schemas.mods.apply import apply_mods
from schemas.mods.jsonschema import mod_json_schema
from schemas.mods.load import dumps_mod, load_mod_text
from schemas.mods.make import make_mod
from schemas.mods.model import mod_json
from tests.mods.helpers import WINTER_WAR, Raw, edited, grid, item, scenario


def round_trip(base: Scenario, target: Scenario) -> str:
    """Make the mod, write and read it back, apply it; the result's canonical text."""
    mod = make_mod(base, target, mod_id="m", name="M", base_id="base")
    loaded = load_mod_text(dumps_mod(mod))
    assert loaded.ok, loaded.issues
    assert loaded.mod is not None
    result = apply_mods(base, [loaded.mod], validate=False)
    assert not [i for i in result.issues if i.is_error], result.issues
    assert not result.stale and not result.conflicts
    assert result.scenario is not None
    return dumps(result.scenario)


def test_every_kind_of_edit_round_trips_on_the_winter_war() -> None:
    base = load_file(WINTER_WAR, validate=False).scenario
    assert base is not None

    def change(raw: Raw) -> None:
        raw["terrain"][1]["movement_cost"] = 3  # a table cell
        raw["cards"].insert(0, raw["cards"].pop(4))  # a move
        raw["cards"][2]["phases"].append("siege")  # an item added to a list of names
        raw["cards"].append(dict(raw["cards"][3], id="new-card"))  # an addition
        del raw["cards"][5]  # a removal
        old = raw["regions"][5]["id"]
        raw["regions"][5]["id"] = "renamed"  # a rename, references following
        for unit in raw["units"]:
            if unit.get("location", {}).get("region") == old:
                unit["location"]["region"] = "renamed"
        for connection in raw["connections"]:
            for end in "ab":
                if connection[end] == old:
                    connection[end] = "renamed"
        raw["regions"][7]["polygon"]["exterior"][0][0] += 1  # geometry
        raw["tension"] = None  # a single section removed
        raw["rules"]["dice"]["sides"] = 12  # a single section's field
        raw["units"][0]["location"] = {"structure": raw["structures"][0]["id"]}
        raw["regions"][2]["values"] = {"finland": {"capture": 3}}  # a per-side table key

    target = edited(base, change)
    assert round_trip(base, target) == dumps(target)


def test_the_mod_file_fits_its_json_schema() -> None:
    base = grid()

    def change(raw: Raw) -> None:
        item(raw, "terrain", "forest")["movement_cost"] = 3
        raw["cards"].reverse()
        item(raw, "areas", "west")["closed_to"] = ["blue"]
        del raw["tension"]

    mod = make_mod(base, edited(base, change), mod_id="m", name="M", base_id="grid")
    jsonschema.validate(mod_json(mod), mod_json_schema())
    assert [op.op for op in mod.operations] == ["set", "add_items", "replace", "move"]


def test_a_rename_whose_references_stayed_behind_round_trips() -> None:
    # A hand edit that renames an entity but leaves references to the old id: the mod's
    # rename follows references, then puts the stale ones back, as in the edited file.
    base = grid()

    def change(raw: Raw) -> None:
        item(raw, "unit_types", "tank")["id"] = "armour"

    target = edited(base, change)
    assert round_trip(base, target) == dumps(target)


def test_translation_mod(tmp_path: Path) -> None:
    base = grid()

    def change(raw: Raw) -> None:
        item(raw, "regions", "c1")["name"] = "Keskusta"
        item(raw, "cards", "push")["name"] = "Hyökkäys"

    mod = make_mod(base, edited(base, change), mod_id="fi", name="FI", base_id="g", language="fi")
    assert [op.op for op in mod.operations] == ["translate", "translate"]
    assert mod.operations[0].texts == {"/name": "Keskusta"}
    assert mod.operations[0].was == {"/name": "C1"}
    assert round_trip(base, edited(base, change)) == dumps(edited(base, change))


def _mutations(draw: st.DrawFn, raw: Raw) -> None:
    """A few random edits that keep the file within the format."""
    names = [n for n in collections() if "/" not in n and raw.get(n)]
    for _ in range(draw(st.integers(1, 6))):
        section = draw(st.sampled_from(names))
        items = raw[section]
        if not items:
            continue
        position = draw(st.integers(0, len(items) - 1))
        kind = draw(
            st.sampled_from(["rename", "remove", "duplicate", "move", "name", "tags", "vertex"])
        )
        entity = items[position]
        if kind == "rename":
            entity["id"] = f"{entity['id']}-x{draw(st.integers(0, 9))}"
            if sum(1 for e in items if e["id"] == entity["id"]) > 1:
                entity["id"] += "-y"
        elif kind == "remove" and len(items) > 1:
            items.pop(position)
        elif kind == "duplicate":
            copy = json.loads(json.dumps(entity))
            copy["id"] = f"copy-{len(items)}-{draw(st.integers(0, 99))}"
            if all(e["id"] != copy["id"] for e in items):
                items.insert(draw(st.integers(0, len(items))), copy)
        elif kind == "move":
            items.insert(draw(st.integers(0, len(items) - 1)), items.pop(position))
        elif kind == "name" and "name" in entity:
            entity["name"] = draw(st.text("abcdé ", min_size=1, max_size=8))
        elif kind == "tags" and section == "unit_types":
            entity["tags"] = draw(st.lists(st.sampled_from(["a", "b", "c", "d"]), unique=True))
        elif kind == "vertex" and section == "regions":
            ring = entity["polygon"]["exterior"]
            at = draw(st.integers(0, len(ring) - 1))
            ring[at] = [ring[at][0] + draw(st.integers(-5, 5)), ring[at][1]]
    if draw(st.booleans()):
        raw.setdefault("rules", {})["dice"] = {"sides": draw(st.integers(2, 20))}
    if draw(st.booleans()):
        raw.pop("tension", None)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_make_then_apply_round_trips_random_edits(data: st.DataObject) -> None:
    base = grid()
    raw = json.loads(dumps(base))
    _mutations(data.draw, raw)
    target = scenario(raw)
    assert round_trip(base, target) == dumps(target)


def test_mod_commands_make_then_apply_byte_for_byte(tmp_path: Path, capsys) -> None:
    base = grid()

    def change(raw: Raw) -> None:
        item(raw, "terrain", "forest")["movement_cost"] = 3
        item(raw, "sides", "red")["flag"] = "flags/red.png"

    (tmp_path / "work").mkdir()
    (tmp_path / "mods").mkdir()
    (tmp_path / "base.json").write_text(dumps(base))
    target = tmp_path / "work" / "edited.json"
    target.write_text(dumps(edited(base, change)))
    mod = tmp_path / "mods" / "forest.salient-mod.json"
    assert main(["mod", "make", str(tmp_path / "base.json"), str(target), "-o", str(mod)]) == 0
    assert "2 operations (2 set)" in capsys.readouterr().out
    written = json.loads(mod.read_text())
    assert written["id"] == "forest"
    assert written["base"]["id"] == "base"
    # the flag's path is relative to the mod file, then to the output again
    assert written["operations"][1]["value"] == "../work/flags/red.png"
    out = tmp_path / "work" / "out.json"
    assert main(["mod", "apply", str(tmp_path / "base.json"), str(mod), "-o", str(out)]) == 0
    assert out.read_bytes() == target.read_bytes()
