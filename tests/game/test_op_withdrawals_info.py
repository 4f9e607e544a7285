"""OF8, OT12: the turn information lists the assets withdrawn from the next turn (the engine
records each as the turn before its ``leaves`` turn ends) and the units withdrawn from the
game. The lane is the engine tests' one row of open hexes with red's Stuka."""

from __future__ import annotations

from editor.game.panels.knowledge import Sight
from editor.game.panels.wording import sentence
from editor.game.session import GameSession
from editor.game.wego.op_turn_info import TurnInfoPanel
from engine.wego.op import assets
from tests.operational.play import execute, of
from tests.operational.test_asset_missions import STUKA, lane


def test_ot12_of8_an_asset_leaving_is_recorded_as_the_turn_before_it_goes_ends() -> None:
    game = lane({**STUKA, "leaves": 3}, turns=4).game(seed=1)
    assert not of(execute(game, []), "op_asset_withdrawn")  # turn 1: it goes on turn 3
    (gone,) = of(execute(game, []), "op_asset_withdrawn")
    assert (gone["side_id"], gone["asset"], gone["leaves"], gone["turn"]) == ("red", "stuka", 3, 2)
    assert not of(execute(game, []), "op_asset_withdrawn")  # once only
    assert not [o for o in assets.options(game, "red", "stuka") if not o.refusal]


def test_of8_the_turn_information_lists_assets_and_units_withdrawn(qtbot) -> None:
    game_session = GameSession.new(
        lane({**STUKA, "name": "Stukas", "leaves": 2}, turns=4).build(),
        {"red": "human", "blue": "human"},
        seed=1,
    )
    game = game_session.game
    execute(game, [])
    game.record("withdrawn", unit="foe", owner="blue", cause="the front moves north")
    sight = Sight(game, "red")
    (record,) = of(game.log.records, "op_asset_withdrawn")
    assert sentence(sight, record) == (
        "Stukas (yours) is withdrawn: no longer available from turn 2 (OT12)."
    )
    panel = TurnInfoPanel(game_session)
    qtbot.addWidget(panel)
    panel.refresh()
    assert "Stukas (yours) is withdrawn" in " ".join(panel.lines[1])
    assert "leaves the game (the front moves north)" in " ".join(panel.lines[2])
