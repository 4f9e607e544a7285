"""The intelligence overlay of an operational game (OI1-OI6, OF11): how well the side sees
each enemy unit it knows of, from the engine's answer (:func:`engine.wego.op.intel.intel_of`).

Each hex holding enemy units the side sees gets a square badge at its upper right, in the
colour of the best level it reads there (Table OI2: 1 presence, 2 low, 3 medium, 4 high,
5 extreme, pale to deep blue) with the level's figure once hexes are large enough on screen;
pointing at a badge lists what each unit there shows at its level (category, values, supply,
strength: only what the level gives, misreadings included, OI4). A dashed line rings the
hexes the side's units see into (any level above 0, OI5-OI6): past it, enemies are unknown
(without fog of war, OI1, every enemy shows at level 5 and there is no such line).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
)

from editor.game.map.style import Z_CONNECTIONS
from editor.game.wego.op_overlay_items import LOC_NAMES, HexMarksItem, band_outline, number
from engine.operational.intel import IntelPicture, SeenUnit
from engine.wego.op.intel import intel_of

if TYPE_CHECKING:
    from editor.game.map.scene import GameMapScene

INTEL_COLOURS: dict[int, QColor] = {
    1: QColor("#adb5bd"),
    2: QColor("#74c0fc"),
    3: QColor("#339af0"),
    4: QColor("#1971c2"),
    5: QColor("#0b2e6b"),
}
"""A level's badge colour: the deeper the blue, the more the side knows."""
INTEL_NAMES = {1: "presence", 2: "low", 3: "medium", 4: "high", 5: "extreme"}
"""Table OI2's names of the levels."""
REACH_COLOUR = QColor("#173a8a")
NAME_AT = 3
"""Table OI2: the level from which a unit's name is known."""


LEVEL_SHOWS: dict[int, str] = {
    1: "its place only",
    2: "its nation, size and type (the type may be misread)",
    3: "its name and combat values too (the values may be off)",
    4: "its true values, supply and dug-in state too",
    5: "everything: strength and readiness too",
}
"""Table OI2: what each level shows of an enemy unit, in a player's words."""


def level_words(level: int) -> str:
    return f"level {level} ({INTEL_NAMES.get(level, '?')})"


def seen_words(seen: SeenUnit, name: str) -> str:
    """What a side knows of one enemy unit at its level (Table OI2), in one line: the name
    only from level 3 (a presence is a counter of unknown kind; at level 2 the type may be
    misread, OI4, and a name such as "7th Panzer" would give the true one away)."""
    parts = [name if seen.level >= NAME_AT else "an enemy unit", level_words(seen.level)]
    if seen.category is not None:
        parts.append(seen.category.replace("_", " "))
    if seen.attack is not None and seen.defence is not None:
        parts.append(f"attack {number(seen.attack)}, defence {number(seen.defence)}")
    if seen.loc is not None:
        parts.append(LOC_NAMES.get(seen.loc, seen.loc))
    if seen.dug_in:
        parts.append("dug in")
    if seen.strength is not None and seen.readiness is not None:
        parts.append(f"strength {seen.strength:.0f} %, readiness {seen.readiness:.0f} %")
    return ": ".join(parts[:2]) + (", " + ", ".join(parts[2:]) if parts[2:] else "")


class IntelBadgesItem(HexMarksItem):
    """The level badges of every hex with seen enemies (see the module docstring), each
    with its level once hexes are large enough on screen."""

    def __init__(self, scene: GameMapScene, cells: list[tuple[str, int, str]]) -> None:
        super().__init__(scene, 0.32)
        size = self.size
        side = size * 0.42
        self.badges: list[tuple[QRectF, int, str]] = []
        for hex_id, level, tip in cells:
            found = self.centre(hex_id)
            if found is None:
                continue
            x, y = found
            box = QRectF(x + size * 0.38, y - size * 0.72, side, side)
            self.badges.append((box, level, tip))
            self.place(box, tip, round_mark=False)

    def paint_mark(self, painter: QPainter, index: int, text: bool) -> None:
        box, level, _tip = self.badges[index]
        painter.setBrush(INTEL_COLOURS.get(level, INTEL_COLOURS[1]))
        painter.drawRoundedRect(box, box.width() * 0.2, box.width() * 0.2)
        if text:
            ink = QColor("#1b1b1b") if level == 1 else QColor(255, 255, 255)
            painter.setPen(QPen(ink, 1))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(level))


def intel_items(
    scene: GameMapScene, side: str
) -> tuple[IntelPicture, dict[str, int], list[QGraphicsItem]]:
    """The overlay's items for ``side``, with the engine's picture and each badge's level by
    hex (for tests and tools)."""
    game = scene.game
    grid = scene.grid
    assert grid is not None
    seen = intel_of(game, side)
    names = {u.id: u.name for u in game.scenario.units}
    by_hex: dict[str, list[SeenUnit]] = {}
    for unit in seen.units.values():
        by_hex.setdefault(str(grid.ids[unit.hex]), []).append(unit)
    cells: list[tuple[str, int, str]] = []
    levels: dict[str, int] = {}
    for hex_id, found in sorted(by_hex.items()):
        if hex_id not in scene.points:
            continue
        best = max(u.level for u in found)
        levels[hex_id] = best
        lines = [seen_words(u, names.get(u.unit, u.unit)) for u in found]
        cells.append((hex_id, best, f"Intelligence in {hex_id}:\n" + "\n".join(lines)))
    items: list[QGraphicsItem] = []
    reach = [str(grid.ids[i]) for i, level in enumerate(seen.levels) if level > 0]
    # Without fog of war everything is seen (OI1): no line to draw.
    partial = game.fog and len(reach) < len(seen.levels)
    outline = band_outline(scene, reach) if partial else QPainterPath()
    if not outline.isEmpty():
        ring = QGraphicsPathItem(outline)
        # Two pixels wide at every zoom: scaled with the hexes, it vanished on a whole map.
        pen = QPen(REACH_COLOUR, 2.2, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        ring.setPen(pen)
        ring.setZValue(Z_CONNECTIONS + 1)
        ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        ring.setToolTip("Your units see enemies inside this line (intelligence reach)")
        scene.addItem(ring)
        items.append(ring)
    badges = IntelBadgesItem(scene, cells)
    scene.addItem(badges)
    items.append(badges)
    return seen, levels, items


def legend() -> list[tuple[QColor, str]]:
    return [(INTEL_COLOURS[n], f"{n}: {INTEL_NAMES[n]}") for n in sorted(INTEL_COLOURS)]
