"""Three overlays of an operational game's map (OF11): the side's AA cover, its chain of
command, and what the hexside features do.

- **AA cover**: a badge at the upper left of each hex the side's AA fires over (its units'
  hexes and the hexes next to its heavy AA, Table OC35) with the AA points, in a teal that
  deepens with the value; pointing at it says what the figure is.
- **HQ chains**: a dashed line from each HQ of the side to the superior it reports to, with
  an arrowhead at the superior; pointing at it names both.
- **Hexside effects** (OH13, the manual's scheme): every hexside with an effect drawn thick
  along its edge in the colour of the strongest thing it does: black where units cannot cross
  it (but along a road over a bridge), else red where it changes a battle across it, else blue
  where it only changes movement, zones of control or lines of communication. A river frozen
  today does nothing (the board marks it as ice) and is not drawn.
- **Hexside effects, finer classes** (Salient's own, the other choice in the View menu): red
  where units cross only by a road's bridge or with their whole allowance, violet where it
  stops zones of control or lines of communication, orange where it only costs MP or weakens
  an attack, pale blue for a river frozen today. Either way pointing at an edge lists what it
  does (OH6, OH7); the map's corner holds the legend while one shows.

All are the engine's answers (:func:`engine.wego.op.hex_queries.aa_cover`,
:func:`~engine.wego.op.hex_queries.hq_chains`, :func:`~engine.wego.op.hex_queries.
hexside_effects`), the first two for the side's own units.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from editor.game.map.style import Z_CONNECTIONS, Z_PATH
from editor.game.panels.knowledge import unit_name
from editor.game.wego.op_overlay_items import BadgesItem, number
from editor.shared.map.hex_drawing import hexside_segment_paths
from engine.wego.op import hex_queries
from engine.wego.op.hex_queries import HexsideMark

if TYPE_CHECKING:
    from editor.game.map.scene import GameMapScene

COVER_OVERLAYS: list[tuple[str, str]] = [
    ("aa", "AA cover of your units"),
    ("chains", "Chain of command of your HQs"),
    ("hexsides", "Hexside effects"),
    ("hexside_classes", "Hexside effects, finer classes"),
]
HEXSIDE_OVERLAYS = frozenset({"hexsides", "hexside_classes"})
"""The two hexside schemes: one at a time (they draw on the same edges)."""
AA_LIGHT, AA_STRONG = QColor("#66d9e8"), QColor("#0b7285")
AA_STRONG_FROM = 12.0
"""AA points drawn in the deepest teal (a regiment's worth of flak)."""
CHAIN_COLOUR = QColor("#7048e8")
HEXSIDE_COLOURS = {
    "hard": QColor("#e03131"),
    "blocks": QColor("#9c36b5"),
    "slows": QColor("#f08c00"),
    "frozen": QColor("#a5d8ff"),
}
MANUAL_COLOURS = {
    "impassable": QColor("#1b1b1b"),
    "combat": QColor("#e03131"),
    "movement": QColor("#1c7ed6"),
}
"""OH13: the manual's classes, strongest first."""
MANUAL_WORDS = {
    "impassable": "impassable: crossed only along a road over a bridge",
    "combat": "changes a battle across it (and maybe movement)",
    "movement": "changes movement, zones of control or supply lines only",
}
HEXSIDE_WORDS = {
    "hard": "crossed only by a road's bridge, or with a unit's whole allowance",
    "blocks": "stops zones of control or lines of communication",
    "slows": "costs MP or weakens an attack across it",
    "frozen": "a river frozen today: crossed as a plain hexside",
}


def _aa_colour(value: float) -> QColor:
    share = min(1.0, value / AA_STRONG_FROM)
    light, strong = AA_LIGHT, AA_STRONG
    return QColor(
        round(light.red() + (strong.red() - light.red()) * share),
        round(light.green() + (strong.green() - light.green()) * share),
        round(light.blue() + (strong.blue() - light.blue()) * share),
    )


class AaCoverItem(BadgesItem):
    """The AA badges (see the module docstring)."""

    def __init__(self, scene: GameMapScene, cover: dict[str, float]) -> None:
        super().__init__(scene, 0.28)
        size = self.size
        for hex_id, value in sorted(cover.items()):
            found = self.centre(hex_id)
            if found is None:
                continue
            x, y = found
            box = QRectF(x - size * 0.62, y - size * 0.62, size * 0.58, size * 0.4)
            tip = (
                f"AA over {hex_id}: {number(value)} points fire at an enemy air asset here "
                "(your units' SP, light AA x3, heavy AA x4 here and next door; OC35), plus "
                "the air war's advantage of the turn"
            )
            self.badge(box, number(value), _aa_colour(value), tip)


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


def manual_kind(mark: HexsideMark) -> str | None:
    """OH13: the manual's class of a hexside, the strongest thing it does (impassable, then
    combat, then movement); ``None`` for one that does nothing today (a frozen river)."""
    effect = mark.effect
    costs = effect.movement_cost
    if mark.frozen:
        # OW1 lifts a river's movement limits: only what it does to a battle is left.
        return "combat" if _affects_combat(mark) else None
    if effect.crossing == "road_only" or (costs.infantry is None and costs.armour is None):
        return "impassable"
    if _affects_combat(mark):
        return "combat"
    moves = effect.crossing != "open" or costs.infantry != 0 or costs.armour != 0
    if moves or effect.blocks_zoc or effect.blocks_loc:
        return "movement"
    return None


def _affects_combat(mark: HexsideMark) -> bool:
    effect = mark.effect
    return effect.attack != 1.0 or effect.denies_shock or effect.denies_overrun


def hexside_kind(mark: HexsideMark) -> str:
    """Salient's finer colour class of a hexside: the strongest thing it does."""
    effect = mark.effect
    if mark.frozen:
        return "frozen"
    if effect.crossing != "open":
        return "hard"
    if effect.blocks_zoc or effect.blocks_loc:
        return "blocks"
    return "slows"


def hexside_words(mark: HexsideMark) -> str:
    """What the hexside does, in words (its row of Table OH6)."""
    effect = mark.effect
    kind = effect.connection_type.replace("_", " ")
    parts = []
    if mark.frozen:
        parts.append("frozen today: crossed as a plain hexside (OW1)")
    if effect.crossing == "road_only":
        parts.append("crossed only along a road over a bridge")
    elif effect.crossing == "all_movement":
        parts.append("crossing takes a unit's whole allowance")
    costs = effect.movement_cost
    if costs.infantry or costs.armour:
        inf = "impassable" if costs.infantry is None else f"+{number(costs.infantry)} MP"
        arm = "impassable" if costs.armour is None else f"+{number(costs.armour)} MP"
        parts.append(f"infantry {inf}, armour {arm}")
    if effect.attack != 1.0:
        parts.append(f"attack across it x{number(effect.attack)}")
    if effect.denies_shock:
        parts.append("no shock across it (OC12)")
    if effect.denies_overrun:
        parts.append("no overrun across it")
    if effect.blocks_zoc:
        parts.append("zones of control stop at it (OH7)")
    if effect.blocks_loc:
        parts.append("lines of communication do not cross it (OH7)")
    what = "; ".join(parts) if parts else "no effect"
    return f"{kind.capitalize()} ({mark.hexside_id}): {what} (OH6)"


def hexside_items(
    scene: GameMapScene, _side: str, scheme: str = "hexsides"
) -> tuple[dict[str, str], list[QGraphicsItem]]:
    """OF11, OH13: every hexside feature drawn by what it does, with its colour class by
    hexside; ``scheme``: ``hexsides`` the manual's three colours, ``hexside_classes``
    Salient's finer classes."""
    grid = scene.grid
    if grid is None:
        return {}, []
    manual = scheme == "hexsides"
    colours = MANUAL_COLOURS if manual else HEXSIDE_COLOURS
    classed = [
        (mark, manual_kind(mark) if manual else hexside_kind(mark))
        for mark in hex_queries.hexside_effects(scene.game)
    ]
    shown = [(mark, kind) for mark, kind in classed if kind is not None]
    paths = hexside_segment_paths(grid, [m.hexside for m, _kind in shown])
    items: list[QGraphicsItem] = []
    drawn: dict[str, str] = {}
    for (mark, kind), path in zip(shown, paths, strict=True):
        assert kind is not None
        drawn[mark.hexside_id] = kind
        for colour, width in ((QColor(255, 255, 255, 230), 7.0), (colours[kind], 4.0)):
            item = QGraphicsPathItem(path)
            pen = QPen(colour, width)
            pen.setCosmetic(True)
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            item.setPen(pen)
            item.setZValue(Z_CONNECTIONS + 1)  # over the rivers, under the counters
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            item.setToolTip(hexside_words(mark))
            scene.addItem(item)
            items.append(item)
    return drawn, items


def legend(name: str) -> list[tuple[QColor, str]]:
    if name == "hexsides":
        return [(MANUAL_COLOURS[k], MANUAL_WORDS[k]) for k in MANUAL_COLOURS]
    if name == "hexside_classes":
        return [(HEXSIDE_COLOURS[k], HEXSIDE_WORDS[k]) for k in HEXSIDE_COLOURS]
    if name == "aa":
        return [(AA_LIGHT, "a little AA"), (AA_STRONG, f"{number(AA_STRONG_FROM)} points or more")]
    return [(CHAIN_COLOUR, "HQ to its superior")]
