"""A large hex map stays readable at fit zoom in the game view (issue 14): the towns' names
(named hexes) are drawn, decluttered as region names are, and the "N MP" badges of the
selected stack's reach never overlap (the dearest kept, the others hidden), while zoomed in
every badge shows. On the Kharkov sample, 1,890 hexes."""

from __future__ import annotations

import pytest

from editor.game.launch import show_game
from editor.game.session import GameSession
from schemas.io import load_file
from tests.realwindow.conftest import SAMPLES


@pytest.fixture(scope="module")
def kharkov():
    scenario = load_file(SAMPLES / "kharkov-1942.json").scenario
    assert scenario is not None
    return scenario


def _window(qtbot, scenario, size=(1280, 720)):
    from editor.shared.app import settle

    session = GameSession.new(scenario, {"soviet": "human", "axis": "ai"}, seed=1)
    window = show_game(session, "kharkov-readable", leave_text="Close")
    qtbot.addWidget(window)
    window.resize(*size)
    settle(window)
    window.map_view.zoom_to_fit()
    settle(window)
    return window


def _visible_boxes(scene, items) -> list:
    scale = scene.clutter.scale or 1.0
    return [
        item.boundingRect().translated(item.pos() * scale) for item in items if item.isVisible()
    ]


def test_town_names_are_drawn_on_a_large_hex_map_at_fit_zoom(qtbot, state_dir, kharkov):
    window = _window(qtbot, kharkov)
    scene = window.map_view.map_scene
    named = {r.hex for r in kharkov.hex_map.hexes if r.name}
    assert set(scene.labels) >= named
    assert scene.labels_shown
    shown = {r for r, label in scene.labels.items() if label.isVisible()}
    assert len(shown) >= 15, f"only {len(shown)} of {len(named)} town names drawn"
    assert "c16r11" in shown  # Kharkov itself, worth the most VP
    # No two names drawn over each other.
    boxes = _visible_boxes(scene, [scene.labels[r] for r in shown])
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            inter = a.intersected(b)
            assert inter.width() * inter.height() <= 0.15 * a.width() * a.height()


def test_mp_badges_never_overlap_at_fit_zoom_and_all_show_zoomed_in(qtbot, state_dir, kharkov):
    window = _window(qtbot, kharkov)
    view, session = window.map_view, window.session
    game = session.game
    types = {u.id: u.type for u in kharkov.units}
    tank = next(
        s.id
        for s in sorted(game.state.stacks.values(), key=lambda s: s.id)
        if s.side == "soviet" and any(types[u] == "tank-corps" for u in s.units)
    )
    session.select(tank)
    qtbot.waitUntil(lambda: len(view.dests) > 20, timeout=10_000)
    scene = view.map_scene
    costs = scene.highlights.costs
    assert set(costs) == set(view.dests)
    boxes = _visible_boxes(scene, costs.values())
    assert 0 < len(boxes) < len(costs)  # some hidden: they would have piled up
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not a.intersects(b), "two MP badges drawn over each other"
    # The edge of the reach keeps its badge.
    dearest = max(view.dests, key=lambda r: (view.dests[r].cost, r))
    assert costs[dearest].isVisible() or any(
        view.dests[r].cost == view.dests[dearest].cost and costs[r].isVisible() for r in costs
    )
    # Zoomed in on the stack, every badge in reach shows.
    view.zoom_by(6.0)
    qtbot.waitUntil(lambda: all(b.isVisible() for b in costs.values()), timeout=5000)
