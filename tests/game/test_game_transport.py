"""The game view's part of sea and air transport: the stack panel offers boarding, going
ashore and flying troops exactly when the engine lists them, shows a fleet's cargo to its own
side only, and the log tells each under the fog of war."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from editor.game.panels import StackPanel
from editor.game.panels.knowledge import Sight
from editor.game.panels.wording import sentence
from editor.game.session import GameSession
from engine.actions import Embark, Move
from tests.engine.builder import Builder, advance_to
from tests.engine.test_airlift import airfields
from tests.engine.test_transport import coast
from tests.game.test_game_panels import click, session_of, shown, stack_of, texts


def test_a_land_stack_boards_and_the_fleet_puts_it_ashore_over_the_beach(qtbot: Any) -> None:
    b = coast()
    b.unit("bi", "inf", "c1", nation="blueland")
    game = b.game(0, fog=True)
    advance_to(game, "naval_movement")
    session = session_of(game)
    panel = shown(qtbot, StackPanel(session))
    session.select(stack_of(game, "ri"))
    assert panel.board_button.isEnabled() and not panel.ashore_button.isEnabled()
    click(qtbot, panel, "Board")  # one fleet in port: boards at once
    assert game.state.units["ri"].status == "aboard"
    fleet = stack_of(game, "rt")
    session.select(fleet)
    assert "Aboard: Infantry (ri) and Tanks (rk)" in texts(panel)
    assert "room for 0 of 4" in texts(panel)
    assert session.apply(Move(fleet, ("b1",)))
    QApplication.processEvents()
    session.select(fleet)
    assert panel.ashore_button.isEnabled()
    click(qtbot, panel, "Go ashore")  # one shore: lands at once
    assert game.state.stacks[stack_of(game, "ri")].region == "c1"
    record = game.log.of_type("disembarked")[-1]
    mine, theirs = Sight(game, "red"), Sight(game, "blue")
    assert "went ashore at C1 over the beach, where the enemy stands" in sentence(mine, record)
    told = sentence(theirs, record) or ""
    assert "put troops ashore at C1" in told and "Infantry" not in told
    assert sentence(theirs, game.log.of_type("embarked")[-1]) is None


def test_the_enemy_sees_no_cargo_and_gets_no_transport_buttons(qtbot: Any) -> None:
    game = coast().game(0, fog=True)
    advance_to(game, "naval_movement")
    game.apply(Embark(stack_of(game, "ri"), stack_of(game, "rt")))
    session = GameSession(game, {"red": "ai", "blue": "human"})
    session.paused = True
    panel = shown(qtbot, StackPanel(session))
    assert session.viewer == "blue"
    session.select(stack_of(game, "rt"))
    assert "Aboard" not in texts(panel) and "Infantry" not in texts(panel)
    assert not panel.actions_box.isVisible()


def test_transport_buttons_stay_out_of_scenarios_without_carriers(qtbot: Any) -> None:
    b = Builder(cols=3)
    b.unit("r1", "inf", "a1").unit("x", "inf", "c1", nation="blueland")
    game = b.game(0)
    advance_to(game, "land_movement")
    session = session_of(game)
    panel = shown(qtbot, StackPanel(session))
    session.select(stack_of(game, "r1"))
    assert not panel.board_button.isVisibleTo(panel)
    assert not panel.fly_button.isVisibleTo(panel)


def test_fly_troops_offers_airlifts_and_drops_in_one_menu(qtbot: Any) -> None:
    b = airfields()
    b.raw["units"] = [u for u in b.raw["units"] if u["id"] != "ri"]
    game = b.game(0)
    advance_to(game, "air_offensive")
    session = session_of(game)
    panel = shown(qtbot, StackPanel(session))
    session.select(stack_of(game, "rp"))
    assert panel.fly_button.isEnabled()
    click(qtbot, panel, "Fly troops")
    assert panel.menu is not None
    labels = [a.text() for a in panel.menu.actions()]
    assert "Fly to Fb (B1)" in labels and "Drop on C1" in labels
    drop = next(a for a in panel.menu.actions() if a.text() == "Drop on C1")
    drop.trigger()
    assert game.state.stacks[stack_of(game, "rp")].region == "c1"
    record = game.log.of_type("drop")[-1]
    assert sentence(Sight(game, "red"), record) == "Paratroops (rp) jumped over C1."
    panel.menu.close()
