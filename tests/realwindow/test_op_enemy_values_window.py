"""The enemy's values as the side knows them (OF11, OI2) in the WEGO game view's real window
on the Kharkov operational sample under fog of war: chosen from View > Overlays with real
clicks beside one of the side's own values, a badge on each enemy hex the side sees, and
pointing at one lists what its intelligence reads there."""

from __future__ import annotations

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import settle_input, wait_until
from tests.realwindow.test_op_map_planning import _open

game_window = game_fixtures.game_window


def test_enemy_values_from_the_view_menu_with_what_intelligence_reads(game_window, x, shots):
    from PySide6.QtWidgets import QToolTip

    from editor.game.wego.op_unit_values import UnitValuesItem
    from engine.wego.op.hex_queries import enemy_values

    session, window = _open(game_window, 1280, 720, "kharkov-enemy-values", fog=True)
    op = window.op_view
    assert op is not None
    view = window.map_view

    def choose(name: str) -> None:
        game_fixtures.choose_overlay(x, window, name)

    choose("strength")
    choose("enemy_defence")
    assert {"strength", "enemy_defence"} <= op.overlays.shown  # two groups, one each
    known = enemy_values(session.game, "soviet")
    assert known, "the Soviet side sees some Axis units at the start"
    assert set(op.overlays.enemy) == set(known)
    for hex_id, found in known.items():  # under fog: a grey "?" where no defence is read
        unread = all(e.defence is None for e in found)
        assert (op.overlays.enemy[hex_id] == "?") == unread
    settle_input(0.3)
    shots(window, "kharkov-enemy-defence-1280")

    items = [i for i in view.map_scene.items() if isinstance(i, UnitValuesItem)]
    enemy_boxes = [
        (box, tip)
        for item in items
        for (box, _t, _c), (_b, tip) in zip(item.badges, item.boxes, strict=True)
        if tip.startswith("Enemy in")
    ]
    box, _tip = enemy_boxes[0]
    game_fixtures.point_at(x, view, box.center())
    wait_until(lambda: "as your intelligence reads it" in QToolTip.text(), what="the reading")
    assert "level" in QToolTip.text()
    shots(window, "kharkov-enemy-details-1280")
