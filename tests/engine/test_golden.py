"""Golden games: a fixed scenario and seed must give the stored outcome and event log.

A deliberate change of the rules or of the AI changes these games; regenerate the stored
values with ``SALIENT_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/engine/test_golden.py``
and say in the commit why the games changed.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine.runner import play
from schemas import load_file

ROOT = Path(__file__).resolve().parents[2]
STORED = Path(__file__).parent / "data" / "golden.json"
GAMES = [("vessa-crossing.json", 11), ("vessa-crossing.json", 12)]


def _play(sample: str, seed: int) -> dict:
    result = play(load_file(ROOT / "sample_scenarios" / sample).scenario, seed)
    outcome = result.game.outcome()
    assert outcome is not None
    return {
        "outcome": outcome.to_json(),
        "log_sha256": result.game.log.digest(),
        "records": len(result.game.log),
    }


@pytest.mark.parametrize(("sample", "seed"), GAMES)
def test_golden_game(sample: str, seed: int) -> None:
    key = f"{sample}#{seed}"
    got = _play(sample, seed)
    stored = json.loads(STORED.read_text()) if STORED.exists() else {}
    if os.environ.get("SALIENT_UPDATE_GOLDEN"):
        stored[key] = got
        STORED.write_text(json.dumps(stored, indent=2, sort_keys=True) + "\n")
    assert key in stored, "no stored game: run with SALIENT_UPDATE_GOLDEN=1 once"
    assert got["outcome"] == stored[key]["outcome"]
    assert got["log_sha256"] == stored[key]["log_sha256"]
