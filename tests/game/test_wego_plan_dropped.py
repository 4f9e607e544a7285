"""A revealed plan's action the rules refuse is told to its player (issue 15, OT10): the
game view says it on the status bar at the reveal and keeps it in the operational turn
information, in readable words (editor/game/wego/plan_dropped.py).

The plan is honest: red seals by commitment (play by e-mail) an attack on the blue regiment
it sees at c7r3; blue, planning after it, sets that regiment up on c8r3 (a setup zone given to
blue on tests/operational/every_order.py's front, OT1), so at red's reveal c7r3 holds no
enemy and the attack is dropped, while red's supply order stands.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from editor.game.launch import show_game
from editor.game.panels.knowledge import Sight
from editor.game.session import GameSession
from editor.game.wego.plan_dropped import dropped_sentence
from editor.game.wego.window import WegoWindow
from engine.game import Game
from engine.wego.op.actions import OrderSupply, SetUp
from engine.wego.orders import OrderAttack, SealPlan
from engine.wego.sealed import CommitPlan, RevealPlan, commitment, plan_text
from tests.operational.every_order import every_order
from tests.operational.play import stack

DROPPED = "Your order"
REASON = "could not be carried out: 'c7r3' holds no enemy this side can see"


def _reveal_due() -> tuple[Game, RevealPlan]:
    """Red's plan committed, blue's setup made and its plan sealed: red's reveal is due."""
    builder = every_order()
    builder.raw["hex_map"]["setup_zones"]["blue"] = ["c7r3*2"]
    scenario = builder.build()
    made = Game(scenario, 7)  # red's own copy, where its plan was made
    plan = [OrderSupply("div", move_plus=True)]
    plan.append(OrderAttack(stack(made, "r-tank"), "c7r3", ("c6r3",)))
    for action in plan:
        made.apply(action)
    text, salt = plan_text(plan), "5" * 32
    game = Game(scenario, 7)
    game.apply(CommitPlan(commitment("red", text, salt)))
    game.apply(SetUp("b-inf1", "c8r3"))
    game.apply(SealPlan())
    assert game.to_act() == "red"
    return game, RevealPlan(text, salt)


def test_ot10_the_dropped_action_in_words_for_its_side_alone() -> None:
    game, reveal = _reveal_due()
    game.apply(reveal)
    (record,) = game.log.of_type("plan_action_dropped")
    told = dropped_sentence(Sight(game, "red"), record)
    assert told is not None and told.startswith(DROPPED) and REASON in told
    assert "Attack" in told and "s6" not in told  # the order in words, not the stack's id
    assert dropped_sentence(Sight(game, "blue"), record) is None
    spectator = dropped_sentence(Sight(game, None), record)
    assert spectator is not None and not spectator.startswith("Your")
    # A record the engine of another version wrote, or a cheat's, still reads.
    odd = {**record, "action": {"kind": "op_unknown"}}
    assert "could not be carried out" in (dropped_sentence(Sight(game, "red"), odd) or "")


def test_ot10_the_reveal_tells_the_player_on_the_status_bar_and_in_the_turn_information(
    qtbot: Any, state_dir: Any
) -> None:
    from editor.shared.app import settle

    game, reveal = _reveal_due()
    session = GameSession(game, {"red": "human", "blue": "ai"})
    window = show_game(session, "dropped-test", leave_text="Close")
    assert isinstance(window, WegoWindow)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    settle(window)
    assert session.apply(reveal)
    # The execution ran: its film holds the status bar with its hint until Continue.
    assert window.centre.currentWidget() is window.film
    window.close_film()
    shown = window.statusBar().currentMessage()
    assert shown.startswith(DROPPED) and REASON in shown
    info = window.findChild(QWidget, "op-turn-info")
    assert info is not None
    (line,) = info.lines[1]  # type: ignore[attr-defined]
    assert line == shown
