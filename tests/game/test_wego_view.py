"""The game view of WEGO turns (issue 14): the planning screen (orders of every kind given with
the mouse and the plan panel, changed, cancelled, sealed; hidden plans in hot seat), the film
player (tick, combat, scrub, seek, keys; the frame shown is the engine's frame), saving
mid-plan, and Play in the studio opening a WEGO scenario."""

from __future__ import annotations

import shutil
import time

import pytest
from PySide6.QtCore import Qt

from editor.game.film.player import FilmPlayer, has_combat
from editor.game.launch import show_game
from editor.game.saved_games import load_session
from editor.game.session import GameSession
from editor.game.wego.window import WegoWindow
from engine.errors import IllegalAction
from engine.wego import film, plan
from engine.wego.orders import (
    OrderAttack,
    OrderDefend,
    OrderHold,
    OrderMove,
    OrderWithdraw,
)
from schemas.io import load_file
from tests.wego_scenarios import STORED

from .conftest import HANG

LEFT = Qt.MouseButton.LeftButton
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture(scope="module")
def crossing():
    scenario = load_file(STORED).scenario
    assert scenario is not None
    return scenario


def _window(qtbot, scenario, players, **options) -> WegoWindow:
    from editor.shared.app import settle

    session = GameSession.new(scenario, players, seed=3, speed="fastest", **options)
    window = show_game(session, "river-crossing-test", leave_text="Close")
    assert isinstance(window, WegoWindow)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    settle(window)
    return window


def _click(qtbot, window: WegoWindow, region: str, modifier=Qt.KeyboardModifier.NoModifier):
    view = window.map_view
    qtbot.mouseClick(view.viewport(), LEFT, modifier, view.spot_of(region))


def _orders(window: WegoWindow, side: str):
    return plan.orders_of(window.session.game, side, viewer=side)


def _wait_for_film(qtbot, window: WegoWindow) -> None:
    qtbot.waitUntil(lambda: window.centre.currentWidget() is window.film, timeout=HANG)


def test_ot3_oo17_an_order_is_given_changed_and_cancelled_with_the_mouse_and_the_panel(
    qtbot, state_dir, crossing
):
    window = _window(qtbot, crossing, {"red": "human", "blue": "ai"})
    session, panel = window.session, window.plan_panel
    session.select("s1")
    assert "c2r2" in window.map_view.dests  # the engine's cheapest routes, washed
    _click(qtbot, window, "c2r2")
    assert _orders(window, "red")["s1"] == OrderMove("s1", ("c2r2",), 0)
    assert ("Infantry (r1)", "Move to c2r2") in panel.order_rows()
    assert len(window.map_view.plan_items) == 2  # its route and its label
    # Changed: another destination replaces the order, with the wait set in the panel.
    session.select("s1")
    panel.wait.setValue(2)
    assert _orders(window, "red")["s1"] == OrderMove("s1", ("c2r2",), 2)
    _click(qtbot, window, "c2r1")
    assert _orders(window, "red")["s1"] == OrderMove("s1", ("c2r1",), 2)
    qtbot.mouseClick(panel.hold_button, LEFT)
    assert _orders(window, "red")["s1"] == OrderHold("s1")
    qtbot.mouseClick(panel.defend_button, LEFT)
    assert _orders(window, "red")["s1"] == OrderDefend("s1")
    # Cancelled from the orders list.
    panel.orders.setCurrentItem(panel.orders.topLevelItem(0))
    assert session.selected == "s1"
    qtbot.mouseClick(panel.cancel_row, LEFT)
    assert "s1" not in _orders(window, "red")
    assert panel.order_rows()[0] == ("Infantry (r1)", "no order (holds)")


def test_ot3_the_wait_box_shows_the_selected_stacks_wait_and_none_for_a_stack_without_order(
    qtbot, state_dir, crossing
):
    """A wait set for one stack's order is not shown on, nor given to, another stack that has
    no order yet; a wait set before the click goes into the order the click gives."""
    window = _window(qtbot, crossing, {"red": "human", "blue": "ai"})
    session, panel = window.session, window.plan_panel
    session.select("s1")
    _click(qtbot, window, "c2r2")
    session.select("s1")
    panel.wait.setValue(2)
    assert _orders(window, "red")["s1"] == OrderMove("s1", ("c2r2",), 2)
    session.select("s2")  # no order yet
    assert panel.wait.value() == 0
    assert panel.waypoints.text() == "Shift-click hexes to add waypoints."
    _click(qtbot, window, "c3r3")
    assert _orders(window, "red")["s2"].wait == 0
    session.select("s1")
    assert panel.wait.value() == 2
    session.select("s2")
    panel.wait.setValue(1)
    _click(qtbot, window, "c2r2")
    assert _orders(window, "red")["s2"].wait == 1
    assert _orders(window, "red")["s1"].wait == 2


def test_oo1_shift_click_adds_waypoints_and_the_route_goes_through_them(qtbot, state_dir, crossing):
    window = _window(qtbot, crossing, {"red": "human", "blue": "ai"})
    window.session.select("s2")  # at c2r3
    _click(qtbot, window, "c2r2", SHIFT)
    assert window.map_view.waypoints == ["c2r2"]
    assert "s2" not in _orders(window, "red")  # a waypoint gives no order yet
    _click(qtbot, window, "c3r3")
    order = _orders(window, "red")["s2"]
    assert isinstance(order, OrderMove)
    assert order.path == plan.route_through(window.session.game, "s2", ("c2r2", "c3r3"))
    assert order.path[0] == "c2r2" and order.path[-1] == "c3r3"
    assert window.map_view.waypoints == []


def test_oo8_withdraw_mode_gives_withdrawals_to_friendly_regions(qtbot, state_dir, crossing):
    window = _window(qtbot, crossing, {"red": "human", "blue": "ai"})
    window.session.select("s3")
    window.plan_panel.withdraw_radio.setChecked(True)
    game = window.session.game
    legal = {
        a.path[-1]
        for a in window.session.legal_actions()
        if isinstance(a, OrderWithdraw) and a.stack == "s3"
    }
    assert set(window.map_view.dests) == legal
    _click(qtbot, window, "c1r4")
    assert _orders(window, "red")["s3"] == OrderWithdraw("s3", ("c1r4",), 0)
    assert game.state.stacks["s3"].region == "c2r4"  # nothing moves before the execution


def test_oo6_a_click_on_a_seen_enemy_region_orders_an_attack(qtbot, state_dir, crossing):
    window = _window(qtbot, crossing, {"red": "human", "blue": "ai"}, fog=False)
    session = window.session
    session.select("s2")
    attacks = {
        a.target: a
        for a in session.legal_actions()
        if isinstance(a, OrderAttack) and a.stack == "s2"
    }
    assert attacks, "the test scenario lets s2 reach an enemy"
    target = sorted(attacks)[0]
    assert window.map_view.dests[target].kind == "battle"
    _click(qtbot, window, target)
    assert _orders(window, "red")["s2"] == attacks[target]


def test_ot3_sealing_against_the_ai_runs_the_turn_and_shows_its_film_under_fog(
    qtbot, state_dir, crossing
):
    window = _window(qtbot, crossing, {"red": "human", "blue": "ai"})
    window.session.select("s1")
    _click(qtbot, window, "c2r2")
    assert window.plan_panel.seal_button.isEnabled()
    qtbot.mouseClick(window.plan_panel.seal_button, LEFT)
    _wait_for_film(qtbot, window)
    game = window.session.game
    assert game.turn == 2 and plan.planner(game) == "red"
    expected = film.frames(game.log.records, viewer="red", turn=1)
    assert window.film.frames == expected
    assert not window.plan_panel.isEnabled()  # the plan waits for the film
    qtbot.mouseClick(window.film.continue_button, LEFT)
    assert window.centre.currentWidget() is window.map_view
    assert window.plan_panel.isEnabled()
    assert window.plan_panel.order_rows()[0][1] == "no order (holds)"  # a fresh plan


def test_ot10_hot_seat_never_shows_one_side_the_others_plan(qtbot, state_dir, crossing):
    window = _window(qtbot, crossing, {"red": "human", "blue": "human"})
    session, panel = window.session, window.plan_panel
    session.select("s1")
    _click(qtbot, window, "c2r2")
    session.select("s2")
    _click(qtbot, window, "c3r3")
    red_words = {text for _, text in panel.order_rows()}
    qtbot.mouseClick(panel.seal_button, LEFT)
    # The board is covered while the computer changes hands.
    assert window.centre.currentWidget() is window.handover_screen
    assert not panel.isVisible()
    qtbot.mouseClick(window.handover_screen.button, LEFT)
    assert window.centre.currentWidget() is window.map_view
    assert panel.side() == "blue"
    game = session.game
    blue_stacks = {s.id for s in game.state.stacks.values() if s.side == "blue"}
    names = {row[0] for row in panel.order_rows()}
    assert len(names) == len(blue_stacks)
    assert all(text == "no order (holds)" for _, text in panel.order_rows())
    assert not (red_words - {"no order (holds)"}) & {t for _, t in panel.order_rows()}
    assert window.map_view.plan_items == []  # red's routes are not drawn
    assert window.map_view.shown_side() == "blue"
    session.select("s1")  # red's stack: blue cannot give it orders
    assert window.map_view.dests == {}


def test_the_plan_is_saved_and_loaded_mid_plan(qtbot, state_dir, crossing, tmp_path):
    window = _window(qtbot, crossing, {"red": "human", "blue": "ai"})
    window.session.select("s1")
    _click(qtbot, window, "c2r2")
    path = tmp_path / "mid-plan.json"
    window.session.save(path)
    loaded = load_session(crossing, path, tmp_path / "autosaves")
    window.set_session(loaded)
    loaded.start()
    assert _orders(window, "red")["s1"] == OrderMove("s1", ("c2r2",), 0)
    assert window.plan_panel.order_rows()[0] == ("Infantry (r1)", "Move to c2r2")
    assert len(window.map_view.plan_items) == 2


# -- the film player -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished_game(crossing):
    session = GameSession.new(crossing, {"red": "ai", "blue": "ai"}, seed=1)
    session.run_ai_until_human()
    assert session.over
    return session.game


def _shown(player: FilmPlayer) -> dict[str, tuple[str, str]]:
    return player.map_view.shown_stacks()


def _expected(frame: film.Frame) -> dict[str, tuple[str, str]]:
    return {stack_id: (view.region, view.view) for stack_id, view in frame.stacks.items()}


def test_of1_of2_the_film_player_shows_the_engines_frames_tick_by_tick(
    qtbot, state_dir, finished_game
):
    player = FilmPlayer(finished_game, "red")
    qtbot.addWidget(player)
    player.resize(1000, 700)
    player.show()
    player.show_turn(finished_game, 1, "red")
    frames = film.frames(finished_game.log.records, viewer="red", turn=1)
    assert player.frames == frames and player.index == 0
    assert _shown(player) == _expected(frames[0])
    player.step_tick()
    assert player.index == 1 and _shown(player) == _expected(frames[1])
    player.step_back()
    assert player.index == 0
    # Step to the next combat: the first frame with a contact or battle.
    combat = next(i for i, f in enumerate(frames) if has_combat(f))
    assert player.step_combat()
    assert player.index == combat and _shown(player) == _expected(frames[combat])
    # Enemy stacks show no more than the frame says the viewer saw.
    hidden = [s for s, v in frames[combat].stacks.items() if v.view != "full"]
    for stack_id in hidden:
        assert player.map_view.film_session.game.state.stacks[stack_id].units == []
    # Scrub with the slider.
    player.slider.setValue(len(frames) - 1)
    assert player.index == len(frames) - 1
    assert _shown(player) == _expected(frames[-1])
    assert player.position.text().startswith(f"turn 1 · tick {frames[-1].tick}")


def test_of2_the_film_plays_pauses_loops_and_answers_the_keys(qtbot, state_dir, finished_game):
    player = FilmPlayer(finished_game, None)
    qtbot.addWidget(player)
    player.show()
    player.show_turn(finished_game, 2, None)
    count = len(player.frames)
    player.speed.setCurrentText("Fastest")
    player.play()
    assert player.playing
    qtbot.waitUntil(lambda: not player.playing, timeout=HANG)
    assert player.index == count - 1  # played to the end and stopped
    player.loop.setChecked(True)
    player.play()
    qtbot.waitUntil(lambda: player.index < count - 1, timeout=HANG)  # round again
    player.pause()
    player.first()
    player.setFocus()
    qtbot.keyClick(player, Qt.Key.Key_Right)
    assert player.index == 1
    qtbot.keyClick(player, Qt.Key.Key_Left)
    assert player.index == 0
    qtbot.keyClick(player, Qt.Key.Key_Space)
    assert player.playing
    qtbot.keyClick(player, Qt.Key.Key_Space)
    assert not player.playing
    qtbot.keyClick(player, Qt.Key.Key_End)
    assert player.index == count - 1


def test_of4_seek_shows_the_frame_of_a_battle_row(qtbot, state_dir, finished_game):
    player = FilmPlayer(finished_game, None)
    qtbot.addWidget(player)
    player.show_final(finished_game)
    everything = film.final_film(finished_game.log.records)
    assert player.frames == everything
    row = film.battles(finished_game.log.records)[-1]
    assert player.seek(row.turn, row.tick)
    frame = player.frame
    assert frame is not None and (frame.turn, frame.tick) == (row.turn, row.tick)
    assert any(e["type"] == "wego_battle" for e in frame.events)
    assert _shown(player) == _expected(frame)
    assert not player.seek(99, 0)


def test_of3_the_end_of_the_game_shows_the_final_film_without_fog(qtbot, state_dir, crossing):
    session = GameSession.new(crossing, {"red": "ai", "blue": "ai"}, seed=1)
    session.run_ai_until_human()
    window = show_game(session, "river-crossing-test", leave_text="Close")
    qtbot.addWidget(window)
    assert isinstance(window, WegoWindow)
    assert window.centre.currentWidget() is window.film
    assert window.film.frames == film.final_film(session.game.log.records)
    assert window.film.title.text().startswith("Game over:")


def test_ai_against_ai_shows_each_turns_film_and_waits_for_continue(qtbot, state_dir, crossing):
    window = _window(qtbot, crossing, {"red": "ai", "blue": "ai"})
    _wait_for_film(qtbot, window)
    session = window.session
    assert session.paused and session.game.turn == 2
    assert window.film.frames == film.frames(session.game.log.records, viewer=None, turn=1)
    time.sleep(0.05)
    assert session.game.turn == 2  # the AI waits while the film is on
    qtbot.mouseClick(window.film.continue_button, LEFT)
    qtbot.waitUntil(lambda: session.game.turn == 3, timeout=HANG)


def test_play_in_the_studio_opens_a_wego_scenario_in_the_game_view(qtbot, state_dir, tmp_path):
    from editor.shared.app import settle
    from editor.studio.play import StudioPlay
    from editor.studio.window import StudioWindow

    path = tmp_path / "river_crossing.json"
    shutil.copy(STORED, path)
    window = StudioWindow(autosave_ms=3_600_000)
    try:
        assert window.files.open_path(path, ask=False)
        window.show()
        settle(window)
        qtbot.keyClick(window, Qt.Key.Key_F5)
        player = window.findChild(StudioPlay, "studio-play")
        assert player is not None and player.dialog is not None
        dialog = player.dialog
        dialog.player_boxes["blue"].setCurrentIndex(0)  # hot seat
        qtbot.mouseClick(dialog.start_button, LEFT)
        game_window = player.game_window
        assert isinstance(game_window, WegoWindow)
        assert game_window.session.players == {"red": "human", "blue": "human"}
        assert game_window.plan_panel.side() == "red"
        game_window.close()
    finally:
        window.files.discard_session()
        window.close()
        window.deleteLater()


def test_p1_a_wego_plan_is_played_by_email_one_sealed_plan_per_file(
    qtbot, state_dir, crossing, tmp_path
):
    from editor.game import pbem as view_pbem
    from engine.pbem import verify
    from engine.pbem.turnfile import read

    window = _window(qtbot, crossing, {"red": "ai", "blue": "ai"})
    window.session.set_paused(True)
    assert view_pbem.start_by_email(window, tmp_path, "red", seed=4)
    controller = window.pbem
    assert isinstance(controller, view_pbem.PbemController)
    window.session.select("s1")
    _click(qtbot, window, "c2r2")
    qtbot.mouseClick(window.plan_panel.seal_button, LEFT)
    qtbot.waitUntil(lambda: controller.state.written is not None, timeout=HANG)
    written = controller.state.written
    assert read(written)[0].number == 1 and read(written)[0].next == "blue"
    assert verify(written, crossing).files == 1
    # Blue opens it: red's plan is not shown, blue plans its own.
    blue = _window(qtbot, crossing, {"red": "ai", "blue": "ai"})
    blue.session.set_paused(True)
    view_pbem._remember_side(read(written)[0].game, "blue")  # another player's computer
    assert view_pbem.open_turn_file(blue, written)
    qtbot.waitUntil(lambda: blue.plan_panel.side() == "blue", timeout=HANG)
    assert blue.map_view.plan_items == []
    assert all(text == "no order (holds)" for _, text in blue.plan_panel.order_rows())


def test_of4_jump_to_opens_the_turns_film_at_the_battles_tick(qtbot, state_dir, crossing):
    session = GameSession.new(crossing, {"red": "human", "blue": "ai"}, seed=1)
    from engine.ai import BaselineAI

    ai = BaselineAI()
    while session.game.turn < 3:  # the AI plans for red too, until turn 3's planning
        session.game.apply(ai.choose(session.game))
    window = show_game(session, "river-crossing-test", leave_text="Close")
    qtbot.addWidget(window)
    assert isinstance(window, WegoWindow)
    rows = [r for r in film.battles(session.game.log.records) if "red" in (r.attacker, r.defender)]
    assert rows
    row = rows[0]
    assert window.jump_to(row.turn, row.tick)
    assert window.centre.currentWidget() is window.film
    frame = window.film.frame
    assert frame is not None and (frame.turn, frame.tick) == (row.turn, row.tick)
    assert window.film.frames == film.frames(session.game.log.records, viewer="red", turn=row.turn)


def test_oo1_a_drag_orders_the_route_dragged_through_priced_as_a_wego_route(
    qtbot, state_dir, crossing
):
    window = _window(qtbot, crossing, {"red": "human", "blue": "ai"})
    view, session = window.map_view, window.session
    game = session.game
    stack = game.state.stacks["s1"]
    session.select("s1")
    counter = view.map_scene.counters["s1"]
    box = counter.deviceTransform(view.viewportTransform()).mapRect(counter.shape().boundingRect())
    start = box.center().toPoint()
    qtbot.mousePress(view.viewport(), LEFT, pos=start)
    qtbot.mouseMove(view.viewport(), start + (view.spot_of("c2r1") - start) / 4)
    # Through c2r1 to c2r2: not the cheapest way (that is straight in), but a legal one.
    for region in ("c2r1", "c2r2"):
        qtbot.mouseMove(view.viewport(), view.spot_of(region))
    assert view.drag.path.path == ["c2r1", "c2r2"]
    assert view.drag.path.cost == plan.path_cost(game, stack, ("c2r1", "c2r2"), None)
    # On to c3r1 that way would cost more MP than the stack has: the engine's cheapest.
    with pytest.raises(IllegalAction):
        plan.path_cost(game, stack, ("c2r1", "c2r2", "c3r1"), None)
    qtbot.mouseMove(view.viewport(), view.spot_of("c3r1"))
    assert view.drag.path.path == list(view.dests["c3r1"].path)
    # Back over c2r1 and c2r2 again, and dropped there.
    qtbot.mouseMove(view.viewport(), view.spot_of("c2r1"))
    qtbot.mouseMove(view.viewport(), view.spot_of("c2r2"))
    qtbot.mouseRelease(view.viewport(), LEFT, pos=view.spot_of("c2r2"))
    assert _orders(window, "red")["s1"] == OrderMove("s1", ("c2r1", "c2r2"), 0)


def test_the_battle_table_lists_the_films_battles_and_a_double_click_jumps_to_one(
    qtbot, state_dir, crossing
):
    """Issue 14: a battle summary table per turn, beside the film, that jumps to each fight."""
    from editor.game.panels.stats_panel import StatsPanel

    window = _window(qtbot, crossing, {"red": "ai", "blue": "ai"})
    session = window.session
    assert isinstance(window.stats_dock.widget(), StatsPanel)
    for _ in range(12):  # turns go by until one of them had a battle
        _wait_for_film(qtbot, window)
        turn = window.film.frames[0].turn
        rows = film.battles(session.game.log.records, turn)
        if rows:
            break
        qtbot.mouseClick(window.film.continue_button, LEFT)
        qtbot.waitUntil(
            lambda turn=turn: session.game.turn > turn + 1 or session.over, timeout=HANG
        )
    else:
        pytest.fail("no battle in twelve turns of the AI against itself")
    table = window.battles.table
    assert table.rowCount() == len(rows)
    assert not window.battles_dock.visibleRegion().isEmpty(), "the battles come forward"
    window.film.show_index(0)
    last = rows[-1]
    cell = table.visualItemRect(table.item(table.rowCount() - 1, 0)).center()
    qtbot.mouseClick(table.viewport(), LEFT, pos=cell)
    qtbot.mouseDClick(table.viewport(), LEFT, pos=cell)
    assert window.film.frame is not None
    assert (window.film.frame.turn, window.film.frame.tick) == (last.turn, last.tick)


def test_hot_seat_hand_over_hides_the_battles_and_statistics_too(qtbot, state_dir, crossing):
    window = _window(qtbot, crossing, {"red": "human", "blue": "human"})
    window._hand_over("blue")
    assert not window.battles.isVisible() and not window.stats_dock.widget().isVisible()
    assert window.battles.table.rowCount() == 0
