"""The game map's scene: the board drawn from the game's state, as the viewer may see it.

The scene is built once (regions, names, connections, structures, supply sources) and then
follows the game with :meth:`GameMapScene.refresh`, called after every action. A refresh
compares what each region should show with what it shows (controller, structures, bridges,
and the look of every stack in it as the viewer sees it) and redraws only the regions that
differ. Comparing is a pass over the stacks, far cheaper than drawing; and it is the only
safe way to know what changed for the viewer, since a friendly stack moving changes which
enemy stacks can be seen around it without any log record naming them.

Symbols keep their size on screen while regions grow and shrink with the zoom. At every
new scale counters take the size the zoom allows, and each region whose counters would not
fit in it shows a pile per side, then smaller counters, down to chips (:mod:`map_piles`);
after a redraw and at every new scale the blocks of symbols are moved clear of each other
and of the names (:mod:`map_declutter`). The view says its scale with
:meth:`set_view_scale`.
"""

from __future__ import annotations

import statistics
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene

from editor.game.map.counter_art import CHIP
from editor.game.map.counters import CounterItem, content_key, describe, look_of
from editor.game.map.declutter import Clutter, Group
from editor.game.map.fog import FULL, NONE, stack_views
from editor.game.map.hexes import HEX_BAND_PX, grid_of, hex_area, labelled, road_items
from editor.game.map.highlights import Highlights
from editor.game.map.layout import entry_box
from editor.game.map.marks import MarkItem
from editor.game.map.outlines import LEADER_PEN, leader_lines
from editor.game.map.overlays import Overlays
from editor.game.map.piles import Piles, arrange, centre_chips, counter_size, path_area, pile_note
from editor.game.map.places import refresh_battles, refresh_places
from editor.game.map.regions import (
    RegionItem,
    connection_items,
    name_points,
    region_paths,
    terrain_colour,
)
from editor.game.map.style import Z_LABELS, Z_PLACES, nation_colours, side_colours
from editor.game.map.tips import region_tip, worth_vp
from editor.game.session import GameSession
from editor.shared.map.drawing import LabelItem
from engine.game import Game

BACKGROUND = QColor("#dde3e8")
LABEL_PX = 42.0
"""A typical region must be this many pixels wide on screen for names to show."""
HEX_LABEL_PX = 12.0
"""On a hex map only the named hexes (towns, cities) carry a name, so names show from a
much smaller zoom: once a hex is this many pixels wide (a 2,000-hex map fitted in a
1280 x 720 window), decluttered as region names are (a name under counters or under another
name hides; the names of hexes worth VP are placed first)."""

StackEntry = tuple[str, str | None, Any, Any]
"""A stack as a region shows it: id, structure, look, and what its tooltip depends on."""


class GameMapScene(QGraphicsScene):
    """The board of a game session."""

    def __init__(self, session: GameSession, base: Path | None = None) -> None:
        super().__init__()
        self.session = session
        self.base = base
        """The scenario's folder, where pictures of leaders and unit types are found."""
        self.setBackgroundBrush(BACKGROUND)
        self.selected: str | None = None
        self.marks: dict[str, str] = {}
        """Stacks marked for the player to pick (``target``) or picked (``picked``)."""
        self.views: dict[str, str] = {}
        self.counters: dict[str, CounterItem] = {}
        self._contents: dict[str, tuple[StackEntry, ...]] = {}
        self._tips: dict[str, Any] = {}
        self.battle_marks: dict[str, MarkItem] = {}
        self.labels_shown = True
        self.counter_size = 1.0
        """The share of full size counters are drawn at, by zoom (see :mod:`map_piles`)."""
        self.piles = Piles()
        self._build()
        self.highlights = Highlights(self)
        self.overlays = Overlays(self)
        self.refresh()

    @property
    def game(self) -> Game:
        return self.session.game

    # -- the board that does not move ------------------------------------------------------------

    def _build(self) -> None:
        game = self.game
        self.nation_colours = nation_colours(game)
        self.side_colours = side_colours(game)
        # A hex map's geometry comes from its grid (see map_hexes); its places are regions.
        self.grid = grid = grid_of(game)
        self.paths = region_paths(game, grid)
        self.points = name_points(game, self.paths, grid)
        if grid is not None:
            area = hex_area(grid)
            self.areas = dict.fromkeys(self.paths, area)
            named = labelled(game, grid)
        else:
            self.areas = {region_id: path_area(path) for region_id, path in self.paths.items()}
            named = set(self.paths)
        self.region_items: dict[str, RegionItem] = {}
        self.labels: dict[str, LabelItem] = {}
        self.stars: dict[str, MarkItem] = {}
        names: dict[str, QRectF] = {}
        for region in game.world.regions.values():
            item = RegionItem(region.id, self.paths[region.id])
            item.set_look(terrain_colour(game, region.id), None, region.off_map)
            if grid is not None:
                item.band_px = HEX_BAND_PX
                if not region.off_map:
                    # A hex map's thousand small regions: each repaint called Python for
                    # every one (a third of repainting a 1,200-hex map); cached, a hex is
                    # copied until its look or the zoom changes. Smoothed edges come out
                    # within 3 levels of a colour of the uncached drawing. Hatched regions
                    # are left out: their pattern is laid from the device's origin.
                    item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
            self.addItem(item)
            self.region_items[region.id] = item
            if region.id not in named and not worth_vp(region.values):
                continue
            label = LabelItem(region.id, region.name)
            label.setZValue(Z_LABELS)
            label.setPos(self.points[region.id])
            self.addItem(label)
            self.labels[region.id] = label
            names[region.id] = label.boundingRect()
            if worth_vp(region.values):
                star = MarkItem("vp", region.id, Z_LABELS)
                star.set_look(("vp",))
                star.setPos(self.points[region.id])
                box = label.boundingRect()
                star.set_offset(QPointF(box.left() - 8, box.center().y()))
                star.setToolTip(region_tip(game, region.id))
                self.addItem(star)
                self.stars[region.id] = star
                names[region.id] = names[region.id].adjusted(-16, 0, 0, 0)
        sizes = [item.size for item in self.region_items.values()]
        self.typical = statistics.median(sizes) if sizes else 1.0
        order = self.points
        if grid is not None:
            # Towns worth VP keep their names first where names would clash.
            rank = {r: (0 if r in self.stars else 1 if r in names else 2) for r in order}
            order = dict(sorted(order.items(), key=lambda item: rank[item[0]]))
        self.label_px = HEX_LABEL_PX if grid is not None else LABEL_PX
        self.clutter = Clutter(order, names, self.paths)
        self.leaders = QGraphicsPathItem()
        """Lines from blocks of counters pushed out of their small regions back to them."""
        self.leaders.setPen(LEADER_PEN)
        self.leaders.setBrush(LEADER_PEN.color())
        self.leaders.setZValue(Z_PLACES - 1)
        self.addItem(self.leaders)
        if grid is not None:
            self.roads = road_items(game, grid)
            for road in self.roads:
                self.addItem(road)
        links, middles = connection_items(game, self.points, grid)
        self.connection_items = {item.connection_id: item for item in links}
        for item in links:
            self.addItem(item)
        self.bridges: dict[str, MarkItem] = {}
        for connection_id, middle in middles.items():
            bridge = MarkItem("bridge", connection_id, Z_PLACES - 1)
            bridge.set_look(("bridge",))
            bridge.setPos(middle)
            self.addItem(bridge)
            self.bridges[connection_id] = bridge
        self.structure_items: dict[str, MarkItem] = {}
        for structure in game.scenario.structures:
            item = MarkItem("structure", structure.id, Z_PLACES)
            self.addItem(item)
            self.structure_items[structure.id] = item
        self.source_items: dict[str, MarkItem] = {}
        for source in game.scenario.supply_sources:
            item = MarkItem("source", source.id, Z_PLACES)
            self.addItem(item)
            self.source_items[source.id] = item
        for region_id in self.paths:
            self._draw_region(region_id, ())
        # The regions' extent: symbols drawn at a fixed screen size have no extent in map units.
        self.bounds = QRectF()
        for path in self.paths.values():
            self.bounds = self.bounds.united(path.boundingRect())

    # -- following the game ----------------------------------------------------------------------

    def refresh(self) -> set[str]:
        """Show the game as it stands; returns the regions whose contents were redrawn."""
        game = self.game
        self.views = views = self.stack_views()
        refresh_places(self)
        wanted: dict[str, list[StackEntry]] = {}
        for stack in game.state.stacks.values():
            view = views[stack.id]
            if view == NONE:
                continue
            look = look_of(game, stack, view, self.base, self.side_colours)
            look = replace(
                look, selected=stack.id == self.selected, mark=self.marks.get(stack.id, "")
            )
            key = content_key(game, stack) if view == FULL else view
            wanted.setdefault(stack.region, []).append((stack.id, stack.structure, look, key))
        redrawn = set()
        for region in set(wanted) | set(self._contents):
            contents = tuple(wanted.get(region, ()))
            if self._contents.get(region, ()) != contents:
                self._draw_region(region, contents)
                redrawn.add(region)
        shown = {entry[0] for contents in self._contents.values() for entry in contents}
        for stack_id in list(self.counters):
            if stack_id not in shown:
                self.removeItem(self.counters.pop(stack_id))
                self._tips.pop(stack_id, None)
        if redrawn:
            self._declutter()
        refresh_battles(self)
        if self.overlays.name is not None:
            self.overlays.refresh()
        return redrawn

    def stack_views(self) -> dict[str, str]:
        """How much the viewer sees of every stack (the WEGO film's scene reads a frame)."""
        return stack_views(self.game, self.session.viewer)

    def _draw_region(self, region_id: str, contents: tuple[StackEntry, ...]) -> None:
        """Lay out a region's structures, sources and counters again: fanned out if they
        fit in the region on screen, else one pile per side (see :mod:`map_piles`)."""
        game = self.game
        size, piles, slots, entries = arrange(self, region_id, contents)
        tables = {"structure": self.structure_items, "source": self.source_items}
        groups: dict[str, Group] = {}
        fixed: list[tuple[QPointF, QRectF]] = []
        for key, slot in slots.items():
            kind, entity_id = key
            if kind == "counter":
                item = self._counter(entity_id)
            else:
                item = tables[kind][entity_id]
                own = game.world.structures[entity_id].anchor if kind == "structure" else None
                if own is not None:
                    # Pinned by the designer: drawn there, and kept clear of by the rest.
                    item.setPos(QPointF(*own))
                    item.set_offset(QPointF())
                    fixed.append((QPointF(*own), entry_box(entries[key], QPointF())))
                    continue
            item.setPos(slot.point)
            item.set_offset(slot.offset)
            group = groups.get(slot.group)
            if group is None:
                group = groups[slot.group] = Group(
                    region_id, slot.point, QRectF(), above=slot.group == "above"
                )
            group.box = group.box.united(entry_box(entries[key], slot.offset))
            group.members.append((item, slot.offset))
        looks = {e[0]: e[2] for e in contents}
        under = {s for top, pile in piles.items() for s in pile if s != top}
        for stack_id, _, look, key in contents:
            counter = self._counter(stack_id)
            counter.set_size(size)
            # Under another stack of a pile of this region: hidden (the top stands for it).
            counter.setVisible(stack_id in piles or stack_id not in under)
            pile = piles.get(stack_id, [])
            counter.set_look(replace(look, pile=len(pile) if len(pile) > 1 else 0))
            # What the rest of a pile holds, as their counters would show it.
            note = pile_note([looks[s] for s in pile if s != stack_id])
            if self._tips.get(stack_id) != (key, note):
                self._tips[stack_id] = (key, note)
                tip = describe(game, game.state.stacks[stack_id], look.view)
                counter.setToolTip(tip + note)
        if size == CHIP:
            for group in groups.values():
                centre_chips(group)
        self.clutter.set_region(region_id, list(groups.values()), fixed)
        self._contents[region_id] = contents

    def _counter(self, stack_id: str) -> CounterItem:
        item = self.counters.get(stack_id)
        if item is None:
            item = self.counters[stack_id] = CounterItem(stack_id)
            item.set_size(self.counter_size)
            self.addItem(item)
        return item

    def cycle_pile(self, stack_id: str) -> str:
        """Bring the stack after ``stack_id`` in its pile to the top; returns it."""
        following = self.piles.next_of(stack_id)
        region = self.game.state.stacks[stack_id].region
        self._draw_region(region, self._contents.get(region, ()))
        self._declutter()
        return following

    # -- what the player is doing ----------------------------------------------------------------

    def set_selected(self, stack_id: str | None) -> None:
        if stack_id != self.selected:
            self.selected = stack_id
            self.refresh()

    def set_marks(self, marks: dict[str, str]) -> None:
        """Mark stacks and structures a player may pick (or has picked)."""
        if marks != self.marks:
            self.marks = dict(marks)
            self.refresh()

    def beside_name(self, region_id: str, width: float, right: bool) -> QPointF:
        """The offset (pixels, from the region's point) of a badge ``width`` wide just right
        or left of a region's name (left of its VP star, when it has one)."""
        box = self._name_box(region_id)
        if right:
            return QPointF(box.right() + 3 + width / 2, box.center().y())
        star = 16.0 if worth_vp(self.game.world.regions[region_id].values) else 0.0
        return QPointF(box.left() - 3 - star - width / 2, box.center().y())

    def battle_offset(self, region_id: str) -> QPointF:
        """Crossed swords go right of the name (clear of an MP cost written there)."""
        box = self._name_box(region_id)
        return QPointF(box.right() + 14, box.center().y())

    def _name_box(self, region_id: str) -> QRectF:
        """A region's name in pixels from its point, where the declutter moved it (a
        small box at the point for an unnamed hex)."""
        shift = self.clutter.name_shifts.get(region_id, QPointF())
        label = self.labels.get(region_id)
        box = label.boundingRect() if label is not None else QRectF(-4.0, 0.0, 8.0, 12.0)
        return box.translated(shift)

    def region_of_point(self, point: QPointF) -> str | None:
        for item in self.items(point):
            if isinstance(item, RegionItem):
                return item.region_id
        return None

    # -- detail ----------------------------------------------------------------------------------

    def set_view_scale(self, scale: float) -> None:
        """The view shows the map at ``scale`` pixels per map unit: show the names if they
        can be read, and lay the symbols out clear of them."""
        if scale <= 0 or scale == self.clutter.scale:
            return
        self.clutter.scale = scale
        self.labels_shown = self.typical * scale >= self.label_px
        size = counter_size(self.typical * scale)
        self.counter_size = size
        # Piles fan out and gather, and counters grow out of chips, as the zoom changes.
        for region_id, contents in self._contents.items():
            if contents:
                self._draw_region(region_id, contents)
        self._declutter()

    def _declutter(self) -> None:
        """Lay the blocks out clear of each other; names move with their block (and what
        is written beside them follows), or hide when they stay covered."""
        clutter = self.clutter
        clutter.apply(self.labels_shown)
        scale = clutter.scale or 1.0
        self.leaders.setPath(leader_lines(clutter.placed, self.paths, scale))
        for region_id, label in self.labels.items():
            shift = clutter.name_shifts.get(region_id, QPointF()) / scale
            label.setPos(self.points[region_id] + shift)
            label.setVisible(self.labels_shown and region_id not in clutter.covered)
            star = self.stars.get(region_id)
            if star is not None:
                star.setPos(label.pos())
        for region_id, mark in self.battle_marks.items():
            mark.set_offset(self.battle_offset(region_id))
        for region_id, badge in self.highlights.costs.items():
            badge.set_offset(self.beside_name(region_id, badge.boundingRect().width(), True))
        self.highlights.thin_costs()
        for region_id, badge in self.overlays.badges.items():
            badge.set_offset(self.beside_name(region_id, badge.boundingRect().width(), False))
