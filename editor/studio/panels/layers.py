"""The layers panel: show, hide and lock each layer of the map, and choose the region fill."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QGridLayout,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from editor.studio.map.layers import LAYER_NAMES
from editor.studio.map.scene import LAYERS, MapScene


class LayersPanel(QWidget):
    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self.scene = scene
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
        for row, layer in enumerate(reversed(LAYERS), start=1):
            grid.addWidget(QLabel(LAYER_NAMES[layer]), row, 0)
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

    def _lock(self, layer: str, on: bool) -> None:
        self.scene.locks[layer] = on

    def _fill(self, mode: str) -> None:
        self.scene.fill_mode = mode
        self.scene.restyle_regions()
