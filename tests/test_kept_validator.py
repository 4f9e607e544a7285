"""The scenario's validator kept beside the bytecode (schemas/kept_validator.py): read back,
it must read every file exactly as pydantic's own validator does (the same models from good
files, the same errors, at the same places, from bad ones), and it must never be used once
the sources it was made from changed."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError
from pydantic_core import SchemaValidator

from schemas import kept_validator
from schemas.generator import generate_scenario
from schemas.io import dumps, load_text
from schemas.scenario import Scenario

SAMPLES = Path(__file__).resolve().parent.parent / "sample_scenarios"


def pydantic_validator() -> SchemaValidator:
    getattr(Scenario.__pydantic_validator__, "validate_json")  # noqa: B009 - builds it
    validator = Scenario.__pydantic_validator__
    assert isinstance(validator, SchemaValidator)
    return validator


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> SchemaValidator:
    path = tmp_path_factory.mktemp("kept") / "scenario.validator"
    key = kept_validator.sources_key()
    kept_validator._write(path, key, pydantic_validator())
    found = kept_validator._read(path, key)
    assert found is not None, "the validator was not kept, or not read back"
    assert found is not pydantic_validator()
    return found


def good_texts() -> list[str]:
    texts = [dumps(generate_scenario(60, 3))]
    for name in ("kharkov-1942.json", "kharkov-1942-operational.json", "north-africa.json"):
        texts.append((SAMPLES / name).read_text(encoding="utf-8"))
    return texts


def broken(text: str, change: Any) -> str:
    raw = json.loads(text)
    change(raw)
    return json.dumps(raw)


def bad_texts() -> list[str]:
    text = dumps(generate_scenario(60, 3))
    operational = (SAMPLES / "kharkov-1942-operational.json").read_text(encoding="utf-8")

    def loop(raw: Any) -> None:  # a connection joining a region to itself
        raw["connections"][2]["b"] = raw["connections"][2]["a"]

    def unknown_key(raw: Any) -> None:
        raw["regions"][5]["colour"] = "#ff0000"

    def bad_slug(raw: Any) -> None:
        raw["regions"][7]["terrain"] = "Not A Slug"

    def far_point(raw: Any) -> None:
        raw["regions"][3]["polygon"]["exterior"][1] = [1e300, 0]

    def missing(raw: Any) -> None:
        del raw["regions"][9]["name"]

    def wrong_kind(raw: Any) -> None:
        raw["units"][0]["location"] = "somewhere"

    def bad_rule(raw: Any) -> None:
        raw["rules"]["stacking"] = {"air_default": -4}

    out = [broken(text, f) for f in (loop, unknown_key, bad_slug, far_point, missing)]
    out += [broken(text, wrong_kind), broken(text, bad_rule), text.replace("[", "{", 1)]
    out.append(broken(operational, lambda raw: raw.setdefault("rules", {}).update(x=1)))
    return out


def test_the_kept_validator_reads_good_files_as_pydantic_does(kept: SchemaValidator) -> None:
    for text in good_texts():
        ours, theirs = kept.validate_json(text), pydantic_validator().validate_json(text)
        assert ours == theirs
        assert ours.model_fields_set == theirs.model_fields_set
        assert dumps(ours) == dumps(theirs)


def test_the_kept_validator_reports_bad_files_as_pydantic_does(kept: SchemaValidator) -> None:
    for text in bad_texts():
        with pytest.raises(ValidationError) as ours:
            kept.validate_json(text)
        with pytest.raises(ValidationError) as theirs:
            pydantic_validator().validate_json(text)
        assert ours.value.json() == theirs.value.json()
        assert ours.value.title == theirs.value.title == "Scenario"


def test_loading_a_file_gives_what_pydantic_gives() -> None:
    """The fast reader (which uses the kept validator) and pydantic's own agree."""
    text = dumps(generate_scenario(40, 8))
    loaded = load_text(text, validate=False).scenario
    assert loaded == Scenario.model_validate_json(text)


def test_a_kept_validator_is_not_read_back_for_other_sources(tmp_path: Path) -> None:
    path = tmp_path / "scenario.validator"
    key = kept_validator.sources_key()
    kept_validator._write(path, key, pydantic_validator())
    files = key[-1]
    changed = [*key[:-1], [(files[0][0], files[0][1] + 1, files[0][2]), *files[1:]]]
    assert kept_validator._read(path, changed) is None
    other_pydantic = [key[0], key[1], "0.0", *key[3:]]
    assert kept_validator._read(path, other_pydantic) is None
    path.write_bytes(path.read_bytes()[:1000])  # cut short
    assert kept_validator._read(path, key) is None
    path.write_bytes(b"not a kept validator")
    assert kept_validator._read(path, key) is None


def test_the_key_follows_every_source_file(tmp_path: Path, monkeypatch: Any) -> None:
    (tmp_path / "deep").mkdir()
    (tmp_path / "a.py").write_text("A = 1\n")
    (tmp_path / "deep" / "b.py").write_text("B = 1\n")
    (tmp_path / "notes.txt").write_text("not a source\n")
    monkeypatch.setattr(kept_validator, "_PACKAGE", tmp_path)
    first = kept_validator.sources_key()
    assert [name for name, *_ in first[-1]] == ["a.py", str(Path("deep") / "b.py")]
    (tmp_path / "deep" / "b.py").write_text("B = 22\n")
    assert kept_validator.sources_key() != first
    (tmp_path / "c.py").write_text("")
    assert len(kept_validator.sources_key()[-1]) == 3


def test_nothing_is_kept_when_python_writes_no_bytecode(tmp_path: Path, monkeypatch: Any) -> None:
    path = tmp_path / "scenario.validator"
    monkeypatch.setattr(kept_validator, "kept_path", lambda: path)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert isinstance(kept_validator._find(), SchemaValidator)
    assert not path.exists()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    assert isinstance(kept_validator._find(), SchemaValidator)
    assert path.exists()
    assert kept_validator._read(path, kept_validator.sources_key()) is not None


def test_defaults_made_by_lambdas_are_named_by_their_model_and_field() -> None:
    named = kept_validator._nameless_factories()
    assert named, "no default of the format is made by a lambda any more: drop the naming"
    for module, qualname, field in named.values():
        factory = kept_validator.default_factory(module, qualname, field)
        assert "<lambda>" in factory.__qualname__
        assert factory() is not None
