"""References inside recursive effects are found in a process that only read a file.

A file is read by the scenario's validator kept between runs (schemas/kept_validator.py), so
a fresh studio may never build the effect and condition models; their recursive fields then
kept forward references as types, and the reference walk (Find usages, the validation of
references, renames) did not see into them: Find usages of Tobruk in the North Africa sample
missed the event "Relief by Sea"."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
from schemas.io import load_file
from schemas.refs import iter_references

scenario = load_file("sample_scenarios/north-africa.json").scenario
event = next(e for e in scenario.events if e.title == "Relief by Sea")
print(sorted({(r.collection, r.id) for r in iter_references(event)}))
"""


def test_a_fresh_process_finds_the_references_inside_an_events_effects() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "('regions', 'tobruk')" in done.stdout
