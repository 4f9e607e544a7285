"""The hostile-file corpus (``tests/data/hostile/``): each file gives exactly its expected
codes, located, with the expected exit status, and never an internal error (issue 16)."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from editor.cli import main
from editor.commands.validate import cmd_validate
from schemas.io import dumps, load_file, load_text

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "data" / "hostile"
EXPECTED: dict[str, Any] = json.loads((CORPUS / "expected.json").read_text())


def _corpus_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_corpus", CORPUS / "make_corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MAKE = _corpus_script()


def _report(path: Path) -> tuple[int, dict[str, Any]]:
    out = io.StringIO()
    status = cmd_validate([path], as_json=True, out=out)
    return status, json.loads(out.getvalue())["files"][0]


def test_the_committed_corpus_is_what_the_script_writes(tmp_path: Path) -> None:
    written = MAKE.write_small(tmp_path)
    assert written == EXPECTED
    for name in EXPECTED:
        assert (tmp_path / name).read_bytes() == (CORPUS / name).read_bytes(), name
    # write_small rewrote expected.json in place: it must not have changed.
    assert json.loads((CORPUS / "expected.json").read_text()) == EXPECTED


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_hostile_file_gives_its_codes_where_they_are(name: str) -> None:
    status, report = _report(CORPUS / name)
    assert status == EXPECTED[name]["exit"]
    assert sorted({i["code"] for i in report["issues"]}) == EXPECTED[name]["codes"]
    for issue in report["issues"]:
        assert issue["path"] == "" or "line" in issue, issue  # located in the file


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_hostile_file_that_loads_saves_again(name: str) -> None:
    """What loads can be written: repaired text holds no half characters."""
    text = (CORPUS / name).read_bytes()
    for thorough in (False, True):
        result = load_text(text, thorough=thorough)
        if result.scenario is not None:
            again = load_text(dumps(result.scenario).encode("utf-8"))
            assert again.scenario == result.scenario


def test_half_a_character_in_an_id_is_an_issue_not_an_internal_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["validate", str(CORPUS / "surrogate-in-id.json")]) == 1
    out = capsys.readouterr().out
    assert "[text-unpaired-surrogate] /units/0/id" in out
    assert "\\udc00" in out  # the bad text shown as its escape


def test_a_fifo_as_background_is_never_opened(tmp_path: Path) -> None:
    """A scenario naming a named pipe (or /dev/stdin) validates at once: nothing opens it."""
    fifo = tmp_path / "map.png"
    os.mkfifo(fifo)
    raw = json.loads((CORPUS / "background-dev-stdin.json").read_text())
    scenario = tmp_path / "pipe.json"
    for path in ("map.png", "/dev/stdin"):
        raw["map"]["background"]["path"] = path
        scenario.write_text(json.dumps(raw))
        with subprocess.Popen(
            [sys.executable, "-m", "editor.cli", "validate", "--json", str(scenario)],
            stdin=subprocess.PIPE,  # kept open: reading /dev/stdin would wait forever
            stdout=subprocess.PIPE,
            cwd=HERE.parent,
        ) as child:
            out, _ = child.communicate(timeout=120)
        codes = {i["code"] for i in json.loads(out)["files"][0]["issues"]}
        assert child.returncode == 0
        assert codes == {"image-not-a-file" if path == "map.png" else "image-outside-folder"}


def test_an_image_inside_the_folder_is_accepted(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "scan.png").write_bytes(b"\x89PNG\r\n")
    raw = json.loads((CORPUS / "background-missing.json").read_text())
    raw["map"]["background"]["path"] = "maps/scan.png"
    (tmp_path / "ok.json").write_text(json.dumps(raw))
    result = load_file(tmp_path / "ok.json")
    assert result.ok and result.issues == []


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return MAKE.write_large(tmp_path_factory.mktemp("hostile-large"), regions=1_500)


@pytest.mark.parametrize("name", sorted(MAKE.LARGE))
def test_large_hostile_files_report_few_lines_and_count_the_rest(
    name: str, large: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    codes, status = MAKE.LARGE[name]
    assert main(["validate", str(large[name])]) == status
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith(f"{large[name]}: ")
    reported = {line.split("[", 1)[1].split("]", 1)[0] for line in lines if "[" in line}
    assert reported == set(codes)
    # At most 20 issues of a code, then one line counting the rest.
    assert len(lines) <= 21 * len(codes) + 1
    counted = [line for line in lines if ": ... and " in line]
    if name != "nested-100000-deep.json":
        assert counted, "the repeated mistakes are counted, not all printed"


@pytest.mark.parametrize(
    ("title", "repaired"),
    [
        ("\\ud83d\\ude00", False),  # an escaped pair: one character, nothing to report
        ("\\ud83d", True),
        ("\\ude00", True),
        ("\\ude00\\ud83d", True),  # both halves, in the wrong order
        ("\\\\ud800", False),  # an escaped backslash: the text is literally \ud800
    ],
)
def test_only_half_characters_are_repaired(title: str, repaired: bool) -> None:
    text = (CORPUS / "surrogate-in-title.json").read_text().replace("Grid \\ud800", title)
    fast, thorough = load_text(text), load_text(text, thorough=True)
    assert fast.scenario == thorough.scenario
    codes = [i.code for i in thorough.issues]
    assert codes == (["text-unpaired-surrogate"] if repaired else [])
    assert [i.code for i in fast.issues] == codes
