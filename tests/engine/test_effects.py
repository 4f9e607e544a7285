"""Every effect of the scenario language does what it says (E1, E2), each played from a card in
the cards phase of a small map (battle effects are covered by the battle tests)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine import Termination, fog, movement
from engine.actions import EndPhase, Move, PlaceReinforcement, PlayCard
from engine.board import side_of_region, side_of_structure
from engine.game import Game
from tests.engine.builder import Builder, advance_to


def played(
    effects: list[dict[str, Any]], setup: Callable[[Builder], None] | None = None, *, seed: int = 0
) -> Game:
    b = Builder(cols=4)
    b.unit("r", "inf", "a1").unit("r2", "inf", "a1", strength=2)
    b.unit("x", "inf", "d1", nation="blueland").unit("y", "inf", "c1", nation="blueland")
    b.leader("boss", "d1", nation="blueland", rank=2)
    b.set(
        "cards",
        [{"id": "card", "name": "Card", "side": "red", "phases": ["cards"], "effects": effects}],
    )
    if setup is not None:
        setup(b)
    game = b.game(seed)
    advance_to(game, "cards")
    game.apply(PlayCard("card"))
    return game


def test_draw_cards() -> None:
    def extra(b: Builder) -> None:
        b.raw["cards"].append(
            {
                "id": "spare",
                "name": "Spare",
                "side": "red",
                "phases": ["battle"],
                "copies": 3,
                "effects": [{"kind": "vp", "amount": 1}],
            }
        )

    game = played([{"kind": "draw_cards", "count": 2}], extra)
    # Two drawn in the phase (the card and a spare), two more from the card.
    assert game.state.sides["red"].hand.count("spare") == 3


def test_random_replacements_repair_at_once() -> None:
    game = played([{"kind": "replacements", "points": 1, "assign": "random"}])
    assert game.state.units["r2"].strength == 4


def test_replacement_points_wait_for_the_phase() -> None:
    game = played([{"kind": "replacements", "points": 2}])
    assert game.state.sides["red"].replacement_points == 2


def test_reinforcement_brought_by_a_card() -> None:
    def waiting(b: Builder) -> None:
        b.unit("late", "tank").owners(b1="redland")
        b.set(
            "reinforcements",
            [{"id": "r", "side": "red", "units": ["late"], "to": {"regions": ["a1", "b1"]}}],
        )

    game = played([{"kind": "reinforcement", "reinforcement": "r"}], waiting)
    assert game.to_act() == "red" and game.state.pending
    game.apply(PlaceReinforcement("r", "b1"))
    assert game.state.stacks[game.state.units["late"].stack].region == "b1"


def test_remove_units_withdrawn_or_destroyed() -> None:
    game = played(
        [{"kind": "remove_units", "select": {"units": {"side": "@enemy", "units": ["y"]}}}]
    )
    assert game.state.units["y"].status == "removed"
    game = played(
        [
            {
                "kind": "remove_units",
                "destroyed": True,
                "select": {"units": {"side": "@enemy", "units": ["y"]}},
            }
        ]
    )
    assert game.state.units["y"].status == "eliminated"


def test_remove_leader() -> None:
    game = played([{"kind": "remove_leader", "leader": "boss"}])
    assert game.state.units["boss"].status == "removed"
    assert "boss" in game.state.leaders_lost


def test_examine_reveals_until_the_end_of_the_phase() -> None:
    game = played(
        [{"kind": "examine", "select": {"units": {"side": "@enemy"}, "count": 1, "per": "stack"}}]
    )
    revealed = [
        s
        for s in game.state.stacks.values()
        if s.side == "blue" and fog.view_of(game, s, "red") == "full"
    ]
    assert len(revealed) == 1
    game.apply(EndPhase())
    assert fog.view_of(game, revealed[0], "red") != "full"


def test_immobilize_holds_enemy_stacks_through_their_turn() -> None:
    game = played([{"kind": "immobilize", "select": {"units": {"side": "@enemy"}}}])
    advance_to(game, "land_movement", "blue")
    blue = [s for s in game.state.stacks.values() if s.side == "blue"]
    assert all(movement.reachable(game, s) == {} for s in blue)
    advance_to(game, "land_movement", "red")  # the next game turn: free again
    advance_to(game, "land_movement", "blue")
    assert any(movement.reachable(game, s) for s in blue)


def test_move_units_and_keep_them_in_place() -> None:
    game = played(
        [
            {
                "kind": "move_units",
                "select": {"units": {"units": ["r"]}},
                "to": {"regions": ["b1"], "friendly_only": False},
                "immobile_turns": 1,
            }
        ],
        lambda b: b.owners(b1="redland"),
    )
    stack = game.state.stacks[game.state.units["r"].stack]
    assert stack.region == "b1"
    advance_to(game, "land_movement")
    assert movement.reachable(game, stack) == {}


def test_if_takes_the_branch_the_condition_picks() -> None:
    game = played(
        [
            {
                "kind": "if",
                "condition": {"kind": "turn", "from_turn": 2},
                "then": [{"kind": "vp", "amount": 5}],
                "otherwise": [{"kind": "vp", "amount": 1}],
            }
        ]
    )
    assert game.state.sides["red"].vp == 1


def test_supply_source_closed_and_opened() -> None:
    game = played(
        [{"kind": "supply_source", "source": "depot", "operative": False}],
        lambda b: b.source("depot", "a1", "red"),
    )
    assert game.state.sources_open["depot"] is False


def test_connection_loses_its_bridge() -> None:
    def river(b: Builder) -> None:
        b.connect("a1", "b1", "river", bridge=True).owners(b1="redland")

    game = played([{"kind": "connection", "connection": "a1-b1", "bridge": False}], river)
    advance_to(game, "land_movement")
    stack = game.state.stacks[game.state.units["r"].stack]
    assert movement.reachable(game, stack)["b1"].cost == 2.0  # clear 1 + river 1


def test_transfer_hands_places_over() -> None:
    game = played(
        [{"kind": "transfer", "regions": ["c1"], "structures": ["mill"], "to": "redland"}],
        lambda b: b.structure("mill", "c1"),
    )
    assert side_of_region(game, "c1") == "red"
    assert side_of_structure(game, "mill") == "red"


def test_cards_added_and_removed() -> None:
    def spare(b: Builder) -> None:
        b.raw["cards"] += [
            {
                "id": "new",
                "name": "New",
                "side": "red",
                "phases": ["cards"],
                "in_deck": False,
                "effects": [{"kind": "vp", "amount": 1}],
            },
            {
                "id": "old",
                "name": "Old",
                "side": "blue",
                "phases": ["cards"],
                "effects": [{"kind": "vp", "amount": 1}],
            },
        ]

    game = played([{"kind": "cards", "add": ["new"], "remove": ["old"], "to_hand": True}], spare)
    assert "new" in game.state.sides["red"].hand
    blue = game.state.sides["blue"]
    assert "old" not in blue.deck + blue.hand


@pytest.mark.parametrize(
    ("effect", "winner"),
    [
        ({"kind": "end_game", "winner": "@self"}, "red"),
        ({"kind": "end_game"}, None),
        ({"kind": "end_game", "by_vp": True}, "blue"),
    ],
)
def test_end_game(effect: dict[str, Any], winner: str | None) -> None:
    def blue_ahead(b: Builder) -> None:
        b.raw["sides"][1]["start_vp"] = 3

    game = played([effect], blue_ahead)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == winner
    assert (outcome.termination, outcome.source) == (Termination.EFFECT, "card")


def test_modify_movement_lasts_the_game_turn() -> None:
    game = played(
        [
            {
                "kind": "modify",
                "select": {"units": {"units": ["r"]}},
                "stat": "movement",
                "amount": -2,
            }
        ]
    )
    advance_to(game, "land_movement")
    stack = game.state.stacks[game.state.units["r"].stack]
    assert movement.mp_left(game, stack) == 1
    game.apply(Move(stack.id, ("b1",)))
