"""The engine's queries for views (engine/queries.py): where a stack can go, supply per stack,
what a side sees, combat factors with every term, command."""

from __future__ import annotations

import pytest

from engine import queries
from engine.actions import ContinueBattle, EndPhase, Move, ResolveBattle
from engine.game import Game
from engine.phases.movement import path_cost
from engine.records import BattleFireRecord
from tests.engine.builder import Builder, advance_to
from tests.engine.test_air import air_world, stack_of
from tests.engine.test_battles import arena, start


def _moves(game: Game, stack: str) -> dict[str, tuple[str, ...]]:
    return {
        a.path[-1]: a.path for a in game.legal_actions() if isinstance(a, Move) and a.stack == stack
    }


def test_v1_v2_v3_where_can_go_names_moves_battles_overruns_and_overstacking() -> None:
    """Per region the kind, the cost and the path, and exactly the moves listed as legal."""
    b = Builder(cols=5, rows=2).owners(b1="redland", c1="redland", b2="redland")
    b.region("b1", stacking=4).region("c2", terrain="forest")
    b.unit_type("horde", name="Horde", attack=3, defence=3, morale=4, movement=4, hit_points=20)
    b.unit("r", "horde", "a1")
    b.unit("f1", "inf", "b1").unit("f2", "inf", "b1")
    b.unit("x", "inf", "d1", nation="blueland", strength=1)
    b.unit("y", "inf", "c2", nation="blueland")
    game = b.game(0, fog=False)
    advance_to(game, "land_movement")
    stack = stack_of(game, "r")
    found = queries.where_can_go(game, stack)
    assert found["b1"].kind == "overstack" and not found["b1"].legal  # full, passable
    assert (found["c1"].kind, found["c1"].cost, found["c1"].path) == ("move", 2.0, ("b1", "c1"))
    assert (found["d1"].kind, found["d1"].cost) == ("overrun", 4.0)  # 3 MP in, 1 to overrun
    assert found["c2"].kind == "battle"
    legal = _moves(game, stack)
    assert {r: d.path for r, d in found.items() if d.legal} == legal
    for region, dest in found.items():
        if dest.legal:
            assert path_cost(game, game.state.stacks[stack], dest.path) == dest.cost, region
    # Not red's move any more: nowhere to go.
    game.apply(EndPhase())
    assert queries.where_can_go(game, stack) == {}


def test_v7_where_can_go_shows_a_battle_with_unseen_enemies_as_a_move_to_their_viewer() -> None:
    b = Builder(cols=4).owners(b1="redland")
    b.unit("r", "tank", "a1").unit("x", "inf", "c1", nation="blueland")
    game = b.game(0, fog=True)
    advance_to(game, "land_movement")
    stack = stack_of(game, "r")
    assert queries.where_can_go(game, stack)["c1"].kind == "battle"
    # c1 is two regions from red's tank: red sees nothing there.
    assert queries.visibility(game, "red").stacks[stack_of(game, "x")] == "none"
    assert queries.where_can_go(game, stack, viewer="red")["c1"].kind == "move"


def test_a1_a2_a3_where_can_go_for_flights() -> None:
    """Flights: the cost, a battle where the planes join one, the AA and interception risks,
    and the air stacking limit as ``overstack``."""
    b = air_world()
    b.unit("rb", "bomber", structure="ra")
    b.unit("bi", "inf", "c1", nation="blueland").unit("bflak", "flak", "c1", nation="blueland")
    b.unit("bf", "fighter", structure="ba", nation="blueland")
    b.region("d1", air_stacking=0)
    game = b.game()
    advance_to(game, "air_offensive")
    stack = stack_of(game, "rb")
    found = queries.where_can_go(game, stack)
    assert (found["c1"].kind, found["c1"].cost, found["c1"].aa) == ("battle", 2.0, True)
    assert found["d1"].kind == "overstack" and not found["d1"].legal
    assert found["e1"].interception
    assert {r: d.path for r, d in found.items() if d.legal} == _moves(game, stack)


def test_s4_supply_state_counts_turns_out_and_names_the_stage() -> None:
    """S4: a red stack cut off from its source: each red supply phase out of supply moves it
    a stage on; the query names the stage and its effects."""
    b = Builder(cols=4).owners(b1="redland", c1="redland", d1="redland")
    b.source("rs", "a1", "red").source("bs", "d1", "blue")
    b.unit("r", "inf", "d1").unit("x", "inf", "b1", nation="blueland")
    game = b.game(0)
    advance_to(game, "land_movement")
    stack = stack_of(game, "r")
    state = queries.supply_state(game, stack)
    assert not state.on_line and state.turns_out == 1 and state.stage == 1
    assert state.effects == game.scenario.rules.supply.stages[0]
    advance_to(game, "land_movement", "blue")
    advance_to(game, "land_movement", "red")
    state = queries.supply_states(game, "red")[stack]
    assert (state.turns_out, state.stage) == (2, 2)
    assert state.units == {"r": 2}


def test_v7_visibility_full_outline_flag_none() -> None:
    b = Builder(cols=5)
    b.unit("r", "inf", "a1")
    b.unit("near", "inf", "b1", nation="blueland").unit("far", "inf", "e1", nation="blueland")
    game = b.game(0, fog=True)
    seen = queries.visibility(game, "red")
    assert seen.stacks[stack_of(game, "r")] == "full" and seen.sees(stack_of(game, "r"))
    assert seen.stacks[stack_of(game, "near")] == "outline"
    assert seen.stacks[stack_of(game, "far")] == "none"
    assert seen.watched == {"a1", "b1"}
    b.raw["nations"][1]["fog_advantage"] = True
    game = b.game(0, fog=True)
    assert queries.visibility(game, "red").stacks[stack_of(game, "near")] == "flag"


def test_b3_combat_factors_add_up_to_the_factors_fired_with() -> None:
    """B3: every term of every unit's factor, before and during a battle; their sum is the
    factor the unit then fires with."""
    b = arena()
    b.region("b1", terrain="hills")
    b.leader("boss", "b1", attack=2)
    b.unit("r1", "inf", "b1").unit("x1", "inf", "b1", nation="blueland")
    game = start(b)
    before = queries.combat_factors(game, "b1")
    red, blue = before.units["r1"], before.units["x1"]
    assert (red.stat, blue.stat) == ("attack", "defence")
    assert dict(red.terms) == {"base": 4, "terrain": -1, "leaders": 2}
    assert dict(blue.terms) == {"base": 4, "terrain": 1}
    assert red.value == 5 and blue.value == 5 and red.fires and blue.fires
    assert before.morale_terms["blue"] == (("units", 4), ("terrain", 1))
    game.apply(ResolveBattle("b1"))
    during = queries.combat_factors(game, "b1")
    assert during.units["r1"].terms == red.terms
    game.apply(ContinueBattle())
    game.apply(ContinueBattle())
    fired = {r["unit"]: r["factor"] for r in game.log.typed(BattleFireRecord)}
    assert fired == {"r1": red.value, "x1": blue.value}


@pytest.mark.parametrize(("rank", "limit"), [(1, 10), (2, 20), (3, 40)])
def test_u3_command_limit_by_rank_and_the_penalty_steps(rank: int, limit: int) -> None:
    b = Builder(cols=2)
    b.leader("boss", "a1", rank=rank)
    for n in range(6):
        b.unit(f"r{n}", "inf", "a1")  # 6 x 2 = 12 stacking points
    game = b.game(0)
    assert queries.command_limit(game, "boss") == limit
    held = queries.command(game, stack_of(game, "boss"))
    assert (held.leader, held.points, held.limit) == ("boss", 12, limit)
    assert held.steps == (1 if rank == 1 else 0)
