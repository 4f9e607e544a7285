"""A copy of a game's state (the AI's forks, ``engine/ai/forks.py``) is the same state and
shares nothing that changes: units and stacks copy themselves field by field
(``UnitState.__deepcopy__``, ``StackState.__deepcopy__``), faster than Python's generic deep
copy, and must stay as deep as it was."""

from __future__ import annotations

import copy
from dataclasses import fields

from engine.ai import levels
from engine.game import Game
from engine.state import StackState, UnitState
from tests.samples.played import scenario

PLAIN = {"str", "bool", "int", "float", "str | None"}
"""Annotations of values a copy may share (immutable)."""


def test_units_and_stacks_hold_only_plain_values_besides_a_stacks_units() -> None:
    # A new field holding a list or a dict must be copied by the __deepcopy__ methods too.
    for cls, copied in ((UnitState, set()), (StackState, {"units"})):
        shared = {f.name: f.type for f in fields(cls) if f.name not in copied}
        assert all(kind in PLAIN for kind in shared.values()), (cls.__name__, shared)


def test_a_copied_state_equals_the_state_and_shares_no_unit_stack_or_list() -> None:
    game = Game(scenario("north-africa"), 2)
    player = levels.player("normal")
    while game.turn < 3 and game.outcome() is None:
        game.apply(player.choose(game))
    state = game.state
    twin = copy.deepcopy(state)
    assert twin == state
    assert twin.to_json() == state.to_json()
    for unit_id, unit in state.units.items():
        assert twin.units[unit_id] is not unit
    for stack_id, stack in state.stacks.items():
        assert twin.stacks[stack_id] is not stack
        assert twin.stacks[stack_id].units is not stack.units
    moving = next(iter(twin.stacks.values()))
    moving.units.append("someone")
    twin.units[moving.units[0]].strength += 5
    assert twin != state
    assert "someone" not in next(iter(state.stacks.values())).units
