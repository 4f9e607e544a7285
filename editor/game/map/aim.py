"""What a click on the game map aims at, allowing for a hand that is not quite steady.

A click that lands a few pixels beside a counter was meant for the counter, and one that
lands on a border between two regions could have been meant for either. Neither may move a
stack: the map reads the first as a click on the counter (select or look at it) and the
second as no choice at all (the status bar asks for a click inside the region). Only a
click clearly inside a region, away from every counter, means the region itself.
"""

from __future__ import annotations

from math import hypot
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QPoint, QRect

from editor.game.map.counters import CounterItem

if TYPE_CHECKING:
    from PySide6.QtWidgets import QGraphicsView

    from editor.game.map.scene import GameMapScene

COUNTER_SLACK = 8
"""A click this many pixels (or fewer) from a counter's body is taken for a click on it (the
badges drawn around the body are inside that)."""
BORDER_SLACK = 4
"""A click this close to another region's edge (pixels) does not say which region."""


class Aim(NamedTuple):
    counter: CounterItem | None
    """The counter under the click, or within :data:`COUNTER_SLACK` of it."""
    region: str | None
    """The region under the click (``None``: off the map)."""
    on_border: bool
    """Another region (or the edge of the map) lies within :data:`BORDER_SLACK` pixels."""

    @property
    def clear(self) -> bool:
        """The click means the region itself: no counter near, not on a border."""
        return self.counter is None and self.region is not None and not self.on_border


def aim(view: QGraphicsView, scene: GameMapScene, at: QPoint) -> Aim:
    """What a click at ``at`` (viewport pixels) aims at."""
    counter = next((i for i in view.items(at) if isinstance(i, CounterItem)), None)
    if counter is None:
        counter = _nearest_counter(view, at)
    region = scene.region_of_point(view.mapToScene(at))
    on_border = False
    if region is not None:
        for dx, dy in (
            (BORDER_SLACK, 0),
            (-BORDER_SLACK, 0),
            (0, BORDER_SLACK),
            (0, -BORDER_SLACK),
        ):
            if scene.region_of_point(view.mapToScene(at + QPoint(dx, dy))) != region:
                on_border = True
                break
    return Aim(counter, region, on_border)


def _nearest_counter(view: QGraphicsView, at: QPoint) -> CounterItem | None:
    """The counter whose box comes closest to ``at`` within the slack, if any."""
    slack = COUNTER_SLACK
    box = QRect(at.x() - slack, at.y() - slack, 2 * slack + 1, 2 * slack + 1)
    best: tuple[float, CounterItem] | None = None
    for item in view.items(box):
        if not isinstance(item, CounterItem) or not item.isVisible():
            continue
        # Counters keep their size on screen (they ignore the view's zoom): map their box
        # with the item's own device transform, not through the scene.
        body = item.shape().boundingRect()
        shape = item.deviceTransform(view.viewportTransform()).mapRect(body)
        dx = max(shape.left() - at.x(), 0.0, at.x() - shape.right())
        dy = max(shape.top() - at.y(), 0.0, at.y() - shape.bottom())
        distance = hypot(dx, dy)
        if distance <= slack and (best is None or distance < best[0]):
            best = (distance, item)
    return best[1] if best is not None else None
