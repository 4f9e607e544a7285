"""The structured event log: every move, roll, hit and score change as a JSON record.

A UI replays it, a test reads it, ``salient play --log`` writes it as JSON lines. Records are
plain dicts with a ``type`` and the turn, side and phase they happened in; the rest depends on
the type (see ``docs/rules.md``; :mod:`engine.records` declares the shapes a view reads).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import Any, TypeVar, cast

from .records import kind_of

R = TypeVar("R")


class EventLog:
    """An append-only list of records."""

    def __init__(self, records: list[dict[str, Any]] | None = None) -> None:
        self.records: list[dict[str, Any]] = records if records is not None else []
        self.enabled = True
        """Switched off by tools that simulate many battles and want no record."""

    def add(self, record: dict[str, Any]) -> None:
        if self.enabled:
            self.records.append(record)

    def __len__(self) -> int:
        return len(self.records)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.records)

    def since(self, start: int) -> list[dict[str, Any]]:
        return self.records[start:]

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [r for r in self.records if r["type"] == kind]

    def typed(self, record_type: type[R]) -> list[R]:
        """The records of one type, typed: ``log.typed(BattleOverRecord)`` (the types are in
        :mod:`engine.records`)."""
        kind = kind_of(record_type)
        return [cast(R, r) for r in self.records if r["type"] == kind]

    def jsonl(self) -> str:
        """The log as JSON lines, keys sorted: the same game always gives the same text."""
        return "".join(json.dumps(r, sort_keys=True, separators=(",", ":")) + "\n" for r in self)

    def digest(self) -> str:
        """SHA-256 of :meth:`jsonl`, for golden tests."""
        return hashlib.sha256(self.jsonl().encode()).hexdigest()
