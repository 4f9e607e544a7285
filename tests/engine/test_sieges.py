"""Sieges of fortified structures (G1)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import board
from engine.actions import ContinueBattle, EndPhase, Move, PlayCard, ResolveSiege
from engine.combat.siege import siege_modifiers
from engine.errors import IllegalAction
from tests.engine.builder import Builder, advance_to
from tests.engine.test_battles import arena, script


def fortress(level: int = 3, **structure: Any):
    b = arena()
    b.structure("fort", "b1", fortification=level, owner="blueland", **structure)
    b.owners(b1="redland")  # the region around the fort is already taken
    b.unit("r1", "inf", "b1")
    b.unit("r2", "inf", "b1")
    b.unit("x1", "inf", structure="fort", nation="blueland")
    return b


def to_sieges(b) -> Any:
    game = b.game(0)
    game.apply(EndPhase())  # battles: nothing in the field
    assert game.phase == "sieges" and game.active_side == "red"
    return game


def besiege(game, *rolls: int) -> None:
    script(game, *rolls)
    game.apply(ResolveSiege("fort"))
    game.apply(ContinueBattle())  # besieger's window
    game.apply(ContinueBattle())  # besieged side's window, then the roll


def test_g1_a_siege_succeeds_on_a_roll_at_most_the_level() -> None:
    b = fortress()
    b.raw["structures"][0]["values"] = {"red": {"capture": 4}}
    game = to_sieges(b)
    assert ResolveSiege("fort") in game.legal_actions()
    besiege(game, 3)
    roll = game.log.of_type("siege_roll")[0]
    assert (roll["roll"], roll["total"], roll["level"], roll["success"]) == (3, 3, 3, True)
    assert board.side_of_structure(game, "fort") == "red"
    assert game.state.units["x1"].status == "eliminated"
    assert game.state.sides["red"].vp == 4
    assert game.state.stats["sieges"] == 1
    assert game.log.of_type("siege_over")[0]["success"]


def test_g1_a_roll_above_the_level_fails_and_nothing_happens() -> None:
    game = to_sieges(fortress())
    besiege(game, 4)
    assert not game.log.of_type("siege_roll")[0]["success"]
    assert board.side_of_structure(game, "fort") == "blue"
    assert game.state.units["x1"].status == "active"
    assert ResolveSiege("fort") not in game.legal_actions()  # once per phase
    assert EndPhase() in game.legal_actions()


def test_g1_siege_artillery_counts_each_and_artillery_once() -> None:
    b = fortress(level=2)
    b.unit("r3", "siege", "b1")
    b.unit("r4", "siege", "b1")
    game = to_sieges(b)
    # Each siege gun -1, and artillery present -1 once: 5 - 3 = 2, at the level.
    assert siege_modifiers(game, "fort", "red") == [
        ("siege_artillery", -2),
        ("artillery_or_bombers", -1),
    ]
    besiege(game, 5)
    assert game.log.of_type("siege_roll")[0]["total"] == 2
    assert board.side_of_structure(game, "fort") == "red"


def test_g1_overcrowding_helps_the_besieger() -> None:
    b = fortress(level=1)
    for i in range(2, 4):
        b.unit(f"x{i}", "inf", structure="fort", nation="blueland")
    game = to_sieges(b)
    # Twelve hit points of combat units inside: two steps of five, -2.
    assert siege_modifiers(game, "fort", "red") == [("overcrowding", -2)]
    besiege(game, 3)
    assert game.log.of_type("siege_roll")[0]["success"]
    assert all(game.state.units[u].status == "eliminated" for u in ("x1", "x2", "x3"))


def test_g1_siege_leaders_on_both_sides() -> None:
    b = fortress()
    b.leader("rl", "b1", siege=True)
    b.raw["leaders"].append(
        {
            "id": "bl",
            "name": "Bl",
            "nation": "blueland",
            "siege": True,
            "location": {"structure": "fort"},
        }
    )
    game = to_sieges(b)
    assert siege_modifiers(game, "fort", "red") == [
        ("besieging_leader", -2),
        ("besieged_leader", 2),
    ]


def test_g1_one_combat_unit_is_not_enough_to_besiege() -> None:
    b = fortress()
    b.raw["units"] = [u for u in b.raw["units"] if u["id"] != "r2"]
    game = to_sieges(b)
    assert ResolveSiege("fort") not in game.legal_actions()


def test_g1_every_siege_must_be_resolved_before_the_phase_ends() -> None:
    game = to_sieges(fortress())
    assert EndPhase() not in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply(EndPhase())


def test_g1_card_windows_for_the_besieger_then_the_besieged() -> None:
    b = fortress()
    b.set(
        "cards",
        [
            {
                "id": "hold",
                "name": "Hold",
                "side": "blue",
                "phases": ["siege"],
                "effects": [
                    {
                        "kind": "modify",
                        "select": {"scope": {"context": "siege"}},
                        "stat": "siege",
                        "amount": 2,
                        "duration": {"until": "end_of_siege"},
                    }
                ],
            }
        ],
    )
    game = to_sieges(b)
    game.state.sides["blue"].hand.append("hold")
    script(game, 3)
    game.apply(ResolveSiege("fort"))
    assert game.to_act() == "red"
    assert PlayCard("hold") not in game.legal_actions()
    game.apply(ContinueBattle())
    assert game.to_act() == "blue"
    assert PlayCard("hold") in game.legal_actions()
    game.apply(PlayCard("hold"))
    game.apply(ContinueBattle())
    roll = game.log.of_type("siege_roll")[0]
    assert (roll["total"], roll["success"]) == (5, False)
    assert game.to_act() == "red"
    assert not game.state.modifiers  # ended with the siege


def test_g1_a_card_can_call_a_siege_off() -> None:
    b = fortress()
    b.set(
        "cards",
        [
            {
                "id": "relief",
                "name": "Relief",
                "side": "blue",
                "phases": ["siege"],
                "effects": [{"kind": "cancel_battle"}],
            }
        ],
    )
    game = to_sieges(b)
    game.state.sides["blue"].hand.append("relief")
    game.apply(ResolveSiege("fort"))
    game.apply(ContinueBattle())
    game.apply(PlayCard("relief"))
    over = game.log.of_type("siege_over")[0]
    assert over["cancelled"] and not over["success"]
    assert not game.log.of_type("siege_roll")
    assert EndPhase() in game.legal_actions()


def test_g1_optional_rule_ports_need_a_blockade() -> None:
    b = fortress(port=True, sea_region="c1")
    b.region("c1", terrain="sea", owner=None)
    b.rules("siege", port_needs_blockade=True)
    game = to_sieges(b)
    assert ResolveSiege("fort") not in game.legal_actions()
    b.unit("rs", "ship", "c1")
    game = to_sieges(b)
    assert ResolveSiege("fort") in game.legal_actions()


def _with_bomber(b: Builder, *, based_in_b1: bool = False) -> Builder:
    b.raw["calendar"]["phases"] = [
        {"phase": p} for p in ("air_offensive", "battles", "air_defensive", "sieges", "end_of_turn")
    ]
    b.structure("ra", "a1", kind="airfield", airport=True)
    if based_in_b1:
        b.structure("strip", "b1", kind="airfield", airport=True, owner="redland")
    b.unit("rb", "bomber", structure="strip" if based_in_b1 else "ra")
    b.source("rs", "a1", "red").source("bs", "c1", "blue")
    return b


@pytest.mark.parametrize("sortie", [True, False])
def test_g1_a_bomber_that_flew_over_the_fortress_gives_the_bomber_term(sortie: bool) -> None:
    """G1: "one or more artillery or bombers present" (-1). A bomber whose offensive flight
    ended over the besieged region counts at the siege, though it flew home in the defensive
    phase; one that stayed at its distant airfield does not."""
    game = _with_bomber(fortress()).game(0)
    assert game.phase == "air_offensive" and game.active_side == "red"
    if sortie:
        game.apply(Move(game.state.units["rb"].stack, ("b1",)))
    advance_to(game, "sieges")
    assert game.state.stacks[game.state.units["rb"].stack].structure == "ra"
    expected = [("artillery_or_bombers", -1)] if sortie else []
    assert siege_modifiers(game, "fort", "red") == expected
    besiege(game, 3 if sortie else 4)
    roll = game.log.of_type("siege_roll")[0]
    assert roll["modifiers"] == [list(t) for t in expected]
    assert roll["success"] is sortie


def test_g1_a_bomber_based_in_the_besieged_region_gives_the_bomber_term() -> None:
    """G1: a bomber at an airfield of the besieged region is present at the siege."""
    game = _with_bomber(fortress(), based_in_b1=True).game(0)
    advance_to(game, "sieges")
    assert siege_modifiers(game, "fort", "red") == [("artillery_or_bombers", -1)]


def test_g1_last_turns_sortie_does_not_count() -> None:
    """G1: a sortie counts in its own player-turn only."""
    game = _with_bomber(fortress()).game(0)
    game.apply(Move(game.state.units["rb"].stack, ("b1",)))
    advance_to(game, "sieges")
    assert siege_modifiers(game, "fort", "red") == [("artillery_or_bombers", -1)]
    besiege(game, 9)
    advance_to(game, "air_offensive", "blue")
    advance_to(game, "air_offensive", "red")
    assert game.turn == 2
    advance_to(game, "sieges")
    assert siege_modifiers(game, "fort", "red") == []
