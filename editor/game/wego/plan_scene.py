"""The planning map's scene in an operational game: the enemy as the planning side's
intelligence reads it (OI1-OI4), the same picture the film's frames and the Intel overlay
give.

One engine query (:func:`engine.wego.op.intel.enemy_sight`, asked for the viewer: in a
hot-seat game the person planning, so a side never sees with another's eyes) says how each
enemy stack is seen; the scene only draws it (Table OI2):

* not read at all (level 0): not drawn;
* level 1: a dashed outline with a question mark, the hex known to be held;
* levels 2 to 4: the outline carries the sign of the type read, and the number of units whose
  type is read (at level 2 the type may be wrong, OI4: the sign is the misread one);
* level 5 (next to one of the side's units, OI3): the stack drawn whole, as the film does.

Every hex with enemies under the fog gets the film's level badge at its upper right, and the
tooltips of the badge and of the counter list what each unit shows at its level (the Intel
overlay's words). Without fog of war (OI1), for a spectator, or under the area rules the map
is the IGOUGO map's (:func:`editor.game.map.fog.stack_views`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from html import escape
from pathlib import Path

from editor.game.map.fog import FULL, NONE, OUTLINE
from editor.game.map.scene import GameMapScene, StackEntry
from editor.game.session import GameSession
from editor.game.wego.op_intel import LEVEL_SHOWS, IntelBadgesItem, level_words, seen_words
from engine.operational.intel import SeenUnit
from engine.wego import family
from engine.wego.op.intel import EnemySight, enemy_sight

CATEGORY_SIGNS: dict[str, str] = {
    "armour": "armour",
    "mechanized": "armour",
    "motorized": "motorized",
    "recce": "recon",
    "artillery": "artillery",
    "antitank": "antitank",
    "heavy_antitank": "antitank",
    "aa": "aa",
    "heavy_aa": "aa",
    "hq": "hq",
    "partisan": "guerrilla",
}
"""The sign an outline shows for a category read at level 2 or more (the others, infantry,
engineers, ski and security troops, show the infantry sign)."""


class PlanScene(GameMapScene):
    """The WEGO game map's scene (see the module docstring)."""

    def __init__(self, session: GameSession, base: Path | None = None) -> None:
        self.sight: EnemySight | None = None
        """What the viewer sees of the enemy now (``None``: the IGOUGO map's fog)."""
        self.intel_badges: IntelBadgesItem | None = None
        """The level badges of the hexes with enemies under the fog."""
        self.intel_levels: dict[str, int] = {}
        """Hex -> the best level a badge shows there (for tests and tools)."""
        self._read: dict[str, dict[str, object]] = {}
        """Outlined enemy stack -> what its counter shows of the types read (:func:`read_look`)."""
        self._cells: list[tuple[str, int, str]] = []
        self._tips_read: dict[str, tuple[str, str]] = {}
        """Stack -> (the map's tooltip, that tooltip with the intelligence lines)."""
        super().__init__(session, base)

    def stack_views(self) -> dict[str, str]:
        game = self.game
        viewer = self.session.viewer
        if viewer is None or not game.fog or not family.operational(game):
            self.sight = None
            self._read = {}
            return super().stack_views()
        sight = self.sight = enemy_sight(game, viewer)
        self._read = {
            stack_id: read_look(sight.seen_in(game, stack_id))
            for stack_id, view in sight.views.items()
            if view == OUTLINE
        }
        world = game.world
        views: dict[str, str] = {}
        for stack in game.state.stacks.values():
            if stack.side == viewer or not world.at_war(viewer, stack.side):
                views[stack.id] = FULL
            else:
                views[stack.id] = sight.views.get(stack.id, NONE)
        return views

    def refresh(self) -> set[str]:
        redrawn = super().refresh()
        self._show_intelligence()
        return redrawn

    def _draw_region(self, region_id: str, contents: tuple[StackEntry, ...]) -> None:
        # A region is laid out again at every new zoom too (not only on a refresh): its
        # outlines get the types read each time.
        super()._draw_region(region_id, contents)
        for stack_id, *_rest in contents:
            read = self._read.get(stack_id)
            counter = self.counters.get(stack_id)
            if read is not None and counter is not None and counter.look.view == OUTLINE:
                counter.set_look(replace(counter.look, **read))

    def _show_intelligence(self) -> None:
        """The level badges and the counters' intelligence lines."""
        self.intel_levels = {}
        sight = self.sight
        if sight is None or not sight.levels:
            self._show_badges([])
            return
        game = self.game
        names = {u.id: u.name or u.id for u in game.scenario.units}
        by_hex: dict[str, list[SeenUnit]] = {}
        for stack_id, level in sight.levels.items():
            stack = game.state.stacks[stack_id]
            seen = sight.seen_in(game, stack_id)
            by_hex.setdefault(stack.region, []).extend(seen)
            self.intel_levels[stack.region] = max(level, self.intel_levels.get(stack.region, 0))
            counter = self.counters.get(stack_id)
            if counter is None:
                continue
            # The map's own tooltip (rewritten by the map only when the stack changes) with
            # the intelligence lines after it.
            shown = counter.toolTip()
            base, last = self._tips_read.get(stack_id, ("", None))
            if shown != last:
                base = shown
            tip = base + "<br>" + seen_html(level, seen, names)
            counter.setToolTip(tip)
            self._tips_read[stack_id] = (base, tip)
        self._tips_read = {k: v for k, v in self._tips_read.items() if k in sight.levels}
        cells = []
        for hex_id, level in sorted(self.intel_levels.items()):
            if hex_id not in self.points:
                continue
            lines = "\n".join(seen_words(u, names.get(u.unit, u.unit)) for u in by_hex[hex_id])
            cells.append((hex_id, level, f"Your intelligence in {hex_id}:\n{lines}"))
        self._show_badges(cells)

    def _show_badges(self, cells: list[tuple[str, int, str]]) -> None:
        """The badges of ``cells`` (hex, level, tooltip), made again only when they change
        (a refresh follows every order given, which changes none of them)."""
        if self.intel_badges is not None:
            if cells == self._cells:
                return
            self.removeItem(self.intel_badges)
            self.intel_badges = None
        self._cells = cells
        if cells and self.grid is not None:
            self.intel_badges = IntelBadgesItem(self, cells)
            self.intel_badges.setData(0, "plan-intelligence")
            # Under the Intel overlay's badges (the same levels in the same places): with the
            # overlay on, pointing at a badge gives the overlay's words.
            self.intel_badges.setZValue(self.intel_badges.zValue() - 0.5)
            self.addItem(self.intel_badges)


def read_look(seen: list[SeenUnit]) -> dict[str, object]:
    """What an outline shows of its units' read types (Table OI2 level 2 up, OI4): the sign
    of the most common type read and how many units are read; nothing below level 2."""
    kinds = Counter(u.category for u in seen if u.category is not None)
    if not kinds:
        return {"symbol": "", "text": "", "count": 0}
    # The most common type read; a tie goes to the first in the stack (a stable choice).
    order = {u.category: i for i, u in reversed(list(enumerate(seen)))}
    main = max(kinds, key=lambda c: (kinds[c], -order[c]))
    return {
        "symbol": CATEGORY_SIGNS.get(main, "infantry"),
        "text": main.replace("_", " ") + "?",
        "count": sum(kinds.values()),
    }


def seen_html(level: int, seen: list[SeenUnit], names: dict[str, str]) -> str:
    """A counter's intelligence lines: the stack's level, what it shows, each unit read."""
    rows = "".join(f"<br>&nbsp;· {escape(seen_words(u, names.get(u.unit, u.unit)))}" for u in seen)
    return (
        f"<i>Intelligence {escape(level_words(level))}: {escape(LEVEL_SHOWS.get(level, ''))}"
        f"</i>{rows}"
    )
