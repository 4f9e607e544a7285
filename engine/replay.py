"""Replaying a recorded game on a scenario, possibly edited since, up to where it diverges.

A game's event log holds everything needed to play it again: the seed and the fog setting in
its ``game_start`` record, and every decision in its ``action`` records. :func:`replay` starts
a game with the same seed, applies the recorded actions in order, and compares every record
the engine writes with the recorded one. The first record that differs, a recorded action the
game now refuses, or a log that ends differently, is the divergence: where the edit (or a
change of the rules) first made a difference. The game is returned as it stands then (after
the action during which it diverged, or before the action it refused), so a caller can hand
it over to a player.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from schemas.scenario import Scenario

from .actions import Action
from .errors import IllegalAction
from .game import Game

IGNORED = {"game_start": ("scenario",)}
"""Fields not compared: the scenario's title may change with an edit without any effect."""
SHOWN = 160
"""Longest value quoted in a difference."""
MOST_LINES = 12
"""Differences listed for one record."""


class LogError(ValueError):
    """The log cannot be replayed (not a game's log, or damaged); says where."""


@dataclass
class Divergence:
    """Where the replay first differs from the log."""

    index: int
    """Position of the record in the log (its ``seq``)."""
    reason: str
    recorded: dict[str, Any] | None
    replayed: dict[str, Any] | None
    differences: list[str] = field(default_factory=list)
    """One line per field that differs: ``field: recorded ..., now ...``."""

    @property
    def where(self) -> dict[str, Any]:
        """Turn, side and phase of the record (the recorded one if there is one)."""
        record = self.recorded or self.replayed or {}
        return {key: record.get(key) for key in ("turn", "side", "phase")}

    def describe(self) -> str:
        where = self.where
        place = f"turn {where['turn']}" if where["turn"] is not None else "the start"
        if where["side"] is not None:
            place += f", {where['side']}'s {where['phase']} phase"
        kind = (self.recorded or self.replayed or {}).get("type", "?")
        lines = [f"first divergence at record {self.index} ({kind}), {place}: {self.reason}"]
        lines += [f"  {line}" for line in self.differences]
        return "\n".join(lines)


@dataclass
class Replay:
    """The game replayed up to the divergence (or to the end of the log)."""

    game: Game
    divergence: Divergence | None
    actions: int
    """Recorded actions applied."""
    compared: int
    """Records found equal."""


def read_log(lines: Iterable[str]) -> list[dict[str, Any]]:
    """The records of a log written as JSON lines (``salient play --headless --log``)."""
    records = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as exc:
            raise LogError(f"line {number} is not JSON ({exc})") from exc
        if not isinstance(record, dict) or "type" not in record:
            raise LogError(f"line {number} is not a record of a game's log")
        records.append(record)
    if not records or records[0]["type"] != "game_start" or "seed" not in records[0]:
        raise LogError("the log does not start with the game's start (its seed)")
    return records


def _plain(record: dict[str, Any]) -> dict[str, Any]:
    # As the record reads back from a log file: tuples become lists, keys strings.
    plain: dict[str, Any] = json.loads(json.dumps(record))
    return plain


def _shown(value: Any) -> str:
    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def differences(recorded: dict[str, Any], replayed: dict[str, Any]) -> list[str]:
    """Where two records differ, one line per differing value (``units.r1: recorded 3,
    now 4``), at most :data:`MOST_LINES` of them; ignored fields left out."""
    skip = set(IGNORED.get(recorded.get("type", ""), ()))
    if recorded.get("type") == "game_start" and "fog" not in recorded:
        skip.add("fog")  # written by newer versions only
    out: list[str] = []
    _diff(
        "",
        {k: v for k, v in recorded.items() if k not in skip},
        {k: v for k, v in replayed.items() if k not in skip},
        out,
    )
    if len(out) > MOST_LINES:
        out = [*out[:MOST_LINES], f"... and {len(out) - MOST_LINES} more"]
    return out


def _diff(path: str, a: Any, b: Any, out: list[str]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(a.keys() | b.keys(), key=str):
            where = f"{path}.{key}" if path else str(key)
            if key not in b:
                out.append(f"{where}: recorded {_shown(a[key])}, now missing")
            elif key not in a:
                out.append(f"{where}: not recorded, now {_shown(b[key])}")
            else:
                _diff(where, a[key], b[key], out)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _diff(f"{path}[{i}]", x, y, out)
    elif a != b:
        out.append(f"{path}: recorded {_shown(a)}, now {_shown(b)}")


def replay(scenario: Scenario, records: Sequence[dict[str, Any]]) -> Replay:
    """Replay ``records`` (a whole log, from ``game_start``) on ``scenario``."""
    start = records[0]
    fog = start.get("fog")
    game = Game(scenario, int(start["seed"]), fog=fog if isinstance(fog, bool) else None)
    log = game.log.records
    done = actions = 0
    while done < len(records):
        if done < len(log):
            now = _plain(log[done])
            found = differences(records[done], now)
            if found:
                return Replay(
                    game,
                    Divergence(done, "the record differs", records[done], now, found),
                    actions,
                    done,
                )
            done += 1
            continue
        recorded = records[done]
        if recorded["type"] != "action":
            reason = (
                f"the game waits for a decision where the log goes on with '{recorded['type']}'"
            )
            if game.outcome() is not None:
                reason = f"the game is over where the log goes on with '{recorded['type']}'"
            return Replay(game, Divergence(done, reason, recorded, None), actions, done)
        try:
            action = Action.from_json(recorded["action"])
        except (KeyError, TypeError, ValueError) as exc:
            raise LogError(f"record {done} holds an action that cannot be read ({exc})") from exc
        try:
            game.apply(action)
        except IllegalAction as exc:
            return Replay(
                game,
                Divergence(done, f"the recorded action is refused now: {exc}", recorded, None),
                actions,
                done,
            )
        actions += 1
    if len(log) > len(records):
        extra = _plain(log[len(records)])
        divergence = Divergence(
            len(records), "the game goes on past the end of the log", None, extra
        )
        return Replay(game, divergence, actions, done)
    return Replay(game, None, actions, done)
