"""The studio's hex tools in the window: which tools a map kind offers, the options bar of the
brush and the line tool, and the hex under the pointer in the status bar.

A hex map offers Select, the brush and the line tool; the region tools (draw, vertex, split,
connect) edit drawn outlines, which a hex map does not have, so they are off there, and the
hex tools are off on a map of drawn regions. The options bar (shown above the map while a hex
map is open) chooses what the brush paints (terrain, owner, area, a side's setup zone or a
fixed zone, and which one), its shape
(one hex, a radius, a fill) and what the line tool draws (a crossing site, OH11, only for
the operational rules); it follows the document, so a
terrain or nation added in its table is offered at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QComboBox, QLabel, QSpinBox, QToolBar

from editor.studio.forms.zone_picker import fresh_zone, zones_in_use
from editor.studio.map.tools.hexbrush import MAX_RADIUS, HexBrushTool
from editor.studio.map.tools.hexline import BRIDGE, CROSSING_SITE, NETWORKS, HexLineTool

if TYPE_CHECKING:
    from editor.studio.document import Change
    from editor.studio.window import StudioWindow
    from schemas.scenario import Scenario

HEX_TOOLS = ("hexbrush", "hexline")
REGION_TOOLS = ("draw", "vertex", "split", "connect")
LAYER_CHOICES = (
    ("Terrain", "terrain"),
    ("Owner", "owners"),
    ("Area", "areas"),
    ("Setup zone", "setup_zones"),
    ("Fixed zone", "fixed_zones"),
)
SHAPES = (("One hex", "hex"), ("Radius", "radius"), ("Fill", "fill"))


def offered(window: StudioWindow, name: str) -> bool:
    """Whether the open map offers a tool (hex tools on hex maps, region tools on the others)."""
    hexes = window.document is not None and window.document.scenario.hex_map is not None
    if name in HEX_TOOLS:
        return hexes
    return not (hexes and name in REGION_TOOLS)


def refusal(window: StudioWindow, name: str) -> str:
    if name in HEX_TOOLS:
        return "The hex tools paint hex maps; this map is drawn regions"
    return "A hex map's hexes come from its grid: paint them with the brush (B) and line tool (L)"


def hex_status(window: StudioWindow, point: QPointF) -> str:
    """The hex under a map point, for the status bar ("" off the grid or on an area map)."""
    scene = window.scene
    if scene is None or scene.hexes is None:
        return ""
    hex_id = scene.hexes.hex_id_at(point)
    return hex_id or "off the grid"


def fixed_zone_names(scenario: Scenario) -> list[str]:
    """The fixed zones a designer may paint (OM20): those the map paints, those fixed units
    name, and one fresh name (``zone-1``, ``zone-2``...) to start another."""
    names = zones_in_use(scenario)
    return [*names, fresh_zone(names)]


class HexOptions(QToolBar):
    """The options of the brush and the line tool (see the module)."""

    def __init__(self, window: StudioWindow) -> None:
        super().__init__("Hex tools")
        self.setObjectName("toolbar-hex")
        self.window_ = window
        self.brush: HexBrushTool | None = None
        self.liner: HexLineTool | None = None
        self.addWidget(QLabel(" Paint "))
        self.layer = QComboBox()
        self.layer.setObjectName("hex-layer")
        for text, key in LAYER_CHOICES:
            self.layer.addItem(text, key)
        self.layer.setToolTip(
            "What the brush paints: terrain, the owner or the area of hexes, a side's setup "
            "zone or a fixed zone (operational rules)"
        )
        self.addWidget(self.layer)
        self.value = QComboBox()
        self.value.setObjectName("hex-value")
        self.value.setMinimumContentsLength(12)
        self.value.setToolTip("The terrain, nation or area painted (Alt+click a hex to pick)")
        self.addWidget(self.value)
        self.shape = QComboBox()
        self.shape.setObjectName("hex-shape")
        for text, key in SHAPES:
            self.shape.addItem(text, key)
        self.shape.setToolTip("Paint one hex, every hex within a radius, or fill a patch")
        self.addWidget(self.shape)
        self.radius = QSpinBox()
        self.radius.setObjectName("hex-radius")
        self.radius.setRange(1, MAX_RADIUS)
        self.radius.setPrefix("radius ")
        self.radius.setToolTip("Brush radius in hexes ([ and ] change it)")
        self.addWidget(self.radius)
        self.addSeparator()
        self.addWidget(QLabel(" Line "))
        self.feature = QComboBox()
        self.feature.setObjectName("hex-feature")
        self.feature.setToolTip(
            "What the line tool draws: trails, roads and railways through hex centres, "
            "rivers and other hexside features along hexsides"
        )
        self.addWidget(self.feature)
        self.layer.currentIndexChanged.connect(self._layer_chosen)
        self.value.currentIndexChanged.connect(self._value_chosen)
        self.shape.currentIndexChanged.connect(self._shape_chosen)
        self.radius.valueChanged.connect(self._radius_chosen)
        self.feature.currentIndexChanged.connect(self._feature_chosen)

    # -- binding -----------------------------------------------------------------------------

    def bind(self, brush: HexBrushTool | None, liner: HexLineTool | None) -> None:
        self.brush, self.liner = brush, liner
        if brush is not None:
            brush.on_options.append(self.show_options)
        self.fill_choices()
        self.show_options()

    def on_change(self, change: Change) -> None:
        if change.section in (
            "terrain",
            "nations",
            "areas",
            "sides",
            "connection_types",
            "reset",
        ) or (change.section == "units" and self.brush and self.brush.layer == "fixed_zones"):
            self.fill_choices()

    def fill_choices(self) -> None:
        """Offer the scenario's terrain, nations or areas, and its hexside features."""
        document = self.window_.document
        brush, liner = self.brush, self.liner
        if document is None or brush is None or liner is None:
            return
        scenario = document.scenario
        self.value.blockSignals(True)
        self.value.clear()
        if brush.layer == "terrain":
            for terrain in scenario.terrain:
                self.value.addItem(terrain.name or terrain.id, terrain.id)
        elif brush.layer == "owners":
            self.value.addItem("Nobody", None)
            for nation in scenario.nations:
                self.value.addItem(nation.name or nation.id, nation.id)
        elif brush.layer == "areas":
            self.value.addItem("No area", None)
            for area in scenario.areas:
                self.value.addItem(area.name or area.id, area.id)
        elif brush.layer == "setup_zones":
            self.value.addItem("No setup zone", None)
            for side in scenario.sides:
                self.value.addItem(f"Setup zone of {side.name or side.id}", side.id)
        else:
            self.value.addItem("No fixed zone", None)
            for zone in fixed_zone_names(scenario):
                self.value.addItem(f"Fixed zone {zone}", zone)
        self.value.blockSignals(False)
        self.feature.blockSignals(True)
        self.feature.clear()
        for kind in NETWORKS:
            self.feature.addItem(kind.capitalize() + " (hex to hex)", kind)
        hex_map = scenario.hex_map
        plain = set(hex_map.plain_hexsides.model_dump().values()) if hex_map else set()
        for kind in scenario.connection_types:
            if kind.id not in plain:
                self.feature.addItem(f"{kind.name or kind.id} (hexsides)", kind.id)
        self.feature.addItem("Bridge (hexsides)", BRIDGE)
        if scenario.rules.family == "operational" or (hex_map and hex_map.crossing_sites):
            self.feature.addItem("Crossing site (river hexsides, OH11)", CROSSING_SITE)
        self.feature.blockSignals(False)
        self.show_options()

    def show_options(self) -> None:
        """Show the tools' current options (they change them too: Alt+click, [ and ])."""
        brush, liner = self.brush, self.liner
        if brush is None or liner is None:
            return
        for box, value in (
            (self.layer, brush.layer),
            (self.shape, brush.shape),
            (self.feature, liner.feature),
        ):
            box.blockSignals(True)
            box.setCurrentIndex(max(0, box.findData(value)))
            box.blockSignals(False)
        self.value.blockSignals(True)
        found = self.value.findData(brush.value)
        if found < 0 and self.value.count():
            found = 0
            brush.value = self.value.itemData(0)
        self.value.setCurrentIndex(found)
        self.value.blockSignals(False)
        self.radius.blockSignals(True)
        self.radius.setValue(max(1, brush.radius))
        self.radius.setEnabled(brush.shape == "radius")
        self.radius.blockSignals(False)
        if self.feature.currentIndex() >= 0:
            liner.feature = self.feature.currentData()

    # -- choosing ----------------------------------------------------------------------------

    def _layer_chosen(self) -> None:
        if self.brush is not None:
            self.brush.layer = self.layer.currentData()
            self.brush.value = None
            self.fill_choices()
            self._use("hexbrush")
            self._fill_mode()

    def _fill_mode(self) -> None:
        """Show owners' colours while painting owners, terrain otherwise."""
        scene = self.window_.scene
        if scene is None or self.brush is None:
            return
        mode = "owner" if self.brush.layer == "owners" else "terrain"
        if scene.fill_mode == mode:
            return
        panel = getattr(self.window_, "layers_panel", None)
        buttons = panel.fill.buttons() if panel is not None else []
        if len(buttons) == 2:  # the Layers panel's choice, which fills the map its way
            buttons[mode == "owner"].setChecked(True)
        else:
            scene.fill_mode = mode
            scene.restyle_regions()

    def _value_chosen(self) -> None:
        if self.brush is not None:
            self.brush.value = self.value.currentData()
            self._use("hexbrush")

    def _shape_chosen(self) -> None:
        if self.brush is not None:
            self.brush.shape = self.shape.currentData()
            self.radius.setEnabled(self.brush.shape == "radius")
            self._use("hexbrush")

    def _radius_chosen(self, value: int) -> None:
        if self.brush is not None:
            self.brush.radius = value
            self.brush.shape = "radius"
            self.show_options()
            self._use("hexbrush")

    def _feature_chosen(self) -> None:
        if self.liner is not None:
            self.liner.feature = self.feature.currentData()
            self._use("hexline")

    def _use(self, name: str) -> None:
        """Choosing an option of a tool takes that tool up (as in paint programs)."""
        view = self.window_.view
        if view is not None and (view.tool is None or view.tool.name != name):
            self.window_.set_tool(name)


def attach(window: StudioWindow) -> None:
    """Offer the tools the open map's kind has, and the hex options bar on a hex map."""
    bar: HexOptions | None = getattr(window, "hex_options", None)
    if bar is None:
        bar = HexOptions(window)
        window.hex_options = bar  # type: ignore[attr-defined]
        window.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
        window.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
    for name, action in window.tool_actions.items():
        action.setEnabled(window.document is not None and offered(window, name))
    document = window.document
    hexes = document is not None and document.scenario.hex_map is not None
    bar.setVisible(hexes)
    if not hexes or document is None:
        bar.bind(None, None)
        return
    brush = window.tools.get("hexbrush")
    liner = window.tools.get("hexline")
    bar.bind(
        brush if isinstance(brush, HexBrushTool) else None,
        liner if isinstance(liner, HexLineTool) else None,
    )
    document.changed.connect(bar.on_change)
