"""A stack dragged across the map: a faded copy of its counter follows the pointer and the
path it will take is drawn from region to region, with the MP it costs so far."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QPointF, Qt

from editor.game.map.counter_art import HEIGHT, WIDTH
from editor.game.map.counters import CounterItem
from editor.game.map.moves import Destination, DragPath
from editor.game.map.scene import GameMapScene
from editor.game.map.style import REACH_COLOURS, REACH_NAMES, Z_DRAG
from engine.actions import Move
from engine.state import StackState


def show_route(
    scene: GameMapScene, origin: str, path: list[str], dest: Destination, cost: float
) -> None:
    """Draw a move's path from ``origin``, labelled with its cost and what ends it."""
    label = f"{cost:g} MP"
    if dest.kind != "move":
        label += f" · {REACH_NAMES[dest.kind]}"
    scene.highlights.show_path([origin, *path], label, REACH_COLOURS[dest.kind])


class DragGesture:
    """One drag of a stack, from the press on its counter to the drop."""

    def __init__(
        self, scene: GameMapScene, stack: StackState, dests: dict[str, Destination]
    ) -> None:
        self.scene = scene
        self.path = DragPath(scene.game, stack, dests)
        self.ghost = CounterItem(stack.id)
        source = scene.counters.get(stack.id)
        if source is not None:
            self.ghost.set_look(replace(source.look, pile=0))  # one stack moves, not the pile
        self.ghost.setOpacity(0.8)
        # Below and right of the pointer, clear of the path's end and its label.
        self.ghost.set_offset(QPointF(WIDTH / 2 + 8, HEIGHT / 2 + 10))
        self.ghost.setZValue(Z_DRAG)
        self.ghost.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(self.ghost)

    @property
    def stack(self) -> StackState:
        return self.path.stack

    def follow(self, region: str | None, point: QPointF) -> None:
        """The pointer moved to ``point``, over ``region``."""
        self.path.enter(region)
        self.ghost.setPos(point)
        end = self.path.end
        if end is None:
            self.scene.highlights.clear_path()
        else:
            dest = self.path.dests[end]
            show_route(self.scene, self.path.origin, self.path.path, dest, self.path.cost)

    def drop(self, region: str | None) -> Move | None:
        """The move to make when the stack is dropped on ``region`` (``None``: none)."""
        self.path.enter(region)
        return self.path.action()

    def cancel(self) -> None:
        if self.ghost.scene() is self.scene:
            self.scene.removeItem(self.ghost)
        self.scene.highlights.clear_path()
