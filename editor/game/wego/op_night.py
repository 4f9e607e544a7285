"""Night on the map of an operational game (OT4, OW2): on a night turn the ground is drawn
darker, under the roads, rivers, overlays, labels and counters, so that a glance at the map
says the turn is a night turn (the turn header says it in words). One item over the map's
bounds, shown or hidden as the turn changes; the film's map does the same for the turn it
shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath
from PySide6.QtWidgets import QGraphicsPathItem

from editor.game.map.style import Z_OVERLAY
from editor.game.wego.op_overlay_items import band_outline
from engine.wego import family
from engine.wego.op import map_queries

if TYPE_CHECKING:
    from editor.game.map.scene import GameMapScene
    from engine.game import Game

NIGHT_SHADE = QColor(10, 20, 60, 110)
"""The night's wash over the ground: a dark blue that keeps the terrain's colours apart."""
NAME = "op-night-shade"


def is_night(game: Game, turn: int | None = None) -> bool:
    """Whether ``turn`` (the game's current one by default) of an operational game is a
    night turn; always ``False`` for the area family."""
    return family.operational(game) and map_queries.clock(game, turn).night


_SHADES: WeakKeyDictionary[GameMapScene, QGraphicsPathItem] = WeakKeyDictionary()


def shade_of(scene: GameMapScene) -> QGraphicsPathItem | None:
    """The scene's night shade, when it has one."""
    return _SHADES.get(scene)


def show_night(scene: GameMapScene, night: bool) -> None:
    """Darken the scene's ground (``night``) or not; the item is made once per scene."""
    shade = shade_of(scene)
    if shade is None:
        if not night:
            return
        shade = QGraphicsPathItem(_ground(scene))
        shade.setData(0, NAME)
        shade.setAcceptHoverEvents(False)
        shade.setPen(Qt.PenStyle.NoPen)
        shade.setBrush(QBrush(NIGHT_SHADE))
        # Above the hexes' colours, under the ZOC wash, roads, rivers, labels and counters.
        shade.setZValue(Z_OVERLAY - 0.5)
        shade.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(shade)
        _SHADES[scene] = shade
    shade.setVisible(night)


def _ground(scene: GameMapScene) -> QPainterPath:
    """The map's ground: the outline of every hex (the background around stays as it is),
    or the map's bounds when it has no grid."""
    grid = scene.grid
    if grid is not None:
        outline = band_outline(scene, [str(h) for h in grid.ids])
        if not outline.isEmpty():
            return outline
    path = QPainterPath()
    path.addRect(scene.bounds)
    return path
