"""The AA cover and chain-of-command overlays (OF11) and the AA value and stacking in the
hex details (OF10) of an operational game's map, offscreen, on the small operational front
of ``tests.operational.view_scenario`` (red's army HQ at ``c1r3`` over its division HQ at
``c3r3``), with a red heavy AA battalion added at ``c4r4``."""

from __future__ import annotations

from editor.game.launch import show_game
from editor.game.session import GameSession
from editor.game.wego.op_cover_overlays import AaCoverItem
from editor.game.wego.op_unit_values import UnitValuesItem
from editor.game.wego.window import WegoWindow
from engine.wego.op import hex_queries
from schemas.operational.terrain import default_hexside_effects
from tests.operational.view_scenario import front


def _window(qtbot) -> WegoWindow:
    from editor.shared.app import settle

    b = front()
    b.raw["unit_types"].append(
        {
            "id": "flak",
            "name": "Flak",
            "operational": {"category": "heavy_aa", "attack": 2, "defence": 2, "movement": 6},
        }
    )
    b.unit("r-flak", "flak", "c4r4", hq="div", echelon="battalion")
    session = GameSession.new(b.build(), {"red": "human", "blue": "ai"}, seed=1, speed="fastest")
    window = show_game(session, "op-cover-test", leave_text="Close")
    assert isinstance(window, WegoWindow)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    settle(window)
    return window


def test_of11_the_aa_cover_badges_every_hex_the_sides_aa_fires_over(qtbot, state_dir):
    window = _window(qtbot)
    op = window.op_view
    assert op is not None
    op.show("aa", True)
    game = window.session.game
    assert op.overlays.aa == hex_queries.aa_cover(game, "red")
    assert "c4r5" in op.overlays.aa  # empty, next to the heavy AA: covered
    assert not set(op.overlays.aa) & {"c7r3", "c7r5", "c11r3"}  # never blue's
    (item,) = [i for i in window.map_view.map_scene.items() if isinstance(i, AaCoverItem)]
    assert len(item.badges) == len(op.overlays.aa)
    op.show("aa", False)
    assert not [i for i in window.map_view.map_scene.items() if isinstance(i, AaCoverItem)]


def test_of11_the_chain_of_command_links_the_division_hq_to_the_army(qtbot, state_dir):
    window = _window(qtbot)
    op = window.op_view
    assert op is not None
    assert op.actions["chains"].text() == "Chain of command of your HQs"  # in the View menu
    op.actions["chains"].trigger()
    assert op.overlays.chains == {"div": "army"}
    scene = window.map_view.map_scene

    def lines() -> list[str]:
        return [i.toolTip() for i in scene.items() if "reports to" in i.toolTip()]

    assert lines() and all(t.startswith("Div") or "reports to" in t for t in lines())
    op.actions["chains"].trigger()
    assert not lines()


def test_of10_the_hex_details_give_the_aa_value_and_the_stacking_points(qtbot, state_dir):
    window = _window(qtbot)
    op = window.op_view
    assert op is not None
    op.show("strength", True)
    (item,) = [i for i in window.map_view.map_scene.items() if isinstance(i, UnitValuesItem)]
    values = hex_queries.hex_values(window.session.game, "red")["c5r3"]
    tip = next(t for _box, t in item.boxes if t.startswith("c5r3"))
    used, limit = f"{values.sp_used:g}", f"{values.sp_limit:g}"
    assert f"AA value {values.aa:g} (OC35); stacking {used} of {limit} SP (OH9)" in tip
    assert values.men > 0  # an armour regiment: its echelon's men (OU4)
    assert f"About {values.men:,} men, {values.guns:,} guns, {values.vehicles:,} vehicles" in tip


def test_of11_the_hexside_effects_overlay_draws_each_feature_with_what_it_does(qtbot, state_dir):
    window = _window(qtbot)
    op = window.op_view
    assert op is not None
    op.actions["hexside_classes"].trigger()
    expected = {m.hexside_id for m in hex_queries.hexside_effects(window.session.game)}
    assert set(op.overlays.hexsides) == expected and len(expected) == 5
    assert set(op.overlays.hexsides.values()) == {"slows"}  # streams: MP and a weaker attack
    tips = {i.toolTip() for i in window.map_view.map_scene.items() if "(OH6)" in i.toolTip()}
    (tip,) = {t for t in tips if t.startswith("Stream (c6r1-c7r1)")}
    assert "infantry +2 MP, armour +2 MP" in tip and "attack across it x0.5" in tip
    assert "no shock across it" in tip


def _hexside_window(qtbot) -> WegoWindow:
    """The front with a river, a minefield and a wall of plain MP on three more hexsides."""
    from editor.shared.app import settle

    b = front()
    b.raw["rules"].setdefault("operational", {})["hexsides"] = [
        *(r.model_dump(mode="json") for r in default_hexside_effects()),
        {"connection_type": "hedge", "movement_cost": {"infantry": 1, "armour": 1}},
    ]
    b.raw["connection_types"].append({"id": "hedge", "name": "Hedge"})
    b.hexside("c2r1", "c3r1", "river")
    b.hexside("c2r5", "c3r5", "minefield")
    b.hexside("c1r4", "c2r4", "hedge")
    session = GameSession.new(b.build(), {"red": "human", "blue": "ai"}, seed=1, speed="fastest")
    window = show_game(session, "op-hexsides-test", leave_text="Close")
    assert isinstance(window, WegoWindow)
    qtbot.addWidget(window)
    settle(window)
    return window


def test_oh13_the_hexside_overlay_uses_the_manuals_three_colours_by_default(qtbot, state_dir):
    window = _hexside_window(qtbot)
    op = window.op_view
    assert op is not None
    op.actions["hexsides"].trigger()
    drawn = op.overlays.hexsides
    # Impassable (the river: only a road's bridge) > combat (the minefield's x0.25 and the
    # streams' x0.5, though both cost movement too) > movement (the hedge's MP alone).
    assert drawn["c2r1-c3r1"] == "impassable"
    assert drawn["c2r5-c3r5"] == "combat"
    assert drawn["c1r4-c2r4"] == "movement"
    assert drawn["c6r1-c7r1"] == "combat"
    colours = {c.name() for c, _words in window.map_view.family_legend[1]}
    assert colours == {"#1b1b1b", "#e03131", "#1c7ed6"}
    assert window.map_view.family_legend[0] == "Hexside effects"
    # The finer classes are the other choice, one scheme at a time, with their own legend.
    op.actions["hexside_classes"].trigger()
    assert op.overlays.shown & {"hexsides", "hexside_classes"} == {"hexside_classes"}
    assert op.overlays.hexsides["c2r1-c3r1"] == "hard"
    assert op.overlays.hexsides["c1r4-c2r4"] == "slows"
    assert window.map_view.family_legend[0] == "Hexside effects, finer classes"
    op.actions["hexside_classes"].trigger()
    assert window.map_view.family_legend is None


def test_oh13_ow1_a_frozen_river_keeps_only_what_it_does_to_a_battle() -> None:
    from editor.game.wego.op_cover_overlays import manual_kind
    from schemas.operational.terrain import HexsideEffect

    river = HexsideEffect(connection_type="river", crossing="road_only", river=True)
    assert manual_kind(hex_queries.HexsideMark(0, "c1r1-c2r1", river, False)) == "impassable"
    assert manual_kind(hex_queries.HexsideMark(0, "c1r1-c2r1", river, True)) is None
    steep = river.model_copy(update={"attack": 0.5})
    assert manual_kind(hex_queries.HexsideMark(0, "c1r1-c2r1", steep, True)) == "combat"
