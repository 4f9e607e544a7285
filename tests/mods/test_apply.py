"""Applying mods: stale operations after a base change, conflicts between mods, provenance,
and every problem reported at the mod's own JSON pointer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from editor.cli import main
from schemas import dumps
from schemas.mods.apply import ModSource, apply_mods
from schemas.mods.fingerprint import scenario_fingerprint
from schemas.mods.load import dumps_mod
from schemas.mods.make import make_mod
from schemas.mods.model import Mod
from tests.mods.helpers import Raw, edited, grid, item


def mod(operations: list[dict[str, Any]], mod_id: str = "m", **extra: Any) -> Mod:
    base = grid()
    data = {
        "schema_version": 1,
        "id": mod_id,
        "name": mod_id.title(),
        "base": {"id": "grid", "title": "Test grid", "fingerprint": scenario_fingerprint(base)},
        "operations": operations,
        **extra,
    }
    return Mod.model_validate(data)


def codes(result) -> list[tuple[str, str]]:
    return [(i.issue.code, i.issue.path) for i in result.issues]


def test_a_target_the_base_removed_is_reported_at_the_mods_pointer(tmp_path: Path, capsys) -> None:
    base = grid()

    def change(raw: Raw) -> None:
        item(raw, "terrain", "forest")["movement_cost"] = 3
        item(raw, "cards", "push")["copies"] = 2

    made = make_mod(base, edited(base, change), mod_id="m", name="M", base_id="grid")
    # the base's author removes the card the mod changes
    newer = edited(base, lambda raw: raw["cards"].pop(0))
    result = apply_mods(newer, [made])
    assert [(s.code, s.op.pointer, s.id, s.applied) for s in result.stale] == [
        ("mod-target-missing", "/operations/1", "push", False)
    ]
    assert result.scenario is not None
    assert result.scenario.terrain[1].movement_cost == 3  # the rest still applies
    assert ("mod-base-changed", "/base/fingerprint") in codes(result)

    # and the command shows it at the line of the operation in the mod file
    (tmp_path / "newer.json").write_text(dumps(newer))
    path = tmp_path / "m.salient-mod.json"
    path.write_text(dumps_mod(made))
    assert main(["validate", str(tmp_path / "newer.json"), "--mod", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    stale = next(line for line in lines if "[mod-target-missing]" in line)
    where, rest = stale.split(": warning ", 1)
    name, line, _ = where.rsplit(":", 2)
    assert name == str(path)
    assert path.read_text().splitlines()[int(line) - 1].strip() == "{"
    assert path.read_text().splitlines()[int(line)].strip() == '"op": "set",'
    assert rest.startswith("[mod-target-missing] /operations/1 (push): there is no card 'push'")


def test_a_base_value_changed_since_the_mod_was_made() -> None:
    base = grid()
    made = make_mod(
        base,
        edited(base, lambda raw: item(raw, "terrain", "forest").update(movement_cost=3)),
        mod_id="m",
        name="M",
        base_id="grid",
    )
    newer = edited(base, lambda raw: item(raw, "terrain", "forest").update(movement_cost=4))
    result = apply_mods(newer, [made])
    (stale,) = result.stale
    assert (stale.code, stale.expected, stale.found, stale.applied) == (
        "mod-base-value-changed",
        2,
        4,
        True,
    )
    assert stale.issue().issue.path == "/operations/0/was"
    assert result.scenario is not None and result.scenario.terrain[1].movement_cost == 3


def test_two_mods_setting_the_same_field_conflict_and_load_order_decides() -> None:
    first = mod(
        [{"op": "set", "section": "terrain", "id": "forest", "path": "/movement_cost", "value": 3}],
        "first",
    )
    second = mod(
        [{"op": "set", "section": "terrain", "id": "forest", "path": "/movement_cost", "value": 4}],
        "second",
    )
    result = apply_mods(grid(), [first, second])
    (conflict,) = result.conflicts
    assert (conflict.section, conflict.id, conflict.path) == ("terrain", "forest", "/movement_cost")
    assert (conflict.earlier.mod_id, conflict.later.mod_id) == ("first", "second")
    assert (conflict.earlier_value, conflict.later_value, conflict.agree) == (3, 4, False)
    assert result.scenario is not None and result.scenario.terrain[1].movement_cost == 4
    assert ("mod-conflict", "/operations/0") in codes(result)
    # the other order, the other result, and still the conflict
    result = apply_mods(grid(), [second, first])
    assert result.scenario is not None and result.scenario.terrain[1].movement_cost == 3
    assert len(result.conflicts) == 1
    # provenance: who decided the value
    last = result.provenance.last("terrain", "forest", "/movement_cost")
    assert last is not None and last.mod_id == "first"


def test_removing_what_another_mod_changes_is_a_conflict() -> None:
    changer = mod(
        [{"op": "set", "section": "cards", "id": "push", "path": "/copies", "value": 2}], "changer"
    )
    remover = mod([{"op": "remove", "section": "cards", "id": "push"}], "remover")
    result = apply_mods(grid(), [changer, remover])
    (conflict,) = result.conflicts
    assert "removes it" in conflict.message
    result = apply_mods(grid(), [remover, changer])
    (conflict,) = result.conflicts
    assert (conflict.earlier.mod_id, conflict.later.mod_id) == ("remover", "changer")
    assert not result.stale  # a conflict, not a stale operation


def test_different_fields_and_items_do_not_conflict() -> None:
    one = mod(
        [
            {
                "op": "set",
                "section": "terrain",
                "id": "forest",
                "path": "/movement_cost",
                "value": 3,
            },
            {
                "op": "add_items",
                "section": "unit_types",
                "id": "inf",
                "path": "/tags",
                "items": ["foot"],
            },
        ],
        "one",
    )
    two = mod(
        [
            {"op": "set", "section": "terrain", "id": "forest", "path": "/stacking", "value": 6},
            {
                "op": "add_items",
                "section": "unit_types",
                "id": "inf",
                "path": "/tags",
                "items": ["line"],
            },
        ],
        "two",
    )
    result = apply_mods(grid(), [one, two])
    assert not result.conflicts and not result.stale
    assert result.scenario is not None
    assert result.scenario.unit_types[0].tags == ["infantry", "foot", "line"]


def test_a_later_mod_finds_what_an_earlier_one_renamed() -> None:
    renamer = mod([{"op": "rename", "section": "regions", "id": "c1", "to": "centre-north"}], "r")
    changer = mod(
        [{"op": "set", "section": "regions", "id": "c1", "path": "/name", "value": "Middle"}], "c"
    )
    result = apply_mods(grid(), [renamer, changer])
    assert not result.stale and not result.conflicts
    assert result.scenario is not None
    region = next(r for r in result.scenario.regions if r.id == "centre-north")
    assert region.name == "Middle"
    # every reference followed the rename
    assert all("c1" not in (c.a, c.b) for c in result.scenario.connections)
    assert set(result.provenance.of("regions", "centre-north")) == {"/id", "/name"}


def test_bad_operations_are_reported_at_their_pointers() -> None:
    bad = mod(
        [
            {
                "op": "set",
                "section": "terrain",
                "id": "forest",
                "path": "/movment_cost",
                "value": 3,
            },
            {"op": "set", "section": "terrain", "id": "forest", "path": "/stacking", "value": "x"},
            {"op": "set", "section": "cards", "id": "push", "path": "/effects/0", "value": {}},
            {"op": "set", "section": "rules", "id": "x", "path": "/dice/sides", "value": 6},
            {"op": "add", "section": "cards", "value": {"id": "broken", "name": "B"}},
            {"op": "translate", "section": "sides", "id": "red", "texts": {"/color": "#000000"}},
            {
                "op": "set",
                "section": "units",
                "id": "red-inf-1",
                "path": "/location/region",
                "value": None,
            },
        ]
    )
    result = apply_mods(grid(), [bad])
    found = codes(result)
    assert ("mod-bad-path", "/operations/0/path") in found
    message = next(i.issue.message for i in result.issues if i.issue.path == "/operations/0/path")
    assert "did you mean 'movement_cost'" in message
    assert ("mod-invalid-value", "/operations/1/value") in found
    assert ("mod-bad-path", "/operations/2/path") in found  # lists are not addressed by position
    assert ("mod-bad-operation", "/operations/3/id") in found
    assert ("mod-invalid-value", "/operations/4/value/side") in found
    assert ("mod-not-text", "/operations/5/texts/~1color") in found
    # a location with neither region nor structure does not fit: the mod's change is undone
    assert any(
        code == "mod-invalid-value" and path.startswith("/operations/6") for code, path in found
    )
    assert result.scenario is not None
    assert result.scenario.units[0].location is not None
    assert result.scenario.units[0].location.region == "w2"


def test_result_problems_are_traced_to_the_operation() -> None:
    dangling = mod(
        [
            {
                "op": "set",
                "section": "units",
                "id": "red-inf-1",
                "path": "/location/region",
                "value": "w9",
            }
        ]
    )
    result = apply_mods(grid(), [dangling])
    (traced,) = [i for i in result.issues if i.issue.code == "unknown-reference"]
    assert traced.issue.path == "/operations/0"
    assert traced.source == "m"
    assert "(in the result at /units/0/location/region)" in traced.issue.message
    remover = mod([{"op": "remove", "section": "regions", "id": "w1"}], "remover")
    result = apply_mods(grid(), [remover])
    traced_paths = {i.issue.path for i in result.issues if i.issue.code == "unknown-reference"}
    assert traced_paths == {"/operations/0"}


def test_requirements_declared_conflicts_and_repeats() -> None:
    a = mod([], "a", version="2.0")
    needs = mod([], "needs", requires=[{"id": "a", "version": "2.1"}, {"id": "zzz"}])
    hates = mod([], "hates", conflicts=[{"id": "a"}])
    result = apply_mods(grid(), [a, needs, hates, a])
    found = codes(result)
    assert ("mod-requires", "/requires/0") in found  # a is 2.0, 2.1 needed
    assert ("mod-requires", "/requires/1") in found
    assert ("mod-declared-conflict", "/conflicts/0") in found
    assert ("mod-duplicate", "/id") in found
    assert not result.ok


def test_anchors_place_additions_and_survive_their_removal() -> None:
    adder = mod(
        [
            {
                "op": "add",
                "section": "areas",
                "value": {"id": "mid", "name": "Mid"},
                "after": "west",
            },
            {"op": "add", "section": "areas", "value": {"id": "top", "name": "Top"}, "after": None},
            {
                "op": "add",
                "section": "areas",
                "value": {"id": "end", "name": "End"},
                "after": "gone",
            },
        ]
    )
    result = apply_mods(grid(), [adder])
    assert result.scenario is not None
    assert [a.id for a in result.scenario.areas] == ["top", "west", "mid", "east", "end"]
    assert [s.code for s in result.stale] == ["mod-anchor-missing"]


def test_apply_command_writes_only_a_clean_result(tmp_path: Path, capsys) -> None:
    (tmp_path / "base.json").write_text(dumps(grid()))
    first = mod(
        [{"op": "set", "section": "terrain", "id": "forest", "path": "/movement_cost", "value": 3}],
        "first",
    )
    second = mod(
        [{"op": "set", "section": "terrain", "id": "forest", "path": "/movement_cost", "value": 4}],
        "second",
    )
    paths = []
    for m in (first, second):
        path = tmp_path / f"{m.id}.salient-mod.json"
        path.write_text(dumps_mod(m))
        paths.append(str(path))
    out = tmp_path / "out.json"
    args = ["mod", "apply", str(tmp_path / "base.json"), *paths, "-o", str(out)]
    assert main([*args, "--strict"]) == 1
    assert not out.exists()
    assert "not written: the mods have warnings (--strict)" in capsys.readouterr().out
    assert main(args) == 0
    assert "1 conflict" in capsys.readouterr().out
    assert json.loads(out.read_text())["terrain"][1]["movement_cost"] == 4


def test_apply_command_json_report(tmp_path: Path, capsys) -> None:
    (tmp_path / "base.json").write_text(dumps(grid()))
    path = tmp_path / "m.salient-mod.json"
    path.write_text(dumps_mod(mod([{"op": "remove", "section": "cards", "id": "nothing"}])))
    out = tmp_path / "out.json"
    assert (
        main(["mod", "apply", str(tmp_path / "base.json"), str(path), "-o", str(out), "--json"])
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["output"] == str(out)
    (stale,) = report["stale"]
    assert (stale["code"], stale["pointer"], stale["operation"]["source"]) == (
        "mod-target-missing",
        "/operations/0",
        str(path),
    )
    assert report["issues"][0]["line"] is not None


def test_sources_label_the_mods() -> None:
    result = apply_mods(
        grid(), [ModSource(mod([{"op": "remove", "section": "cards", "id": "x"}]), "a/b.json")]
    )
    assert result.stale[0].op.source == "a/b.json"


_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 30)
    | st.sampled_from(["w1", "c2", "forest", "x", ""]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["id", "name", "kind", "region"]), inner, max_size=3)
    ),
    max_leaves=6,
)


@st.composite
def _operations(draw: st.DrawFn) -> dict[str, Any]:
    from schemas.diff.sections import section_names

    op = draw(
        st.sampled_from(
            [
                "set",
                "add",
                "remove",
                "replace",
                "move",
                "rename",
                "add_items",
                "remove_items",
                "translate",
            ]
        )
    )
    data: dict[str, Any] = {"op": op, "section": draw(st.sampled_from(section_names()))}
    ids = st.sampled_from(["w1", "c2", "forest", "push", "red", "inf", "red-inf-1", "nothing"])
    if draw(st.booleans()):
        data["id"] = draw(ids)
    path = "/" + "/".join(
        draw(
            st.lists(
                st.sampled_from(
                    [
                        "name",
                        "terrain",
                        "location",
                        "region",
                        "values",
                        "red",
                        "capture",
                        "tags",
                        "dice",
                        "sides",
                        "effects",
                        "0",
                    ]
                ),
                min_size=1,
                max_size=3,
            )
        )
    )
    if op in ("set", "add_items", "remove_items"):
        data["path"] = path
    if op in ("set", "add", "replace"):
        data["value"] = (
            draw(_json_values)
            if op != "add"
            else draw(
                st.dictionaries(
                    st.sampled_from(["id", "name", "terrain", "polygon"]), _json_values, max_size=3
                )
            )
        )
    if op in ("add_items", "remove_items"):
        data["items"] = draw(st.lists(st.sampled_from(["a", "red", "w1"]), min_size=1, max_size=2))
    if op in ("move", "add", "add_items") and draw(st.booleans()):
        data["after"] = draw(st.none() | ids)
    if op == "move":
        data.setdefault("after", None)
    if op == "rename":
        data["to"] = draw(ids)
    if op == "translate":
        data["texts"] = {path: "t"}
    if op == "set" and draw(st.booleans()):
        data["was"] = draw(_json_values)
    return data


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(_operations(), max_size=6), min_size=1, max_size=3))
def test_any_operations_never_crash(stacks: list[list[dict[str, Any]]]) -> None:
    """Whatever the operations say, applying reports problems and never raises; the result
    is a scenario that fits the format."""
    from pydantic import ValidationError

    mods = []
    for n, operations in enumerate(stacks):
        try:
            mods.append(mod(operations, f"m{n}"))
        except ValidationError:
            continue  # the mod file itself does not fit the format: loading reports that
    result = apply_mods(grid(), mods)
    assert result.scenario is not None
    dumps(result.scenario)
