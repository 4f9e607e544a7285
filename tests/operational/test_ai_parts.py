"""The AI's use of a stack's parts (OO1) and of the ignore-enemy move (OO3), on one-row lanes
of open hexes (red to the west, blue to the east, fog off): a stack alone on a victory
location leaves a garrison there and sends the rest on; ``normal`` assaults with only the
stacks the odds need and sends a spare stack through the hex it assaults."""

from __future__ import annotations

from typing import Any

from engine import Game
from engine.ai import levels
from engine.wego.op import ai_parts
from tests.operational.command_builder import CommandBuilder
from tests.operational.play import ai_lane, red_plan


def plan(game: Game, level: str) -> list[dict[str, Any]]:
    """The actions the AI of ``level`` gives for red in the first turn's planning."""
    ai = levels.player(level)
    while game.outcome() is None and game.turn == 1 and game.to_act() == "red":
        game.apply(ai.choose(game))
    return [r["action"] for r in game.log.records if r["type"] == "action" and r.get("by") == "red"]


def held_town(*, location: bool = True, hq: bool = False) -> Game:
    """A tank regiment and a rifle regiment share c2r1 (red's town when ``location``); the
    only enemy is far east, so the AI advances."""
    b = ai_lane(12)
    if location:
        b.table("victory", locations=[{"hex": "c2r1", "per_turn": {"red": 3}}])
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    b.unit("rifles", "inf", "c2r1", echelon="regiment")
    b.unit("foe", "inf", "c12r1", nation="blueland", echelon="battalion")
    return b.game(seed=1)


def orders_by_unit(game: Game, given: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    by_stack = {a["stack"]: a for a in given if "stack" in a}
    stacks = [s for s in game.state.stacks.values() if s.id in by_stack]
    return {u: by_stack[s.id] for s in stacks for u in s.units}


def test_oo1_the_ai_leaves_a_garrison_on_its_town_and_sends_the_rest_on() -> None:
    """The rifles (the weaker in attack) are detached and hold the town; the tanks, alone
    now, move east at their own pace (farther than the pair would have gone together)."""
    game = held_town()
    given = plan(game, "baseline")
    assert {"kind": "op_detach", "units": ["rifles"]} in given
    orders = orders_by_unit(game, given)
    assert orders["rifles"]["kind"] == "order_hold"
    assert orders["tank"]["kind"] == "order_move"
    assert game.state.stacks[game.state.units["rifles"].stack].region == "c2r1"
    together = orders_by_unit(held_town(location=False), plan(held_town(location=False), "normal"))
    assert len(orders["tank"]["path"]) > len(together["tank"]["path"])


def test_oo1_a_stack_off_any_town_moves_whole() -> None:
    game = held_town(location=False)
    given = plan(game, "normal")
    assert not [a for a in given if a["kind"] == "op_detach"]
    assert game.state.units["tank"].stack == game.state.units["rifles"].stack
    assert orders_by_unit(game, given)["rifles"]["kind"] == "order_move"


def test_oo1_the_garrison_stays_through_the_turn() -> None:
    """Once the plans are sealed and the turn played, the rifles are still on the town and
    the tanks have left it."""
    game = held_town()
    red_plan(game)
    blue = levels.player("baseline")
    while game.turn == 1 and game.outcome() is None:
        game.apply(blue.choose(game))
    region = {u: game.state.stacks[game.state.units[u].stack].region for u in ("rifles", "tank")}
    assert region["rifles"] == "c2r1" and region["tank"] != "c2r1"


def road_block() -> Game:
    """Red's front regiment stands next to a blue recce battalion (c6r1) it beats at far
    more than assault odds alone; a second regiment is two hexes behind it. On one row the
    only way east runs through the recce's hex."""
    b = ai_lane(12)
    b.unit("front", "armour", "c5r1", echelon="regiment")
    b.unit("spare", "armour", "c3r1", echelon="regiment")
    b.unit("foe", "recce", "c6r1", nation="blueland", echelon="battalion")
    return b.game(seed=1)


def test_oo3_oo7_hard_assaults_with_what_it_needs_and_sends_the_spare_through() -> None:
    """``hard`` assaults the recce with the front regiment only (it alone reaches assault
    odds) and gives the spare an ignore-enemy move through the recce's hex, expecting it
    gone; it stops short of the hex should the recce still be there (OO3)."""
    game = road_block()
    orders = orders_by_unit(game, plan(game, "hard"))
    assert orders["front"] == {"kind": "order_assault", "stack": orders["front"]["stack"],
                               "target": "c6r1", "path": [], "wait": 0}  # fmt: skip
    assert orders["spare"]["kind"] == "order_ignore_enemy"
    path = orders["spare"]["path"]
    assert "c6r1" in path and path[-1] not in ("c6r1", "c5r1")


def test_oo3_baseline_and_normal_send_every_stack_into_the_assault() -> None:
    """``baseline``'s greedy judgement and ``normal``'s commit every stack that can reach
    the target, so they have no spare stack to send past it (economy is ``hard``'s)."""
    game = road_block()
    for level in ("baseline", "normal"):
        orders = orders_by_unit(game, plan(game, level))
        assert {orders[u]["kind"] for u in ("front", "spare")} == {"order_assault"}, level


def test_oo3_no_ignore_enemy_move_past_a_hex_not_assaulted() -> None:
    """A second enemy beyond the recce blocks the way: the spare's route would cross a hex
    the plan does not attack, so it keeps an ordinary move."""
    b = ai_lane(12)
    b.unit("front", "armour", "c5r1", echelon="regiment")
    b.unit("spare", "armour", "c3r1", echelon="regiment")
    b.unit("foe", "recce", "c6r1", nation="blueland", echelon="battalion")
    b.unit("wall", "armour", "c7r1", nation="blueland", echelon="division")
    game = b.game(seed=1)
    given = plan(game, "normal")
    assert not [a for a in given if a["kind"] == "order_ignore_enemy"]


def test_oo1_a_stack_holding_an_hq_is_left_whole() -> None:
    """An HQ is never a garrison, and its stack is ordered by the HQ rules (kept back), so no
    part of it is detached even on a town."""
    b = CommandBuilder(columns=12, rows=1)
    b.raw["calendar"]["turns"] = 2
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    b.table("victory", locations=[{"hex": "c2r1", "per_turn": {"red": 3}}])
    b.hq("div", "c2r1")
    b.unit("tank", "armour", "c2r1", echelon="regiment", hq="div")
    b.unit("rifles", "inf", "c2r1", echelon="regiment", hq="div")
    b.unit("foe", "inf", "c12r1", nation="blueland", echelon="battalion")
    game = b.game(seed=1)
    assert ai_parts.garrison_actions(game, "red", levels.NORMAL) == []
    assert not [a for a in plan(game, "normal") if a["kind"] == "op_detach"]
