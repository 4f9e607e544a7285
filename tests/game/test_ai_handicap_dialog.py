"""The AI handicap (OT11) chosen in the start dialog: offered for the operational rules only,
when the AI plays a side of a new game, and given to the sides the AI plays."""

from __future__ import annotations

from PySide6.QtCore import Qt

from editor.game.launch import start_dialog
from engine.wego.op import handicap
from tests.operational.test_handicap import supply_game

LEFT = Qt.MouseButton.LeftButton


def test_ot11_the_start_dialog_gives_the_handicap_to_the_ais_sides(qtbot, state_dir):
    scenario = supply_game().scenario
    dialog = start_dialog(scenario, "op-handicap")
    qtbot.addWidget(dialog)
    dialog.player_boxes["red"].setCurrentIndex(dialog.player_boxes["red"].findData("human"))
    dialog.player_boxes["blue"].setCurrentIndex(dialog.player_boxes["blue"].findData("ai"))
    assert dialog.ai_handicap.isVisibleTo(dialog) and dialog.ai_handicap.isEnabled()
    dialog.ai_handicap.setCurrentIndex(dialog.ai_handicap.findData("minus"))
    qtbot.mouseClick(dialog.start_button, LEFT)
    session = dialog.session
    assert session is not None
    assert handicap.of(session.game, "blue") == "minus"
    assert handicap.of(session.game, "red") is None


def test_ot11_no_handicap_in_hot_seat_nor_for_the_area_rules(qtbot, state_dir, sample):
    scenario = supply_game().scenario
    dialog = start_dialog(scenario, "op-handicap")
    qtbot.addWidget(dialog)
    for box in dialog.player_boxes.values():
        box.setCurrentIndex(box.findData("human"))
    dialog.ai_handicap.setCurrentIndex(dialog.ai_handicap.findData("plus"))
    assert not dialog.ai_handicap.isEnabled()
    assert dialog.options().ai_handicap is None
    area = start_dialog(sample, "vessa-crossing")
    qtbot.addWidget(area)
    assert not area.ai_handicap.isVisibleTo(area)
    assert area.options().ai_handicap is None
