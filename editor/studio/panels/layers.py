"""The layers panel: show, hide and lock each layer of the map, and choose the region fill.

A big map zoomed out does not draw stacks, structures and supply sources (too small to tell
apart, see :mod:`editor.studio.map.overview`). As a GIS greys a layer outside its scale range,
the panel then greys those layers' names and says that zooming in shows them, so a designer
who opens a map and sees no units knows why.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QGridLayout,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from editor.shared.widgets import set_muted
from editor.studio.map.layers import LAYER_NAMES
from editor.studio.map.scene import LAYERS, MapScene

HEX_ONLY = ("zones",)
"""Layers only a hex map has (setup and fixed zones are painted on hexes): not listed for
a map of drawn regions."""
BY_ZOOM = ("stacks", "structures", "supply")
"""Layers the zoom hides on a big map seen whole (:attr:`MapScene.detail`'s ``markers``)."""
ZOOM_HINT = "Zoom in to see the greyed layers: at this zoom they are too small to draw."


class LayersPanel(QWidget):
    zoomHides = Signal(bool)
    """Whether the zoom now hides the layers of :data:`BY_ZOOM` (the window says so too)."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self.scene = scene
        self.hides = False
        """Whether the zoom hides the layers of :data:`BY_ZOOM` on this map now."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setColumnStretch(0, 1)
        grid.addWidget(QLabel("<b>Layer</b>"), 0, 0)
        grid.addWidget(QLabel("<b>Show</b>"), 0, 1, Qt.AlignmentFlag.AlignHCenter)
        grid.addWidget(QLabel("<b>Lock</b>"), 0, 2, Qt.AlignmentFlag.AlignHCenter)
        self.shown: dict[str, QCheckBox] = {}
        self.locked: dict[str, QCheckBox] = {}
        self.names: dict[str, QLabel] = {}
        hexes = scene.document.scenario.hex_map is not None
        listed = [layer for layer in reversed(LAYERS) if hexes or layer not in HEX_ONLY]
        for row, layer in enumerate(listed, start=1):
            name = QLabel(LAYER_NAMES[layer])
            # A long name wraps rather than push the Lock column out of a narrow left
            # column (at 1280 pixels it is about 210 wide, and the boxes were cut off).
            name.setWordWrap(True)
            self.names[layer] = name
            grid.addWidget(self.names[layer], row, 0)
            shown, locked = QCheckBox(), QCheckBox()
            shown.setChecked(scene.visible[layer])
            locked.setChecked(scene.locks[layer])
            shown.setToolTip(f"Show or hide {LAYER_NAMES[layer].lower()}")
            locked.setToolTip("A locked layer cannot be selected or edited on the map")
            shown.toggled.connect(lambda on, name=layer: scene.set_visible(name, on))
            locked.toggled.connect(lambda on, name=layer: self._lock(name, on))
            grid.addWidget(shown, row, 1, Qt.AlignmentFlag.AlignHCenter)
            grid.addWidget(locked, row, 2, Qt.AlignmentFlag.AlignHCenter)
            self.shown[layer], self.locked[layer] = shown, locked
        layout.addLayout(grid)
        self.zoom_hint = set_muted(QLabel(ZOOM_HINT))
        self.zoom_hint.setObjectName("layers-zoom-hint")
        self.zoom_hint.setWordWrap(True)
        layout.addWidget(self.zoom_hint)
        layout.addSpacing(8)
        layout.addWidget(QLabel("<b>Fill regions by</b>"))
        self.fill = QButtonGroup(self)
        for mode, text in (("terrain", "Terrain"), ("owner", "Owner at start")):
            button = QRadioButton(text)
            button.setChecked(scene.fill_mode == mode)
            button.toggled.connect(lambda on, m=mode: on and self._fill(m))
            self.fill.addButton(button)
            layout.addWidget(button)
        layout.addStretch(1)
        scene.detailChanged.connect(self.follow_zoom)
        self.follow_zoom()

    def follow_zoom(self) -> None:
        """Grey the layers the zoom hides and say how to see them."""
        scenario = self.scene.document.scenario
        has_places = bool(scenario.regions) or scenario.hex_map is not None
        hidden = has_places and not self.scene.detail.markers
        self.zoom_hint.setVisible(hidden)
        for layer in BY_ZOOM:
            label = self.names[layer]
            label.setEnabled(not hidden)
            label.setToolTip(ZOOM_HINT if hidden else "")
        if hidden != self.hides:
            self.hides = hidden
            self.zoomHides.emit(hidden)

    def _lock(self, layer: str, on: bool) -> None:
        self.scene.locks[layer] = on

    def _fill(self, mode: str) -> None:
        self.scene.fill_mode = mode
        self.scene.restyle_regions()
