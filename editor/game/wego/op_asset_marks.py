"""The planning markers of the asset missions on an operational game's map (OF12): each
mission of the side's plan that has a target hex rings that hex in the mission's colour,
with a label under the ring naming the mission and the asset (several assets at one hex
share the ring, their labels one under the other). Missions without a hex (interdiction,
counter-air) are listed in the Assets tab only.

Only the planning side's own missions are asked of the engine
(:func:`engine.wego.op.assets.missions` with ``viewer`` = that side), and only while the
board shows that side's plan, like the stacks' orders (:meth:`.PlanMapView.show_plan`).
"""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from editor.game.map.marks import MarkItem
from editor.game.map.style import Z_BADGES, Z_PATH
from editor.game.panels.op_words import mission_words
from editor.game.session import GameSession
from editor.game.wego.plan_map import PlanMapView
from engine.game import Game
from engine.wego import family
from engine.wego.op import assets, state

MISSION_SHORT = {
    "ground_attack": "Bombard",
    "offensive_support": "Attack support",
    "defensive_support": "Defence support",
    "command": "Command",
    "recon": "Recon",
    "intelligence": "Intel",
    "air_supply": "Air supply",
    "logistics": "Logistics",
}
"""A marker's label is short: the map is crowded."""
MISSION_COLOURS: dict[str, QColor] = {
    "ground_attack": QColor("#a61e4d"),
    "offensive_support": QColor("#e8590c"),
    "defensive_support": QColor("#1971c2"),
    "command": QColor("#7048e8"),
    "interdiction": QColor("#5c940d"),
    "counter_air": QColor("#0c8599"),
    "recon": QColor("#495057"),
    "intelligence": QColor("#862e9c"),
    "air_supply": QColor("#2b8a3e"),
    "logistics": QColor("#b08900"),
}
LABEL_CHARS = 18
"""An asset's name is cut to this many characters on a marker (the tooltip has it whole)."""


def hex_words(game: Game, hex_id: str) -> str:
    """A hex as a player names it: its place's name, else "hex c12r4"."""
    region = game.world.regions.get(hex_id)
    if region is None or region.name == hex_id:
        return f"hex {hex_id}"
    return region.name


def _short(name: str) -> str:
    return name if len(name) <= LABEL_CHARS else name[: LABEL_CHARS - 1].rstrip() + "\u2026"


class AssetMarks:
    """The markers of the side's asset missions on the map (see the module docstring)."""

    def __init__(self, session: GameSession, map_view: PlanMapView) -> None:
        self.session = session
        self.map_view = map_view
        self.items: list[QGraphicsItem] = []
        self.shown: dict[str, list[tuple[str, str]]] = {}
        """What is drawn: hex -> (asset, mission) of each marker there."""
        session.changed.connect(self.refresh)
        session.toAct.connect(lambda _s: self.refresh())
        session.handover.connect(lambda _s: self.refresh())
        map_view.planChanged.connect(self.refresh)
        # The markers' labels keep their size on screen, so their extent in map units is
        # large on a small map: without a fixed rectangle the scene grew round them and the
        # map jumped sideways when a mission was given.
        scene = map_view.map_scene
        scene.setSceneRect(scene.sceneRect())
        self.refresh()

    def side(self) -> str | None:
        """The side whose missions are drawn: the person planning, when the board shows
        their plan."""
        view = self.map_view
        side = view.shown_side()
        if side is None or side != self.session.human_to_act():
            return None
        if not family.operational(self.session.game):
            return None
        return side

    def refresh(self) -> None:
        scene = self.map_view.map_scene
        for item in self.items:
            scene.removeItem(item)
        self.items = []
        self.shown = {}
        side = self.side()
        if side is None:
            return
        game = self.session.game
        table = state.board_of(game).rules.assets
        by_hex: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for asset_id, task in assets.missions(game, side, viewer=side).items():
            if task.target and task.target in scene.paths:
                by_hex[task.target].append((asset_id, task.mission))
        for hex_id, tasks in sorted(by_hex.items()):
            self.shown[hex_id] = tasks
            place = hex_words(game, hex_id)
            names = []
            for n, (asset_id, mission) in enumerate(tasks):
                asset = table.asset(asset_id)
                name = (asset.name or asset_id) if asset is not None else asset_id
                names.append(f"{name}: {mission_words(mission)}")
                colour = MISSION_COLOURS.get(mission, QColor("#333333"))
                label = MarkItem("text", f"asset-{asset_id}", Z_BADGES + 3)
                short = MISSION_SHORT.get(mission, mission_words(mission))
                words = f"{short} \u00b7 {_short(name)}"
                label.set_look((words, colour.rgba()))
                label.setPos(scene.points[hex_id])
                label.set_offset(QPointF(0, -22 - 17 * n))
                label.setToolTip(f"{name}: {mission_words(mission)} at {place} (planned)")
                scene.addItem(label)
                self.items.append(label)
            # A white ring under the mission's dashed one: the mission colours are close to
            # the sides' control washes (an orange ring vanished on Axis ground).
            first = MISSION_COLOURS.get(tasks[0][1], QColor("#333333"))
            tip = f"Asset missions planned at {place}:\n" + "\n".join(names)
            for colour, width, style in (
                (QColor(255, 255, 255, 230), 6.0, Qt.PenStyle.SolidLine),
                (first, 3.0, Qt.PenStyle.DashLine),
            ):
                ring = QGraphicsPathItem(scene.paths[hex_id])
                pen = QPen(colour, width, style)
                pen.setCosmetic(True)
                ring.setPen(pen)
                ring.setZValue(Z_PATH - 2)
                ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                ring.setToolTip(tip)
                scene.addItem(ring)
                self.items.append(ring)
