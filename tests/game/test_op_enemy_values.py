"""The enemy's values in the game view (OF11, OI2): the View menu's enemy-value overlays draw
over each seen enemy hex only what the side's intelligence reads (strength, readiness and
quality at level 5), never the true figure behind a lower level."""

from __future__ import annotations

from editor.game.launch import show_game
from editor.game.session import GameSession
from editor.game.wego.op_unit_values import UnitValuesItem
from editor.game.wego.window import WegoWindow
from engine.wego.op.hex_queries import enemy_values
from tests.operational.view_scenario import front


def _window(qtbot, fog: bool) -> WegoWindow:
    from editor.shared.app import settle

    b = front()
    b.rules("fog", enabled=fog)
    for unit in b.raw["units"]:
        if unit["nation"] == "blueland":  # figures found nowhere else on the map
            unit.setdefault("operational", {}).update(strength=37, readiness=23)
    session = GameSession.new(b.build(), {"red": "human", "blue": "ai"}, seed=1, speed="fastest")
    window = show_game(session, "op-enemy-values-test", leave_text="Close")
    assert isinstance(window, WegoWindow)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    settle(window)
    return window


def _badges(window: WegoWindow) -> list[tuple[str, str]]:
    items = [i for i in window.map_view.map_scene.items() if isinstance(i, UnitValuesItem)]
    return [
        (words, tip)
        for item in items
        for (_box, words, _colour), (_mark, tip) in zip(item.badges, item.boxes, strict=True)
    ]


def test_of11_an_enemy_value_below_the_level_that_shows_it_is_never_drawn(qtbot, state_dir):
    window = _window(qtbot, fog=True)
    op = window.op_view
    assert op is not None
    op.actions["enemy_strength"].trigger()
    known = enemy_values(window.session.game, "red")
    assert known and all(e.level < 5 for found in known.values() for e in found)
    # Every seen enemy hex has a badge, and none tells the strength it cannot read.
    assert op.overlays.enemy == dict.fromkeys(known, "?")
    drawn = _badges(window)
    assert len(drawn) == len(known)
    for words, tip in drawn:
        assert "37" not in words and "37" not in tip and "23" not in tip
        assert tip.startswith("Enemy in ") and "level" in tip


def test_of11_without_fog_the_enemys_values_are_drawn_one_overlay_at_a_time(qtbot, state_dir):
    window = _window(qtbot, fog=False)
    op = window.op_view
    assert op is not None
    op.actions["readiness"].trigger()  # the side's own values stay on beside the enemy's
    op.actions["enemy_strength"].trigger()
    assert set(op.overlays.enemy.values()) == {"37"}
    op.actions["enemy_readiness"].trigger()
    assert not op.actions["enemy_strength"].isChecked()
    assert op.actions["readiness"].isChecked()
    assert set(op.overlays.enemy.values()) == {"23"}
    assert op.overlays.shown >= {"readiness", "enemy_readiness"}


def test_oi2_oi4_an_enemy_units_name_is_given_from_level_3_only(qtbot, state_dir):
    """At level 2 the type may be misread (OI4): a name would give the true one away, so the
    enemy-value and Intel badges say "an enemy unit" below level 3 (Table OI2)."""
    from editor.game.wego.op_enemy_values import enemy_words
    from editor.game.wego.op_intel import seen_words
    from engine.operational.intel import SeenUnit
    from engine.wego.op.hex_queries import KnownEnemy

    window = _window(qtbot, fog=True)
    scene = window.map_view.map_scene
    low = enemy_words(scene, KnownEnemy("b-at", 2, "heavy_antitank"))
    assert low.startswith("an enemy unit: level 2 (low)") and "heavy antitank" in low
    medium = enemy_words(scene, KnownEnemy("b-at", 3, "antitank", 2.0, 6.0))
    assert not medium.startswith("an enemy unit")
    assert seen_words(SeenUnit("b-at", 0, 2, "heavy_antitank"), "3rd Anti-Tank").startswith(
        "an enemy unit"
    )
