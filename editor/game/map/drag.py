"""A stack dragged across the map: a faded copy of its counter follows the pointer and the
path it will take is drawn from region to region, with the MP it costs so far. A fleet with
troops aboard dragged onto a beach (or back onto its own port) puts them ashore instead, and
a land stack dragged onto the counter of a fleet in a port of its region boards it."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QPointF, Qt

from editor.game.map.counter_art import HEIGHT, WIDTH
from editor.game.map.counters import CounterItem
from editor.game.map.landing import SHORE_WORDS
from editor.game.map.moves import Destination, DragPath
from editor.game.map.scene import GameMapScene
from editor.game.map.style import REACH_COLOURS, REACH_NAMES, SHORE_COLOURS, Z_DRAG
from engine.actions import Disembark, Embark, Move
from engine.naval.transport import ShoreKind
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
        self,
        scene: GameMapScene,
        stack: StackState,
        dests: dict[str, Destination],
        shores: dict[str, tuple[ShoreKind, Disembark]] | None = None,
        fleets: dict[str, Embark] | None = None,
    ) -> None:
        self.scene = scene
        self.path = DragPath(scene.game, stack, dests)
        self.shores = shores or {}
        """Where the troops aboard may go ashore (a fleet's cargo), with the action."""
        self.fleets = fleets or {}
        """Fleets the (land) stack may board, by fleet id, with the action."""
        self.left_home = False
        """The pointer has left the stack's region (a port landing is a drag back onto it)."""
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

    def follow(self, region: str | None, point: QPointF, over: str | None = None) -> None:
        """The pointer moved to ``point``, over ``region`` (and the counter of stack
        ``over``, if any)."""
        self.path.enter(region)
        self.left_home = self.left_home or region != self.path.origin
        self.ghost.setPos(point)
        landing = self._landing(region)
        end = self.path.end
        if over in self.fleets:
            self.show_boarding(over)
        elif landing is not None:
            self.show_landing(region or "", landing[0])
        elif end is None:
            self.scene.highlights.clear_path()
        else:
            dest = self.path.dests[end]
            show_route(self.scene, self.path.origin, self.path.path, dest, self.path.cost)

    def show_landing(self, region: str, kind: ShoreKind) -> None:
        """A short line from the fleet to the shore, saying what the drop there does."""
        colour = REACH_COLOURS["battle" if kind == "assault" else "move"]
        origin = self.path.origin
        regions = [origin, region] if region != origin else [origin, origin]
        self.scene.highlights.show_path(regions, SHORE_WORDS[kind].capitalize(), colour)

    def show_boarding(self, fleet: str) -> None:
        """A mark on the port saying the drop there boards the fleet under the pointer."""
        origin = self.path.origin
        game = self.scene.game
        port = game.state.stacks[fleet].structure
        where = game.world.structures[port].name if port is not None else "port"
        words = f"Board the ships in {where}"
        self.scene.highlights.show_path([origin, origin], words, SHORE_COLOURS["port"])

    def _landing(self, region: str | None) -> tuple[ShoreKind, Disembark] | None:
        """The landing a drop on ``region`` makes: a shore that is no move's destination (a
        move there is what the drag already means), or the fleet's own port after the drag
        went out and came back."""
        if region is None or region not in self.shores:
            return None
        if region == self.path.origin:
            return self.shores[region] if self.left_home else None
        dest = self.path.dests.get(region)
        return None if dest is not None and dest.legal else self.shores[region]

    def drop(self, region: str | None, over: str | None = None) -> Move | Disembark | Embark | None:
        """What to do when the stack is dropped on ``region``, over the counter of stack
        ``over`` (``None``: nothing)."""
        if over in self.fleets:
            return self.fleets[over]
        self.path.enter(region)
        landing = self._landing(region)
        if landing is not None:
            return landing[1]
        return self.path.action()

    def cancel(self) -> None:
        if self.ghost.scene() is self.scene:
            self.scene.removeItem(self.ghost)
        self.scene.highlights.clear_path()
