"""A player process of a game by e-mail, for the two-process test (P1): it waits for a turn
file addressed to its side in the shared folder, opens it, lets the AI play the sitting and
writes the next file, until the game is over."""

from __future__ import annotations

import time
from pathlib import Path

from engine.pbem import ai_sitting, load, start
from engine.pbem.turnfile import SUFFIX, read
from schemas.io import load_file

GIVE_UP = 900.0
"""Seconds without a new file after which a player stops (a guard against a hung test)."""


def latest(folder: Path) -> Path | None:
    found = sorted(folder.glob(f"*{SUFFIX}"), key=lambda p: p.name.rsplit("_", 1)[1])
    return found[-1] if found else None


def player(scenario_path: str, folder_name: str, side: str, starts: bool, seed: int) -> None:
    folder = Path(folder_name)
    loaded = load_file(Path(scenario_path)).scenario
    assert loaded is not None
    if starts:
        pbem, _ = start(loaded, "vessa-crossing", folder, side=side, seed=seed, game_id="duel")
        ai_sitting(pbem)
        pbem.write_turn()
    waited_since = time.monotonic()
    seen: Path | None = None
    while time.monotonic() - waited_since < GIVE_UP:
        path = latest(folder)
        if path is None or path == seen:
            time.sleep(0.05)
            continue
        turn = read(path)[0]
        if turn.next is None:
            return
        if turn.next != side:
            seen = path
            time.sleep(0.05)
            continue
        pbem = load(path, loaded, side=side)
        ai_sitting(pbem)
        pbem.write_turn()
        seen = path
        waited_since = time.monotonic()
    raise TimeoutError(f"{side}: no turn file came")
