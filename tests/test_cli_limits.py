"""``salient validate`` caps what it prints of each code and counts the rest; ``--json``
keeps every issue unless ``--limit`` is given (issue 16, item 8)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor.cli import main
from tests.factory import base


@pytest.fixture
def many(tmp_path: Path) -> Path:
    """25 units of an unknown type and 30 with an unknown nation."""
    raw = base()
    template = raw["units"][0]
    for n in range(30):
        unit = {**template, "id": f"extra-{n}", "nation": f"nowhere-{n}"}
        unit.pop("location", None)
        if n < 25:
            unit["type"] = "no-such-type"
        raw["units"].append(unit)
    path = tmp_path / "many.json"
    path.write_text(json.dumps(raw, indent=2))
    return path


def _issue_lines(out: str, code: str) -> list[str]:
    return [line for line in out.splitlines() if "] /" in line and f"[{code}]" in line]


def test_at_most_twenty_of_a_code_then_a_count(
    many: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", str(many)]) == 1
    out = capsys.readouterr().out
    assert len(_issue_lines(out, "unknown-reference")) == 20
    assert f"{many}: ... and 35 more [unknown-reference]" in out
    # The summary still counts every issue.
    assert out.splitlines()[-1].startswith(f"{many}: 55 errors")


def test_the_limit_can_be_changed_or_lifted(many: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["validate", "--limit", "3", str(many)])
    out = capsys.readouterr().out
    assert len(_issue_lines(out, "unknown-reference")) == 3
    assert "... and 52 more [unknown-reference]" in out
    main(["validate", "--limit", "0", str(many)])
    out = capsys.readouterr().out
    assert len(_issue_lines(out, "unknown-reference")) == 55
    assert "... and" not in out


def test_json_keeps_every_issue_unless_limited(
    many: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["validate", "--json", str(many)])
    report = json.loads(capsys.readouterr().out)["files"][0]
    codes = [i["code"] for i in report["issues"]]
    assert codes.count("unknown-reference") == 55 and "omitted" not in report
    main(["validate", "--json", "--limit", "5", str(many)])
    report = json.loads(capsys.readouterr().out)["files"][0]
    codes = [i["code"] for i in report["issues"]]
    assert codes.count("unknown-reference") == 5
    assert report["omitted"]["unknown-reference"] == 50
    assert report["errors"] == 55


def test_a_negative_limit_is_a_usage_error(many: Path) -> None:
    assert main(["validate", "--limit", "-1", str(many)]) == 2
