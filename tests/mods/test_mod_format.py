"""The mod format: its JSON Schema, versions, loading problems, the documented codes, and the
sample mod that ships with Salient."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema

from editor.cli import main
from engine.runner import play
from schemas import dumps, load_file
from schemas.diff.report import diff_scenarios
from schemas.mods.apply import apply_mods
from schemas.mods.issues import MOD_CODES
from schemas.mods.jsonschema import manifest_json_schema, mod_json_schema
from schemas.mods.load import dumps_mod, load_mod_file, load_mod_text
from tests.mods.helpers import HARSH_WINTER, ROOT, WINTER_WAR

DOCS = ROOT / "docs" / "modding.md"


def test_every_mod_code_is_documented() -> None:
    text = DOCS.read_text()
    missing = [code for code in MOD_CODES if f"`{code}`" not in text]
    assert not missing


def test_every_operation_is_documented() -> None:
    from typing import get_args

    from schemas.mods.model import Operation

    text = DOCS.read_text()
    union = get_args(Operation)[0]
    names = [get_args(m.model_fields["op"].annotation)[0] for m in get_args(union)]
    assert len(names) == 9
    assert all(f'"op": "{name}"' in text for name in names), names


def test_schema_commands(tmp_path: Path, capsys) -> None:
    assert main(["mod", "schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema == mod_json_schema()
    jsonschema.validate(json.loads(HARSH_WINTER.read_text()), schema)
    out = tmp_path / "manifest.schema.json"
    assert main(["mod", "schema", "--manifest", "-o", str(out)]) == 0
    assert json.loads(out.read_text()) == manifest_json_schema()


def test_loading_problems_are_at_their_pointers() -> None:
    raw = json.loads(HARSH_WINTER.read_text())
    raw["operations"][0]["pth"] = raw["operations"][0].pop("path")
    result = load_mod_text(json.dumps(raw))
    assert result.mod is None
    assert [(i.code, i.path) for i in result.issues] == [
        ("schema", "/operations/0/path"),
        ("schema", "/operations/0/pth"),
    ]
    raw = json.loads(HARSH_WINTER.read_text())
    raw["schema_version"] = 2
    (issue,) = load_mod_text(json.dumps(raw)).issues
    assert issue.code == "schema-version-newer"
    (issue,) = load_mod_text(b'{"schema_version": 1, "id": "a", "id": "b"}').issues[:1]
    assert issue.code == "json-duplicate-key"


def test_the_mod_file_is_canonical() -> None:
    loaded = load_mod_file(HARSH_WINTER)
    assert loaded.mod is not None
    assert dumps_mod(loaded.mod) == HARSH_WINTER.read_text()


def test_the_sample_mod_is_up_to_date_with_its_script() -> None:
    import importlib.util

    script = ROOT / "sample_scenarios" / "sources" / "winter-war" / "harsh_winter.py"
    spec = importlib.util.spec_from_file_location("harsh_winter", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    base = load_file(WINTER_WAR, validate=False).scenario
    from schemas.mods.make import make_mod

    mod = load_mod_file(HARSH_WINTER).mod
    assert mod is not None
    made = make_mod(
        base,
        module.harsh(base),
        mod_id=mod.id,
        name=mod.name,
        base_id=mod.base.id,
        version=mod.version,
        author=mod.author,
        description=mod.description,
    )
    assert dumps_mod(made) == HARSH_WINTER.read_text(), "run harsh_winter.py again"


def test_the_sample_mod_applies_validates_plays_and_diffs(capsys) -> None:
    base = load_file(WINTER_WAR, validate=False).scenario
    mod = load_mod_file(HARSH_WINTER).mod
    assert base is not None and mod is not None
    result = apply_mods(base, [mod])
    assert result.issues == []
    assert result.scenario is not None
    changed = diff_scenarios(base, result.scenario)
    assert [(c.section, c.id) for c in changed.changes] == [
        ("terrain", "clear"),
        ("terrain", "forest"),
        ("terrain", "deep-forest"),
        ("terrain", "marsh"),
        ("cards", "field-kitchens"),
        ("cards", "no-winter-clothing"),
    ]
    outcome = play(result.scenario, 3, turns=2)
    assert outcome is not None
    assert main(["validate", str(WINTER_WAR), "--mod", str(HARSH_WINTER)]) == 0
    assert capsys.readouterr().out.strip().endswith(": ok")


def test_docs_link_and_example_operations_load() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "docs/modding.md" in readme
    text = DOCS.read_text()
    blocks = re.findall(r"```json\n(.*?)```", text, re.S)
    documents = [json.loads(b) for b in blocks if b.lstrip().startswith("{")]
    operations = [d for d in documents if "op" in d]
    assert len(operations) >= 10
    mods = [d for d in documents if "operations" in d]
    assert mods
    for mod in mods:
        jsonschema.validate(mod, mod_json_schema())
    from pydantic import TypeAdapter

    from schemas.mods.model import Operation

    adapter = TypeAdapter(Operation)
    for operation in operations:
        adapter.validate_python(operation)


def test_applied_sample_is_a_valid_file(tmp_path: Path) -> None:
    out = tmp_path / "harsh.json"
    assert main(["mod", "apply", str(WINTER_WAR), str(HARSH_WINTER), "-o", str(out)]) == 0
    result = load_file(out)
    assert result.ok
    assert dumps(result.scenario) == out.read_text()
