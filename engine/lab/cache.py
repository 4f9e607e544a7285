"""Games already played, kept so a rerun plays only new ones.

A game is identified by the scenario's fingerprint (its canonical JSON), the fingerprint of
the rules code (every source file of ``engine`` and ``schemas``: a new version of Salient
may play the same seed differently), who played (the levels) and the seed. The records live
in one JSON-lines file in the lab's output folder, one game a line, appended and flushed as
each game comes back, so stopping a run at any moment keeps every game that had finished. A
line cut short by a crash is skipped when reading.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from schemas.scenario import Scenario

from ..game import scenario_digest

FILE_NAME = "games.jsonl"


def scenario_fingerprint(scenario: Scenario) -> str:
    """The digest saves carry (canonical JSON, hashed): the same scenario in any layout of
    its file has the same fingerprint."""
    return scenario_digest(scenario)


@functools.cache
def engine_fingerprint() -> str:
    """A digest of the rules code: every ``.py`` file of the ``engine`` and ``schemas``
    packages, by path and content."""
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parents[2]
    for package in ("schemas", "engine"):
        for path in sorted((root / package).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def game_key(fingerprint: str, engine: str, levels: str, seed: int) -> str:
    return f"{fingerprint}:{engine}:{levels}:{seed}"


class GameCache:
    """The games of one output folder (see the module docstring)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / FILE_NAME
        self._games: dict[str, dict[str, Any]] | None = None

    def _load(self) -> dict[str, dict[str, Any]]:
        if self._games is None:
            self._games = {}
            if self.path.exists():
                with self.path.open(encoding="utf-8") as handle:
                    for line in handle:
                        try:
                            entry = json.loads(line)
                            self._games[entry["key"]] = entry["game"]
                        except (ValueError, KeyError, TypeError):
                            continue  # a line cut short by a crash
        return self._games

    def get(self, key: str) -> dict[str, Any] | None:
        return self._load().get(key)

    def add(self, key: str, game: dict[str, Any]) -> None:
        """Keep a game, on disk at once."""
        games = self._load()
        games[key] = game
        self.path.parent.mkdir(parents=True, exist_ok=True)
        line = json.dumps({"key": key, "game": game}, sort_keys=True, separators=(",", ":"))
        with self.path.open("a+b") as handle:
            handle.seek(0, os.SEEK_END)
            if handle.tell():
                handle.seek(-1, os.SEEK_END)
                if handle.read(1) != b"\n":
                    handle.write(b"\n")  # close a line a crash cut short
            handle.write(line.encode() + b"\n")
            handle.flush()
            os.fsync(handle.fileno())

    def known(self, keys: Iterable[str]) -> dict[str, dict[str, Any]]:
        games = self._load()
        return {k: games[k] for k in keys if k in games}
