"""The AI uses the capabilities the rules give it (issue 12), on small hand-made scenarios:
aircraft (A1-A5), merges and garrisons (V1), entrenchment (U5), leaders (U3), event options
and cards weighed, and the hard level's simulated battles.

Each test shows the capability where it is sensible and legal, and most show the baseline
player not doing it, so the test fails if the capability is lost.
"""

from __future__ import annotations

from typing import Any

from engine import Game
from engine.actions import (
    Action,
    Choose,
    ContinueBattle,
    EndPhase,
    Entrench,
    Merge,
    Move,
    PlayCard,
    Rebase,
    Retreat,
    Split,
)
from engine.ai import levels
from engine.ai.baseline import BaselineAI
from engine.ai.hard import Hard
from engine.ai.levels import NORMAL
from engine.ai.tactical import Tactician, Tactics
from tests.engine.builder import Builder, advance_to


def air_world(cols: int = 5) -> Builder:
    b = Builder(cols=cols)
    last = f"{'abcdefghij'[cols - 1]}1"
    b.structure("ra", "a1", kind="airfield", airport=True, capacity={"air": 4})
    b.structure("ba", last, kind="airfield", airport=True, capacity={"air": 4})
    b.source("rs", "a1", "red").source("bs", last, "blue")
    return b


def stack_of(game: Game, unit: str) -> str:
    stack = game.state.units[unit].stack
    assert stack is not None
    return stack


def play_phase(game: Game, player: Any, limit: int = 50) -> list[Action]:
    """Let ``player`` act until the current phase of the active side ends; its actions."""
    phase, side, turn = game.phase, game.active_side, game.turn
    taken: list[Action] = []
    for _ in range(limit):
        if (game.phase, game.active_side, game.turn) != (phase, side, turn):
            return taken
        action = player.choose(game)
        taken.append(action)
        game.apply(action)
    raise AssertionError(f"the phase never ended: {taken}")


# -- aircraft (A1-A5) -----------------------------------------------------------------------------


def test_a1_a4_flies_air_support_over_the_region_its_troops_can_take() -> None:
    b = air_world()
    for unit in ("r1", "r2", "r3"):
        b.unit(unit, "inf", "b1")
    b.unit("b1", "inf", "c1", nation="blueland")
    b.unit("rb", "bomber", structure="ra")
    game = b.game()
    advance_to(game, "air_offensive")
    taken = play_phase(game, Tactician(NORMAL))
    flights = [a for a in taken if isinstance(a, Move)]
    assert flights == [Move(stack_of(game, "rb"), ("b1", "c1"))]
    # The baseline never flies.
    game = b.game()
    advance_to(game, "air_offensive")
    assert not [a for a in play_phase(game, BaselineAI()) if isinstance(a, Move)]


def test_a1_a4_strikes_an_exposed_stack_but_not_one_under_anti_aircraft_fire() -> None:
    b = air_world()
    b.unit("rb", "bomber", structure="ra").unit("rb2", "bomber", structure="ra")
    b.unit("bs", "ski", "d1", nation="blueland")
    game = b.game()
    advance_to(game, "air_offensive")
    taken = play_phase(game, Tactician(NORMAL))
    assert [a.path[-1] for a in taken if isinstance(a, Move)] == ["d1"]

    b.unit("bf", "flak", "d1", nation="blueland")
    game = b.game()
    advance_to(game, "air_offensive")
    taken = play_phase(game, Tactician(NORMAL))
    assert "d1" not in [a.path[-1] for a in taken if isinstance(a, Move)]


def test_a3_stands_guard_over_the_threatened_front_in_the_defensive_phase() -> None:
    b = air_world()
    b.unit("r1", "inf", "b1").unit("rf", "fighter", structure="ra")
    b.unit("b1", "inf", "c1", nation="blueland").unit("b2", "inf", "c1", nation="blueland")
    game = b.game()
    advance_to(game, "air_defensive")
    taken = play_phase(game, Tactician(NORMAL))
    assert [a.path[-1] for a in taken if isinstance(a, Move)] == ["b1"]


def test_a1_rebases_aircraft_with_nothing_in_range_nearer_the_front() -> None:
    b = air_world(cols=6)
    b.structure("rc", "c1", kind="airfield", airport=True, capacity={"air": 4})
    b.unit("rb", "bomber", structure="ra")
    game = b.game()
    advance_to(game, "air_offensive")
    taken = play_phase(game, Tactician(NORMAL))
    assert Rebase(stack_of(game, "rb"), "rc") in taken
    assert game.state.units["rb"].base == "rc"


# -- stacks (V1, U3, U5) --------------------------------------------------------------------------


def test_v1_merges_stacks_that_only_together_can_attack() -> None:
    b = Builder(cols=2)
    b.unit("r1", "inf", "a1").unit("r2", "inf", "a1")
    b.unit("b1", "inf", "b1", nation="blueland").unit("b2", "inf", "b1", nation="blueland")

    def two_stacks() -> tuple[Game, str, str]:
        game = b.game()
        advance_to(game, "land_movement")
        first = stack_of(game, "r1")
        game.apply(Split(first, ("r2",)))  # set-up puts them in one stack: part them
        return game, first, stack_of(game, "r2")

    game, first, second = two_stacks()
    taken = play_phase(game, Tactician(NORMAL))
    assert taken[0] == Merge((first, second))
    assert Move(first, ("b1",)) in taken
    # Alone, neither stack is strong enough: the baseline attacks with none.
    game, first, second = two_stacks()
    assert not [a for a in play_phase(game, BaselineAI(NORMAL)) if isinstance(a, Move)]


def test_v1_leaves_a_garrison_on_an_objective_and_sends_the_rest_forward() -> None:
    b = Builder(cols=4)
    b.region("a1", values={"red": {"loss": 5}})
    b.unit("r1", "inf", "a1").unit("r2", "inf", "a1")
    game = b.game()
    advance_to(game, "land_movement")
    stack = stack_of(game, "r1")
    taken = play_phase(game, Tactician(NORMAL))
    splits = [a for a in taken if isinstance(a, Split)]
    assert len(splits) == 1 and splits[0].stack == stack
    # The unit split off is the garrison: it stays, and the stack it left goes forward.
    (garrison,) = splits[0].units
    (rest,) = {"r1", "r2"} - {garrison}
    assert game.state.stacks[stack_of(game, garrison)].region == "a1"
    assert game.state.stacks[stack_of(game, rest)].region != "a1"
    assert any(isinstance(a, Move) and a.stack == stack for a in taken)
    # The baseline keeps the whole stack on the objective.
    game = b.game()
    advance_to(game, "land_movement")
    assert all(not isinstance(a, Move | Split) for a in play_phase(game, BaselineAI(NORMAL)))


def test_v1_a_sudden_death_objective_with_a_strong_enemy_near_keeps_its_whole_stack() -> None:
    """A region whose loss loses the game at once is not left to one unit while an enemy
    stronger than that unit stands within two steps: here it takes the whole stack to hold
    it against blue's four infantry in c1, two steps from a1, so the stack stays whole
    (c2 is open for the rest to take)."""

    def world(sudden_death: bool) -> Builder:
        b = Builder(cols=5, rows=2)
        b.region("a1", values={"red": {"loss": 5}})
        for unit in ("r1", "r2", "r3"):
            b.unit(unit, "inf", "a1")
        for unit in ("b1", "b2", "b3", "b4"):
            b.unit(unit, "inf", "c1", nation="blueland")
        if sudden_death:
            rule = {
                "id": "take-a1",
                "side": "blue",
                "condition": {"kind": "controls", "regions": ["a1"]},
            }
            b.set("victory", {"sudden_death": [rule]})
        return b

    game = world(sudden_death=True).game()
    advance_to(game, "land_movement")
    stack = stack_of(game, "r1")
    taken = play_phase(game, Tactician(NORMAL))
    assert not [a for a in taken if isinstance(a, Split | Move) and a.stack == stack]
    assert {stack_of(game, u) for u in ("r1", "r2", "r3")} == {stack}
    assert game.state.stacks[stack].region == "a1"
    # Without the sudden death the same stack leaves a garrison and goes.
    game = world(sudden_death=False).game()
    advance_to(game, "land_movement")
    assert [a for a in play_phase(game, Tactician(NORMAL)) if isinstance(a, Split)]


def test_w2_reinforces_a_sudden_death_objective_an_enemy_nearby_outnumbers() -> None:
    """a1's loss would lose red the game, one infantry holds it and three blue infantry stand
    two steps away in c1: red's stack in a2 marches to a1 instead of taking the open c2. The
    baseline, which counts any guard as enough, takes c2."""

    def world() -> Builder:
        b = Builder(cols=5, rows=2)
        b.unit("r1", "inf", "a1")
        b.unit("r2", "inf", "a2").unit("r3", "inf", "a2")
        for unit in ("b1", "b2", "b3"):
            b.unit(unit, "inf", "c1", nation="blueland")
        rule = {
            "id": "take-a1",
            "side": "blue",
            "condition": {"kind": "controls", "regions": ["a1"]},
        }
        b.set("victory", {"sudden_death": [rule]})
        return b

    game = world().game()
    advance_to(game, "land_movement")
    taken = play_phase(game, Tactician(NORMAL))
    assert Move(stack_of(game, "r2"), ("a1",)) in taken
    assert game.state.stacks[stack_of(game, "r2")].region == "a1"
    assert game.state.stacks[stack_of(game, "r3")].region == "a1"
    game = world().game()
    advance_to(game, "land_movement")
    play_phase(game, BaselineAI(NORMAL))
    assert game.state.stacks[stack_of(game, "r2")].region != "a1"


def test_v1_the_normal_level_keeps_a_stack_holding_an_objective_whole() -> None:
    """At ``normal`` only a stack of three combat units or more leaves a garrison
    (``Tactics(garrison_from=3)``): splitting a stack of two lost games in the duels
    (docs/ai.md), so the stack of two on the objective stays whole."""
    b = Builder(cols=4)
    b.region("a1", values={"red": {"loss": 5}})
    b.unit("r1", "inf", "a1").unit("r2", "inf", "a1")
    for player in (Tactician(NORMAL, Tactics(garrison_from=3)), levels.player("normal")):
        game = b.game()
        advance_to(game, "land_movement")
        stack = stack_of(game, "r1")
        assert all(not isinstance(a, Split) for a in play_phase(game, player))
        assert stack_of(game, "r2") == stack and game.state.stacks[stack].region == "a1"


def test_u5_entrenches_a_stack_holding_the_line_against_a_stronger_enemy() -> None:
    b = Builder(cols=3)
    b.unit("r1", "inf", "a1")
    for unit in ("b1", "b2", "b3"):
        b.unit(unit, "inf", "b1", nation="blueland")
    game = b.game()
    advance_to(game, "land_movement")
    taken = play_phase(game, Tactician(NORMAL))
    assert Entrench(stack_of(game, "r1")) in taken
    assert game.state.stacks[stack_of(game, "r1")].entrenched


def test_u5_does_not_entrench_where_its_nation_may_not() -> None:
    b = Builder(cols=3)
    next(n for n in b.raw["nations"] if n["id"] == "redland")["entrench"] = False
    b.unit("r1", "inf", "a1")
    for unit in ("b1", "b2", "b3"):
        b.unit(unit, "inf", "b1", nation="blueland")
    game = b.game()
    advance_to(game, "land_movement")
    assert not [a for a in play_phase(game, Tactician(NORMAL)) if isinstance(a, Entrench)]


def test_u3_a_leader_alone_joins_the_strongest_stack_without_one() -> None:
    b = Builder(cols=4)
    b.leader("gen", "a1", rank=2)
    b.unit("r1", "inf", "b1").unit("r2", "inf", "b1")
    for unit in ("b1", "b2", "b3", "b4"):
        b.unit(unit, "inf", "c1", nation="blueland")
    game = b.game()
    advance_to(game, "land_movement")
    taken = play_phase(game, Tactician(NORMAL))
    assert Move(stack_of(game, "gen"), ("b1",)) in taken or any(
        isinstance(a, Move) and a.path[-1] == "b1" for a in taken
    )
    assert any(isinstance(a, Merge) for a in taken)
    assert stack_of(game, "gen") == stack_of(game, "r1")


# -- event options and cards (E1-E3) --------------------------------------------------------------


def _choice_event(b: Builder) -> Builder:
    return b.set(
        "events",
        [
            {
                "id": "dilemma",
                "title": "A dilemma",
                "side": "red",
                "turns": {"from_turn": 1, "to_turn": 1},
                "effects": [
                    {
                        "kind": "choice",
                        "side": "red",
                        "prompt": "Which?",
                        "options": [
                            {"label": "Pay", "effects": [{"kind": "vp", "amount": -2}]},
                            {"label": "Gain", "effects": [{"kind": "vp", "amount": 2}]},
                        ],
                    }
                ],
            }
        ],
    )


def _to_choice(game: Game) -> None:
    for _ in range(50):
        if game.state.pending:
            return
        game.apply(EndPhase())
    raise AssertionError("the event's question never came")


def test_e2_weighs_an_events_options_instead_of_taking_the_first() -> None:
    b = _choice_event(Builder(cols=3))
    b.unit("r1", "inf", "a1").unit("b1", "inf", "c1", nation="blueland")
    game = b.game()
    _to_choice(game)
    assert Tactician(NORMAL).choose(game) == Choose(1)
    assert BaselineAI(NORMAL).choose(game) == Choose(0)


def _cards(b: Builder) -> Builder:
    card = {
        "name": "Costly",
        "side": "red",
        "color": "black",
        "phases": ["cards"],
        "effects": [{"kind": "vp", "amount": -3}],
    }
    useful = {**card, "name": "Useful", "effects": [{"kind": "vp", "amount": 1}]}
    b.set("cards", [{"id": "costly", **card}, {"id": "useful", **useful}])
    return b.rules("cards", hand_limit=4)


def test_e1_hard_with_simulations_keeps_a_card_that_would_cost_it_and_plays_a_useful_one() -> None:
    b = _cards(Builder(cols=3))
    b.unit("r1", "inf", "a1").unit("b1", "inf", "c1", nation="blueland")
    game = b.game()
    advance_to(game, "cards")
    hand = game.state.sides["red"].hand
    if "useful" not in hand or "costly" not in hand:
        game.state.sides["red"].hand = ["costly", "useful"]
    taken = play_phase(game, Hard(NORMAL, simulate=True))
    assert PlayCard("useful") in taken
    assert PlayCard("costly") not in taken


# -- the hard level (simulated battles) ----------------------------------------------------------


def test_hard_with_simulations_does_not_attack_where_the_ground_makes_the_odds_poor() -> None:
    # 5 infantry against 4 in a town: a ratio normal attacks at, odds the simulating hard
    # player won't take. Without fog, so it may simulate the defenders (it never simulates
    # what the fog hides). The hard level plays without simulations (docs/ai.md).
    b = Builder(cols=2)
    b.region("b1", terrain="urban")
    for unit in ("r1", "r2", "r3", "r4", "r5"):
        b.unit(unit, "inf", "a1")
    for unit in ("b1", "b2", "b3", "b4"):
        b.unit(unit, "inf", "b1", nation="blueland")
    game = b.game(fog=False)
    advance_to(game, "land_movement")
    normal = play_phase(game, levels.player("normal"))
    assert any(isinstance(a, Move) and a.path[-1] == "b1" for a in normal)
    game = b.game(fog=False)
    advance_to(game, "land_movement")
    hard = play_phase(game, Hard(NORMAL, simulate=True))
    assert not any(isinstance(a, Move) and a.path[-1] == "b1" for a in hard)


def _threatened_objective(others: str = "a2") -> Builder:
    """Red holds a1, which Blue wins the game by taking, with one infantry unit; four blue
    infantry stand next door in b1, and two more red infantry stand in ``others`` (a2: from
    where they could take the empty b2)."""
    b = Builder(cols=3, rows=2)
    b.owners(a1="redland", a2="redland", b1="blueland", b2="blueland")
    b.source("rs", "a2", "red").source("bs", "c1", "blue")
    take_a1 = {"kind": "controls", "regions": ["a1"]}
    b.set("victory", {"sudden_death": [{"id": "take-a1", "side": "blue", "condition": take_a1}]})
    b.unit("r1", "inf", "a1").unit("r2", "inf", others).unit("r3", "inf", others)
    for unit in ("b1", "b2", "b3", "b4"):
        b.unit(unit, "inf", "b1", nation="blueland")
    return b


def guard() -> Hard:
    """The guard of objectives (the ``hard`` level until 2026-11-27)."""
    return Hard(levels.GUARD, levels.NORMAL_TACTICS)


def test_the_guard_reinforces_an_objective_the_enemy_next_door_outweighs() -> None:
    """The guard looks at the enemy's next move (engine/ai/defence.py): a1 is guarded,
    so ``normal`` sends the stack in a2 to take open ground, while the guard sees the four
    units next to a1 outweigh its one and sends the stack to a1. With fog on, the blue stack
    is judged by the guess for hidden units, never by its content."""
    for fog in (False, True):
        game = _threatened_objective().game(fog=fog)
        advance_to(game, "land_movement")
        stack = stack_of(game, "r2")
        normal = play_phase(game, levels.player("normal"))
        assert Move(stack, ("b2",)) in normal
        game = _threatened_objective().game(fog=fog)
        advance_to(game, "land_movement")
        hard = play_phase(game, guard())
        assert Move(stack, ("a1",)) in hard
        assert not any(isinstance(a, Move) and a.path[-1] == "b2" for a in hard)


def test_the_guard_keeps_a_threatened_objectives_garrison_whole() -> None:
    """Three red infantry hold a1 with four blue infantry next door: the garrison one unit
    would leave is outweighed, so the guard keeps the stack whole on a1 (V1). Since the
    garrison fix ``normal`` does the same (a sudden-death objective keeps as many units as
    the enemy near calls for, the whole stack when that is every unit): neither sends a unit
    off to take b2."""
    for level in ("guard", "normal"):
        game = _threatened_objective(others="a1").game()
        advance_to(game, "land_movement")
        stack = stack_of(game, "r1")
        played = play_phase(game, guard() if level == "guard" else levels.player(level))
        assert not any(isinstance(a, Split | Move) for a in played), level
        assert {stack_of(game, u) for u in ("r1", "r2", "r3")} == {stack}, level


def test_hard_attacks_odds_that_normal_thinks_too_thin() -> None:
    """``hard`` is ``normal`` with a bolder attack (1 to 1 where ``normal`` asks 1.2 to 1):
    three red infantry next to four blue ones, odds the tactician's estimates put between
    the two ratios. ``normal`` stays; ``hard`` goes in."""

    def red_moves(level: str) -> list[Action]:
        b = Builder(cols=3, rows=1)
        b.owners(a1="redland", b1="blueland", c1="blueland")
        b.source("rs", "a1", "red").source("bs", "c1", "blue")
        for i in range(3):
            b.unit(f"r{i}", "inf", "a1")
        for i in range(4):
            b.unit(f"x{i}", "inf", "b1", nation="blueland")
        game = b.game()
        advance_to(game, "land_movement")
        return play_phase(game, levels.player(level))

    assert not any(isinstance(a, Move) for a in red_moves("normal"))
    assert any(isinstance(a, Move) and a.path == ("b1",) for a in red_moves("hard"))


def test_v1_hard_splits_a_stack_of_two_on_an_objective_where_normal_keeps_it_whole() -> None:
    """``hard``'s tuned garrisons (``levels.HARD_TACTICS``): two red infantry hold a1, worth
    VP to red, with open blue ground ahead. ``hard`` leaves one as the garrison and sends the
    other forward; ``normal`` splits only stacks of three or more, so its pair stays whole."""

    def taken(level: str) -> tuple[Game, str, list[Action]]:
        b = Builder(cols=4)
        b.region("a1", values={"red": {"loss": 5}})
        b.unit("r1", "inf", "a1").unit("r2", "inf", "a1")
        game = b.game()
        advance_to(game, "land_movement")
        return game, stack_of(game, "r1"), play_phase(game, levels.player(level))

    game, stack, actions = taken("hard")
    (split,) = [a for a in actions if isinstance(a, Split)]
    assert split.stack == stack
    regions = {game.state.stacks[stack_of(game, u)].region for u in ("r1", "r2")}
    assert "a1" in regions and len(regions) == 2  # one stayed, one went
    _, _, actions = taken("normal")
    assert not any(isinstance(a, Split | Move) for a in actions)


def test_s1_hard_leaves_its_supply_lines_for_ground_normal_will_not_give_them_up_for() -> None:
    """``hard`` holds a move off the side's supply lines 3 against it, ``normal`` 8
    (``Style.out_of_supply``): c1, open blue marsh next to red's infantry, can never be
    supplied (S1). ``hard`` takes it; ``normal`` stays in supply."""

    def moves(level: str) -> list[Action]:
        b = Builder(cols=4)
        b.region("c1", terrain="marsh")
        b.source("rs", "a1", "red").source("bs", "d1", "blue")
        b.unit("r1", "inf", "b1")
        game = b.game()
        advance_to(game, "land_movement")
        return [a for a in play_phase(game, levels.player(level)) if isinstance(a, Move)]

    assert not moves("normal")
    assert [m.path[-1] for m in moves("hard")] == ["c1"]


def test_hard_level_is_deterministic_for_a_seed() -> None:
    from engine.runner import play
    from schemas import load_file
    from tests.engine.test_golden import ROOT

    scenario = load_file(ROOT / "sample_scenarios" / "vessa-crossing.json").scenario
    first = play(scenario, 5, level="hard").game.log.digest()
    assert play(scenario, 5, level="hard").game.log.digest() == first


def _defence_of(worth: str) -> list[Action]:
    """Red's three infantry attack blue's two in b1 (every shot misses, nobody routs). b1 is
    worth nothing to blue (``worth="nothing"``), costs blue VP when lost (``"vp"``), or is a
    region red wins the game by taking (``"game"``). What blue's ``normal`` player answers in
    each window of the battle."""
    from engine.actions import ResolveBattle
    from tests.engine.test_battles import arena, script, start

    b = arena()
    for unit in ("r1", "r2", "r3"):
        b.unit(unit, "inf", "b1")
    b.unit("x1", "inf", "b1", nation="blueland").unit("x2", "inf", "b1", nation="blueland")
    b.unit_type("inf", morale=9)
    if worth == "vp":
        b.region("b1", values={"blue": {"loss": 3}})
    if worth == "game":
        take_b1 = {"kind": "controls", "regions": ["b1"]}
        b.set("victory", {"sudden_death": [{"id": "take-b1", "side": "red", "condition": take_b1}]})
    game = start(b)
    script(game, *([9] * 200))
    game.apply(ResolveBattle("b1"))
    blue = levels.player("normal")
    answers: list[Action] = []
    while game.state.battle is not None:
        if game.to_act() == "blue":
            answers.append(blue.choose(game))
            game.apply(answers[-1])
        else:
            game.apply(ContinueBattle())
    return answers


def test_b8_normal_stands_in_the_defence_of_a_region_worth_defending() -> None:
    """``normal`` leaves a battle once outnumbered 1.3 to 1, but a defender's retreat gives
    its region up: where the region is worth defending (its loss costs VP, or hands the
    enemy the game) it stands until outnumbered 2 to 1, as the baseline does
    (``Tactics.stand``). Outnumbered 3 to 2, it retreats from b1 in the first window it may
    only where b1 is worth nothing to it."""
    assert Retreat() in _defence_of("nothing")
    assert Retreat() not in _defence_of("vp")
    assert Retreat() not in _defence_of("game")
