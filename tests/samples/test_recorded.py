"""The samples' recorded games are regression tests: each replays its recorded decisions on
the sample (``engine.replay``) and must write the very same log, record for record.

A change of the rules engine that alters how any of these games goes fails here with the
first record that differs (turn, phase, the fields and both versions). When the change is
meant, record the games again with
``SALIENT_UPDATE_RECORDINGS=1 .venv/bin/python -m pytest tests/samples/test_recorded.py``
and say in the commit what changed in them. The AI's choices do not matter here: the
decisions are replayed, not made again, so a new AI leaves these tests alone.
"""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest

from engine.replay import read_log, replay
from engine.runner import play
from tests.samples.played import scenario

RECORDED = {"vessa-crossing": 1, "winter-war": 3, "north-africa": 2, "mexican-war": 1}
"""The sample and the seed of each recorded game."""
FOLDER = Path(__file__).parent / "data" / "recorded"


def recording(name: str) -> Path:
    return FOLDER / f"{name}-seed{RECORDED[name]}.jsonl.gz"


def _record(name: str) -> None:
    """Play the sample AI against AI and store its log (gzip with no time stamp, so the
    same game gives the same bytes)."""
    game = play(scenario(name), RECORDED[name]).game
    FOLDER.mkdir(parents=True, exist_ok=True)
    with (
        recording(name).open("wb") as raw,
        gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0) as packed,
    ):
        packed.write(game.log.jsonl().encode())


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_the_recorded_game_replays_record_for_record(name: str) -> None:
    if os.environ.get("SALIENT_UPDATE_RECORDINGS"):
        _record(name)
    path = recording(name)
    assert path.exists(), f"no recording: run with SALIENT_UPDATE_RECORDINGS=1 once ({path})"
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        records = read_log(handle)
    found = replay(scenario(name), records)
    divergence = found.divergence
    if divergence is not None:
        shown = [f"{path.name}: {divergence.describe()}"]
        for label, record in (("recorded", divergence.recorded), ("now", divergence.replayed)):
            if record is not None:
                shown.append(f"{label}: {json.dumps(record, sort_keys=True)[:2000]}")
        pytest.fail("\n".join(shown), pytrace=False)
    assert found.game.outcome() is not None, "a recorded game is played to its end"
    assert found.compared == len(records) and found.actions > 100
