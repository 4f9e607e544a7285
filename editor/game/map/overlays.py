"""Overlays: the map washed with one question's answer, region by region.

- ``supply``: where the viewer's supply lines reach, where they do not, enemy ground (from
  :func:`engine.supply.supply_view`, asked of the board as the viewer knows it, so a hidden
  enemy stack never shows as a hole in the lines);
- ``control``: each region in its controller's colour, terrain hidden;
- ``land_stacking`` and ``air_stacking``: the viewer's stacking points used and the limit in
  each region (only the viewer's own units count, so nothing of the enemy is told), left of
  the region's name (movement costs go on its right, so both can show).

A spectator (AI against AI) sees the side to act.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from editor.game.map.fog import supply_view
from editor.game.map.marks import MarkItem
from editor.game.map.style import (
    STACKING_FULL,
    STACKING_OK,
    STACKING_OVER,
    SUPPLY_COLOURS,
    SUPPLY_NAMES,
    UNCONTROLLED,
    Z_BADGES,
    Z_OVERLAY,
)
from engine import movement
from engine.air.movement import Airspace

if TYPE_CHECKING:
    from editor.game.map.scene import GameMapScene

OVERLAYS: list[tuple[str, str]] = [
    ("supply", "Supply"),
    ("control", "Control"),
    ("land_stacking", "Land stacking"),
    ("air_stacking", "Air stacking"),
]
"""Every overlay, by name, with its label for a menu."""


class Overlays:
    """The overlay shown on a scene (at most one) and its items."""

    def __init__(self, scene: GameMapScene) -> None:
        self.scene = scene
        self.name: str | None = None
        self.legend: list[tuple[QColor, str]] = []
        """What the colours mean, for the view to draw in a corner."""
        self.title = ""
        self.badges: dict[str, MarkItem] = {}
        """The stacking overlays' counts, by region."""
        self._items: list[QGraphicsItem] = []

    def show(self, name: str | None) -> None:
        if name is not None and name not in dict(OVERLAYS):
            raise ValueError(f"unknown overlay {name!r}")
        self.name = name
        self.refresh()

    def side(self) -> str:
        """The side whose overlay is shown: the viewer, or the side to act."""
        game = self.scene.game
        return self.scene.session.viewer or game.to_act() or game.active_side

    def refresh(self) -> None:
        for item in self._items:
            self.scene.removeItem(item)
        self._items = []
        self.badges = {}
        self.legend, self.title = [], ""
        if self.name is None:
            return
        side = self.side()
        side_name = self.scene.game.world.sides[side].name
        label = dict(OVERLAYS)[self.name]
        self.title = f"{label} of {side_name}" if self.name != "control" else label
        getattr(self, f"_{self.name}")(side)

    # -- each overlay ------------------------------------------------------------------------------

    def _supply(self, side: str) -> None:
        scene = self.scene
        view = supply_view(scene.game, side, scene.session.viewer)
        for region, state in view.regions.items():
            colour = SUPPLY_COLOURS.get(state)
            if colour is not None and region in scene.paths:
                self._wash(region, colour)
        self.legend = [(SUPPLY_COLOURS[k], SUPPLY_NAMES[k]) for k in SUPPLY_COLOURS]

    def _control(self, side: str) -> None:
        scene, game = self.scene, self.scene.game
        colours = scene.nation_colours
        for region in game.world.regions:
            if game.world.domain(region) != "land":
                continue
            owner = game.state.owner.get(region)
            colour = QColor(colours.get(owner, UNCONTROLLED) if owner else UNCONTROLLED)
            colour.setAlpha(200)
            self._wash(region, colour)
        sides = {s.name: QColor(s.color) for s in game.scenario.sides}
        self.legend = [(c, n) for n, c in sides.items()] + [(UNCONTROLLED, "nobody")]

    def _land_stacking(self, side: str) -> None:
        game = self.scene.game
        used: dict[str, int] = defaultdict(int)
        for stack in game.state.stacks.values():
            if stack.side == side and stack.structure is None:
                used[stack.region] += movement.stacking_points(game, stack)
        for region_id, region in game.world.regions.items():
            if game.world.domain(region_id) == "land":
                limit = game.world.land_stacking(region_id, region.network)
                self._count(region_id, used.get(region_id, 0), limit)
        self._stacking_legend()

    def _air_stacking(self, side: str) -> None:
        game = self.scene.game
        load = Airspace(game, side).load
        for region_id in game.world.regions:
            if game.world.domain(region_id) != "unplayable":
                self._count(region_id, load.get(region_id, 0), game.world.air_stacking(region_id))
        self._stacking_legend()

    # -- items -----------------------------------------------------------------------------------

    def _wash(self, region: str, colour: QColor) -> None:
        item = QGraphicsPathItem(self.scene.paths[region])
        item.setPen(Qt.PenStyle.NoPen)
        item.setBrush(colour)
        item.setZValue(Z_OVERLAY)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.scene.addItem(item)
        self._items.append(item)

    def _count(self, region: str, used: int, limit: int) -> None:
        if used > limit:
            colour = STACKING_OVER
        elif used and used >= 0.75 * limit:
            colour = STACKING_FULL
        elif used:
            colour = STACKING_OK
        else:
            colour = QColor(255, 255, 255, 200)
        if used:
            wash = QColor(colour)
            wash.setAlpha(90)
            self._wash(region, wash)
        badge = MarkItem("text", region, Z_BADGES)
        badge.set_look((f"{used}/{limit}", colour.rgba()))
        badge.setPos(self.scene.points[region])
        badge.set_offset(self.scene.beside_name(region, badge.boundingRect().width(), right=False))
        badge.setToolTip(f"Stacking points used here / limit: {used} of {limit}")
        self.scene.addItem(badge)
        self._items.append(badge)
        self.badges[region] = badge

    def _stacking_legend(self) -> None:
        self.legend = [
            (STACKING_OK, "room left"),
            (STACKING_FULL, "three quarters full or more"),
            (STACKING_OVER, "over the limit"),
        ]
