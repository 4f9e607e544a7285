"""The AI's split attacks (OO1): a stack next to two enemy hexes detaches the part a second
attack needs when each half alone reaches the odds the plan asks, and attacks both hexes;
it keeps the stack whole when only the whole stack reaches them. Three rows of open hexes,
fog off: two red tank regiments share c3r2, next to c4r2 and c4r3."""

from __future__ import annotations

from typing import Any

from engine import Game
from engine.ai import levels
from engine.ai.baseline import Style
from engine.wego.op import ai_split
from tests.operational.builder import OpBuilder
from tests.operational.test_ai_parts import orders_by_unit, plan


def two_fronts(foe: str = "inf", *, per_hex: int = 1, location: bool = False) -> Game:
    """Red's pair of tank regiments on c3r2; ``per_hex`` blue ``foe`` units on each of c4r2
    and c4r3 (infantry: weak against tanks; two armour regiments: 1:1 against one tank
    regiment)."""
    b = OpBuilder(columns=6, rows=3)
    b.raw["calendar"]["turns"] = 2
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    if location:
        b.table("victory", locations=[{"hex": "c3r2", "per_turn": {"red": 3}}])
    b.unit("tank1", "armour", "c3r2", echelon="regiment")
    b.unit("tank2", "armour", "c3r2", echelon="regiment")
    for hex_id in ("c4r2", "c4r3"):
        for n in range(per_hex):
            b.unit(f"foe-{hex_id}-{n}", foe, hex_id, nation="blueland", echelon="regiment")
    return b.game(seed=1)


def attacks(orders: dict[str, dict[str, Any]]) -> dict[str, str]:
    return {u: o["target"] for u, o in orders.items() if "target" in o}


def test_oo1_normal_splits_the_pair_and_attacks_both_hexes() -> None:
    """Each tank regiment alone beats an infantry regiment at far more than the 1.6:1 ``normal``
    asks, so the second is detached and each attacks its own hex from where they stand."""
    game = two_fronts()
    given = plan(game, "normal")
    assert {"kind": "op_detach", "units": ["tank2"]} in given
    orders = orders_by_unit(game, given)
    assert game.state.units["tank1"].stack != game.state.units["tank2"].stack
    targets = attacks(orders)
    assert sorted(targets.values()) == ["c4r2", "c4r3"]
    assert all(orders[u]["path"] == [] for u in ("tank1", "tank2"))


def test_oo1_the_split_plays_two_battles() -> None:
    """Once both plans are sealed, a battle is fought on each of the two hexes."""
    game = two_fronts()
    start = len(game.log)
    plan(game, "normal")
    blue = levels.player("baseline")
    while game.turn == 1 and game.outcome() is None:
        game.apply(blue.choose(game))
    battles = [r for r in game.log.records[start:] if r["type"] == "op_battle"]
    assert sorted({r["target"] for r in battles}) == ["c4r2", "c4r3"]


def test_oo1_no_split_when_the_halves_fall_short_of_the_odds() -> None:
    """Two blue tank regiments on each hex: one tank regiment alone gets 1:1, short of
    ``normal``'s 1.6:1, the pair 2:1. The stack stays whole and attacks one hex."""
    game = two_fronts("armour", per_hex=2)
    assert ai_split.split_actions(game, "red", levels.NORMAL) == []
    given = plan(game, "normal")
    assert not [a for a in given if a["kind"] == "op_detach"]
    targets = attacks(orders_by_unit(game, given))
    assert set(targets) == {"tank1", "tank2"} and len(set(targets.values())) == 1


def test_oo1_baseline_does_not_split() -> None:
    """The split is ``normal``'s and ``hard``'s judgement; ``baseline`` attacks with the
    stack whole."""
    game = two_fronts()
    assert ai_split.split_actions(game, "red", Style()) == []
    assert ai_split.split_actions(game, "red", levels.HARD) == [ai_split.Detach(("tank2",))]
    given = plan(game, "baseline")
    assert not [a for a in given if a["kind"] == "op_detach"]


def test_oo1_a_stack_on_its_own_victory_location_is_not_split() -> None:
    """Both halves would leave the town: the stack stays whole there."""
    game = two_fronts(location=True)
    assert ai_split.split_actions(game, "red", levels.NORMAL) == []


def test_oo1_a_detachment_made_for_another_reason_pins_nothing() -> None:
    """A person's detachment that is not the AI's cut leaves the planner free: the AI would
    detach tank1 from this stack of three; with the rifles detached instead, neither part is
    pinned to a hex."""
    b = OpBuilder(columns=6, rows=3)
    b.rules("fog", enabled=False)
    b.unit("tank1", "armour", "c3r2", echelon="regiment")
    b.unit("tank2", "armour", "c3r2", echelon="regiment")
    b.unit("rifles", "inf", "c3r2", echelon="regiment")
    b.unit("foe-a", "recce", "c4r2", nation="blueland", echelon="regiment")
    b.unit("foe-b", "recce", "c4r3", nation="blueland", echelon="regiment")
    game = b.game(seed=1)
    cut = ai_split.split_actions(game, "red", levels.NORMAL)
    assert cut == [ai_split.Detach(("tank1",))]
    game.apply(ai_split.Detach(("rifles",)))
    assert ai_split.pins(game, "red", levels.NORMAL) == {}


def test_oo1_a_save_made_after_the_split_plans_both_attacks() -> None:
    """Saved right after the detachment and loaded by a fresh player, the game plans the
    same two attacks: the pins are read from the turn's record, not kept by the player."""
    game = two_fronts()
    ai = levels.player("normal")
    first = ai.choose(game)
    assert first == ai_split.Detach(("tank2",))
    game.apply(first)
    loaded = Game.from_save(game.scenario, game.save())
    targets = attacks(orders_by_unit(loaded, plan(loaded, "normal")))
    assert sorted(targets.values()) == ["c4r2", "c4r3"]
