"""Whole-battle simulations and odds previews, and properties of random battles (B1-B9)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Breakthrough, ContinueBattle, ResolveBattle
from engine.combat import controller, fast
from engine.dice import Dice
from tests.engine.test_battles import arena, start


def mixed(seed: int = 0):
    b = arena()
    b.region("b1", stacking=60)
    for i in range(3):
        b.unit(f"r{i}", "inf", "b1")
        b.unit(f"x{i}", "inf", "b1", nation="blueland")
    b.unit("rt", "tank", "b1")
    b.unit("ra", "art", "b1")
    b.unit("xa", "art", "b1", nation="blueland")
    b.leader("rl", "b1", attack=1, morale=1)
    return start(b, seed=seed)


def test_preview_leaves_the_game_and_its_dice_alone() -> None:
    game = mixed()
    dice = game.dice.state()
    records = len(game.log)
    state = game.state.to_json()
    odds = controller.preview(game, "b1", runs=50, seed=4)
    assert game.dice.state() == dice
    assert len(game.log) == records
    assert game.state.to_json() == state
    assert abs(odds["attacker_win"] + odds["defender_win"] - 1) < 1e-9
    assert odds == fast.preview(game, "b1", runs=50, seed=4)  # seeded: repeatable
    assert odds["runs"] == 50


def test_preview_of_a_lopsided_battle() -> None:
    b = arena()
    b.region("b1", stacking=60)
    for i in range(5):
        b.unit(f"r{i}", "tank", "b1")
    b.unit("x1", "inf", "b1", nation="blueland", strength=1)
    game = start(b)
    assert fast.preview(game, "b1", runs=40)["attacker_win"] == 1.0


def test_preview_of_an_attack_not_yet_made() -> None:
    b = arena()
    b.unit("r1", "tank", "a1")
    b.unit("r2", "tank", "a1")
    b.unit("x1", "inf", "b1", nation="blueland")
    game = start(b)
    odds = fast.preview(game, "b1", runs=40, units=["r1", "r2"])
    assert odds["attacker_win"] > 0.5


def test_the_fast_path_and_the_game_agree_with_the_same_dice() -> None:
    for seed in range(6):
        game = mixed(seed)
        setup = fast.setup_for(game, "b1")
        outcome = fast.fight(setup, Dice(100 + seed))
        game.dice = Dice(100 + seed)
        game.apply(ResolveBattle("b1"))
        while game.state.battle is not None:
            game.apply(ContinueBattle())
        result = game.state.stats["battle_results"][-1]
        assert result["winner"] == ("red", "blue")[outcome.winner]
        assert result["rounds"] == outcome.rounds
        assert result["pursuit"] == outcome.pursued


UNIT_TYPES = ["inf", "tank", "art", "log", "ski", "bunker", "siege", "flak"]


@settings(max_examples=40, deadline=None)
@given(
    red=st.lists(st.sampled_from(UNIT_TYPES), min_size=1, max_size=6),
    blue=st.lists(st.sampled_from(UNIT_TYPES), min_size=1, max_size=6),
    terrain=st.sampled_from(["clear", "forest", "hills", "urban"]),
    seed=st.integers(0, 10_000),
    entrenched=st.booleans(),
)
def test_random_battles_end_create_nothing_and_keep_strengths_sound(
    red: list[str], blue: list[str], terrain: str, seed: int, entrenched: bool
) -> None:
    b = arena(cols=4)
    b.region("b1", stacking=60, terrain=terrain)
    for i, kind in enumerate(red):
        b.unit(f"r{i}", kind, "b1")
    for i, kind in enumerate(blue):
        b.unit(f"x{i}", kind, "b1", nation="blueland", entrenched=entrenched)
    b.leader("rl", "b1", attack=1, breakthrough=True)
    game = start(b, seed=seed)
    before = set(game.state.units)
    hit_points = {u.id: game.world.unit_types[u.type].hit_points for u in game.scenario.units}
    odds = fast.preview(game, "b1", runs=5, seed=seed)
    assert 0.0 <= odds["attacker_win"] <= 1.0
    if ResolveBattle("b1") not in game.legal_actions():
        return  # nothing to fight (only support units on red's side, say)
    game.apply(ResolveBattle("b1"))
    for _ in range(200):
        if game.state.battle is None and not game.state.pending:
            break
        if game.state.pending:
            game.apply(Breakthrough("b1"))
        else:
            game.apply(ContinueBattle())
    else:
        raise AssertionError("the battle never ended")
    assert set(game.state.units) == before
    for unit in game.state.units.values():
        if unit.leader:
            continue
        assert 0 <= unit.strength <= hit_points[unit.id]
        assert (unit.status == "eliminated") == (unit.strength == 0 and unit.stack is None)
    # Whoever lost left the field: no battle remains in b1.
    assert ResolveBattle("b1") not in game.legal_actions()
    for stack in game.state.stacks.values():
        assert stack.units
        for unit_id in stack.units:
            assert game.state.units[unit_id].stack == stack.id
