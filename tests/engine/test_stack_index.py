"""The stacks by region (``engine/stack_index.py``) and what is kept from them answer exactly as
a pass over every stack would, in the same order, all through AI games (moves, splits, merges,
battles, retreats, eliminations, reinforcements, captures).

The kept answers (the enemies in the field, a side's supply inputs, the AI's distances to the
front) are checked against the same questions asked of a copy of the game rebuilt from its
saved state, which has nothing kept.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from engine import board, movement
from engine.ai import levels
from engine.ai.fronts import distance_to_enemy, refresh
from engine.game import Game
from engine.queries import legal_move_paths, where_can_go
from engine.state import GameState
from engine.supply import supplied_regions
from tests.samples.played import scenario


def _scan(game: Game, region: str, side: str | None) -> list[str]:
    return [
        s.id
        for s in game.state.stacks.values()
        if s.region == region and (side is None or s.side == side)
    ]


def _field_scan(game: Game, side: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for stack in game.state.stacks.values():
        structure = game.world.structures.get(stack.structure) if stack.structure else None
        if (
            game.world.at_war(side, stack.side)
            and board.has_ground_units(game, stack)
            and (structure is None or structure.fortification == 0)
        ):
            found.setdefault(stack.region, []).append(stack.id)
    return found


def _rebuilt(game: Game) -> Game:
    """The game with its state loaded from its JSON: nothing kept, no index."""
    twin = Game(game.scenario, game.seed)
    twin.state = GameState.from_json(copy.deepcopy(game.state.to_json()))
    return twin


def _check(game: Game, rebuild: bool) -> None:
    regions = {s.region for s in game.state.stacks.values()} | set(list(game.world.regions)[:8])
    for region in sorted(regions):
        for side in (None, *game.world.sides):
            assert [s.id for s in board.stacks_in(game, region, side)] == _scan(
                game, region, side
            ), (game.turn, game.phase, region, side)
    if not rebuild:
        return
    twin = _rebuilt(game)
    for side in game.world.sides:
        field = movement.field_enemies(game, side)
        expected = _field_scan(game, side)
        assert {r: [s.id for s in field.get(r, [])] for r in regions} == {
            r: expected.get(r, []) for r in regions
        }
        assert {r: [s.id for s in stacks] for r, stacks in field.items()} == expected
        assert list(field) == list(expected)  # a full pass keeps the scan's order
        assert supplied_regions(game, side) == supplied_regions(twin, side)
        refresh(game)
        assert [distance_to_enemy(game, r, side) for r in sorted(regions)] == [
            distance_to_enemy(twin, r, side) for r in sorted(regions)
        ]
    # The side's kept stacking loads (``movement.Room``) judge the stacking limit as the
    # rebuilt game, which has none kept, does: for every stack and region looked at.
    for stack in game.state.stacks.values():
        other = twin.state.stacks[stack.id]
        assert [movement.fits(game, stack, r) for r in sorted(regions)] == [
            movement.fits(twin, other, r) for r in sorted(regions)
        ], (game.turn, game.phase, stack.id)
        # What the AI asks for a stack's moves is where_can_go's legal destinations.
        assert legal_move_paths(game, stack) == [
            d.path for d in where_can_go(game, stack).values() if d.legal
        ]


@pytest.mark.parametrize(("name", "seed", "turns"), [("north-africa", 2, 2), ("winter-war", 3, 1)])
def test_stacks_by_region_answer_as_a_scan_through_a_game(name: str, seed: int, turns: int) -> None:
    game = Game(scenario(name), seed)
    player = levels.player("normal")
    kinds: set[str] = set()
    while game.outcome() is None and game.turn <= turns:
        action = player.choose(game)
        game.apply(action)
        kinds.add(type(action).__name__)
        _check(game, rebuild=len(game.log) % 5 == 0)
    # The games covered what changes where stacks stand and what they hold.
    assert {"Move", "ResolveBattle"} <= kinds
    assert {"Split", "Merge"} & kinds


def test_a_copied_or_loaded_state_builds_its_own_index() -> None:
    game = Game(scenario("north-africa"), 2)
    player = levels.player("normal")
    for _ in range(40):
        game.apply(player.choose(game))
    region = next(iter(game.state.stacks.values())).region
    board.stacks_in(game, region)  # the index exists now
    assert game.state._stack_index is not None
    for state in (copy.deepcopy(game.state), pickle.loads(pickle.dumps(game.state))):
        assert state._stack_index is None
        twin = copy.copy(game)
        twin.state = state
        assert [s.id for s in board.stacks_in(twin, region)] == _scan(game, region, None)
    # A state whose stacks are replaced wholesale is indexed afresh.
    fresh = _rebuilt(game)
    game.state.stacks = fresh.state.stacks
    assert [s.id for s in board.stacks_in(game, region)] == _scan(game, region, None)
    assert "_stack_index" not in game.state.to_json()
