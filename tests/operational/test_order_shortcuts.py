"""The order shortcuts of an operational plan (issue 15: OO2 organisation move, OO9 all guns
of a hex, OO17 a battle cancelled at once): listed, refused with the reason, recorded for
their side alone, taken back and redone as one edit of the plan, and carried by a plan
sealed by commitment.

The map is 8 x 3 open hexes, fog off. Red's army HQ (``c1r2``) has the division ``div``
(``c2r2``) below it and the infantry ``other`` (``c1r3``) attached; the division has
``inf1`` (``c1r1``), ``inf2`` (``c2r3``), the tank (``c4r2``) and a battery on ``c3r1``:
two guns (range 3) and a mortar (range 1). Blue's infantry stands on ``c6r1``.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import Game, IllegalAction
from engine.actions import Action
from engine.wego import plan, views
from engine.wego.op import fire, shortcuts
from engine.wego.op.shortcut_actions import (
    SHORTCUTS,
    AllGunsFire,
    CancelBattle,
    OrganisationMove,
)
from engine.wego.orders import OrderAttack, OrderMove, SealPlan
from engine.wego.plan_state import next_action, snapshot
from engine.wego.sealed import CommitPlan, RevealPlan, commitment, plan_text
from tests.operational.command_builder import CommandBuilder
from tests.operational.play import stack

TO_C5R2 = OrganisationMove("div", "c5r2")
BATTERY = AllGunsFire("c3r1", "offensive", "c6r1")


def front() -> CommandBuilder:
    b = CommandBuilder(columns=8, rows=3)
    b.raw["calendar"]["turns"] = 2
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    b.raw["unit_types"].append(
        {
            "id": "mortar",
            "name": "Mortar",
            "operational": {
                "category": "artillery",
                "attack": 4,
                "defence": 2,
                "movement": 8,
                "fire_range": 1,
            },
        }
    )
    b.hq("army", "c1r2", echelon="army")
    b.hq("div", "c2r2", parent="army", echelon="division")
    b.unit("inf1", "inf", "c1r1", hq="div")
    b.unit("inf2", "inf", "c2r3", hq="div")
    b.unit("tank", "armour", "c4r2", hq="div", echelon="regiment")
    b.unit("other", "inf", "c1r3", hq="army")
    b.unit("g1", "art", "c3r1", hq="div")
    b.unit("g2", "art", "c3r1", hq="div")
    b.unit("m1", "mortar", "c3r1", hq="div")
    b.unit("foe", "inf", "c6r1", nation="blueland")
    return b


@pytest.fixture(scope="module")
def scenario() -> Any:
    return front().build()


def attacks(game: Game) -> list[OrderAttack]:
    """The tank and ``inf2`` attacking blue's hex, each by its cheapest approach."""
    out = []
    for unit in ("tank", "inf2"):
        own = game.state.stacks[stack(game, unit)]
        route = plan.attack_routes(game, own)["c6r1"]
        out.append(OrderAttack(own.id, "c6r1", route.path))
    return out


def of(game: Game, kind: str) -> list[dict[str, Any]]:
    """The records of ``kind``, without their place in the log (a reveal adds records)."""
    return [{k: v for k, v in r.items() if k != "seq"} for r in game.log.of_type(kind)]


# -- OO2 ------------------------------------------------------------------------------------------


def test_oo2_an_organisation_move_sends_every_stack_under_the_hq_on_its_own_route(
    scenario: Any,
) -> None:
    game = Game(scenario, 1)
    game.apply(OrderMove(stack(game, "tank"), ("c4r1",)))  # replaced by the shortcut
    assert TO_C5R2 in game.legal_actions()
    game.apply(TO_C5R2)
    given = plan.orders_of(game, "red", viewer="red")
    moving = ["div", "inf2", "tank", "g1"]  # inf1 is too far; "other" is the army's
    for unit in moving:
        own = game.state.stacks[stack(game, unit)]
        assert given[own.id] == OrderMove(own.id, plan.routes(game, own)["c5r2"].path)
    assert stack(game, "inf1") not in given and stack(game, "other") not in given
    (record,) = of(game, "op_organisation_move")
    assert record["stacks"] == sorted(stack(game, u) for u in moving)
    assert "cannot reach" in record["left_out"][stack(game, "inf1")]
    # Part of the plan: blue reads neither the action nor the record.
    seen = views.visible_records(game.log.records, "blue")
    assert not [r for r in seen if r["type"] == "op_organisation_move"]
    assert not [r for r in seen if r.get("action", {}).get("kind") == TO_C5R2.kind]


def test_oo2_an_organisation_move_is_refused_with_the_reason_and_nothing_recorded(
    scenario: Any,
) -> None:
    game = Game(scenario, 1)
    size = len(game.log)
    cases = [
        (OrganisationMove("inf1", "c4r2"), "not an HQ of 'red'"),
        (OrganisationMove("div", "c99r9"), "not a hex of the map"),
        (OrganisationMove("div", "c6r1"), "no stack of the organisation of 'div' can move"),
    ]
    for action, words in cases:
        assert not game.is_legal(action)
        with pytest.raises(IllegalAction, match=words):
            game.apply(action)
    assert len(game.log) == size
    assert plan.orders_of(game, "red", viewer="red") == {}


# -- OO9 ------------------------------------------------------------------------------------------


def test_oo9_all_guns_of_a_hex_fire_at_one_target_and_the_others_are_named(
    scenario: Any,
) -> None:
    game = Game(scenario, 1)
    assert BATTERY in game.legal_actions()
    game.apply(BATTERY)
    orders = fire.orders(game, "red", viewer="red")
    assert sorted(orders) == ["g1", "g2"]
    assert {o.target for o in orders.values()} == {"c6r1"}
    (record,) = of(game, "op_all_guns_fire")
    assert record["units"] == ["g1", "g2"]
    assert "beyond the range of 'm1'" in record["refused"]["m1"]


def test_oo9_all_guns_of_a_hex_refused_when_none_may_fire(scenario: Any) -> None:
    game = Game(scenario, 1)
    for action, words in [
        (AllGunsFire("c4r1", "offensive", "c6r1"), "no gun of 'red' stands on 'c4r1'"),
        (AllGunsFire("c3r1", "offensive", "c8r1"), "no gun on 'c3r1' may fire at 'c8r1'"),
        (AllGunsFire("c3r1", "offensive", "c2r2"), "your own units hold"),
    ]:
        with pytest.raises(IllegalAction, match=words):
            game.apply(action)
    assert fire.orders(game, "red", viewer="red") == {}


# -- OO17 -----------------------------------------------------------------------------------------


def test_oo17_a_planned_battle_is_cancelled_at_once_and_the_other_orders_stay(
    scenario: Any,
) -> None:
    game = Game(scenario, 1)
    keep = OrderMove(stack(game, "inf1"), ("c2r1",))
    for action in [*attacks(game), keep]:
        game.apply(action)
    assert CancelBattle("c6r1") in game.legal_actions()
    assert shortcuts.battles(game, "red") == {
        "c6r1": sorted(stack(game, u) for u in ("tank", "inf2"))
    }
    game.apply(CancelBattle("c6r1"))
    assert plan.orders_of(game, "red", viewer="red") == {keep.stack: keep}
    (record,) = of(game, "op_battle_cancelled")
    assert record["stacks"] == sorted(stack(game, u) for u in ("tank", "inf2"))
    with pytest.raises(IllegalAction, match="no order of 'red' attacks 'c6r1'"):
        game.apply(CancelBattle("c6r1"))


# -- one edit of the plan -------------------------------------------------------------------------


def _bring(game: Game, wanted: Any) -> None:
    """What the game view's Undo and Redo do: planning actions until the plan is ``wanted``."""
    for _ in range(50):
        action = next_action(game, "red", wanted)
        if action is None:
            return
        game.apply(action)
    raise AssertionError("the plan never came back")


@pytest.mark.parametrize("shortcut", ["organisation", "battery", "battle"])
def test_oo2_oo9_oo17_a_shortcut_is_undone_and_redone_whole(scenario: Any, shortcut: str) -> None:
    game = Game(scenario, 1)
    action: Action = {"organisation": TO_C5R2, "battery": BATTERY}.get(
        shortcut, CancelBattle("c6r1")
    )
    if shortcut == "battle":
        for order in attacks(game):
            game.apply(order)
    before = snapshot(game, "red")
    game.apply(action)
    after = snapshot(game, "red")
    assert after != before
    _bring(game, before)
    assert snapshot(game, "red") == before
    _bring(game, after)
    assert snapshot(game, "red") == after


# -- a plan sealed by commitment ------------------------------------------------------------------


def test_oo2_oo9_oo17_a_plan_sealed_by_commitment_carries_the_shortcuts(scenario: Any) -> None:
    """Red commits to a plan made of the three shortcuts; once blue has sealed, the reveal
    plays them as they were planned: the same records, the same orders as in hot seat."""
    clear = Game(scenario, 3)
    actions: list[Action] = [*attacks(clear), CancelBattle("c6r1"), BATTERY, TO_C5R2]
    for action in actions:
        clear.apply(action)
    wanted = plan.orders_of(clear, "red", viewer="red")
    clear.apply(SealPlan())
    clear.apply(SealPlan())

    game = Game(scenario, 3)
    text, salt = plan_text(actions), "9" * 32
    game.apply(CommitPlan(commitment("red", text, salt)))
    game.apply(SealPlan())
    game.apply(RevealPlan(text, salt))
    (revealed,) = of(game, "plan_revealed")
    assert (revealed["dropped"], revealed["orders"]) == (0, len(wanted))
    for kind in ("op_organisation_move", "op_all_guns_fire", "op_battle_cancelled"):
        assert of(game, kind) == of(clear, kind)
    assert of(game, "wego_step") == of(clear, "wego_step")


def test_oo2_oo9_oo17_every_shortcut_listed_is_legal(scenario: Any) -> None:
    game = Game(scenario, 1)
    for order in attacks(game):
        game.apply(order)
    listed = [a for a in game.legal_actions() if isinstance(a, SHORTCUTS)]
    kinds = {a.kind for a in listed}
    assert kinds == {"op_organisation_move", "op_all_guns_fire", "op_cancel_battle"}
    for action in listed:
        assert game.is_legal(action), action
