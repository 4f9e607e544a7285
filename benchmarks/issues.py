"""Issue report budget (issue 16): reporting 100,000 issues costs at most 2 s beyond the
validation that found them.

Run from the repository root:

    .venv/bin/python benchmarks/issues.py

The file is a generated 10,000-region map broken everywhere at once: every region has the
same id and names an area and an owner that do not exist, every connection names regions that
do not exist, every unit a type that does not exist. What is timed after validation is what
``salient validate`` adds: locating every issue in the text (line and column), the "did you
mean" hints having been found during validation, and writing the report, all of it (no
``--limit``) as text and as JSON, and the default capped text report. ``parse_s``, the time
``json.loads`` takes over the same file, is the floor the other figures can be compared with
on a machine of any speed.
"""

from __future__ import annotations

import io
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.timing import best_of  # noqa: E402
from editor.commands.common import (  # noqa: E402
    format_issue,
    format_omitted,
    with_positions,
)
from editor.commands.validate import cmd_validate  # noqa: E402
from schemas.io import load_text  # noqa: E402
from schemas.issues import cap_issues  # noqa: E402

BUDGET_S = 2.0
WANTED = 100_000


def broken(text: str) -> str:
    """The map with every region id, area, connection end and unit type broken."""
    raw = json.loads(text)
    for n, region in enumerate(raw["regions"]):
        region["id"] = "r"
        region["area"] = f"no-area-{n}"
        region["owner"] = f"no-nation-{n}"
    for connection in raw["connections"]:
        connection["a"], connection["b"] = f"x{connection['a']}", f"y{connection['b']}"
    for n, unit in enumerate(raw["units"]):
        unit["type"] = f"no-type-{n}"
    return json.dumps(raw, indent=2)


def _report_text(path: Path, issues: list[Any], text: str, limit: int) -> str:
    shown, omitted = cap_issues(issues, limit)
    lines = [format_issue(path, i) for i in with_positions(shown, text)]
    return "\n".join(lines + format_omitted(path, omitted))


def bench(source: Path, repeats: int = 3) -> dict[str, Any]:
    """Time validation, then the report of every issue; ``report_s`` is held to 2 s."""
    folder = source.parent
    path = folder / f"{source.stem}-broken.json"
    if not path.exists():
        path.write_text(broken(source.read_text()))
    data = path.read_bytes()
    text = data.decode("utf-8")

    start = time.perf_counter()
    result = load_text(data, thorough=True)
    first_validation = time.perf_counter() - start
    issues = result.issues
    validation = best_of(repeats, lambda: load_text(data, thorough=True))
    parse = best_of(repeats, lambda: json.loads(text))
    located = best_of(repeats, lambda: with_positions(issues, text))
    report = best_of(repeats, lambda: _report_text(path, issues, text, 0))
    capped = best_of(repeats, lambda: _report_text(path, issues, text, 20))
    as_json = (
        best_of(repeats, lambda: cmd_validate([path], as_json=True, out=io.StringIO())) - validation
    )
    return {
        "file": path.name,
        "megabytes": round(len(data) / 1e6, 1),
        "issues": len(issues),
        "parse_s": parse,
        "validation_s": validation,
        "first_validation_s": first_validation,
        "locate_s": located,
        "report_s": report,
        "capped_report_s": capped,
        "json_report_s": as_json,
        "budget_s": BUDGET_S,
    }


if __name__ == "__main__":
    from schemas.generator import generate_scenario
    from schemas.io import save

    cache = ROOT / "benchmarks" / ".cache"
    cache.mkdir(parents=True, exist_ok=True)
    source = cache / "generated-10000-seed1.json"
    if not source.exists():
        save(generate_scenario(10_000, 1), source)
    found = bench(source)
    print(json.dumps(found, indent=2))
    sys.exit(0 if found["report_s"] <= BUDGET_S and found["issues"] >= WANTED else 1)
