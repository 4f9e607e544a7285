"""The game window for the real-window tests: shown the way ``show_game`` shows it (as
``salient play`` and the studio's Play do), on a session the test sets up, and helpers to
bring a game to a moment with the AI deciding for everybody."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.realwindow.conftest import SAMPLES, on_screen, settle_input, wait_until


def sample(stem: str) -> Any:
    from schemas.io import load_file

    scenario = load_file(SAMPLES / f"{stem}.json").scenario
    assert scenario is not None
    return scenario


def fit(window: Any, width: int, height: int) -> None:
    """Put the window at the screen's top left at ``width`` x ``height``, or as large as the
    screen's free room allows (the suite's server may be smaller than the size asked for)."""
    room = window.screen().availableGeometry()
    window.move(room.topLeft())
    window.resize(min(width, room.width() - 10), min(height, room.height() - 40))
    settle_input(0.5)


def shown(widget: Any) -> bool:
    """Drawn on screen: visible, not squeezed to nothing, and not hidden under its parents."""
    return widget.isVisible() and not widget.visibleRegion().isEmpty() and widget.height() > 4


def drive(session: Any, done: Callable[[Any], bool], limit: int = 5000) -> None:
    """Let the AI decide for every side (people's too) until ``done(game)``; then tell the
    view, as the session does after an action."""
    from engine.ai import BaselineAI

    ai, game = BaselineAI(), session.game
    for _ in range(limit):
        if done(game):
            session._after_action()
            return
        game.apply(ai.choose(game))
    raise AssertionError("the moment never came")


@pytest.fixture
def game_window(qtbot, state_dir) -> Iterator[Callable[..., Any]]:
    """``open(session)``: the game window shown on a session (paused AI), exposed, active."""
    from editor.game.launch import show_game

    windows: list[Any] = []

    def open_window(session: Any, stem: str = "test") -> Any:
        session.set_paused(True)
        window = show_game(session, stem, leave_text="Close")
        windows.append(window)
        qtbot.waitExposed(window)
        window.activateWindow()
        window.raise_()
        settle_input(0.4)
        return window

    yield open_window
    for window in windows:
        window.close()
        window.deleteLater()


def choose_overlay(x: Any, window: Any, name: str) -> None:
    """View > Overlays > the operational overlay ``name``, with real clicks (``x`` drives the
    mouse), until the overlay shows."""
    op = window.op_view
    bar = window.menuBar()
    top = next(a.menu() for a in bar.actions() if a.text() == "&View")
    x.click(*on_screen(bar, *bar.actionGeometry(top.menuAction()).center().toTuple()))
    wait_until(lambda: top.isVisible(), what="the View menu")
    settle_input(0.2)
    spot = top.actionGeometry(op.menu.menuAction()).center()
    x.click(*on_screen(top, spot.x(), spot.y()))
    wait_until(lambda: op.menu.isVisible(), what="the Overlays menu")
    settle_input(0.2)
    spot = op.menu.actionGeometry(op.actions[name]).center()
    x.click(*on_screen(op.menu, spot.x(), spot.y()))
    wait_until(lambda: name in op.overlays.shown, what=f"the {name} overlay")


def point_at(x: Any, view: Any, spot: Any, near: float = 2) -> None:
    """Zoom the map in four times on ``spot`` (a scene point) and bring the real pointer onto
    it from ``near`` pixels away, so the item there sees the pointer arrive (its tooltip)."""
    view.zoom_to_fit()
    view.zoom_by(4.0)
    view.centerOn(spot)
    settle_input(0.4)
    point = view.mapFromScene(spot)
    x.move(*on_screen(view.viewport(), point.x() - near, point.y() - near))
    x.move(*on_screen(view.viewport(), point.x(), point.y()))


def click_hex(x: Any, view: Any, hex_id: str) -> None:
    """A real click on the centre of hex ``hex_id``, the pointer arriving from a few pixels
    away first so that the map sees it move in (its hover and hints) before the press."""
    point = view.mapFromScene(view.map_scene.points[hex_id])
    x.move(*on_screen(view.viewport(), point.x() - 3, point.y() - 3))
    x.click(*on_screen(view.viewport(), point.x(), point.y()))


def order_table_whole(op: Any) -> None:
    """The operational plan's order types table shows its three columns whole, with no
    sideways scroll bar (at 1280 px its MP column was once cut off behind one)."""
    table = op.orders.table
    header = table.header()
    assert not table.horizontalScrollBar().isVisible()
    right = header.sectionViewportPosition(2) + header.sectionSize(2)
    assert right <= table.viewport().width(), "the MP column is cut"
    assert header.sectionSize(2) >= header.sectionSizeHint(2)
