"""The scenario models' field descriptions (tooltips, JSON schema) are the same whether
pydantic finds the attribute docstrings itself or :mod:`schemas.attribute_docs` reads them
from one parse of each file."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from schemas.beside_bytecode import kept_path

ROOT = Path(__file__).resolve().parent.parent

_DESCRIBE = """
import json, sys, types
if sys.argv[1] == "stock":
    # Before the schemas package loads: its base module then installs nothing.
    sys.modules["schemas.attribute_docs"] = types.SimpleNamespace(install=lambda: False)
from pydantic import BaseModel
import schemas, schemas.mods, schemas.clipboard
from schemas.jsonschema import scenario_json_schema
from schemas.mods.jsonschema import manifest_json_schema, mod_json_schema

def every(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from every(sub)

fields = {
    f"{model.__module__}.{model.__qualname__}": {
        name: info.description for name, info in model.model_fields.items()
    }
    for model in every(BaseModel)
    if model.__module__.startswith("schemas")
}
schemas_ = [scenario_json_schema(), mod_json_schema(), manifest_json_schema()]
print(json.dumps({"fields": fields, "schemas": schemas_}, sort_keys=True))
"""


def _described(mode: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", _DESCRIBE, mode],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def test_field_descriptions_and_json_schemas_match_pydantics_own_reading() -> None:
    fast, stock = _described("fast"), _described("stock")
    assert fast["fields"] == stock["fields"]
    assert fast["schemas"] == stock["schemas"]
    described = [d for fields in stock["fields"].values() for d in fields.values() if d]
    assert len(stock["fields"]) > 150 and len(described) > 500


def test_most_models_are_read_from_the_file_parse() -> None:
    """The fast path is taken (a class name found once in its file), not the fallback."""
    from pydantic import BaseModel
    from pydantic._internal import _fields

    import schemas.scenario  # noqa: F401  (makes the models)
    from schemas.attribute_docs import class_node

    assert hasattr(_fields.extract_docstrings_from_cls, "original")

    def every(cls: type) -> list[type]:
        return [x for sub in cls.__subclasses__() for x in (sub, *every(sub))]

    models = [m for m in every(BaseModel) if m.__module__.startswith("schemas.")]
    found = [m for m in models if class_node(m) is not None]
    assert len(found) >= 0.9 * len(models)


def test_a_class_name_repeated_in_its_file_is_left_to_pydantic(tmp_path: Path) -> None:
    from schemas.attribute_docs import fast_extractor

    source = tmp_path / "twice.py"
    source.write_text(
        "class A:\n    x: int\n    '''first'''\n\n"
        "def f():\n    class A:\n        y: int\n        '''second'''\n    return A\n"
        "class B:\n    z: int = 1\n    '''only'''\n"
    )
    sys.path.insert(0, str(tmp_path))
    try:
        import twice  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(tmp_path))
    asked: list[type] = []

    def original(cls: type, use_inspect: bool = False) -> dict[str, str]:
        asked.append(cls)
        return {"from": "pydantic"}

    from pydantic._internal._docs_extraction import DocstringVisitor

    extract = fast_extractor(original, DocstringVisitor)
    try:
        assert extract(twice.B) == {"z": "only"}
        assert extract(twice.A) == {"from": "pydantic"} and asked == [twice.A]
    finally:
        sys.modules.pop("twice", None)


def test_classes_are_found_at_any_depth_of_their_file(tmp_path: Path) -> None:
    """Classes inside functions, branches, loops, try and with blocks and match cases are
    found as ``ast.walk`` finds them: a name hidden in a block still counts as repeated."""
    from schemas.attribute_docs import _classes_in

    source = tmp_path / "nested.py"
    source.write_text(
        "class Top:\n    class Inner: pass\n"
        "def f():\n    if x:\n        class InIf: pass\n    else:\n        class InElse: pass\n"
        "for i in y:\n    pass\nelse:\n    class InForElse: pass\n"
        "while z:\n    class InWhile: pass\n"
        "try:\n    pass\nexcept E:\n    class InExcept: pass\n"
        "finally:\n    class InFinally: pass\n"
        "with c:\n    class InWith: pass\n"
        "async def g():\n    async with c:\n        class InAsyncWith: pass\n"
        "match v:\n    case 1:\n        class InCase: pass\n"
        "    case _:\n        class Top: pass\n"
    )
    found = _classes_in(str(source))
    walked: dict[str, int] = {}
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.ClassDef):
            walked[node.name] = walked.get(node.name, 0) + 1
    assert {name: len(nodes) for name, nodes in found.items()} == walked
    assert walked["Top"] == 2 and len(walked) == 11


def _module(tmp_path: Path, doc: str) -> str:
    source = tmp_path / "kept.py"
    source.write_text(f"class Kept:\n    x: int = 1\n    '''{doc}'''\n")
    return str(source)


def _read(filename: str) -> dict[str, dict[str, str]]:
    from pydantic._internal._docs_extraction import DocstringVisitor

    from schemas import attribute_docs

    # As a fresh process finds them: nothing read yet.
    attribute_docs._DOCS.pop(filename, None)
    attribute_docs._CLASSES.pop(filename, None)
    return attribute_docs.docstrings_in(filename, DocstringVisitor)


def test_docstrings_kept_beside_the_bytecode_are_read_back_while_the_source_is_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from schemas import attribute_docs

    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    filename = _module(tmp_path, "the first")
    assert _read(filename) == {"Kept": {"x": "the first"}}
    kept = kept_path(filename, ".attrdocs")
    assert kept is not None and kept.exists()

    def no_parse(name: str) -> dict[str, list[ast.ClassDef]]:
        raise AssertionError("the source was parsed again")

    monkeypatch.setattr(attribute_docs, "_classes_in", no_parse)
    assert _read(filename) == {"Kept": {"x": "the first"}}


def test_a_changed_source_or_a_damaged_copy_is_read_from_the_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:

    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    filename = _module(tmp_path, "the first")
    _read(filename)
    _module(tmp_path, "the second, longer")
    assert _read(filename) == {"Kept": {"x": "the second, longer"}}
    kept = kept_path(filename, ".attrdocs")
    assert kept is not None
    kept.write_bytes(b"not a marshal dump")
    assert _read(filename) == {"Kept": {"x": "the second, longer"}}


def test_nothing_is_kept_when_python_writes_no_bytecode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:

    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    filename = _module(tmp_path, "the first")
    assert _read(filename) == {"Kept": {"x": "the first"}}
    kept = kept_path(filename, ".attrdocs")
    assert kept is not None and not kept.exists()
