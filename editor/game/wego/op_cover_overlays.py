"""Two overlays of an operational game's map (OF11): the side's AA cover and its chain of
command.

- **AA cover**: a badge at the upper left of each hex the side's AA fires over (its units'
  hexes and the hexes next to its heavy AA, Table OC35) with the AA points, in a teal that
  deepens with the value; pointing at it says what the figure is.
- **HQ chains**: a dashed line from each HQ of the side to the superior it reports to, with
  an arrowhead at the superior; pointing at it names both.

Both are the engine's answers (:func:`engine.wego.op.hex_queries.aa_cover`,
:func:`~engine.wego.op.hex_queries.hq_chains`) for the side's own units.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from editor.game.map.style import Z_PATH
from editor.game.panels.knowledge import unit_name
from editor.game.wego.op_overlay_items import HexMarksItem, number
from engine.wego.op import hex_queries

if TYPE_CHECKING:
    from editor.game.map.scene import GameMapScene

COVER_OVERLAYS: list[tuple[str, str]] = [
    ("aa", "AA cover of your units"),
    ("chains", "Chain of command of your HQs"),
]
AA_LIGHT, AA_STRONG = QColor("#66d9e8"), QColor("#0b7285")
AA_STRONG_FROM = 12.0
"""AA points drawn in the deepest teal (a regiment's worth of flak)."""
CHAIN_COLOUR = QColor("#7048e8")


def _aa_colour(value: float) -> QColor:
    share = min(1.0, value / AA_STRONG_FROM)
    light, strong = AA_LIGHT, AA_STRONG
    return QColor(
        round(light.red() + (strong.red() - light.red()) * share),
        round(light.green() + (strong.green() - light.green()) * share),
        round(light.blue() + (strong.blue() - light.blue()) * share),
    )


class AaCoverItem(HexMarksItem):
    """The AA badges (see the module docstring)."""

    def __init__(self, scene: GameMapScene, cover: dict[str, float]) -> None:
        super().__init__(scene, 0.28)
        size = self.size
        self.badges: list[tuple[QRectF, str, QColor]] = []
        for hex_id, value in sorted(cover.items()):
            found = self.centre(hex_id)
            if found is None:
                continue
            x, y = found
            box = QRectF(x - size * 0.62, y - size * 0.62, size * 0.58, size * 0.4)
            self.badges.append((box, number(value), _aa_colour(value)))
            tip = (
                f"AA over {hex_id}: {number(value)} points fire at an enemy air asset here "
                "(your units' SP, light AA x3, heavy AA x4 here and next door; OC35), plus "
                "the air war's advantage of the turn"
            )
            self.place(box, tip, round_mark=False)

    def paint_mark(self, painter: QPainter, index: int, text: bool) -> None:
        box, words, colour = self.badges[index]
        painter.setBrush(colour)
        painter.drawRoundedRect(box, box.height() * 0.3, box.height() * 0.3)
        if text:
            painter.setPen(QPen(QColor(255, 255, 255), 1))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, words)


def aa_items(scene: GameMapScene, side: str) -> tuple[dict[str, float], list[QGraphicsItem]]:
    """OF11: the side's AA cover, with its values by hex."""
    cover = hex_queries.aa_cover(scene.game, side)
    if not cover:
        return cover, []
    item = AaCoverItem(scene, cover)
    scene.addItem(item)
    return cover, [item]


def chain_items(scene: GameMapScene, side: str) -> tuple[dict[str, str], list[QGraphicsItem]]:
    """OF11: a line from each HQ to its superior, with the links drawn (HQ -> superior)."""
    game = scene.game
    items: list[QGraphicsItem] = []
    drawn: dict[str, str] = {}
    size = scene.grid.size if scene.grid is not None else 10.0
    for link in hex_queries.hq_chains(game, side):
        if link.hq_hex not in scene.points or link.superior_hex not in scene.points:
            continue
        a, b = scene.points[link.hq_hex], scene.points[link.superior_hex]
        path = QPainterPath(a)
        path.lineTo(b)
        line = b - a
        length = (line.x() ** 2 + line.y() ** 2) ** 0.5
        if length > 1e-6:
            unit = QPointF(line.x() / length, line.y() / length)
            normal = QPointF(-unit.y(), unit.x())
            head = min(length * 0.3, size * 0.45)
            tip = b - unit * size * 0.5  # short of the superior's counter
            path.moveTo(tip)
            path.lineTo(tip - unit * head + normal * head * 0.5)
            path.moveTo(tip)
            path.lineTo(tip - unit * head - normal * head * 0.5)
        words = f"{unit_name(game, link.hq)} reports to {unit_name(game, link.superior)} (OF11)"
        for colour, width, style in (
            (QColor(255, 255, 255, 220), 5.0, Qt.PenStyle.SolidLine),
            (CHAIN_COLOUR, 2.5, Qt.PenStyle.DashLine),
        ):
            item = QGraphicsPathItem(path)
            pen = QPen(colour, width, style)
            pen.setCosmetic(True)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            item.setPen(pen)
            item.setZValue(Z_PATH - 4)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            item.setToolTip(words)
            scene.addItem(item)
            items.append(item)
        drawn[link.hq] = link.superior
    return drawn, items


def legend(name: str) -> list[tuple[QColor, str]]:
    if name == "aa":
        return [(AA_LIGHT, "a little AA"), (AA_STRONG, f"{number(AA_STRONG_FROM)} points or more")]
    return [(CHAIN_COLOUR, "HQ to its superior")]
