"""No file of the project keeps the markers a merge conflict leaves behind.

A conflicted hunk once reached docs/architecture.md with both sides and the markers between
them: the page still rendered, so nobody saw it. Every text file is read, code and docs alike.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("docs", "editor", "engine", "schemas", "sample_scenarios", "tests", "benchmarks")
SUFFIXES = {".py", ".md", ".toml", ".json", ".txt", ".cfg", ".ini", ".yml", ".yaml"}
MARKER = re.compile(r"^(<{7}|>{7})( |$)|^={7}$", re.MULTILINE)


def _text_files() -> list[Path]:
    found = [ROOT / "README.md", ROOT / "pyproject.toml", ROOT / ".ci" / "run"]
    for folder in FOLDERS:
        found += [
            p
            for p in (ROOT / folder).rglob("*")
            if p.suffix in SUFFIXES and p.is_file() and ".cache" not in p.parts
        ]
    return [p for p in found if p.is_file()]


def test_no_file_holds_merge_conflict_markers():
    leftovers = []
    for path in _text_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in MARKER.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            leftovers.append(f"{path.relative_to(ROOT)}:{line}")
    assert not leftovers, "merge conflict markers left in: " + ", ".join(leftovers)
