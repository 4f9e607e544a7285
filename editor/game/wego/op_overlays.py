"""The map overlays of an operational game (docs/wego.md, "In the game view"): the enemy's
zone of control with its value on each hex, the lines of communication coloured by state
(and the selected HQ's reach), each hex's supply mark for the side's own units (a disc in its
LOC state's colour), how well the side sees each enemy unit (:mod:`.op_intel`), and the
side's AA cover, its chain of command and the hexside effects (:mod:`.op_cover_overlays`).

Each overlay is drawn from the engine's answer (:mod:`engine.wego.op.map_queries`) for the side
whose map this is (the viewer, or the side to act for a spectator), as that side knows the
board. Any number of them may show at once; each is rebuilt only when what it shows can have
changed (:func:`state_key`: the turn, the stacks, the units' values, what the side sees, the
viewer), not on every repaint or every order of the plan (the items are in
:mod:`.op_overlay_items`): the ZOC values are one item that paints only the hexes
in view, the lines one path item per state, the marks one item painting a disc per hex.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from editor.game.map.style import Z_CONNECTIONS
from editor.game.wego import (
    op_cover_overlays,
    op_enemy_values,
    op_intel,
    op_unit_marks,
    op_unit_values,
)
from editor.game.wego.op_overlay_items import (
    LEVEL_WORDS,
    LOC_COLOURS,
    LOC_LETTERS,
    LOC_NAMES,
    ZOC_COLOUR,
    ZOC_FULL,
    SupplyMarksItem,
    ZocValuesItem,
    band_outline,
    number,
)
from engine import fog
from engine.operational.loc import STATE_ORDER
from engine.wego.op import map_queries, queries

if TYPE_CHECKING:
    from editor.game.map.scene import GameMapScene

OP_OVERLAYS: list[tuple[str, str]] = [
    ("zoc", "Enemy zones of control"),
    ("loc", "Lines of communication"),
    ("supply", "Supply marks"),
    ("intel", "Intelligence on enemy units"),
    *op_cover_overlays.COVER_OVERLAYS,
    *op_unit_values.UNIT_VALUES,
    *op_unit_marks.UNIT_MARKS,
    *op_enemy_values.ENEMY_VALUES,
]
"""Every overlay of an operational game, by name, with its label for menus (the header has
switches for the first four; the units' values and marks and the enemy's values are in the
View menu, one at a time within each group)."""
MARK_NAMES = frozenset(name for name, _label in op_unit_marks.UNIT_MARKS)
UNIT_VALUE_NAMES = frozenset(name for name, _label in op_unit_values.UNIT_VALUES) | MARK_NAMES
ENEMY_VALUE_NAMES = frozenset(name for name, _label in op_enemy_values.ENEMY_VALUES)
ONE_AT_A_TIME = (UNIT_VALUE_NAMES, ENEMY_VALUE_NAMES, op_cover_overlays.HEXSIDE_OVERLAYS)
"""Overlays shown one at a time within each group (their badges, or edges, share a place)."""


def state_key(scene: GameMapScene, side: str) -> tuple[object, ...]:
    """What an overlay's picture depends on: the turn (day, night, weather), where every
    stack stands with which units, the units' operational values, what the side can see
    (fog of war), and the side it is drawn for. Giving orders changes none of it."""
    game = scene.game
    stacks = tuple(sorted((s.id, s.region, tuple(s.units)) for s in game.state.stacks.values()))
    values = game.state.operational or {}
    units = tuple(sorted((k, tuple(sorted(v.items()))) for k, v in values.get("units", {}).items()))
    hidden = tuple(
        sorted(s.id for s in game.state.stacks.values() if fog.hidden_from(game, s, side))
    )
    return (game.state.turn, side, scene.session.viewer, stacks, units, hidden)


class OpOverlays:
    """The operational overlays shown on a scene, any number at once (see the module
    docstring)."""

    def __init__(self, scene: GameMapScene) -> None:
        self.scene = scene
        self.shown: set[str] = set()
        self._items: dict[str, list[QGraphicsItem]] = {}
        self._keys: dict[str, tuple[object, ...]] = {}
        self.builds = 0
        """How many times an overlay was built (a test reads that a click does not)."""
        self.zoc: dict[str, float] = {}
        self.lines: dict[str, tuple[str, tuple[str, ...]]] = {}
        """The LOC overlay's lines: unit -> (state, hexes)."""
        self.reach: dict[str, int] = {}
        """The selected HQ's reach drawn with the LOC overlay: hex -> 2 Supported, 1 Extended."""
        self.marks: dict[str, str] = {}
        """The supply overlay's badges: hex -> text."""
        self.intel: dict[str, int] = {}
        """The intelligence overlay's badges: hex -> the best level seen there (OI2)."""
        self.values: dict[str, str] = {}
        """The unit-value (or night-capable, moved units) overlay's badges: hex -> its text
        (OF11)."""
        self.enemy: dict[str, str] = {}
        """The enemy-value overlay's badges: hex -> its text, as the side knows it (OF11)."""
        self.aa: dict[str, float] = {}
        """The AA cover overlay's badges: hex -> AA points (OF11)."""
        self.chains: dict[str, str] = {}
        """The chain-of-command overlay's lines: HQ -> its superior (OF11)."""
        self.hexsides: dict[str, str] = {}
        """The hexside overlay's edges: hexside id -> its colour class (OF11, OH13)."""

    def side(self) -> str:
        game = self.scene.game
        return self.scene.session.viewer or game.to_act() or game.active_side

    def set_shown(self, name: str, on: bool) -> None:
        if name not in dict(OP_OVERLAYS):
            raise ValueError(f"unknown overlay {name!r}")
        if on:
            self.shown.add(name)
        else:
            self.shown.discard(name)
        self.refresh()

    def refresh(self, *, hidden: bool = False) -> None:
        """Draw what is shown and out of date; ``hidden``: show nothing (the board is handed
        over)."""
        for name, _label in OP_OVERLAYS:
            if hidden or name not in self.shown:
                self._clear(name)
                continue
            side = self.side()
            key = state_key(self.scene, side)
            if name == "moved":  # OF11: it follows the plan's orders too
                key = (*key, op_unit_marks.plan_key(self.scene, side))
            if self._keys.get(name) == key and name in self._items:
                continue
            self._clear(name)
            self._keys[name] = key
            self.builds += 1
            if name in MARK_NAMES:
                self.values, self._items[name] = op_unit_marks.mark_items(self.scene, side, name)
            elif name in UNIT_VALUE_NAMES:
                self.values, self._items[name] = op_unit_values.unit_value_items(
                    self.scene, side, name
                )
            elif name in ENEMY_VALUE_NAMES:
                self.enemy, self._items[name] = op_enemy_values.enemy_value_items(
                    self.scene, side, name
                )
            else:
                self._items[name] = getattr(self, f"_{name}")(side)
        self._show_reach(hidden)

    def _show_reach(self, hidden: bool) -> None:
        """With the LOC overlay on and one of the side's HQs selected, the outline of its
        reach (OQ12): a solid line round its Supported band, a dashed one round its Extended
        band; redrawn when the selection or the game changes."""
        scene = self.scene
        game = scene.game
        side = self.side()
        stack = game.state.stacks.get(scene.session.selected or "")
        hq = None
        if not hidden and "loc" in self.shown and stack is not None and stack.side == side:
            hq = queries.hq_of(game, stack.units)
        key = (*state_key(scene, side), hq) if hq is not None else None
        if key is not None and self._keys.get("reach") == key:
            return
        self._clear("reach")
        self.reach = {}
        if hq is None or key is None:
            return
        self._keys["reach"] = key
        self.reach = queries.hq_reach(game, side, hq)
        items: list[QGraphicsItem] = []
        for band, colour, style in (
            (1, LOC_COLOURS["extended"], Qt.PenStyle.DashLine),
            (2, LOC_COLOURS["supported"], Qt.PenStyle.SolidLine),
        ):
            hexes = [h for h, b in self.reach.items() if b >= band]
            outline = band_outline(scene, hexes)
            if outline.isEmpty():
                continue
            item = QGraphicsPathItem(outline)
            assert scene.grid is not None
            item.setPen(QPen(colour, scene.grid.size * 0.12, style))
            item.setZValue(Z_CONNECTIONS + 2)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            item.setToolTip(
                f"Reach of {hq}: {'Supported' if band == 2 else 'Extended'} inside this line"
            )
            scene.addItem(item)
            items.append(item)
        self._items["reach"] = items

    def _clear(self, name: str) -> None:
        for item in self._items.pop(name, []):
            self.scene.removeItem(item)
        self._keys.pop(name, None)

    # -- each overlay ------------------------------------------------------------------------------

    def _zoc(self, side: str) -> list[QGraphicsItem]:
        self.zoc = map_queries.enemy_zoc_values(self.scene.game, side)
        item = ZocValuesItem(self.scene, self.zoc)
        self.scene.addItem(item)
        return [item]

    def _loc(self, side: str) -> list[QGraphicsItem]:
        scene = self.scene
        picture = map_queries.loc_picture(scene.game, side)
        grid = scene.grid
        assert grid is not None
        centres = grid.centres()
        paths: dict[str, QPainterPath] = defaultdict(QPainterPath)
        self.lines = {}
        for line in picture.lines:
            self.lines[line.unit] = (line.state, line.path)
            if len(line.path) < 2:
                continue
            path = paths[line.state]
            points = [centres[grid.find(h)].tolist() for h in line.path]
            path.moveTo(QPointF(*points[0]))
            for x, y in points[1:]:
                path.lineTo(QPointF(x, y))
        items: list[QGraphicsItem] = []
        width = grid.size * 0.16
        for state in sorted(paths, key=STATE_ORDER.__getitem__):
            item = QGraphicsPathItem(paths[state])
            pen = QPen(LOC_COLOURS[state], width)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            if state != "supported":
                pen.setStyle(Qt.PenStyle.DashLine)
            item.setPen(pen)
            item.setZValue(Z_CONNECTIONS + 1)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            item.setToolTip(f"Lines of communication: {LOC_NAMES[state]}")
            scene.addItem(item)
            items.append(item)
        # A unit without a line (Isolated, Encircled) is ringed in its state's colour.
        units = map_queries.known_units(scene.game, side)
        for unit_id, state in picture.states.items():
            if state not in ("isolated", "encircled") or unit_id not in units:
                continue
            hex_id = _hex_id(scene, units[unit_id].hex)
            if hex_id not in scene.paths:
                continue
            ring = QGraphicsPathItem(scene.paths[hex_id])
            ring.setPen(QPen(LOC_COLOURS[state], grid.size * 0.12, Qt.PenStyle.DashLine))
            ring.setZValue(Z_CONNECTIONS + 1)
            ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            ring.setToolTip(f"{unit_id}: {LOC_NAMES[state]} (no line of communication)")
            scene.addItem(ring)
            items.append(ring)
        return items

    def _supply(self, side: str) -> list[QGraphicsItem]:
        scene = self.scene
        game = scene.game
        marks = map_queries.supply_marks(game, side)
        units = map_queries.known_units(game, side)
        by_hex: dict[str, list[map_queries.SupplyMark]] = defaultdict(list)
        for unit_id, mark in marks.items():
            hex_id = _hex_id(scene, units[unit_id].hex)
            by_hex[hex_id].append(mark)
        items: list[QGraphicsItem] = []
        self.marks = {}
        cells: list[tuple[str, str, bool, str]] = []
        for hex_id, found in sorted(by_hex.items()):
            if hex_id not in scene.points:
                continue
            worst = max(found, key=lambda m: STATE_ORDER[m.loc])
            levels = sorted({LEVEL_WORDS.get(m.level, m.level) for m in found})
            text = f"{LOC_NAMES[worst.loc][:3]} · {'/'.join(levels)}"
            self.marks[hex_id] = text
            tip = "\n".join(
                f"{m.unit}: {LOC_NAMES[m.loc]}, supply {LEVEL_WORDS.get(m.level, m.level)}"
                for m in found
            )
            cells.append((hex_id, worst.loc, any(m.level != "basic" for m in found), tip))
        item = SupplyMarksItem(scene, cells)
        scene.addItem(item)
        items.append(item)
        return items

    def _aa(self, side: str) -> list[QGraphicsItem]:
        self.aa, items = op_cover_overlays.aa_items(self.scene, side)
        return items

    def _chains(self, side: str) -> list[QGraphicsItem]:
        self.chains, items = op_cover_overlays.chain_items(self.scene, side)
        return items

    def _hexsides(self, side: str) -> list[QGraphicsItem]:
        self.hexsides, items = op_cover_overlays.hexside_items(self.scene, side)
        return items

    def _hexside_classes(self, side: str) -> list[QGraphicsItem]:
        self.hexsides, items = op_cover_overlays.hexside_items(self.scene, side, "hexside_classes")
        return items

    def _intel(self, side: str) -> list[QGraphicsItem]:
        _picture, self.intel, items = op_intel.intel_items(self.scene, side)
        return items


def _hex_id(scene: GameMapScene, index: int) -> str:
    grid = scene.grid
    assert grid is not None
    return str(grid.ids[index])


def legend(name: str) -> list[tuple[QColor, str]]:
    """What an overlay's colours mean."""
    if name == "zoc":
        light, strong = QColor(ZOC_COLOUR), QColor(ZOC_COLOUR)
        light.setAlpha(60)
        strong.setAlpha(150)
        return [(light, "weak zone"), (strong, f"{number(ZOC_FULL)} or more")]
    if name == "intel":
        return op_intel.legend()
    if name in MARK_NAMES:
        return op_unit_marks.legend(name)
    if name in UNIT_VALUE_NAMES:
        return op_unit_values.legend(name)
    if name in ENEMY_VALUE_NAMES:
        return op_enemy_values.legend(name)
    if name in dict(op_cover_overlays.COVER_OVERLAYS):
        return op_cover_overlays.legend(name)
    if name == "supply":
        return [(LOC_COLOURS[s], f"{LOC_NAMES[s]} ({LOC_LETTERS[s]})") for s in LOC_COLOURS]
    return [(LOC_COLOURS[s], LOC_NAMES[s]) for s in LOC_COLOURS]
