"""The format guide explains every validation code the validator can report."""

from __future__ import annotations

from pathlib import Path

from schemas.issues import CODES

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "scenario-format.md"


def test_every_code_has_a_row_in_the_guide() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    table = text.split("### Every code", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("`")[1] for line in table.splitlines() if line.startswith("| `")}
    assert set(CODES) <= rows, sorted(set(CODES) - rows)
    for code, info in CODES.items():
        assert f"| `{code}` | {info.severity} |" in table, code
