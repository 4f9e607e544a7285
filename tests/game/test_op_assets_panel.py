"""The Assets tab of an operational game's plan (OO10-OO12, OA2, OF12), offscreen: a side
sees only its own assets, a mission without a target hex is given with Give and draws no
marker, a refused mission says why, and a command mission's marker shows on its hex while
the side's plan is on the board."""

from __future__ import annotations

from pathlib import Path

from editor.game.launch import show_game
from editor.game.session import GameSession
from editor.game.wego.window import WegoWindow
from engine.wego.op import assets
from schemas.io import load_file

SAMPLE = Path(__file__).resolve().parents[2] / "sample_scenarios"


def _kharkov(arrives: int = 1, recon_logistics: bool = False, arrives_by: int | None = None):
    """The sample with VIII Fliegerkorps there from turn ``arrives`` (it comes at random on
    turns 6 to 9), and with ``recon_logistics`` a logistics mission carrying no supply level
    (refused, OS16) for the recon flight; with ``arrives_by`` the Fliegerkorps arrives at
    random by that turn, sure to come on its first (OA2)."""
    scenario = load_file(SAMPLE / "kharkov-1942-operational.json").scenario
    assert scenario is not None
    operational = scenario.rules.operational
    table = operational.assets
    listed = [
        a.model_copy(update={"arrives": arrives, "arrives_by": arrives_by, "arrival_chance": 100})
        if a.id == "fk-viii"
        else a
        for a in table.assets
    ]
    if recon_logistics:
        listed = [
            a.model_copy(update={"missions": [*a.missions, "logistics"], "supplies": []})
            if a.id == "ger-recon"
            else a
            for a in listed
        ]
    table = table.model_copy(update={"assets": listed})
    operational = operational.model_copy(update={"assets": table})
    rules = scenario.rules.model_copy(update={"operational": operational})
    return scenario.model_copy(update={"rules": rules})


def _window(qtbot, scenario, players) -> WegoWindow:
    from editor.shared.app import settle

    session = GameSession.new(scenario, players, seed=1, speed="fastest")
    window = show_game(session, "op-assets-test", leave_text="Close")
    assert isinstance(window, WegoWindow)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    settle(window)
    return window


def _row(box, asset_id: str):
    table = box.table
    for i in range(table.topLevelItemCount()):
        if table.topLevelItem(i).data(0, 256) == asset_id:
            return table.topLevelItem(i)
    raise AssertionError(asset_id)


def _pick(box, asset_id: str) -> None:
    box.table.setCurrentItem(_row(box, asset_id))


def test_oo10_oa10_interdiction_is_given_without_a_target_and_draws_no_marker(qtbot, state_dir):
    scenario = _kharkov(recon_logistics=True, arrives_by=3)
    window = _window(qtbot, scenario, {"soviet": "ai", "axis": "human"})
    session, op = window.session, window.op_view
    assert session is not None and op is not None
    qtbot.waitUntil(lambda: session.human_to_act() == "axis", timeout=60_000)
    box = op.assets
    box.refresh()
    listed = {box.table.topLevelItem(i).data(0, 256) for i in range(box.table.topLevelItemCount())}
    assert listed == {"fk-iv", "fk-viii", "ger-recon"}  # never the enemy's
    assert _row(box, "fk-viii").text(1) == "arrived, 100%"  # OA2: drawn as turn 1 opened
    _pick(box, "fk-viii")
    labels = [box.mission.itemText(i) for i in range(box.mission.count())]
    assert labels == ["Offensive support", "Ground attack", "Interdiction"]
    box.mission.setCurrentIndex(2)
    assert box.give_button.text() == "Give" and box.give_button.isEnabled()
    box.give_button.click()
    given = assets.missions(session.game, "axis", viewer="axis")
    assert given["fk-viii"].mission == "interdiction" and given["fk-viii"].target == ""
    assert box.marks.shown == {}  # no hex, no marker
    assert _row(box, "fk-viii").text(2) == "Interdiction"
    # The recon flight's recon is played (OA12): its target is a hex. Its logistics mission
    # carries nothing (OS16): listed, refused, with the reason.
    _pick(box, "ger-recon")
    labels = [box.mission.itemText(i) for i in range(box.mission.count())]
    assert labels == ["Recon", "Logistics (refused)"]
    assert box.give_button.text() == "Choose target" and box.give_button.isEnabled()
    box.mission.setCurrentIndex(1)
    assert not box.give_button.isEnabled()
    assert "carries no supply level" in box.note.text()
    # Cancel keeps the interdiction home again.
    _pick(box, "fk-viii")
    assert box.cancel_button.isEnabled()
    box.cancel_button.click()
    assert "fk-viii" not in assets.missions(session.game, "axis", viewer="axis")


def test_oa14_of12_a_command_mission_is_marked_on_its_hex_until_the_board_is_handed_over(
    qtbot, state_dir
):
    window = _window(qtbot, _kharkov(arrives=7), {"soviet": "human", "axis": "human"})
    session, op = window.session, window.op_view
    assert session is not None and op is not None
    box = op.assets
    game = session.game
    _pick(box, "sov-staff")
    assert box.mission.currentData().mission == "command"
    box.give()
    assert box.picking == ("sov-staff", "command") and window.map_view.picker is box
    offered = assets.targets(game, "soviet", "command")
    box.click(offered[0])
    assert box.picking is None and window.map_view.picker is None
    task = assets.missions(game, "soviet", viewer="soviet")["sov-staff"]
    assert (task.mission, task.target) == ("command", offered[0])
    assert box.marks.shown == {offered[0]: [("sov-staff", "command")]}
    # Sealed, the board goes to the other person (hot seat): the markers go with the plan,
    # and the Axis player's tab lists the Axis assets only.
    window.plan_panel.seal_button.click()
    qtbot.waitUntil(lambda: session.human_to_act() == "axis", timeout=10_000)
    assert box.marks.shown == {}
    assert not [i for i in box.marks.items if i.scene() is not None]
