"""Every number of the format has a range, the JSON Schema carries it, and the models refuse a
value outside it (issue 16: a supply range of 1e9 validated clean, then exhausted memory)."""

from __future__ import annotations

import functools
import json
import types
from pathlib import Path
from typing import Annotated, Any, Union, get_args, get_origin

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from schemas.generator.hexes import generate_hex_scenario
from schemas.io import load_file, load_text
from schemas.jsonschema import scenario_json_schema
from schemas.map import Background
from schemas.ranges import NumberField, number_fields, ranges_table
from schemas.scenario import Scenario
from tests.factory import base
from tests.operational.builder import OpBuilder

ROOT = Path(__file__).resolve().parent.parent
FIELDS = number_fields(Scenario)


@functools.cache
def instances() -> dict[str, BaseModel]:
    """One valid instance of every model of the format, from the samples and the test base.
    Made when a test first asks (not at import: every xdist worker imports every test file,
    and only one of them runs these tests)."""
    found: dict[str, BaseModel] = {}

    def walk(value: Any) -> None:
        if isinstance(value, BaseModel):
            found.setdefault(type(value).__name__, value)
            for name in type(value).model_fields:
                walk(getattr(value, name))
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    for path in sorted((ROOT / "sample_scenarios").glob("*.json")):
        walk(load_file(path, validate=False).scenario)
    walk(load_text(json.dumps(base()), validate=False).scenario)
    walk(Background(path="map.png", width=100, height=50))
    walk(generate_hex_scenario(12, 10, seed=1))  # the hex map's own models
    operational = OpBuilder().unit("u", "armour", "c1r1", quality="elite", fixed={"until_turn": 2})
    operational.table("victory", locations=[{"hex": "c1r1", "per_turn": {"red": 1}}])
    operational.table("c2", ccv=[{"side": "red", "ccv": -30}])
    operational.table("integrity", nations=[{"nation": "redland"}])
    walk(operational.build())  # operational tables
    walk(_order_of_battle())  # the operational HQs, pools and assets
    return found


def _order_of_battle() -> Scenario:
    from tests.operational.command_builder import CommandBuilder

    b = CommandBuilder(4, 1).hq("hq", "c1r1").supply_source("c1r1")
    b.table("supply", pools=[{"side": "red", "stock": {"fuel": 5}}])
    b.table(
        "assets",
        assets=[{"id": "a", "side": "red"}],
        air_superiority=[{"side": "red", "value": 1}],
    )
    return b.build()


def test_every_number_of_the_format_has_a_range() -> None:
    assert len(FIELDS) > 150
    unbounded = [f"{f.model}.{f.field}" for f in FIELDS if f.low is None or f.high is None]
    assert unbounded == []


def test_every_model_with_a_number_is_covered_by_the_property_test() -> None:
    assert {f.model for f in FIELDS} <= set(instances())


def _numbers_in_schema(node: Any, path: str, out: list[tuple[str, dict[str, Any]]]) -> None:
    if isinstance(node, dict):
        # A constant (schema_version) is a range of one value.
        if node.get("type") in ("integer", "number") and not {"const", "enum"} & node.keys():
            out.append((path, node))
        for key, value in node.items():
            _numbers_in_schema(value, f"{path}/{key}", out)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            _numbers_in_schema(value, f"{path}/{index}", out)


def test_the_json_schema_carries_every_range() -> None:
    found: list[tuple[str, dict[str, Any]]] = []
    _numbers_in_schema(scenario_json_schema(), "", found)
    assert len(found) > 100
    missing = [
        path
        for path, node in found
        if not ({"minimum", "exclusiveMinimum"} & node.keys())
        or not ({"maximum", "exclusiveMaximum"} & node.keys())
    ]
    assert missing == []


def _build(annotation: Any, leaf: Any) -> Any:
    """A JSON value for a field of type ``annotation`` whose numbers are all ``leaf``."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _build(get_args(annotation)[0], leaf)
    if origin is Union or origin is types.UnionType:
        options = [a for a in get_args(annotation) if a is not type(None)]
        return _build(options[0], leaf)
    if origin is list:
        return [_build(get_args(annotation)[0], leaf)]
    if origin is tuple:
        return [_build(arg, leaf) for arg in get_args(annotation)]
    if origin is dict:
        return {"@self": _build(get_args(annotation)[1], leaf)}
    return leaf


def _attempt(field: NumberField, value: float) -> list[dict[str, Any]]:
    """The range errors (if any) of the field's model given ``value`` in the field."""
    instance = instances()[field.model]
    model = type(instance)
    name = next(n for n, i in model.model_fields.items() if (i.alias or n) == field.field)
    payload = instance.model_dump(mode="json", by_alias=True)
    payload[field.field] = _build(model.model_fields[name].annotation, value)
    try:
        model.model_validate(payload)
    except ValidationError as error:
        bounds = {"greater_than_equal", "less_than_equal", "greater_than", "less_than"}
        return [e for e in error.errors() if e["type"] in bounds and e["loc"][0] == field.field]
    return []


def _inside(field: NumberField) -> st.SearchStrategy[float]:
    assert field.low is not None and field.high is not None
    if field.kind is int:
        return st.integers(int(field.low), int(field.high))
    return st.floats(field.low, field.high, exclude_min=field.low_open, exclude_max=field.high_open)


def _outside(field: NumberField) -> st.SearchStrategy[float]:
    assert field.low is not None and field.high is not None
    if field.kind is int:
        return st.integers(max_value=int(field.low) - 1) | st.integers(
            min_value=int(field.high) + 1
        )
    below = st.floats(max_value=field.low, exclude_max=not field.low_open, allow_infinity=False)
    above = st.floats(min_value=field.high, exclude_min=not field.high_open, allow_infinity=False)
    return below | above


@settings(max_examples=400, deadline=None)
@given(field=st.sampled_from(FIELDS), data=st.data())
def test_every_range_is_enforced(field: NumberField, data: st.DataObject) -> None:
    assert _attempt(field, data.draw(_inside(field), label="inside")) == []
    assert _attempt(field, data.draw(_outside(field), label="outside")) != []


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("rules", "supply", "range"), 10**9),
        (("cards", 0, "copies"), 2**63),
        (("calendar", "turn_length_days"), 10**20),
        (("calendar", "turns"), 10**30),
    ],
)
def test_the_numbers_that_blew_up_are_refused_where_they_are(
    path: tuple[str | int, ...], value: int
) -> None:
    raw = json.loads((ROOT / "sample_scenarios" / "vessa-crossing.json").read_text())
    node = raw
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    result = load_text(json.dumps(raw))
    assert result.scenario is None
    pointer = "/" + "/".join(map(str, path))
    assert [(i.code, i.path) for i in result.issues] == [("schema", pointer)]


def test_a_calendar_must_end_before_the_year_10000() -> None:
    raw = base()
    raw["calendar"].update(start_date="9990-01-01", turns=1000, turn_length_days=14)
    result = load_text(json.dumps(raw))
    assert result.scenario is None
    (issue,) = result.issues
    assert issue.path == "/calendar"
    assert "9999-12-31" in issue.message


def test_the_format_guide_lists_every_range() -> None:
    guide = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    listed = guide.split("<!-- ranges:start -->\n", 1)[1].split("\n<!-- ranges:end -->", 1)[0]
    assert listed == ranges_table(Scenario)
