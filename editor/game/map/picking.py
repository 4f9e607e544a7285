"""Picking things on the game map: which counters a request marks, the units a counter
offers, the view's clicks while a request is open (:class:`TargetPicking`), and a spot of
a region free of counters (where a click means the region itself).

The fog of war decides what may be picked: a whole stack when it is seen at all, units
only inside stacks seen in full (naming the units of a stack seen as an outline would
tell what it holds).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtWidgets import QMenu

from editor.game.map.fog import FULL, NONE
from editor.game.session import Targeting
from engine.game import Game

if TYPE_CHECKING:
    from editor.game.map.counters import CounterItem
    from editor.game.map.scene import GameMapScene
    from editor.game.session import GameSession


def target_stacks(game: Game, views: dict[str, str], request: Targeting) -> list[str]:
    """Stacks a request lets the player pick (or pick units from) that the viewer may
    see."""
    stacks = game.state.stacks
    if request.kind == "stack":
        return [s for s in request.allowed if s in stacks and views.get(s, NONE) != NONE]
    allowed = set(request.allowed)
    return [s.id for s in stacks.values() if views.get(s.id) == FULL and allowed & set(s.units)]


def target_marks(game: Game, views: dict[str, str], request: Targeting) -> dict[str, str]:
    """Each counter to mark for a stack or unit request: ``target`` while something is
    left to pick in it, ``picked`` once done."""
    if request.kind == "region":
        return {}
    picked = set(request.picked)
    stacks = game.state.stacks
    marks = {}
    for stack_id in target_stacks(game, views, request):
        left = set(stacks[stack_id].units) & set(request.allowed) - picked
        done = stack_id in picked if request.kind == "stack" else not left
        marks[stack_id] = "picked" if done else "target"
    return marks


def unit_choices(game: Game, stack_id: str, request: Targeting) -> list[tuple[str, str]]:
    """The units of a stack still to pick from, as (id, name)."""
    out = []
    for unit_id in game.state.stacks[stack_id].units:
        if unit_id in request.allowed and unit_id not in request.picked:
            unit = game.world.units.get(unit_id)
            out.append((unit_id, unit.name if unit is not None and unit.name else unit_id))
    return out


def clear_spot(
    scene: GameMapScene, region_id: str, scale: float, free: Callable[[QPointF], bool]
) -> QPointF:
    """A scene point of a region where a click means the region (``free`` tells, from
    what the view draws there): on its name when shown (names keep clear of counters),
    else the first free point of a grid over the region, else its name point."""
    label = scene.labels.get(region_id)
    candidates = []
    if label is not None and label.isVisible():
        candidates.append(label.pos() + label.boundingRect().center() / scale)
    path = scene.paths[region_id]
    box = path.boundingRect()
    steps = 8
    for i in range(1, steps):
        for j in range(1, steps):
            point = QPointF(
                box.left() + box.width() * j / steps, box.top() + box.height() * i / steps
            )
            if path.contains(point):
                candidates.append(point)
    return next((p for p in candidates if free(p)), scene.points[region_id])


class TargetPicking:
    """The game map's clicks while the session asks for targets (mixed into the view,
    whose ``message``, ``viewport`` and ``_on_targeting`` it uses): a region, a marked
    stack, or a unit of a marked stack from a menu."""

    session: GameSession
    map_scene: GameMapScene
    menu: QMenu | None

    def _pick(self, counter: CounterItem | None, region: str | None, at: QPoint) -> None:
        request = self.session.targeting
        assert request is not None
        target: str | None = None
        if request.kind == "region":
            target = region
        elif counter is not None and counter.stack_id in self.map_scene.marks:
            if request.kind == "unit":
                self._pick_unit(counter.stack_id, request, at)
                return
            target = counter.stack_id
        if target is None or not self.session.pick(target):
            self.message.emit(f"Not a target: {request.prompt}")
        self._on_targeting(self.session.targeting)

    def _pick_unit(self, stack_id: str, request: Targeting, at: QPoint) -> None:
        choices = unit_choices(self.session.game, stack_id, request)
        if len(choices) == 1:
            self._picked_unit(choices[0][0])
            return
        menu = QMenu(self)
        for unit_id, name in choices:
            action = menu.addAction(name)
            action.triggered.connect(lambda _=False, u=unit_id: self._picked_unit(u))
        self.menu = menu
        menu.popup(self.viewport().mapToGlobal(at))

    def _picked_unit(self, unit_id: str) -> None:
        self.menu = None
        self.session.pick(unit_id)
        self._on_targeting(self.session.targeting)
