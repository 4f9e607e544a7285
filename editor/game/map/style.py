"""Colours and sizes of the game map, in one place so that every part of it agrees.

Sizes of symbols are in screen pixels: counters, structures and badges keep their size at
any zoom (they are drawn with ``ItemIgnoresTransformations``), so a player reads them the
same on the whole map and zoomed in on one river crossing.
"""

from __future__ import annotations

from PySide6.QtGui import QColor

from engine.game import Game

# -- z order, bottom to top -----------------------------------------------------------------------

Z_REGIONS = 0.0
Z_OVERLAY = 5.0
Z_CONNECTIONS = 10.0
Z_HIGHLIGHT = 15.0
Z_LABELS = 30.0
Z_PLACES = 40.0
Z_COUNTERS = 50.0
Z_BADGES = 60.0
Z_PATH = 80.0
Z_DRAG = 90.0

# -- what a stack could do in a region (movement highlights) --------------------------------------

REACH_COLOURS: dict[str, QColor] = {
    "move": QColor("#2f9e44"),
    "battle": QColor("#d9480f"),
    "overrun": QColor("#9c36b5"),
    "overstack": QColor("#f2a900"),
}
REACH_NAMES: dict[str, str] = {
    "move": "reachable",
    "battle": "battle if entered",
    "overrun": "overrun",
    "overstack": "over-stacked",
}
SHORE_COLOURS: dict[str, QColor] = {
    "port": QColor("#1c7ed6"),
    "landing": QColor("#1c7ed6"),
    "assault": QColor("#d9480f"),
}
"""Where a fleet's troops may go ashore now (by the shore's kind: a port, a beach, a beach
held by the enemy), and a fleet a land stack may board (``port``)."""
TARGET = QColor("#1098ad")
"""Things a player may pick for a card or a decision."""
PICKED = QColor("#0b7285")
SELECTED = QColor("#ffd43b")
PATH = QColor("#212529")

# -- regions --------------------------------------------------------------------------------------

UNCONTROLLED = QColor("#9e9e9e")
UNPLAYABLE = QColor("#8a8a8a")
BORDER = QColor(30, 30, 30, 190)
BAND_PX = 5.0
"""Width of the controller's band inside a region's border, in screen pixels."""
BAND_MIN_REGION_PX = 36.0
"""A region narrower than this on screen gets its controller as a tint instead of a band."""
VP_GOLD = QColor("#f1b511")

# -- overlays --------------------------------------------------------------------------------------

SUPPLY_COLOURS: dict[str, QColor] = {
    "supplied": QColor(47, 158, 68, 120),
    "unsupplied": QColor(240, 140, 0, 150),
    "enemy": QColor(120, 30, 30, 120),
}
SUPPLY_NAMES: dict[str, str] = {
    "supplied": "in supply",
    "unsupplied": "out of supply",
    "enemy": "enemy territory",
}
STACKING_OK = QColor("#2f9e44")
STACKING_FULL = QColor("#f08c00")
STACKING_OVER = QColor("#e03131")


def side_colours(game: Game) -> dict[str, QColor]:
    """Each side's colour, by side id."""
    return {side.id: QColor(side.color) for side in game.scenario.sides}


def nation_colours(game: Game) -> dict[str, QColor]:
    """The colour each nation shows on the map: its side's."""
    sides = side_colours(game)
    return {n.id: sides.get(n.side, UNCONTROLLED) for n in game.scenario.nations}


def mix(a: QColor, b: QColor, share_of_b: float) -> QColor:
    """``a`` blended with ``share_of_b`` of ``b`` (opaque)."""
    keep = 1.0 - share_of_b
    return QColor.fromRgbF(
        a.redF() * keep + b.redF() * share_of_b,
        a.greenF() * keep + b.greenF() * share_of_b,
        a.blueF() * keep + b.blueF() * share_of_b,
    )


def ink_on(fill: QColor) -> QColor:
    """Black or white, whichever reads better on ``fill``."""
    luminance = 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF()
    return QColor("#ffffff") if luminance < 0.55 else QColor("#111111")
