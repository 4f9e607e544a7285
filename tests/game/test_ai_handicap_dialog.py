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


def test_the_start_dialog_on_kharkov_gives_each_row_its_height(qtbot, state_dir):
    """Kharkov's long description wraps, and the dialog opened without its wrapped height:
    the seed, AI speed, level, handicap and take-back rows were squeezed into each other,
    unreadable. Each now has at least the height it needs, hot seat's longer line too."""
    from pathlib import Path

    from PySide6.QtWidgets import QComboBox, QSpinBox

    from schemas.io import load_file

    root = Path(__file__).resolve().parents[2]
    scenario = load_file(root / "sample_scenarios" / "kharkov-1942-operational.json").scenario
    dialog = start_dialog(scenario, "kharkov-start")
    qtbot.addWidget(dialog)
    dialog.open()
    qtbot.waitExposed(dialog)

    def squeezed() -> list[str]:
        fields = dialog.findChildren(QComboBox) + dialog.findChildren(QSpinBox)
        return [
            f"{field.objectName() or type(field).__name__}: {field.height()} px"
            for field in fields
            if field.isVisible() and field.height() < field.minimumSizeHint().height()
        ]

    assert squeezed() == []
    for box in dialog.player_boxes.values():
        box.setCurrentIndex(box.findData("human"))
    qtbot.waitUntil(lambda: "Hot seat" in dialog.mode.text())
    qtbot.wait(20)
    assert squeezed() == []
    assert dialog.mode.height() >= dialog.mode.heightForWidth(dialog.mode.width())
