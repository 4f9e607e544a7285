"""Every bundled sample is clean, canonical and accepted by the exported JSON Schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from schemas import dumps, load_file
from schemas.jsonschema import scenario_json_schema

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "sample_scenarios").glob("*.json"))
REFERENCE = SAMPLES[0].parent / "vessa-crossing.json"
"""The sample meant to use every part of the format, for modders to copy from."""


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(scenario_json_schema())


def test_there_is_a_sample() -> None:
    assert SAMPLES


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_has_no_issue_at_all(path: Path) -> None:
    result = load_file(path)
    assert [str(i) for i in result.issues] == []


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_is_stored_canonically(path: Path) -> None:
    result = load_file(path)
    assert result.scenario is not None
    assert dumps(result.scenario) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_json_schema_accepts_sample(path: Path, validator: jsonschema.Draft202012Validator) -> None:
    errors = [e.message for e in validator.iter_errors(json.loads(path.read_text()))]
    assert errors == []


def test_json_schema_rejects_a_wrong_type(validator: jsonschema.Draft202012Validator) -> None:
    raw = json.loads(REFERENCE.read_text())  # a sample of drawn regions
    raw["calendar"]["turns"] = "ten"
    raw["regions"][0]["polygon"]["exterior"][0] = ["x", 0]
    paths = {tuple(e.absolute_path) for e in validator.iter_errors(raw)}
    assert ("calendar", "turns") in paths
    assert ("regions", 0, "polygon", "exterior", 0, 0) in paths


def test_sample_uses_every_section() -> None:
    raw = json.loads(REFERENCE.read_text())
    from schemas.scenario import Scenario

    missing = [
        name
        for name, info in Scenario.model_fields.items()
        # A map is drawn regions or hexes: hex maps are in tests/test_hexmap_format.py.
        if (info.alias or name) not in raw and name not in ("schema_uri", "hex_map")
    ]
    assert missing == []


def test_every_field_of_the_format_is_documented() -> None:
    schema = scenario_json_schema()
    models = {"Scenario": schema, **schema["$defs"]}
    undocumented = [
        f"{model}.{name}"
        for model, body in models.items()
        for name, prop in body.get("properties", {}).items()
        if not prop.get("description")
    ]
    assert sum(len(body.get("properties", {})) for body in models.values()) > 400
    assert undocumented == []
