"""The game view in a real window: what a person sees and does (issue 10, defects 5 and 16,
and what a playtester expects: take back, the log, the next-phase shortcut)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.realwindow.conftest import ROOT, SAMPLES
from tests.realwindow.x11 import XInput, environment, start_xvfb


def _inside(rect: list[int], area: list[int]) -> bool:
    x, y, w, h = rect
    ax, ay, aw, ah = area
    return ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah


def _wait_for(path: Path, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        if process.poll() is not None:
            _out, err = process.communicate()
            pytest.fail(f"salient play ended before {path.name}: {err[-3000:]}")
        if time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"no {path.name} from salient play within {seconds} s")
        time.sleep(0.1)


@pytest.mark.parametrize("stem", ["north-africa", "winter-war"])
def test_the_game_window_fits_a_1280_by_720_screen(tmp_path: Path, stem: str) -> None:
    """Defect 5: the window always opened at 1500 x 940, so on a small screen Next phase, the
    panels and their tabs lay beyond its edges. Started as ``salient play FILE`` is, on a
    screen of 1280 x 720 of its own, with Start clicked for real: every control lies on
    the screen, region names are shown and side names are whole."""
    server = start_xvfb(1280, 720)
    out = tmp_path / "probe"
    out.mkdir()
    env = environment(server.display, [("SALIENT_STATE_DIR", str(tmp_path / "state"))])
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.realwindow.game_probe",
            str(SAMPLES / f"{stem}.json"),
            str(out),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _wait_for(out / "dialog.json", process)
        time.sleep(0.5)
        x, y, w, h = json.loads((out / "dialog.json").read_text("utf-8"))["start"]
        XInput(server.display).click(x + w / 2, y + h / 2)
        _wait_for(out / "report.json", process)
        process.wait(30)
    finally:
        if process.poll() is None:
            process.kill()
        server.stop()
    folder = os.environ.get("SALIENT_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(out / "screen.png", Path(folder) / f"game-1280x720-{stem}.png")
    report = json.loads((out / "report.json").read_text("utf-8"))
    screen = report["screen"]
    assert screen == [0, 0, 1280, 720]
    assert _inside(report["frame"], screen), report["frame"]
    controls = report["controls"]
    for needed in ("next-phase", "top-bar", "map", "status-bar", "ai-speed", "dock-stack"):
        assert needed in controls
    assert any(name.startswith("tab-") for name in controls), "no tabs of the panels"
    outside = {name: rect for name, rect in controls.items() if not _inside(rect, screen)}
    assert not outside, f"beyond the screen's edge: {outside}"
    assert report["names_shown"] and report["names_visible"] >= 10
    for side, chip in report["sides"].items():
        assert chip["fits"], f"side name {chip['text']!r} ({side}) is cut"
    # Most of the screen is the map.
    _, _, map_w, map_h = controls["map"]
    assert map_w * map_h >= 0.5 * 1280 * 720


# -- in this process's X server: the window shown as show_game shows it ------------------------

from tests.realwindow import game_fixtures  # noqa: E402
from tests.realwindow.conftest import on_screen, settle_input, wait_until  # noqa: E402
from tests.realwindow.game_fixtures import drive, sample  # noqa: E402

game_window = game_fixtures.game_window

HUMAN_DRAVAN = {"dravan": "human", "arvel": "ai"}


def _movement(session) -> None:
    drive(session, lambda g: g.phase == "land_movement" and g.to_act() == "dravan")


def _counter_box(view, stack_id: str):
    """Where a counter is drawn in the viewport (counters keep their size at any zoom)."""
    item = view.map_scene.counters[stack_id]
    body = item.shape().boundingRect()
    return item.deviceTransform(view.viewportTransform()).mapRect(body)


def _where(view, point) -> str | None:
    from PySide6.QtCore import QPoint

    return view.map_scene.region_of_point(view.mapToScene(QPoint(round(point[0]), round(point[1]))))


def _click_view(x: XInput, view, point) -> None:
    x.click(*on_screen(view.viewport(), point[0], point[1]))
    settle_input(0.3)


def test_a_click_that_misses_never_moves_the_stack(game_window, x) -> None:
    """Defect 16: with a stack picked, a click that missed what it aimed at moved the stack
    at once. Now a click just beside another counter selects that counter, a click on a
    border between regions asks for a clearer click, and only a click clearly inside a
    washed region moves (all with real clicks)."""
    from editor.game.session import GameSession

    session = GameSession.new(sample("vessa-crossing"), HUMAN_DRAVAN, seed=1)
    window = game_window(session)
    _movement(session)
    view = window.map_view
    game = session.game
    settle_input(0.3)
    movable = [
        s.id
        for s in game.state.stacks.values()
        if s.side == "dravan"
        and s.id in view.map_scene.counters
        and view.map_scene.counters[s.id].isVisible()
    ]
    mover = None
    for stack_id in movable:
        _click_view(x, view, _counter_box(view, stack_id).center().toTuple())
        if session.selected == stack_id and any(d.legal for d in view.dests.values()):
            mover = stack_id
            break
    assert mover is not None, "no stack of the person could move"
    origin = game.state.stacks[mover].region
    legal = {r for r, d in view.dests.items() if d.legal}

    # 1. Just beside a counter standing in a region the stack could move to.
    beside = None
    for stack_id, item in view.map_scene.counters.items():
        if stack_id == mover or not item.isVisible():
            continue
        box = _counter_box(view, stack_id)
        for point in ((box.right() + 4, box.center().y()), (box.left() - 4, box.center().y())):
            if _where(view, point) in legal:
                beside = (stack_id, point)
                break
        if beside:
            break
    if beside is not None:
        _click_view(x, view, beside[1])
        assert game.state.stacks[mover].region == origin, "a click beside a counter moved"
        # It went to the counter: that stack is picked, or the fog's reason for not is told.
        fogged = "fog of war" in window.statusBar().currentMessage()
        assert session.selected == beside[0] or fogged
        _click_view(x, view, _counter_box(view, mover).center().toTuple())
        assert session.selected == mover

    # 2. On the border between a washed region and its neighbour.
    target = sorted(legal)[0]
    spot = view.spot_of(target)
    start = (spot.x(), spot.y())
    border = None
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        px, py = start
        for _ in range(400):
            px, py = px + dx, py + dy
            if _where(view, (px, py)) != target:
                border = (px - dx, py - dy)
                break
        if border is not None and _where(view, border) == target:
            break
    assert border is not None
    _click_view(x, view, border)
    assert game.state.stacks[mover].region == origin, "a click on a border moved the stack"
    assert "border" in window.statusBar().currentMessage()
    assert session.selected == mover

    # 3. Clearly inside: the stack moves there.
    spot = view.spot_of(target)
    _click_view(x, view, (spot.x(), spot.y()))
    wait_until(
        lambda: game.state.stacks.get(mover) is None or game.state.stacks[mover].region != origin,
        what="the move",
    )


def test_next_phase_has_a_shortcut_a_steady_button_and_its_whole_reason(
    game_window, x, shots
) -> None:
    """Defect 16: Next phase had no shortcut, its button changed width with its label and
    cut its message. Ctrl+Return (real keys) ends the phase, the Game menu and the tooltip
    show it, the button keeps its width, and what blocks the phase is told in full."""
    from editor.game.session import GameSession

    session = GameSession.new(sample("vessa-crossing"), HUMAN_DRAVAN, seed=1)
    window = game_window(session)
    bar = window.top_bar
    button = bar.next_button
    width = button.width()
    assert "Ctrl+Return" in button.toolTip()
    assert window.next_action.shortcut().toString() == "Ctrl+Return"
    game_menu = window.menuBar().actions()[0].menu()
    assert window.next_action in game_menu.actions()
    drive(
        session,
        lambda g: (
            g.active_side == "dravan"
            and g.to_act() == "dravan"
            and g.blocking() is not None
            and g.state.battle is None
        ),
    )
    settle_input(0.3)
    assert button.width() == width and not button.isEnabled()
    status = bar.to_act
    first, _second = status.lines()
    reason = session.game.blocking() or ""
    shots(window, "game-next-phase-blocked")
    assert status.warning and reason and status.text().endswith(".")
    # Whole on screen along the status bar, and as much as two lines hold beside the button.
    line = window.blocked_label
    assert line.isVisible() and line.text().lower().endswith(status.text()[2:].lower())
    assert line.fontMetrics().horizontalAdvance(line.text()) <= line.width()
    assert first.startswith("\u26a0")
    x.key("ctrl+Return")
    settle_input(0.3)
    assert "cannot end yet" in window.statusBar().currentMessage()
    assert session.game.blocking() == reason  # nothing ended
    drive(session, lambda g: g.to_act() == "dravan" and g.blocking() is None)
    settle_input(0.3)
    assert button.isEnabled() and button.width() == width
    assert "Ctrl+Return" in button.toolTip()
    before = (session.game.phase, session.game.turn, session.game.active_side)
    x.key("ctrl+Return")
    wait_until(
        lambda: (session.game.phase, session.game.turn, session.game.active_side) != before,
        what="the next phase by its shortcut",
    )
    assert button.width() == width


def test_a_beaten_person_picks_the_retreat_region_on_the_map(game_window, x, shots) -> None:
    """Defect 16: the retreat destination was chosen for the player where the rules leave a
    choice. Blue (a person) loses at b2 to red (the AI): b1, b3 and c2 are equally close to
    supply; the battle panel asks, the map marks them, and a real click on c2 sends the
    beaten militia there."""
    from editor.game.session import GameSession
    from engine.actions import ContinueBattle
    from tests.engine.test_battles import arena, script, start

    b = arena(cols=3, rows=3)
    b.unit("r1", "tank", "b2")
    b.unit("r2", "tank", "b2")
    b.unit("x1", "inf", "b2", nation="blueland")
    game = start(b, entry={"b2": "a2"})
    session = GameSession(game, {"red": "ai", "blue": "human"})
    script(game, *([0, 0, 9] + [9] * 80))
    window = game_window(session)
    session.run_ai_until_human()
    for _ in range(50):  # blue's card windows: no cards, go on
        if game.state.pending or game.state.battle is None:
            break
        assert session.apply(ContinueBattle())
        session.run_ai_until_human()
    settle_input(0.4)
    pending = game.state.pending
    assert pending and pending[0]["kind"] == "retreat" and pending[0]["side"] == "blue"
    box = window.panels["battle"].retreat
    wait_until(lambda: box.isVisible(), what="the retreat question in the battle panel")
    assert session.targeting is not None and set(session.targeting.allowed) == {"b1", "b3", "c2"}
    shots(window, "game-retreat-choice")
    view = window.map_view
    spot = view.spot_of("c2")
    x.click(*on_screen(view.viewport(), spot.x(), spot.y()))
    wait_until(
        lambda: not game.state.pending or game.state.pending[0]["kind"] != "retreat",
        what="the retreat",
    )
    unit = game.state.units["x1"]
    assert game.state.stacks[unit.stack].region == "c2"
    assert game.state.battle is None and not box.isVisible()


def test_take_back_undoes_a_move_and_the_ais_turn_exactly(game_window, x) -> None:
    """What a designer expects in a playtest: Ctrl+Z (real keys) takes back the last move,
    and, after the player-turn ended and the AI played its own, takes that back too: the
    game is exactly as it was (state and log)."""
    import json

    from editor.game.session import GameSession

    session = GameSession.new(sample("vessa-crossing"), HUMAN_DRAVAN, seed=1)
    window = game_window(session)
    _movement(session)
    game = session.game
    before = (json.dumps(game.state.to_json(), sort_keys=True), game.log.jsonl())
    view = window.map_view
    mover = next(
        s.id
        for s in game.state.stacks.values()
        if s.side == "dravan"
        and any(a.kind == "move" and a.stack == s.id for a in session.legal_actions())
    )
    session.select(mover)
    settle_input(0.2)
    target = next(r for r, d in view.dests.items() if d.legal)
    spot = view.spot_of(target)
    x.click(*on_screen(view.viewport(), spot.x(), spot.y()))
    wait_until(
        lambda: game.state.stacks.get(mover) is None or game.state.stacks[mover].region == target,
        what="the move",
    )
    assert window.take_back_action.isEnabled() and "move to" in window.take_back_action.text()
    x.key("ctrl+z")
    wait_until(lambda: window.session is not session, what="the take-back")
    again = window.session.game
    assert (json.dumps(again.state.to_json(), sort_keys=True), again.log.jsonl()) == before
    assert "Taken back" in window.statusBar().currentMessage()
    # End the player-turn; the AI plays its own; Ctrl+Z goes back before it all.
    session = window.session
    drive(session, lambda g: g.to_act() == "dravan" and g.phase == "end_of_turn")
    turn = session.game.turn
    marker = (json.dumps(session.game.state.to_json(), sort_keys=True), session.game.log.jsonl())
    session.set_paused(False)
    session.set_speed("fastest")
    assert session.apply(__import__("engine.actions", fromlist=["EndPhase"]).EndPhase())
    wait_until(
        lambda: session.game.turn > turn and session.human_to_act() == "dravan",
        timeout=60,
        what="the AI's player-turn",
    )
    window.activateWindow()
    settle_input(0.2)
    x.key("ctrl+z")
    wait_until(lambda: window.session is not session, what="the take-back of the turn")
    back = window.session.game
    assert (json.dumps(back.state.to_json(), sort_keys=True), back.log.jsonl()) == marker


def test_the_log_panel_filters_by_kind_with_real_input(game_window, x, shots) -> None:
    """What a designer expects: an event log to read and filter (by turn, side and kind),
    under the fog of war like every view."""
    from PySide6.QtWidgets import QApplication

    from editor.game.session import GameSession
    from tests.game.window_texts import leaks

    session = GameSession.new(sample("vessa-crossing"), HUMAN_DRAVAN, seed=1)
    window = game_window(session)
    drive(session, lambda g: g.turn == 3 and g.to_act() == "dravan")
    panel = window.panels["log"]
    window.docks["log"].raise_()
    settle_input(0.3)
    assert panel.isVisible() and panel.model.rowCount() > 20
    kinds = panel.kinds
    x.click(*on_screen(kinds, kinds.width() / 2, kinds.height() / 2))
    settle_input(0.3)
    popup = QApplication.activePopupWidget()
    if popup is not None:
        x.key("Escape")
        settle_input(0.2)
    kinds.setFocus()
    index = kinds.findData("battles")
    for _ in range(index - kinds.currentIndex()):
        x.key("Down")
    settle_input(0.3)
    assert kinds.currentData() == "battles"
    shown = [panel.filter.index(i, 0).data() for i in range(panel.filter.rowCount())]
    assert shown and len(shown) < panel.model.rowCount()
    kinds_shown = {
        panel.model.rows[panel.filter.mapToSource(panel.filter.index(i, 0)).row()][2]
        for i in range(panel.filter.rowCount())
    }
    assert kinds_shown == {"battles"}
    shots(window, "game-log-panel")
    assert not leaks(panel, session.game, "dravan")
