"""The layers panel says when the zoom, not the designer, hides stacks, structures and
supply sources: a big map seen whole draws none of them (too small to tell apart), and a
designer who opened a scenario and saw no units had no way to know why."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtTest import QTest

SAMPLES = Path(__file__).resolve().parents[2] / "sample_scenarios"


def _paint(studio: Any) -> None:
    studio.view.viewport().grab()  # the scene chooses its detail as it paints
    QTest.qWait(10)


def test_layers_hidden_by_the_zoom_are_greyed_and_zooming_in_shows_them(studio: Any) -> None:
    assert studio.files.open_path(SAMPLES / "kharkov-1942-operational.json", ask=False)
    studio.resize(1280, 720)
    QTest.qWait(20)
    studio.view.zoom_to_fit()
    _paint(studio)
    panel = studio.layers_panel
    assert not studio.scene.detail.markers  # 1,900 hexes in 600 pixels: no counters
    assert panel.zoom_hint.isVisibleTo(panel)
    assert not panel.names["stacks"].isEnabled()
    assert "Zoom in" in panel.names["supply"].toolTip()
    assert panel.names["regions"].isEnabled()
    assert studio.zoom_note.isVisibleTo(studio)  # the status bar says it too

    studio.view.zoom_by(4.0)
    _paint(studio)
    assert studio.scene.detail.markers
    assert not panel.zoom_hint.isVisibleTo(panel)
    assert panel.names["stacks"].isEnabled() and not panel.names["stacks"].toolTip()
    assert not studio.zoom_note.isVisibleTo(studio)


def test_a_new_empty_map_gives_no_zoom_hint(studio: Any) -> None:
    """Nothing is hidden on a map without places: no hint to puzzle over."""
    studio.files.new(ask=False)
    QTest.qWait(20)
    assert not studio.document.scenario.regions
    _paint(studio)
    panel = studio.layers_panel
    assert not panel.zoom_hint.isVisibleTo(panel)
    assert panel.names["stacks"].isEnabled()
    assert not studio.zoom_note.isVisibleTo(studio)


def test_zones_are_a_layer_of_hex_maps_only(studio: Any) -> None:
    """Setup and fixed zones are painted on hexes: a map of drawn regions does not list them."""
    assert studio.files.open_path(SAMPLES / "mexican-war.json", ask=False)
    QTest.qWait(20)
    assert "zones" not in studio.layers_panel.shown
    assert "regions" in studio.layers_panel.shown
    assert studio.files.open_path(SAMPLES / "kharkov-1942-operational.json", ask=False)
    QTest.qWait(20)
    assert "zones" in studio.layers_panel.shown
