"""Crowded regions: counters that shrink as the map zooms out, and piles.

Counters keep their size on screen while regions shrink with the zoom, so a theatre of
many small regions seen whole would have counters far larger than the regions they stand
in. Two things keep each region's forces readable and inside it, as board wargames and
their computer versions do:

- counters shrink in a few steps as a typical region gets smaller on screen
  (:func:`counter_size`), down to a compact counter that still shows the side, the unit's
  sign and the number of units;
- a region whose counters, fanned out side by side, would not fit inside it on screen shows
  one pile per side instead: the top stack's counter with the edges of the others beneath
  it and a badge with the number of stacks. Zoomed in far enough, the pile fans out again.

A pile hides nothing a player could otherwise reach: clicking its top counter selects (or
looks at) that stack, and clicking it again brings the next stack of the pile to the top,
round and round (:meth:`Piles.again`, :meth:`Piles.next_of`); its tooltip lists the stacks
under it. The stack selected is always the one on top, and a region with stacks the player
is asked to pick is never piled, so every target is in sight. Under the fog of war a pile
says what its counters would have said one by one: the side, how many stacks are seen
there, and what each of them shows (nothing, for a stack not seen in full).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainterPath

from editor.game.map.counter_art import CHIP, SIZES
from editor.game.map.fog import FLAG, FULL
from editor.game.map.layout import Entries, Slots, entry_box, region_slots

if TYPE_CHECKING:
    from editor.game.map.counters import CounterLook
    from editor.game.map.declutter import Group
    from editor.game.map.scene import GameMapScene

SIZE_STEPS = (130.0, 85.0)
"""A typical region at least this wide on screen (pixels) gets counters of full size, then
of the next size in :data:`SIZES`; smaller, the compact size."""
NAME_ROOM = 10.0
"""Height of a region's name under its counters (pixels)."""
FILL = 0.75
"""Share of a region's area on screen its counters and name may cover before they pile."""

CHIP_REACH = 20.0
"""How far (pixels) chips may move off their region's point to keep clear of others."""
CHIP_OUTSIDE = 4000.0
"""What a chip hanging out of its region costs (see :attr:`Group.outside`)."""

PileKey = tuple[str, str]
"""A pile: its region and its side."""


def counter_size(typical_px: float) -> float:
    """The size counters are drawn at when a typical region is ``typical_px`` wide."""
    for step, size in zip(SIZE_STEPS, SIZES, strict=False):
        if typical_px >= step:
            return size
    return SIZES[-1]


def path_area(path: QPainterPath) -> float:
    """A region's area in map units (its outline's polygons; holes are rare and small)."""
    total = 0.0
    for polygon in path.toFillPolygons():
        points = [polygon.at(i) for i in range(polygon.size())]
        twice = sum(
            a.x() * b.y() - b.x() * a.y()
            for a, b in zip(points, points[1:] + points[:1], strict=True)
        )
        total += abs(twice) / 2
    return total


def fits(width: float, height: float, path: QPainterPath, area: float, scale: float) -> bool:
    """Whether a block of symbols ``width`` by ``height`` pixels, with the region's name
    under it, fits in a region of outline ``path`` and ``area`` at ``scale``."""
    bounds = path.boundingRect()
    tall = height + NAME_ROOM
    return (
        width <= bounds.width() * scale
        and tall <= bounds.height() * scale
        and width * tall <= FILL * area * scale * scale
    )


def arrange(
    scene: GameMapScene, region_id: str, contents: tuple[Any, ...]
) -> tuple[float, dict[str, list[str]], Slots, Entries]:
    """How a region shows the stacks of ``contents`` (the scene's entries: id, structure,
    look...) at the scene's scale: the counters' size, the piles (each top with its pile)
    and the layout of what is drawn. Fanned out if they fit in the region on screen,
    else a pile per side, then smaller counters, down to chips."""
    game = scene.game
    point, size, shown = scene.points[region_id], scene.counter_size, list(contents)

    def lay(entries: list[Any], size: float) -> tuple[Slots, Entries]:
        return region_slots(game, region_id, point, [(e[0], e[1]) for e in entries], size)

    def fitting(slots: Slots, entries: Entries) -> bool:
        # Only counters: structures and sources keep their size, and would not fit better.
        block = QRectF()
        for key, slot in slots.items():
            if slot.group == "above" and key[0] == "counter":
                block = block.united(entry_box(entries[key], slot.offset))
        scale = scene.clutter.scale or 1.0
        path, area = scene.paths[region_id], scene.areas[region_id]
        return fits(block.width(), block.height(), path, area, scale)

    slots, entries = lay(shown, size)
    fit = not contents or scene.clutter.scale is None or fitting(slots, entries)
    piles: dict[str, list[str]] = {}
    # Stacks to pick for a card stay spread out, every one in sight.
    if not fit and len(contents) > 1 and not any(e[2].mark for e in contents):
        # The stack that says most on top (seen in full, led, strongest), the rest under
        # it in that order: a pile shows at a glance what matters most in it.
        ranked = sorted(contents, key=lambda e: (e[2].view != FULL, -e[2].stars, -e[2].count))
        stacks = [(e[0], game.state.stacks[e[0]].side) for e in ranked]
        piles = scene.piles.gather(region_id, stacks, scene.selected)
        shown = [e for e in contents if e[0] in piles]
        slots, entries = lay(shown, size)
        fit = fitting(slots, entries)
    if not piles:
        scene.piles.clear(region_id)
    smaller = [s for s in (*SIZES, CHIP) if s < size]
    while not fit and smaller:
        size = smaller.pop(0)
        slots, entries = lay(shown, size)
        fit = size == CHIP or fitting(slots, entries)
    return size, piles, slots, entries


def centre_chips(group: Group) -> None:
    """Chips of a region too small for its symbols stand on its point, leaving the name
    to show beside them or to hide (it could not be read there anyway), and stay near."""
    shift = -group.box.center()
    group.box.translate(shift)
    group.members = [(item, offset + shift) for item, offset in group.members]
    group.above = False
    group.reach = CHIP_REACH
    group.outside = CHIP_OUTSIDE


def pile_note(others: list[CounterLook]) -> str:
    """What a pile's tooltip adds to its top stack's: the other stacks under it, each as
    its own counter would show it (so nothing the fog hides), and how to reach them."""
    if not others:
        return ""
    rows = []
    for look in others:
        if look.view == FULL:
            units = f"{look.count} unit{'s' if look.count != 1 else ''}"
            rows.append(f"{escape(look.text)}, {units}" if look.text else units)
        elif look.view == FLAG:
            rows.append("a flag: what stands there is unknown")
        else:
            rows.append("a stack whose contents are hidden")
    return (
        f"<hr>Under it, {len(others)} more stack{'s' if len(others) > 1 else ''}: "
        f"{'; '.join(rows)}.<br><i>Click the pile again for the next, or zoom in to spread"
        " them out.</i>"
    )


class Piles:
    """Which stacks of a scene are piled, which one tops each pile, and clicks on them."""

    def __init__(self) -> None:
        self.members: dict[str, list[str]] = {}
        """Each piled stack's pile, in the order clicks go through it."""
        self.keys: dict[str, PileKey] = {}
        self.tops: dict[PileKey, str] = {}
        """The stack a player brought to the top of a pile by clicking it."""
        self.last: str | None = None
        """The stack last clicked on the map (a second click on it goes to the next)."""

    def gather(
        self, region: str, stacks: list[tuple[str, str]], selected: str | None
    ) -> dict[str, list[str]]:
        """Piles of ``stacks`` (id and side, the one to show on top first): each top with
        its pile, noted as the region's piles."""
        by_side: dict[str, list[str]] = {}
        for stack_id, side in stacks:
            by_side.setdefault(side, []).append(stack_id)
        self.clear(region)
        out: dict[str, list[str]] = {}
        for side, pile in by_side.items():
            key = (region, side)
            top = selected if selected in pile else self.tops.get(key, pile[0])
            out[top if top in pile else pile[0]] = pile
            if len(pile) > 1:
                for stack_id in pile:
                    self.members[stack_id] = pile
                    self.keys[stack_id] = key
        return out

    def clear(self, region: str) -> None:
        """Forget a region's piles (it fans its counters out)."""
        for stack_id in [s for s, key in self.keys.items() if key[0] == region]:
            del self.members[stack_id], self.keys[stack_id]

    def again(self, stack_id: str, selected: str | None) -> bool:
        """Whether a click on ``stack_id`` should bring the next stack of its pile up:
        it tops a pile and was the one clicked or selected last."""
        return stack_id in self.members and stack_id in (selected, self.last)

    def next_of(self, stack_id: str) -> str:
        """The stack after ``stack_id`` in its pile, now noted as the pile's top."""
        pile = self.members[stack_id]
        following = pile[(pile.index(stack_id) + 1) % len(pile)]
        self.tops[self.keys[stack_id]] = following
        return following

    def position(self, stack_id: str) -> tuple[int, int]:
        """Which stack of its pile ``stack_id`` is (from 1), and how many the pile has."""
        pile = self.members.get(stack_id, [stack_id])
        return pile.index(stack_id) + 1, len(pile)
