"""Cards (E2), events (E1), reinforcements (E3) and replacements (E4)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import IllegalAction, movement
from engine.actions import (
    AssignReplacement,
    Choose,
    Discard,
    EndPhase,
    Move,
    PlaceReinforcement,
    PlayCard,
)
from engine.game import Game
from tests.engine.builder import Builder, advance_to


def card(card_id: str, side: str = "red", phases: tuple[str, ...] = ("cards",), **extra: Any):
    return {
        "id": card_id,
        "name": card_id.title(),
        "side": side,
        "phases": list(phases),
        "effects": extra.pop("effects", [{"kind": "vp", "amount": 1}]),
        **extra,
    }


def with_cards(*cards: dict, cols: int = 3) -> Builder:
    b = Builder(cols=cols)
    b.unit("r", "inf", "a1").unit("x", "inf", f"{'abcdefghij'[cols - 1]}1", nation="blueland")
    b.set("cards", list(cards))
    return b


def hand(game: Game, side: str = "red") -> list[str]:
    return game.state.sides[side].hand


def test_e2_each_player_turn_draws_two() -> None:
    game = with_cards(*(card(f"c{n}") for n in range(5))).game(1)
    advance_to(game, "cards")
    assert len(hand(game)) == 2
    assert len(game.state.sides["red"].deck) == 3


def test_e2_over_the_limit_must_discard_and_discards_go_to_the_bottom() -> None:
    b = with_cards(*(card(f"c{n}") for n in range(6)))
    b.rules("cards", hand_limit=1)
    game = b.game(2)
    advance_to(game, "cards")
    assert EndPhase() not in game.legal_actions()
    with pytest.raises(IllegalAction, match="over the hand limit"):
        game.apply(EndPhase())
    dropped = hand(game)[0]
    game.apply(Discard((dropped,)))
    assert game.state.sides["red"].deck[-1] == dropped
    assert EndPhase() in game.legal_actions()


def test_e2_red_cards_leave_the_game_black_ones_go_back_under_the_deck() -> None:
    game = with_cards(card("black1"), card("red1", color="red")).game(0)
    advance_to(game, "cards")
    assert sorted(hand(game)) == ["black1", "red1"]
    game.apply(PlayCard("black1"))
    game.apply(PlayCard("red1"))
    side = game.state.sides["red"]
    assert side.deck == ["black1"]
    assert side.removed == ["red1"]
    assert side.vp == 2


def test_e2_a_mandatory_card_blocks_the_phase() -> None:
    game = with_cards(card("orders", mandatory=True)).game(0)
    advance_to(game, "cards")
    assert EndPhase() not in game.legal_actions()
    with pytest.raises(IllegalAction, match="must be played"):
        game.apply(EndPhase())
    game.apply(PlayCard("orders"))
    game.apply(EndPhase())


def test_t2_e2_a_mandatory_card_keeps_the_phase_open_whatever_happens_first() -> None:
    """T2/E2: red holds a mandatory land-movement card and moves a stack first. The move
    closes the window to other cards, but the mandatory card stays playable and the phase
    cannot end until it is played."""
    orders = card("orders", phases=("land_movement",), mandatory=True)
    spare = card("spare", phases=("land_movement",))
    b = with_cards(orders, spare).owners(b1="redland")
    b.rules("cards", draw_per_turn=2)
    game = b.game(0)
    advance_to(game, "land_movement")
    assert sorted(hand(game)) == ["orders", "spare"]
    stack = game.state.units["r"].stack
    game.apply(Move(stack, ("b1",)))
    actions = game.legal_actions()
    assert PlayCard("orders") in actions
    assert PlayCard("spare") not in actions
    assert EndPhase() not in actions
    with pytest.raises(IllegalAction, match="must be played"):
        game.apply(EndPhase())
    with pytest.raises(IllegalAction, match="only mandatory cards"):
        game.apply(PlayCard("spare"))
    game.apply(PlayCard("orders"))
    assert game.state.sides["red"].vp == 1
    game.apply(EndPhase())
    assert game.phase != "land_movement"


@pytest.mark.parametrize("mandatory", [False, True])
def test_e2_a_card_plays_once_per_window_even_when_it_draws_itself_back(mandatory: bool) -> None:
    """E2: a black card that scores and draws a card is red's whole deck: played, it goes
    under the deck and draws itself back at once. It may not be played again in the same
    window (it used to loop without end); a mandatory one no longer holds the phase; in the
    next turn's window it plays again."""
    recall = card(
        "recall",
        mandatory=mandatory,
        effects=[{"kind": "vp", "amount": 1}, {"kind": "draw_cards", "count": 1}],
    )
    game = with_cards(recall).game(0)
    advance_to(game, "cards")
    assert hand(game) == ["recall"]
    game.apply(PlayCard("recall"))
    assert hand(game) == ["recall"] and game.state.sides["red"].vp == 1
    actions = game.legal_actions()
    assert PlayCard("recall") not in actions and EndPhase() in actions
    with pytest.raises(IllegalAction, match="already played in this card window"):
        game.apply(PlayCard("recall"))
    advance_to(game, "cards", "blue")
    advance_to(game, "cards", "red")
    assert game.turn == 2 and hand(game) == ["recall"]
    game.apply(PlayCard("recall"))
    assert game.state.sides["red"].vp == 2


def test_e2_two_copies_of_a_card_both_play_in_one_window_but_neither_twice() -> None:
    """E2: copies are cards of their own: red holds both copies of a drawing card, its whole
    deck. The first copy played goes under the empty deck and draws itself back: spent for
    this window. The second copy still plays (and draws itself back too); then neither
    plays again until the next window."""
    twin = card(
        "twin",
        copies=2,
        effects=[{"kind": "vp", "amount": 1}, {"kind": "draw_cards", "count": 1}],
    )
    game = with_cards(twin).game(0)
    advance_to(game, "cards")
    assert hand(game) == ["twin", "twin"]
    game.apply(PlayCard("twin"))
    assert hand(game) == ["twin", "twin"] and game.state.sides["red"].deck == []
    assert PlayCard("twin") in game.legal_actions()  # the copy not yet played
    game.apply(PlayCard("twin"))
    assert hand(game) == ["twin", "twin"] and game.state.sides["red"].vp == 2
    assert PlayCard("twin") not in game.legal_actions()
    advance_to(game, "cards", "blue")
    advance_to(game, "cards", "red")
    game.apply(PlayCard("twin"))
    game.apply(PlayCard("twin"))
    assert game.state.sides["red"].vp == 4


def test_e2_a_played_copy_is_followed_through_the_deck_as_cards_leave_it() -> None:
    """E2: the copy played goes under ``filler`` and ``junk``; its own effect takes ``junk``
    out of the game and draws two: ``filler`` and the copy itself, which may not be played
    again in this window, while ``filler`` may."""
    loop = card(
        "loop",
        effects=[
            {"kind": "cards", "remove": ["junk"]},
            {"kind": "draw_cards", "count": 2},
        ],
    )
    game = with_cards(loop, card("filler"), card("junk")).game(0)
    advance_to(game, "cards")
    red = game.state.sides["red"]
    red.hand[:], red.deck[:] = ["loop"], ["filler", "junk"]
    game.apply(PlayCard("loop"))
    assert sorted(hand(game)) == ["filler", "loop"] and red.deck == []
    actions = game.legal_actions()
    assert PlayCard("filler") in actions and PlayCard("loop") not in actions


def test_e2_cards_play_only_in_their_window_and_at_the_start_of_a_phase() -> None:
    fast = card(
        "fast",
        phases=("land_movement",),
        effects=[
            {
                "kind": "modify",
                "select": {"units": {"domains": ["land"]}, "count": 1, "per": "stack"},
                "stat": "movement",
                "amount": 2,
            }
        ],
    )
    b = with_cards(fast, cols=6).owners(b1="redland", c1="redland", d1="redland", e1="redland")
    game = b.game(0)
    advance_to(game, "cards")
    assert PlayCard("fast") not in game.legal_actions()
    advance_to(game, "land_movement")
    stack = game.state.stacks[game.state.units["r"].stack]
    assert "e1" not in movement.reachable(game, stack)  # 3 MP reach d1
    game.apply(PlayCard("fast"))
    assert movement.reachable(game, stack)["e1"].cost == 4.0
    game.apply(Move(stack.id, ("b1",)))
    assert not [a for a in game.legal_actions() if isinstance(a, PlayCard)]


def test_e2_a_condition_keeps_a_card_in_hand() -> None:
    later = card("later", condition={"kind": "turn", "from_turn": 2})
    game = with_cards(later).game(0)
    advance_to(game, "cards")
    assert PlayCard("later") not in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply(PlayCard("later"))
    advance_to(game, "cards", "blue")
    advance_to(game, "cards", "red")
    assert PlayCard("later") in game.legal_actions()


def test_e2_checking_a_card_never_rolls_a_die() -> None:
    gamble = card("gamble", condition={"kind": "roll", "at_most": 4})
    game = with_cards(gamble).game(5)
    advance_to(game, "cards")
    before = game.dice.state()
    for _ in range(3):
        game.legal_actions()
    assert game.dice.state() == before


def test_e1_events_fire_on_their_turn_once_and_by_condition() -> None:
    b = with_cards()
    b.set(
        "events",
        [
            {
                "id": "storm",
                "title": "Storm",
                "side": "blue",
                "turns": {"from_turn": 2, "to_turn": 2},
                "effects": [{"kind": "vp", "amount": 2}],
            },
            {
                "id": "rally",
                "title": "Rally",
                "repeat": True,
                "effects": [{"kind": "vp", "amount": 1}],
            },
            {
                "id": "echo",
                "title": "Echo",
                "condition": {"kind": "flag", "flag": "rang"},
                "effects": [{"kind": "vp", "amount": 5}],
            },
            {
                "id": "bell",
                "title": "Bell",
                "automatic": False,
                "effects": [{"kind": "set_flag", "flag": "rang"}],
            },
        ],
    )
    b.set("cards", [card("ring", effects=[{"kind": "event", "event": "bell"}])])
    game = b.game(0)
    advance_to(game, "cards")
    assert game.state.events_fired == ["rally"]
    game.apply(PlayCard("ring"))
    assert "bell" in game.state.events_fired
    advance_to(game, "events", "red")  # turn 2 for red
    while game.turn < 2 or game.active_side != "red" or game.phase != "cards":
        game.apply(EndPhase())
    fired = game.state.events_fired
    assert fired.count("rally") == 2 and "echo" in fired and "storm" not in fired
    advance_to(game, "cards", "blue")  # blue's events phase of turn 2 has run
    assert "storm" in game.state.events_fired
    assert game.state.sides["blue"].vp == 2


def test_e1_a_choice_asks_the_player_and_applies_the_option() -> None:
    b = with_cards()
    b.set(
        "events",
        [
            {
                "id": "offer",
                "title": "Offer",
                "effects": [
                    {
                        "kind": "choice",
                        "prompt": "Take gold or glory?",
                        "options": [
                            {"label": "gold", "effects": [{"kind": "treasury", "amount": 5}]},
                            {"label": "glory", "effects": [{"kind": "vp", "amount": 3}]},
                        ],
                    }
                ],
            }
        ],
    )
    game = b.game(0)
    assert game.state.pending and game.to_act() == "red"
    assert game.legal_actions() == [Choose(0), Choose(1)]
    with pytest.raises(IllegalAction):
        game.apply(EndPhase())
    game.apply(Choose(1))
    assert game.state.sides["red"].vp == 3 and not game.state.pending


def test_e3_scheduled_reinforcements_arrive_fixed_or_where_chosen() -> None:
    b = Builder(cols=4).owners(b1="redland")
    b.unit("r", "inf", "a1").unit("x", "inf", "d1", nation="blueland")
    b.unit("n1", "inf").unit("n2", "tank")
    b.set("areas", [{"id": "home", "name": "Home"}])
    b.region("a1", area="home").region("b1", area="home")
    b.set(
        "reinforcements",
        [
            {"id": "fixed", "side": "red", "turn": 1, "units": ["n1"], "to": {"regions": ["a1"]}},
            {"id": "choice", "side": "red", "turn": 1, "units": ["n2"], "to": {"areas": ["home"]}},
        ],
    )
    game = b.game(0)
    advance_to(game, "reinforcements")
    assert game.state.units["n1"].status == "active"
    assert game.legal_actions() == [
        PlaceReinforcement("choice", "a1"),
        PlaceReinforcement("choice", "b1"),
    ]
    game.apply(PlaceReinforcement("choice", "b1"))
    placed = game.state.stacks[game.state.units["n2"].stack]
    assert placed.region == "b1"


def test_e4_replacements_repair_supplied_units_and_unused_points_are_lost() -> None:
    b = Builder(cols=3)
    b.unit("r", "inf", "a1", strength=1).unit("x", "inf", "c1", nation="blueland")
    b.set("replacements", [{"id": "extra", "side": "red", "turns": {"from_turn": 1}, "points": 1}])
    game = b.game(0)
    advance_to(game, "replacements")
    assert game.legal_actions()[0] == AssignReplacement("r")
    game.apply(AssignReplacement("r"))
    assert game.state.units["r"].strength == 4
    assert AssignReplacement("r") not in game.legal_actions()
    game.apply(EndPhase())
    assert game.state.sides["red"].replacement_points == 0
    assert game.log.of_type("replacements_lost")[-1]["points"] == 1


def test_e4_out_of_supply_units_get_no_replacement() -> None:
    b = Builder(cols=3)
    b.unit("r", "inf", "a1", strength=2).unit("x", "inf", "c1", nation="blueland")
    game = b.game(0)
    advance_to(game, "replacements")
    game.state.units["r"].unsupplied = 1
    assert AssignReplacement("r") not in game.legal_actions()
