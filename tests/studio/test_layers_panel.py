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


def test_the_lock_column_is_whole_in_the_default_layout_at_1280x720(studio: Any) -> None:
    """At 1280x720 the left column is about 210 pixels wide: the Lock boxes were cut off and
    the panel scrolled sideways; long layer names now wrap instead."""
    from PySide6.QtCore import QPoint

    from editor.studio.window_layout import apply_default_layout

    assert studio.files.open_path(SAMPLES / "kharkov-1942-operational.json", ask=False)
    studio.resize(1280, 720)
    apply_default_layout(studio)
    QTest.qWait(50)
    holder = studio.holders["layers"]
    port = holder.scroll.viewport()
    assert not holder.scroll.horizontalScrollBar().isVisible()
    panel = studio.layers_panel
    for layer, box in panel.locked.items():
        right = box.mapTo(port, QPoint(box.width(), 0)).x()
        assert right <= port.width(), f"the Lock box of {layer} is cut at {port.width()} px"
    assert "zones" in panel.locked  # the longest name, "Setup and fixed zones", is listed
