"""The shapes in engine/records.py are true: every record a played game writes, the open
battle and the pending decisions fit their TypedDicts, key for key and value for value."""

from __future__ import annotations

import types
import typing
from pathlib import Path
from typing import Any, Literal, NotRequired, get_args, get_origin, get_type_hints

from engine import Game
from engine.ai import BaselineAI
from engine.records import BY_KIND, BattleOverRecord, BattleState, Decision, MoveRecord, Stamp
from schemas import load_file

SAMPLE = load_file(Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json")


def fits(value: Any, hint: Any) -> bool:
    """A small run-time check of a JSON value against a type hint of engine/records.py."""
    origin = get_origin(hint)
    if hint is Any:
        return True
    if hint is type(None) or hint is None:
        return value is None
    if origin in (typing.Union, types.UnionType):
        return any(fits(value, option) for option in get_args(hint))
    if origin is Literal:
        return value in get_args(hint)
    if origin is NotRequired:
        return fits(value, get_args(hint)[0])
    if origin is list:
        (item,) = get_args(hint)
        return isinstance(value, list) and all(fits(v, item) for v in value)
    if origin is dict:
        key, item = get_args(hint)
        return isinstance(value, dict) and all(
            fits(k, key) and fits(v, item) for k, v in value.items()
        )
    if isinstance(hint, type) and typing.is_typeddict(hint):
        return shaped(value, hint) == []
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def shaped(record: dict[str, Any], kind: type) -> list[str]:
    """What is wrong with ``record`` as a ``kind`` (empty: nothing)."""
    hints = get_type_hints(kind)
    required = kind.__required_keys__  # type: ignore[attr-defined]
    problems = [f"missing {k}" for k in required if k not in record]
    problems += [f"undeclared {k}" for k in record if k not in hints]
    problems += [
        f"{k}={record[k]!r} is no {hints[k]}"
        for k in record
        if k in hints and not fits(record[k], hints[k])
    ]
    return problems


def test_every_record_of_a_played_game_fits_its_declared_shape() -> None:
    """An AI game of the Vessa sample, checked at every action: the log's records of every
    declared type, the open battle (BattleState) and the pending decisions (Decision)."""
    game = Game(SAMPLE.scenario, 5)
    ai = BaselineAI()
    seen_battle = seen_decision = False
    while game.outcome() is None:
        if game.state.battle is not None:
            seen_battle = True
            assert shaped(dict(game.state.battle), BattleState) == []
        for decision in game.state.pending:
            seen_decision = True
            assert fits(decision, Decision), decision
        game.apply(ai.choose(game))
    assert seen_battle and seen_decision
    kinds = set()
    for record in game.log:
        kind = BY_KIND.get(record["type"])
        if kind is not None:
            kinds.add(record["type"])
            assert shaped(record, kind) == [], (record, shaped(record, kind))
        else:
            assert shaped({k: record[k] for k in ("seq", "turn")}, Stamp) == []
    assert {"move", "battle_start", "battle_fire", "battle_over", "game_over"} <= kinds
    moves = game.log.typed(MoveRecord)
    assert moves and all(m["type"] == "move" for m in moves)
    assert all(isinstance(b["rounds"], int) for b in game.log.typed(BattleOverRecord))
