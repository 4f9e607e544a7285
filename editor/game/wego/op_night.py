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
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QGraphicsRectItem

from editor.game.map.style import Z_OVERLAY
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


_SHADES: WeakKeyDictionary[GameMapScene, QGraphicsRectItem] = WeakKeyDictionary()


def shade_of(scene: GameMapScene) -> QGraphicsRectItem | None:
    """The scene's night shade, when it has one."""
    return _SHADES.get(scene)


def show_night(scene: GameMapScene, night: bool) -> None:
    """Darken the scene's ground (``night``) or not; the item is made once per scene."""
    shade = shade_of(scene)
    if shade is None:
        if not night:
            return
        shade = QGraphicsRectItem(scene.bounds.adjusted(-2, -2, 2, 2))
        shade.setData(0, NAME)
        shade.setAcceptHoverEvents(False)
        shade.setPen(Qt.PenStyle.NoPen)
        shade.setBrush(QBrush(NIGHT_SHADE))
        # Above the hexes' colours, under the ZOC wash, roads, rivers, labels and counters.
        shade.setZValue(Z_OVERLAY - 0.5)
        shade.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(shade)
        _SHADES[scene] = shade
    else:
        shade.setRect(scene.bounds.adjusted(-2, -2, 2, 2))
    shade.setVisible(night)
