"""The IGOUGO phases of a WEGO turn (issue 14): events, cards, reinforcements and air before
the planning, sieges and replacements after the execution, each side in the turn order
(engine/wego/windows.py, docs/wego.md).

The scenarios are small rows of square regions (tests/engine/builder.py) switched to WEGO
turns: red in the west, blue in the east.
"""

from __future__ import annotations

from typing import Any

from engine import Game, board
from engine.actions import (
    AssignReplacement,
    ContinueBattle,
    EndPhase,
    Move,
    PlaceReinforcement,
    PlayCard,
    ResolveSiege,
)
from engine.ai.baseline import BaselineAI, Style
from engine.ai.tactical import Tactician
from engine.wego import ai as wego_ai
from engine.wego import film, views
from engine.wego.orders import OrderAttack, OrderHold, OrderMove, SealPlan
from tests.engine.builder import Builder
from tests.engine.test_battles import fly, script


def wego(b: Builder) -> Builder:
    b.raw["calendar"]["turn_system"] = "wego"
    return b


def stack_of(game: Game, unit: str) -> str:
    stack = game.state.units[unit].stack
    assert stack is not None
    return stack


def kinds(game: Game, since: int = 0) -> list[str]:
    return [r["type"] for r in game.log.records[since:]]


def seal_both(game: Game) -> None:
    assert game.phase == "wego_planning"
    game.apply(SealPlan())
    game.apply(SealPlan())


def card(card_id: str, side: str = "red", **extra: Any) -> dict[str, Any]:
    return {
        "id": card_id,
        "name": card_id.title(),
        "side": side,
        "phases": extra.pop("phases", ["cards"]),
        "effects": extra.pop("effects", [{"kind": "vp", "amount": 1}]),
        **extra,
    }


# -- before the planning ---------------------------------------------------------------------


def reinforced() -> Builder:
    b = wego(Builder(cols=4)).owners(b1="redland")
    b.unit("r", "inf", "a1").unit("x", "inf", "d1", nation="blueland")
    b.unit("n1", "inf").unit("n2", "tank").unit("m1", "inf", nation="blueland")
    b.set("areas", [{"id": "home", "name": "Home"}])
    b.region("a1", area="home").region("b1", area="home")
    b.set(
        "reinforcements",
        [
            {"id": "fixed", "side": "red", "turn": 1, "units": ["n1"], "to": {"regions": ["a1"]}},
            {"id": "choice", "side": "red", "turn": 1, "units": ["n2"], "to": {"areas": ["home"]}},
            {"id": "late", "side": "blue", "turn": 2, "units": ["m1"], "to": {"regions": ["d1"]}},
        ],
    )
    return b


def test_e3_wego_reinforcements_arrive_before_planning_placed_as_in_igougo() -> None:
    game = reinforced().game(0)
    # Red's window: the fixed arrival is placed, the one with a choice asks red where.
    assert game.state.units["n1"].status == "active"
    assert (game.phase, game.to_act()) == ("reinforcements", "red")
    assert game.legal_actions() == [
        PlaceReinforcement("choice", "a1"),
        PlaceReinforcement("choice", "b1"),
    ]
    game.apply(PlaceReinforcement("choice", "b1"))
    # Nothing else to decide in red's or blue's window: the planning opens.
    assert (game.phase, game.to_act()) == ("wego_planning", "red")
    assert game.state.stacks[stack_of(game, "n2")].region == "b1"
    # The units that arrived are given orders like the others, with their full MP.
    ordered = {getattr(a, "stack", None) for a in game.legal_actions()}
    assert {stack_of(game, "n1"), stack_of(game, "n2")} <= ordered
    assert game.state.units["m1"].status == "waiting"
    seal_both(game)
    # Blue's turn-2 reinforcement arrives as turn 2 opens, before its plan.
    assert (game.turn, game.phase) == (2, "wego_planning")
    assert game.state.units["m1"].status == "active"
    arrived = game.log.of_type("reinforcement")[-1]
    assert (arrived["reinforcement"], arrived["phase"], arrived["side"]) == (
        "late",
        "reinforcements",
        "blue",
    )
    assert film.verify(game.log.records) == []


def test_e1_e2_wego_events_fire_and_cards_are_played_before_planning_side_by_side() -> None:
    b = wego(Builder(cols=3))
    b.unit("r", "inf", "a1").unit("x", "inf", "c1", nation="blueland")
    b.set("cards", [card("push"), card("hold", side="blue", phases=["battle"])])
    b.set(
        "events",
        [
            {
                "id": "rally",
                "title": "Rally",
                "side": "blue",
                "effects": [{"kind": "vp", "amount": 2}],
            },
        ],
    )
    game = b.game(0)
    # Red first (turn order): its cards phase waits with a card to play.
    assert (game.phase, game.to_act()) == ("cards", "red")
    assert PlayCard("push") in game.legal_actions()
    assert game.state.events_fired == []  # blue's event fires in blue's window
    assert EndPhase() in game.legal_actions()  # the side may keep its card
    game.apply(PlayCard("push"))
    assert game.state.sides["red"].vp == 1
    # Nothing left to decide in red's window: it closes by itself. Blue's window has nothing
    # to decide either (its only card is a battle card): straight on to the planning.
    assert game.state.events_fired == ["rally"]
    assert game.state.sides["blue"].vp == 2
    assert "hold" in game.state.sides["blue"].hand
    assert (game.phase, game.to_act()) == ("wego_planning", "red")
    fired = game.log.of_type("event")[0]
    assert (fired["side"], fired["phase"]) == ("blue", "events")


def test_e2_the_baseline_ai_plays_a_wego_card_window() -> None:
    b = wego(Builder(cols=3))
    b.unit("r", "inf", "a1").unit("x", "inf", "c1", nation="blueland")
    b.set("cards", [card("push")])
    game = b.game(0)
    assert game.phase == "cards"
    ai = BaselineAI()
    game.apply(ai.choose(game))
    assert game.log.of_type("card")[0]["card"] == "push"
    while game.phase != "wego_planning":
        game.apply(ai.choose(game))
    assert game.to_act() == "red"


def air_world() -> Builder:
    b = wego(Builder(cols=4))
    b.structure("ra", "a1", kind="airfield", airport=True, capacity={"air": 4})
    b.structure("ba", "d1", kind="airfield", airport=True, capacity={"air": 4})
    b.source("rs", "a1", "red").source("bs", "d1", "blue")
    b.unit("rb", "bomber", structure="ra").unit("ri", "inf", "b1")
    b.unit("bi", "inf", "c1", nation="blueland")
    return b


def test_a1_a4_wego_air_missions_fly_before_planning_and_the_planes_stay_over_the_target() -> None:
    game = air_world().game(0)
    assert (game.phase, game.to_act()) == ("air_offensive", "red")
    bomber = stack_of(game, "rb")
    game.apply(Move(bomber, ("b1", "c1")))  # the last flight: the phase closes by itself
    assert (game.phase, game.to_act()) == ("wego_planning", "red")
    assert game.state.stacks[stack_of(game, "rb")].region == "c1"
    # The aircraft get no orders: only the land stacks are planned.
    planned = {getattr(a, "stack", None) for a in game.legal_actions()} - {None}
    assert stack_of(game, "rb") not in planned
    seal_both(game)
    # The bomber flew home after the execution (A5), so it was traced in supply at its base
    # and turn 2 opens with red's offensive air phase, the bomber ready to fly again.
    assert game.log.of_type("air_return")[-1]["reason"] == "after_battles"
    assert (game.turn, game.phase) == (2, "air_offensive")
    assert game.state.stacks[stack_of(game, "rb")].structure == "ra"
    assert film.verify(game.log.records) == []


def test_a1_the_ai_flies_in_the_wego_air_window_as_in_igougo() -> None:
    """The tactical level flies air support in IGOUGO; in WEGO it does so before the plans."""
    game = air_world().game(0)
    ai = Tactician()
    seen = set()
    while game.turn == 1 and game.outcome() is None:
        seen.add(game.phase)
        game.apply(ai.choose(game))
    assert "air_offensive" in seen
    flights = [
        r for r in game.log.of_type("action") if r["phase"] == "air_offensive" and r["by"] == "red"
    ]
    assert flights and flights[0]["action"]["kind"] == "move"
    assert game.log.of_type("wego_execution")
    assert film.verify(game.log.records) == []


def test_a1_the_wego_ai_counts_its_aircraft_over_a_target_when_it_decides_to_attack() -> None:
    def plan(over: bool) -> list[str]:
        b = wego(Builder(cols=3))
        b.raw["calendar"]["phases"] = [{"phase": "land_movement"}, {"phase": "battles"}]
        b.structure("ra", "a1", kind="airfield", airport=True, capacity={"air": 4})
        b.unit("ri", "inf", "a1", strength=3).unit("rb", "bomber", structure="ra")
        b.unit("bi", "inf", "b1", nation="blueland", strength=3)
        game = b.game(0)
        if over:
            fly(game, "rb", "b1")  # where the air phase before the plans left it
        return [o.kind for o in wego_ai.make_plan(game, "red", Style())]

    assert plan(over=False) == ["order_hold"]
    assert plan(over=True) == ["order_attack"]


# -- after the execution ---------------------------------------------------------------------


def fortress() -> Builder:
    b = wego(Builder(cols=3))
    b.raw["calendar"]["phases"] = [
        {"phase": p} for p in ("land_movement", "battles", "sieges", "end_of_turn")
    ]
    b.structure("fort", "b1", fortification=3, owner="blueland", values={"red": {"capture": 4}})
    b.unit("r1", "inf", "a1").unit("r2", "inf", "a1")
    b.unit("x1", "inf", structure="fort", nation="blueland")
    return b


def test_g1_a_wego_attack_on_a_fortified_region_becomes_a_siege_after_the_execution() -> None:
    game = fortress().game(0)
    assert game.phase == "wego_planning"
    red = stack_of(game, "r1")
    # The fortress may be attacked, or moved into: either way the garrison is besieged.
    assert OrderAttack(red, "b1", ()) in game.legal_actions()
    assert game.is_legal(OrderMove(red, ("b1",), 0))
    game.apply(OrderAttack(red, "b1", ()))
    game.apply(SealPlan())
    game.apply(SealPlan())
    # The garrison did not stop the move (no contact, no battle): the region is taken and
    # red's sieges phase asks for the siege.
    assert not game.log.of_type("wego_contact") and not game.log.of_type("battle_over")
    assert board.side_of_region(game, "b1") == "red"
    assert (game.turn, game.phase, game.to_act()) == (1, "sieges", "red")
    assert game.legal_actions() == [ResolveSiege("fort")]
    script(game, 3)
    game.apply(ResolveSiege("fort"))
    game.apply(ContinueBattle())  # red's card window
    assert game.to_act() == "blue"  # the besieged side's window
    game.apply(ContinueBattle())
    assert game.log.of_type("siege_roll")[0]["success"]
    assert board.side_of_structure(game, "fort") == "red"
    assert game.state.units["x1"].status == "eliminated"
    assert game.state.sides["red"].vp == 4
    assert (game.turn, game.phase) == (2, "wego_planning")
    assert film.verify(game.log.records) == []


def test_e4_wego_replacements_come_after_the_execution_for_each_side() -> None:
    b = wego(Builder(cols=3))
    b.unit("r", "inf", "a1", strength=1).unit("x", "inf", "c1", nation="blueland", strength=2)
    b.set("replacements", [{"id": "extra", "side": "red", "turns": {"from_turn": 1}, "points": 1}])
    game = b.game(0)
    game.apply(OrderHold(stack_of(game, "r")))
    seal_both(game)
    assert (game.phase, game.to_act()) == ("replacements", "red")
    assert game.legal_actions()[0] == AssignReplacement("r")
    game.apply(AssignReplacement("r"))
    assert game.state.units["r"].strength == 4
    # No other damaged unit: red's phase closes by itself, its point left over is lost.
    assert game.log.of_type("replacements_lost")[-1]["points"] == 1
    assert (game.phase, game.to_act()) == ("replacements", "blue")
    game.apply(EndPhase())  # blue keeps its point for nothing: lost too
    assert (game.turn, game.phase) == (2, "wego_planning")
    # The window's records come after the execution and before the turn's statistics.
    order = kinds(game)
    assert order.index("wego_execution") < order.index("replaced") < order.index("wego_turn_end")


def test_e4_a_wego_game_saves_and_loads_in_a_window() -> None:
    b = wego(Builder(cols=3))
    b.unit("r", "inf", "a1", strength=1).unit("x", "inf", "c1", nation="blueland")
    game = b.game(0)
    seal_both(game)
    assert game.phase == "replacements"
    again = Game.load(game.scenario, game.save())
    assert (again.phase, again.to_act(), again.legal_actions()) == (
        game.phase,
        game.to_act(),
        game.legal_actions(),
    )
    for g in (game, again):
        g.apply(AssignReplacement("r"))
    assert again.log.records == game.log.records


def test_hidden_plans_stay_hidden_when_a_window_follows_the_planning() -> None:
    b = wego(Builder(cols=3))
    b.unit("r", "inf", "a1", strength=1).unit("x", "inf", "c1", nation="blueland")
    game = b.game(0)
    game.apply(OrderMove(stack_of(game, "r"), ("b1",), 0))
    game.apply(SealPlan())
    view = views.save_view(game, "blue")
    assert not any(
        r["type"] == "action" and r["action"]["kind"].startswith("order_") for r in view["log"]
    )
