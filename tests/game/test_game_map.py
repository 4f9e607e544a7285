"""The game map: counters under the fog of war, moving by click and by drag, the movement
highlights, picking targets, overlays, crowded regions (piles, smaller counters), and the
time the first frame and an AI turn take."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtWidgets import QGraphicsItem

from editor.game.map.counters import CounterItem, describe
from editor.game.map.fog import FULL, NONE, as_seen, stack_views
from editor.game.map.marks import MarkItem
from editor.game.map.style import REACH_COLOURS, SUPPLY_COLOURS
from editor.game.map.view import GameMapView
from editor.game.session import GameSession, Targeting
from engine import board, fog, supply
from engine.actions import EndPhase, Move
from engine.ai import BaselineAI
from engine.game import Game
from engine.state import Modifier
from tests.engine.builder import Builder, advance_to

from .conftest import HANG

LEFT = Qt.MouseButton.LeftButton
HUMAN_DRAVAN = {"dravan": "human", "arvel": "ai"}
HUMAN_ARVEL = {"dravan": "ai", "arvel": "human"}


def _view(qtbot, session: GameSession) -> GameMapView:
    view = GameMapView(session)
    qtbot.addWidget(view)
    view.resize(1200, 820)
    view.show()
    qtbot.waitExposed(view)
    return view


def _at_counter(view: GameMapView, stack_id: str) -> QPoint:
    item = view.map_scene.counters[stack_id]
    return view.mapFromScene(item.scenePos()) + item.offset.toPoint()


def _at_region(view: GameMapView, region: str) -> QPoint:
    """A point of a region clear of its counters, where a person would click it."""
    return view.spot_of(region)


def _to_land_movement(session: GameSession) -> None:
    while session.game.phase != "land_movement":
        assert session.apply(EndPhase())


def _all_text(view: GameMapView) -> list[tuple[QGraphicsItem, str]]:
    """Every text the map shows or would show: tooltips, labels, marks, counters."""
    out = []
    for item in view.map_scene.items():
        texts = [item.toolTip()]
        if isinstance(item, CounterItem):
            texts += [item.look.text, item.look.symbol, item.look.picture, str(item.look.count)]
        if isinstance(item, MarkItem):
            texts += [str(part) for part in item.look]
        texts.append(getattr(item, "text", "") or "")
        out += [(item, t) for t in texts if t]
    return out


def _words(game: Game, units: list[str]) -> set[str]:
    """The ids and names of ``units`` (leaders included)."""
    world = game.world
    words = set(units)
    for unit_id in units:
        unit = world.units.get(unit_id)
        if unit is not None and unit.name:
            words.add(unit.name)
        leader = world.leaders.get(unit_id)
        if leader is not None:
            words.add(leader.name)
    return words


def _secrets(game: Game, viewer: str) -> dict[str, set[str]]:
    """For each stack the viewer may not see inside, the words that would betray it.

    Sides share unit names (both have a "3rd Rifles"): a name also borne by a unit the
    viewer sees in full betrays nothing by itself, so only ids and names no seen unit
    bears count here; each hidden counter's own tooltip is checked against all its names.
    """
    seen: set[str] = set()
    hidden: dict[str, list[str]] = {}
    for stack in game.state.stacks.values():
        if fog.view_of(game, stack, viewer) == FULL:
            seen |= _words(game, stack.units)
        else:
            hidden[stack.id] = list(stack.units)
    return {sid: _words(game, units) - (seen - set(units)) for sid, units in hidden.items()}


def _assert_fog_holds(view: GameMapView, messages: list[str]) -> None:
    session = view.session
    game, viewer = session.game, session.viewer
    assert viewer is not None
    secrets = _secrets(game, viewer)
    assert secrets, "the test needs stacks hidden from the viewer"
    for stack in game.state.stacks.values():
        view_now = fog.view_of(game, stack, viewer)
        counter = view.map_scene.counters.get(stack.id)
        if view_now == NONE:
            assert counter is None, f"{stack.id} is out of sight but drawn"
            continue
        assert counter is not None and counter.view == view_now
        if view_now != FULL:
            look = counter.look
            hidden = (look.text, look.symbol, look.count, look.stars, look.picture)
            assert hidden == ("", "", 0, 0, "")
            assert not (look.entrenched or look.unsupplied or look.moved)
            # The tooltip is the one of the view now (never a stale one of a fuller view);
            # a pile's adds the rest of the pile as their counters show it.
            assert counter.toolTip().startswith(describe(game, stack, view_now))
            assert bool(look.pile) == ("<hr>Under it" in counter.toolTip())
            for word in _words(game, stack.units):
                assert word not in counter.toolTip()
    words = set().union(*secrets.values())
    for item, text in _all_text(view):
        for word in words:
            assert word not in text, f"{type(item).__name__} shows hidden {word!r}: {text!r}"
    for message in messages:
        for word in words:
            assert word not in message


# -- counters and fog -----------------------------------------------------------------------------


def test_the_first_frame_of_the_sample_is_drawn(qtbot, sample):
    # How fast (the budget of 300 ms) is measured by benchmarks/game.py.
    session = GameSession.new(sample, HUMAN_DRAVAN, seed=1)
    view = GameMapView(session)
    qtbot.addWidget(view)
    view.resize(1400, 900)
    view.show()
    image = view.grab()
    assert not image.isNull()


def test_counters_show_each_stack_as_the_fog_lets_the_viewer_see_it(qtbot, sample):
    session = GameSession.new(sample, HUMAN_ARVEL, seed=1)
    view = _view(qtbot, session)
    game = session.game
    views = {s.id: fog.view_of(game, s, "arvel") for s in game.state.stacks.values()}
    assert stack_views(game, "arvel") == views
    assert {"full", "outline", "flag", "none"} <= set(views.values())
    shown = {sid: c.view for sid, c in view.map_scene.counters.items()}
    assert shown == {sid: v for sid, v in views.items() if v != NONE}
    # A full counter: the most numerous type's symbol and name, the number of units, the
    # commanding leader's stars.
    harl = view.map_scene.counters["s12"].look  # two rifles, artillery, HQ, Vane (3 stars)
    assert (harl.symbol, harl.text, harl.count, harl.stars) == ("infantry", "Rifles", 4, 3)


def test_no_item_or_tooltip_of_the_map_reveals_a_hidden_enemy_stack(qtbot, sample):
    session = GameSession.new(sample, HUMAN_ARVEL, seed=3)
    view = _view(qtbot, session)
    messages: list[str] = []
    view.message.connect(messages.append)
    _assert_fog_holds(view, messages)
    session.run_ai_until_human()  # the Republic's first player-turn
    assert session.human_to_act() == "arvel"
    _assert_fog_holds(view, messages)
    for name, _ in view.overlays:
        view.set_overlay(name)
        _assert_fog_holds(view, messages)
    view.set_overlay(None)
    while session.game.phase != "land_movement":
        session.apply(BaselineAI().choose(session.game))
    own = next(
        s
        for s in session.game.state.stacks.values()
        if s.side == "arvel" and view.map_scene.counters.get(s.id)
    )
    qtbot.mouseClick(view.viewport(), LEFT, pos=_at_counter(view, own.id))
    for region in view.dests:
        qtbot.mouseMove(view.viewport(), _at_region(view, region))
    _assert_fog_holds(view, messages)


def test_stacks_out_of_sight_do_not_cut_the_supply_lines_shown(qtbot):
    b = Builder(cols=5)
    b.source("home", "a1", "red").unit("r1", "inf", "a1").unit("b1", "inf", "c1", nation="blueland")
    game = b.game(fog=True)
    views = stack_views(game, "red")
    assert views[next(s.id for s in game.state.stacks.values() if s.side == "blue")] == NONE
    assert supply.supply_view(game, "red").regions["c1"] == "enemy"
    assert supply.supply_view(as_seen(game, "red", views), "red").regions["c1"] == "supplied"
    assert as_seen(game, "red", views).state.stacks is not game.state.stacks
    assert len(game.state.stacks) == 2  # the real game is untouched
    session = GameSession(game, {"red": "human", "blue": "ai"})
    view = _view(qtbot, session)
    view.set_overlay("supply")
    washes = [
        i
        for i in view.map_scene.items()
        if i.zValue() == 5.0 and i.boundingRect().contains(QPointF(250, 50))
    ]
    assert washes and washes[0].brush().color() == SUPPLY_COLOURS["supplied"]


# -- selecting and moving -------------------------------------------------------------------------


def test_clicking_a_counter_selects_it_and_a_hidden_one_cannot_be_selected(qtbot, sample):
    session = GameSession.new(sample, HUMAN_DRAVAN, seed=1)
    view = _view(qtbot, session)
    messages: list[str] = []
    view.message.connect(messages.append)
    qtbot.mouseClick(view.viewport(), LEFT, pos=_at_counter(view, "s2"))
    assert session.selected == "s2"
    assert view.map_scene.counters["s2"].look.selected
    qtbot.mouseClick(view.viewport(), LEFT, pos=_at_counter(view, "s12"))  # Arvel, an outline
    assert session.selected == "s2" and "hidden" in messages[-1]
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert session.selected is None


def test_clicking_a_reachable_region_moves_the_selected_stack(qtbot, sample):
    session = GameSession.new(sample, HUMAN_DRAVAN, seed=1)
    view = _view(qtbot, session)
    _to_land_movement(session)
    qtbot.mouseClick(view.viewport(), LEFT, pos=_at_counter(view, "s1"))
    assert "corran" in view.dests and view.dests["corran"].legal
    legal = [a for a in session.legal_actions() if isinstance(a, Move) and a.stack == "s1"]
    assert {a.path[-1] for a in legal} == {r for r, d in view.dests.items() if d.legal}
    qtbot.mouseClick(view.viewport(), LEFT, pos=_at_region(view, "corran"))
    assert session.game.state.stacks["s1"].region == "corran"
    assert session.game.log.records[-1]["type"] == "move"
    assert view.map_scene.counters["s1"].look.moved
    assert not view.dests  # it has moved: nothing more to offer


def test_dragging_a_counter_moves_the_stack_along_the_regions_passed(qtbot, sample):
    session = GameSession.new(sample, HUMAN_DRAVAN, seed=1)
    view = _view(qtbot, session)
    _to_land_movement(session)
    viewport = view.viewport()
    qtbot.mousePress(viewport, LEFT, pos=_at_counter(view, "s1"))
    for region in ("lannet-fields", "corran", "illan"):
        qtbot.mouseMove(viewport, _at_region(view, region))
    assert view.drag is not None and view.drag.path.path == ["corran", "illan"]
    assert view.map_scene.highlights.path.isVisible()
    assert "MP" in view.map_scene.highlights.path_label.look[0]
    qtbot.mouseRelease(viewport, LEFT, pos=_at_region(view, "illan"))
    move = session.game.log.records[-1]
    assert move["type"] == "move" and move["path"] == ["lannet-fields", "corran", "illan"]
    assert view.drag is None and not view.map_scene.highlights.path.isVisible()


def test_a_drop_out_of_reach_moves_nothing_and_says_why(qtbot, sample):
    session = GameSession.new(sample, HUMAN_DRAVAN, seed=1)
    view = _view(qtbot, session)
    _to_land_movement(session)
    messages: list[str] = []
    view.message.connect(messages.append)
    viewport = view.viewport()
    qtbot.mousePress(viewport, LEFT, pos=_at_counter(view, "s1"))
    qtbot.mouseMove(viewport, _at_region(view, "corran"))
    qtbot.mouseMove(viewport, _at_region(view, "aske-downs"))
    qtbot.mouseRelease(viewport, LEFT, pos=_at_region(view, "aske-downs"))
    assert session.game.state.stacks["s1"].region == "lannet-fields"
    assert "out of reach" in messages[-1]


def _kinds_game(fog: bool = False) -> Game:
    """Red's stack in a1 may reach: b1 (full of red: over-stacked), a2 (a blue division: a
    battle), b2 (a lone blue supply column: overrun) and c1 (empty: a move)."""
    b = Builder(cols=4, rows=2)
    b.region("b1", stacking=2)
    b.unit("r1", "inf", "a1").unit("r2", "inf", "b1")
    b.unit("b-inf", "inf", "a2", nation="blueland").unit("b-log", "log", "b2", nation="blueland")
    game = b.game(fog=fog)
    advance_to(game, "land_movement")
    return game


def test_under_fog_an_overrun_shows_as_a_battle_not_telling_the_enemys_strength(qtbot):
    game = _kinds_game(fog=True)
    session = GameSession(game, {"red": "human", "blue": "ai"})
    view = _view(qtbot, session)
    mover = next(s.id for s in game.state.stacks.values() if "r1" in s.units)
    weak = next(s for s in game.state.stacks.values() if "b-log" in s.units)
    assert fog.view_of(game, weak, "red") == "outline"
    session.select(mover)
    assert view.dests["b2"].kind == "battle"
    assert "overrun" not in view.map_scene.highlights.shades["b2"].toolTip()


def test_reachable_regions_are_highlighted_by_kind_with_their_cost(qtbot):
    game = _kinds_game()
    session = GameSession(game, {"red": "human", "blue": "ai"})
    view = _view(qtbot, session)
    mover = next(s.id for s in game.state.stacks.values() if "r1" in s.units)
    session.select(mover)
    kinds = {region: dest.kind for region, dest in view.dests.items()}
    assert kinds["b1"] == "overstack" and not view.dests["b1"].legal
    assert kinds["a2"] == "battle" and kinds["b2"] == "overrun" and kinds["c1"] == "move"
    shades = view.map_scene.highlights.shades
    for region, kind in kinds.items():
        assert shades[region].pen().color() == REACH_COLOURS[kind]
        assert view.map_scene.highlights.costs[region].look[0] == f"{view.dests[region].cost:g} MP"
    messages: list[str] = []
    view.message.connect(messages.append)
    qtbot.mouseClick(view.viewport(), LEFT, pos=_at_region(view, "b1"))
    assert game.state.stacks[mover].region == "a1" and "stacking" in messages[-1]
    qtbot.mouseClick(view.viewport(), LEFT, pos=_at_region(view, "a2"))
    assert game.state.stacks[mover].region == "a2"


def test_the_map_redraws_only_the_regions_an_action_changed(qtbot, sample):
    session = GameSession.new(sample, HUMAN_DRAVAN, seed=1)
    view = _view(qtbot, session)
    _to_land_movement(session)
    assert view.map_scene.refresh() == set()
    session.select(None)
    session.apply(Move("s4", ("lannet-fields",)))
    assert session.game.state.stacks["s4"].region == "lannet-fields"
    redrawn = view.map_scene.refresh.__self__._contents  # drawn contents follow the game
    assert any(e[0] == "s4" for e in redrawn["lannet-fields"])
    assert not any(e[0] == "s4" for e in redrawn.get("gellan-heights", ()))


# -- targets, overlays, zoom ----------------------------------------------------------------------


def test_targets_are_marked_and_picked_on_the_map(qtbot, sample):
    session = GameSession.new(sample, HUMAN_DRAVAN, seed=1)
    view = _view(qtbot, session)
    picked: list[tuple[str, ...]] = []
    session.ask_targets(
        Targeting("Pick a region", "region", frozenset({"corran", "illan"}), done=picked.append)
    )
    assert set(view.map_scene.highlights.targets) == {"corran", "illan"}
    messages: list[str] = []
    view.message.connect(messages.append)
    qtbot.mouseClick(view.viewport(), LEFT, pos=_at_region(view, "tarrow"))
    assert not picked and "Not a target" in messages[-1]
    qtbot.mouseClick(view.viewport(), LEFT, pos=_at_region(view, "illan"))
    assert picked == [("illan",)] and session.targeting is None
    assert not view.map_scene.highlights.targets
    # Stacks: the counters are marked; Escape gives up.
    session.ask_targets(
        Targeting("Pick a stack", "stack", frozenset({"s2", "s3"}), count=2, done=picked.append)
    )
    assert view.map_scene.counters["s2"].look.mark == "target"
    qtbot.mouseClick(view.viewport(), LEFT, pos=_at_counter(view, "s3"))
    assert view.map_scene.counters["s3"].look.mark == "picked"
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert session.targeting is None and picked == [("illan",)]
    assert not view.map_scene.marks


def test_units_are_picked_from_a_menu_when_a_counter_holds_several(qtbot, sample):
    session = GameSession.new(sample, HUMAN_DRAVAN, seed=1)
    view = _view(qtbot, session)
    picked: list[tuple[str, ...]] = []
    allowed = frozenset({"dr-3-rifles", "dr-7-rifles", "dr-4-flak"})
    session.ask_targets(Targeting("Pick a unit", "unit", allowed, count=2, done=picked.append))
    qtbot.mouseClick(view.viewport(), LEFT, pos=_at_counter(view, "s3"))  # holds only the flak
    assert session.targeting is not None and session.targeting.picked == ["dr-4-flak"]
    qtbot.mouseClick(view.viewport(), LEFT, pos=_at_counter(view, "s1"))  # two rifles
    assert view.menu is not None
    names = [a.text() for a in view.menu.actions()]
    assert len(names) == 2
    view.menu.actions()[1].trigger()
    assert picked == [("dr-4-flak", "dr-7-rifles")]


@pytest.mark.parametrize("name", ["supply", "control", "land_stacking", "air_stacking"])
def test_each_overlay_draws_and_goes(qtbot, sample, name):
    session = GameSession.new(sample, HUMAN_DRAVAN, seed=1)
    view = _view(qtbot, session)
    before = len(view.map_scene.items())
    assert name in dict(view.overlays)
    view.set_overlay(name)
    assert view.overlay == name and view.map_scene.overlays.legend
    assert len(view.map_scene.items()) > before
    assert not view.grab().isNull()
    view.set_overlay(None)
    assert len(view.map_scene.items()) == before
    with pytest.raises(ValueError):
        view.set_overlay("weather")


def test_stacking_overlays_count_the_viewers_own_points(qtbot, sample):
    session = GameSession.new(sample, HUMAN_DRAVAN, seed=1)
    view = _view(qtbot, session)
    view.set_overlay("land_stacking")
    badges = {region: badge.look[0] for region, badge in view.map_scene.overlays.badges.items()}
    assert badges["tarrow"] == "8/24"  # 2 rifles, heavy tanks, recon, HQ and supply, 2 leaders
    assert badges["harl-uplands"].startswith("0/")  # Arvel's stack there is not counted


def test_zoom_keeps_counters_the_same_size_and_resizes_refit_until_the_player_zooms(qtbot, sample):
    session = GameSession.new(sample, HUMAN_DRAVAN, seed=1)
    view = _view(qtbot, session)
    counter = view.map_scene.counters["s1"]
    assert counter.flags() & QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations
    fitted = view.transform().m11()
    view.resize(900, 600)
    assert view.fitted and view.transform().m11() < fitted
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert not view.fitted
    zoomed = view.transform().m11()
    view.resize(1000, 700)
    assert view.transform().m11() == zoomed
    for _ in range(40):
        view.zoom_by(2.0)
    assert view.transform().m11() <= view._fit_scale() * 14.0 + 1e-9
    qtbot.keyClick(view, Qt.Key.Key_0)
    assert view.fitted


def test_an_ai_player_turn_is_played_and_shown_at_the_fastest_speed(qtbot, sample):
    # How fast (the budget of two seconds) is measured by benchmarks/game.py.
    session = GameSession.new(sample, HUMAN_DRAVAN, seed=1, speed="fastest")
    _view(qtbot, session)
    ai = BaselineAI()
    while session.human_to_act() == "dravan" and session.game.active_side == "dravan":
        action = ai.choose(session.game)
        if isinstance(action, EndPhase) and session.game.phase == "end_of_turn":
            break
        assert session.apply(action)
    # A generous wait: it guards against a hang, it is no budget.
    with qtbot.waitSignal(session.toAct, timeout=HANG):
        assert session.apply(EndPhase())
    assert session.game.active_side == "dravan" and session.game.turn == 2


def _screen_rect(view: GameMapView, item: QGraphicsItem, box: QRectF) -> QRectF:
    """An item drawn at a fixed screen size, as a rectangle of the viewport."""
    return box.translated(QPointF(view.mapFromScene(item.scenePos())))


@pytest.mark.parametrize("size", [(1000, 410), (1400, 900)])
def test_region_names_stay_clear_of_counters_which_stay_in_their_regions(qtbot, sample, size):
    session = GameSession.new(sample, HUMAN_DRAVAN, seed=1)
    view = _view(qtbot, session)
    view.resize(*size)
    scene = view.map_scene
    counters = {
        sid: _screen_rect(view, c, c.shape().boundingRect()) for sid, c in scene.counters.items()
    }
    shown = [r for r, label in scene.labels.items() if label.isVisible()]
    # Zoomed out to a small window, a few crowded names may give way; most still show.
    assert len(shown) >= 0.8 * len(scene.labels)
    for region in shown:
        name = _screen_rect(view, scene.labels[region], scene.labels[region].boundingRect())
        for stack_id, body in counters.items():
            assert not name.intersects(body), f"{stack_id} covers the name of {region}"
    for stack_id, body in counters.items():
        region = session.game.state.stacks[stack_id].region
        assert scene.paths[region].contains(view.mapToScene(body.center().toPoint()))
    # Zoomed in, every name has room.
    view.zoom_by(3.0)
    assert all(label.isVisible() for label in scene.labels.values())


def test_a_stack_seen_for_a_phase_is_hidden_again_tooltip_included(qtbot):
    """A search lets a side look inside an enemy stack until the end of the phase; the
    counter and its tooltip must forget what was seen when the phase ends."""
    b = Builder(cols=3)
    b.unit("r1", "inf", "a1").unit("b-inf", "inf", "b1", nation="blueland")
    game = b.game(fog=True)
    advance_to(game, "land_movement")
    session = GameSession(game, {"red": "human", "blue": "ai"})
    view = _view(qtbot, session)
    enemy = next(s for s in game.state.stacks.values() if s.side == "blue")
    counter = view.map_scene.counters[enemy.id]
    assert counter.view == "outline" and "b-inf" not in counter.toolTip()
    game.state.modifiers.append(
        Modifier("search", "red", {"kind": "examine"}, ["b-inf"], until="end_of_phase")
    )
    session.changed.emit()
    assert counter.view == FULL and "b-inf" in counter.toolTip()
    assert session.apply(EndPhase())  # the search's sight ends with the phase
    assert counter.view == "outline"
    assert counter.toolTip() == describe(game, enemy, "outline")
    assert "b-inf" not in counter.toolTip()


def test_hot_seat_the_map_shows_each_person_only_their_own_view(qtbot, sample):
    session = GameSession.new(sample, {"dravan": "human", "arvel": "human"}, seed=2)
    view = _view(qtbot, session)
    messages: list[str] = []
    view.message.connect(messages.append)
    session.start()
    assert session.viewer == "dravan"
    _assert_fog_holds(view, messages)
    ai = BaselineAI()
    with qtbot.waitSignal(session.handover, timeout=HANG):
        while session.human_to_act() == "dravan":
            assert session.apply(ai.choose(session.game))
    assert session.viewer == "arvel"
    _assert_fog_holds(view, messages)


# -- crowded regions: piles and smaller counters --------------------------------------------------


def _crowded_game(fog_on: bool = False) -> Game:
    """A grid of 8 by 6 regions where red has four stacks in c3 and blue three in d3 next
    to it: too many for a region about 100 pixels wide when the map is fitted."""
    b = Builder(cols=8, rows=6)
    b.region("c3", stacking=30).region("d3", stacking=30)
    for i in range(8):
        b.unit(f"r{i}", "inf", "c3")
    for i in range(6):
        b.unit(f"b{i}", "inf", "d3", nation="blueland")
    game = b.game(fog=fog_on)
    for region, count in (("c3", 4), ("d3", 3)):
        stack = next(s for s in game.state.stacks.values() if s.region == region)
        for _ in range(count - 1):
            board.split(game, stack, [stack.units[0]])
    advance_to(game, "land_movement")
    return game


def _crowded_view(qtbot, game: Game) -> GameMapView:
    view = _view(qtbot, GameSession(game, {"red": "human", "blue": "ai"}))
    view.resize(1000, 700)
    return view


def _stacks_in(game: Game, region: str) -> list[str]:
    return [s.id for s in game.state.stacks.values() if s.region == region]


def _shown(view: GameMapView) -> dict[str, QRectF]:
    """Each counter drawn, as its body's rectangle in the viewport."""
    scene = view.map_scene
    return {
        sid: _screen_rect(view, c, c.shape().boundingRect())
        for sid, c in scene.counters.items()
        if c.isVisible()
    }


def _worst_overlap(bodies: dict[str, QRectF]) -> float:
    """The largest share of a counter's body that another counter covers."""
    worst = 0.0
    items = list(bodies.values())
    for i, a in enumerate(items):
        for b in items[i + 1 :]:
            common = a.intersected(b)
            if not common.isEmpty():
                smaller = min(a.width() * a.height(), b.width() * b.height())
                worst = max(worst, common.width() * common.height() / smaller)
    return worst


def test_a_crowded_region_shows_one_pile_per_side_inside_it_until_zoomed_in(qtbot):
    game = _crowded_game()
    view = _crowded_view(qtbot, game)
    scene = view.map_scene
    assert scene.counter_size < 1.0  # counters shrink with the zoom
    for region, count in (("c3", 4), ("d3", 3)):
        stacks = _stacks_in(game, region)
        tops = [sid for sid in stacks if scene.counters[sid].isVisible()]
        assert len(tops) == 1 and scene.counters[tops[0]].look.pile == count
        tip = scene.counters[tops[0]].toolTip()
        assert f"{count - 1} more stacks: Infantry, 1 unit" in tip and "again for the next" in tip
    bodies = _shown(view)
    for stack_id, body in bodies.items():
        region = game.state.stacks[stack_id].region
        assert scene.paths[region].contains(view.mapToScene(body.center().toPoint()))
    assert _worst_overlap(bodies) == 0.0
    for region in ("c3", "d3"):
        label = scene.labels[region]
        assert label.isVisible()
        name = _screen_rect(view, label, label.boundingRect())
        assert not any(name.intersects(body) for body in bodies.values())
    # Zoomed in, every stack has its own full-size counter again, side by side.
    view.zoom_by(4.0)
    assert scene.counter_size == 1.0
    assert all(c.isVisible() and c.look.pile == 0 for c in scene.counters.values())
    assert _worst_overlap(_shown(view)) == 0.0
    qtbot.keyClick(view, Qt.Key.Key_0)
    assert sum(c.isVisible() for c in scene.counters.values()) == 2


def test_clicks_on_a_pile_reach_select_and_move_each_of_its_stacks(qtbot):
    game = _crowded_game()
    view = _crowded_view(qtbot, game)
    session, scene = view.session, view.map_scene
    stacks = _stacks_in(game, "c3")
    top = next(sid for sid in stacks if scene.counters[sid].isVisible())
    at = _at_counter(view, top)
    selected = []
    for _ in range(len(stacks)):
        qtbot.mouseClick(view.viewport(), LEFT, pos=at)
        selected.append(session.selected)
        # The stack selected is the one on top, and the only counter of the pile drawn.
        assert scene.counters[session.selected].isVisible()
        assert scene.counters[session.selected].look.selected
        assert sum(scene.counters[sid].isVisible() for sid in stacks) == 1
    assert sorted(selected) == sorted(stacks)  # every stack, each once
    qtbot.mouseClick(view.viewport(), LEFT, pos=at)
    assert session.selected == selected[0]  # round again
    qtbot.mouseClick(view.viewport(), LEFT, pos=at)
    chosen = session.selected
    assert chosen == selected[1]
    # Dropping the selection leaves the pile as it is: the next click takes its top again.
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert session.selected is None and scene.counters[chosen].isVisible()
    qtbot.mouseClick(view.viewport(), LEFT, pos=at)
    assert session.selected == chosen
    # Dragging the pile moves the stack on top, and only that one.
    viewport = view.viewport()
    qtbot.mousePress(viewport, LEFT, pos=at)
    qtbot.mouseMove(viewport, _at_region(view, "c2"))
    qtbot.mouseRelease(viewport, LEFT, pos=_at_region(view, "c2"))
    assert session.selected == chosen
    assert game.state.stacks[chosen].region == "c2"
    assert sorted(_stacks_in(game, "c3")) == sorted(set(stacks) - {chosen})
    assert scene.counters[chosen].isVisible() and scene.counters[chosen].look.pile == 0
    tops = [sid for sid in _stacks_in(game, "c3") if scene.counters[sid].isVisible()]
    assert len(tops) == 1 and scene.counters[tops[0]].look.pile == 3


def test_a_pile_of_hidden_enemy_stacks_tells_no_more_than_its_counters(qtbot):
    game = _crowded_game(fog_on=True)
    view = _crowded_view(qtbot, game)
    scene = view.map_scene
    messages: list[str] = []
    view.message.connect(messages.append)
    enemy = _stacks_in(game, "d3")
    assert {fog.view_of(game, game.state.stacks[sid], "red") for sid in enemy} == {"outline"}
    top = next(sid for sid in enemy if scene.counters[sid].isVisible())
    look = scene.counters[top].look
    # The side and how many stacks are seen there, as three counters would say; no unit
    # count, name or sign.
    assert (look.view, look.pile) == ("outline", 3)
    assert (look.count, look.text, look.symbol, look.stars) == (0, "", "", 0)
    under = scene.counters[top].toolTip().split("<hr>")[1]
    assert under.startswith("Under it, 2 more stacks: a stack whose contents are hidden; a")
    assert "unit" not in under
    _assert_fog_holds(view, messages)
    at = _at_counter(view, top)
    for _ in range(len(enemy)):
        qtbot.mouseClick(view.viewport(), LEFT, pos=at)
        assert view.session.selected is None
        assert "hidden by the fog of war" in messages[-1] and "of 3" in messages[-1]
        _assert_fog_holds(view, messages)


def test_a_region_with_targets_to_pick_spreads_its_pile(qtbot):
    game = _crowded_game()
    view = _crowded_view(qtbot, game)
    scene = view.map_scene
    stacks = _stacks_in(game, "c3")
    picked: list[tuple[str, ...]] = []
    view.session.ask_targets(
        Targeting("Pick a stack", "stack", frozenset(stacks), done=picked.append)
    )
    assert all(scene.counters[sid].isVisible() for sid in stacks)
    qtbot.mouseClick(view.viewport(), LEFT, pos=_at_counter(view, stacks[-1]))
    assert picked == [(stacks[-1],)]
    assert sum(scene.counters[sid].isVisible() for sid in stacks) == 1  # piled again


@pytest.mark.parametrize("name", ["winter-war", "north-africa", "mexican-war"])
def test_on_a_crowded_theatre_fitted_counters_stay_in_or_tied_to_their_regions(qtbot, name):
    from schemas.io import load_file

    path = Path(__file__).resolve().parents[2] / "sample_scenarios" / f"{name}.json"
    scenario = load_file(path).scenario
    session = GameSession.new(scenario, {s.id: "ai" for s in scenario.sides}, seed=1)
    view = _view(qtbot, session)
    scene = view.map_scene
    bodies = _shown(view)
    leaders = scene.leaders.path()
    lines = [
        (QPointF(a.x, a.y), QPointF(b.x, b.y))
        for a, b in (
            (leaders.elementAt(i), leaders.elementAt(i + 1))
            for i in range(leaders.elementCount() - 1)
        )
        if a.isMoveTo() and b.isLineTo()
    ]
    scale = view.transform().m11()
    for stack_id in bodies:
        region = session.game.state.stacks[stack_id].region
        counter = scene.counters[stack_id]
        middle = counter.scenePos() + counter.offset / scale
        if scene.paths[region].contains(middle):
            continue
        # Pushed out of a region too small for it: a line ties it to a point inside.
        assert any(
            scene.paths[region].contains(start) and (end - middle).manhattanLength() < 0.01
            for start, end in lines
        ), f"{stack_id} stands outside {region}, untied"
    # Counters may touch in the densest corners, never hide one another.
    assert _worst_overlap(bodies) < 0.5
    # Every stack is drawn, alone or on top of a pile that holds it.
    for stack_id, counter in scene.counters.items():
        assert counter.isVisible() or stack_id in scene.piles.members
