"""The game map: the board of a :class:`~editor.game.session.GameSession`, and the player's
hands on it.

- Zoom with the wheel (or + and -, 0 to fit), pan by dragging the map, with the space bar
  held or with the middle button; the whole map is fitted on open and on every resize until
  the player zooms.
- Click a counter to select its stack (:meth:`GameSession.select`); stacks of other sides
  can be looked at when they are seen in full. A region too crowded for the zoom shows a
  pile per side (:mod:`map_piles`): a click on a pile selects its top stack, the next
  click brings the next stack up, round and round.
- With one of the acting player's stacks selected, the regions it may move to are washed in
  the colour of what entering means, with the MP cost; point at one to see the path, click
  it to move, or drag the counter along the regions it should pass through and drop it.
  Only a click clearly inside a washed region moves (:mod:`aim`): one beside a counter
  selects or shows that counter, one on a border between regions asks for a clearer
  click, and one anywhere else drops the selection (saying why the region is out of
  reach). A click never moves a stack on a miss.
- With a fleet carrying troops selected in the naval movement phase, the regions its troops
  may go ashore in are washed in the landing colour and marked (a beach held by the enemy,
  hatched, in the battle colour); drag the fleet there to put them ashore. Drag a land stack
  onto a fleet lying in a port of its region to board it.
- While the session asks for targets (:attr:`GameSession.targeting`), the allowed regions
  or counters are marked; clicks pick them, Escape cancels.
- :meth:`GameMapView.set_overlay` shows one of :attr:`GameMapView.overlays`.
- :meth:`GameMapView.spot_of` tells where a click means a region itself (scripted players
  and tests aim there: region names move to keep clear of counters).

The view applies nothing but legal ``Move``, ``Embark`` and ``Disembark`` actions, through
the session; what it has to say (a refused move, the cost of the move pointed at) goes out
on :attr:`message`.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsView, QMenu, QWidget

from editor.game.map.aim import Aim, aim
from editor.game.map.counters import CounterItem
from editor.game.map.drag import DragGesture, show_route
from editor.game.map.fog import FULL
from editor.game.map.landing import boardings, shores_of
from editor.game.map.legend import MOVE_TITLE, paint_legends
from editor.game.map.moves import Destination, destinations, refusal
from editor.game.map.overlays import OVERLAYS
from editor.game.map.picking import TargetPicking, clear_spot, target_marks
from editor.game.map.scene import GameMapScene
from editor.game.map.style import REACH_NAMES
from editor.game.map.zoom import ZoomingView
from editor.game.session import GameSession, Targeting
from engine import movement
from engine.actions import Action, Disembark, Embark, Move
from engine.naval.transport import ShoreKind


class _Press(NamedTuple):
    """What the left button went down on, until it comes up or a drag starts."""

    stack: str | None
    """A stack the player may move, or ``None``: the map (a click moves or unselects)."""
    at: QPointF
    again: bool
    """A click there brings up the next stack of its pile."""
    region: str | None = None
    """The region pressed on (a click must end in the same one to mean it)."""


class GameMapView(TargetPicking, ZoomingView):
    """The game map widget (the game window's central widget)."""

    message = Signal(str)
    """Something to tell the player in the status bar: a refused move, a hint."""

    overlays: list[tuple[str, str]] = OVERLAYS
    scene_class: type[GameMapScene] = GameMapScene
    """The scene drawn (the WEGO film shows frames in a scene of its own)."""
    """The overlays :meth:`set_overlay` knows, as (name, label) for a menu."""

    def __init__(
        self, session: GameSession, parent: QWidget | None = None, *, base: Path | None = None
    ) -> None:
        """``base``: the scenario's folder, where pictures of leaders and units are found."""
        super().__init__(self.scene_class(session, base), parent)
        self.session = session
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(320, 240)
        self.dests: dict[str, Destination] = {}
        """Where the selected stack may move (empty when it may not)."""
        self.shores: dict[str, ShoreKind] = {}
        """Where the troops aboard the selected fleet may go ashore now (by drag)."""
        self.family_legend: tuple[str, list[tuple[QColor, str]]] | None = None
        """A legend a rules family's own overlay puts in the map's corner (the operational
        hexside effects, OH13) while no overlay of the map's own shows."""
        self.drag: DragGesture | None = None
        self.menu: QMenu | None = None
        """The menu of units to pick from, while one is open."""
        self._legal: list[Action] | None = None
        self._press: _Press | None = None
        self._panning: QPointF | None = None
        self._space = False
        self._hovered: str | None = None
        self._applying = False
        session.changed.connect(self._on_changed)
        session.toAct.connect(self._on_to_act)
        session.handover.connect(self._on_handover)
        session.finished.connect(self._on_changed)
        session.selectionChanged.connect(self._on_selection)
        session.targetingChanged.connect(self._on_targeting)
        session.failed.connect(self._on_failed)
        self._on_selection(session.selected)
        self._on_targeting(session.targeting)

    # -- public ----------------------------------------------------------------------------------

    @property
    def overlay(self) -> str | None:
        return self.map_scene.overlays.name

    def set_overlay(self, name: str | None) -> None:
        """Show an overlay of :attr:`overlays` by name, or none."""
        self.map_scene.overlays.show(name)
        self.viewport().update()

    def refresh(self) -> None:
        """Show the game as it stands (the session's signals call it)."""
        self._legal = None
        self.map_scene.refresh()
        self._update_destinations()
        self.viewport().update()

    def spot_of(self, region_id: str) -> QPoint:
        """Where in the viewport a click means the region itself (not a counter in it):
        for scripted players and tests, as a person would aim."""

        def free(point: QPointF) -> bool:
            found = aim(self, self.map_scene, self.mapFromScene(point))
            return found.clear and found.region == region_id

        scale = self.transform().m11() or 1.0
        return self.mapFromScene(clear_spot(self.map_scene, region_id, scale, free))

    def legal_actions(self) -> list[Action]:
        """The session's legal actions, asked once per state of the game."""
        if self._legal is None:
            self._legal = self.session.legal_actions() if self.session.human_to_act() else []
        return self._legal

    # -- following the session -------------------------------------------------------------------

    def _on_changed(self, *_: object) -> None:
        self._cancel_drag()
        self.refresh()

    def _on_to_act(self, *_: object) -> None:
        # Follows ``changed`` for the same state (or a resumed game): the board is drawn
        # already; only what the person may do now is new.
        self._cancel_drag()
        self._legal = None
        self._update_destinations()
        self.viewport().update()

    def _on_handover(self, side: str) -> None:
        # The next person must not find the last one's stack picked out.
        self.session.select(None)
        self._on_changed()

    def _on_selection(self, stack_id: str | None) -> None:
        if stack_id is None:
            self.map_scene.piles.last = None  # a click on a pile then starts at its top
        self.map_scene.set_selected(stack_id)
        self._update_destinations()

    def _on_failed(self, reason: str) -> None:
        if self._applying:
            self.message.emit(f"Refused: {reason}")

    def _update_destinations(self) -> None:
        session = self.session
        game = session.game
        stack = game.state.stacks.get(session.selected or "")
        dests: dict[str, Destination] = {}
        shores: dict[str, ShoreKind] = {}
        if stack is not None and session.targeting is None and session.human_to_act() == stack.side:
            dests = destinations(game, stack.id, session.viewer)
            shores = {r: kind for r, (kind, _) in shores_of(game, stack.id, session.viewer).items()}
        if dests != self.dests:
            self.dests = dests
            self.map_scene.highlights.show_destinations(dests)
            self.map_scene.highlights.clear_path()
            self._hovered = None
        if shores != self.shores:
            self.shores = shores
            self.map_scene.highlights.show_shores(shores)
            self.viewport().update()  # the legend names the shores

    def _on_targeting(self, request: Targeting | None) -> None:
        scene = self.map_scene
        scene.highlights.clear_targets()
        marks: dict[str, str] = {}
        if request is not None and request.kind == "region":
            picked = set(request.picked)
            scene.highlights.show_targets(set(request.allowed) - picked, picked)
        elif request is not None:
            marks = target_marks(self.session.game, scene.views, request)
        scene.set_marks(marks)
        self._update_destinations()
        self.viewport().update()

    # -- acting ----------------------------------------------------------------------------------

    def _apply(self, action: Action) -> bool:
        self._applying = True
        try:
            done = self.session.apply(action)
        finally:
            self._applying = False
        if done and isinstance(action, Move):
            world = self.session.game.world
            self.message.emit(f"Moved to {world.regions[action.path[-1]].name}")
        elif done and isinstance(action, Disembark):
            world = self.session.game.world
            self.message.emit(f"Went ashore in {world.regions[action.region].name}")
        elif done and isinstance(action, Embark):
            self.message.emit("Boarded the ships")
            if action.stack not in self.session.game.state.stacks:
                # The whole stack went aboard and left the map: show the fleet carrying it.
                self.session.select(action.fleet)
        return done

    def _click_region(self, target: Aim) -> None:
        """A click on the map away from the counters: move there when it is clearly inside
        a region the selected stack may move to; on a border, ask for a clearer click; in a
        region washed as reachable but not a place to stop, say why; anywhere else, drop the
        selection (saying why that region is out of reach)."""
        stack_id = self.session.selected
        region = target.region
        if region is None or stack_id is None or not self.dests:
            self.session.select(None)
            return
        dest = self.dests.get(region)
        game = self.session.game
        if target.on_border and dest is not None:
            self.message.emit(
                f"On the border of {game.world.regions[region].name}: click inside the region "
                "you want to move to"
            )
        elif dest is not None and dest.legal:
            self._apply(Move(stack_id, dest.path))
        elif region == game.state.stacks[stack_id].region:
            self.session.select(None)
        elif dest is not None:
            # Washed but not a place to stop (over-stacked): say why, keep the stack picked.
            self.message.emit(refusal(game, stack_id, region, self.dests))
        else:
            why = refusal(game, stack_id, region, self.dests)
            self.session.select(None)
            if why:
                self.message.emit(f"{why} (selection cleared)")

    # -- the mouse -------------------------------------------------------------------------------

    def _movable(self, stack_id: str) -> bool:
        stack = self.session.game.state.stacks.get(stack_id)
        return stack is not None and stack.side == self.session.human_to_act()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        at = event.position().toPoint()
        if self._space or event.button() == Qt.MouseButton.MiddleButton:
            self._start_pan(event.position())
            return
        if event.button() == Qt.MouseButton.RightButton:
            self._escape()
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        target = aim(self, self.map_scene, at)
        counter, region = target.counter, target.region
        stack_id = counter.stack_id if counter is not None else None
        # A second click on the top of a pile goes to the next stack in it.
        again = stack_id is not None and self.map_scene.piles.again(stack_id, self.session.selected)
        if self.session.targeting is not None:
            self._pick(counter, region, at)
        elif stack_id is not None and self._movable(stack_id):
            # The next stack comes up on release, unless the press starts a drag of this one.
            self._look_at(stack_id)
            self._press = _Press(stack_id, event.position(), again)
        elif stack_id is not None:
            # Another side's stack, or one not to move now: look at it (when seen in full).
            # A click on (or just beside) a counter never moves the selected stack: to
            # attack, click the region away from its counters, or drag there.
            self._look_at(self.map_scene.cycle_pile(stack_id) if again else stack_id)
        else:
            # The map itself: a click (on release) moves there or drops the selection; a
            # drag pans.
            self.map_scene.piles.last = None
            self._press = _Press(None, event.position(), False, region)

    def _look_at(self, stack_id: str) -> None:
        """Select a stack clicked (or brought to the top of its pile), if it may be seen."""
        self.map_scene.piles.last = stack_id
        index, count = self.map_scene.piles.position(stack_id)
        pile = f" (stack {index} of {count} here: click again for the next)" if count > 1 else ""
        if self._movable(stack_id) or self.map_scene.views.get(stack_id) == FULL:
            self.session.select(stack_id)
            if pile:
                self.message.emit(f"Selected{pile}")
        else:
            self.message.emit(f"The contents of this stack are hidden by the fog of war{pile}")

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._panning is not None:
            delta = event.position() - self._panning
            self._panning = event.position()
            bar_h, bar_v = self.horizontalScrollBar(), self.verticalScrollBar()
            bar_h.setValue(bar_h.value() - round(delta.x()))
            bar_v.setValue(bar_v.value() - round(delta.y()))
            return
        at = event.position().toPoint()
        region = self.map_scene.region_of_point(self.mapToScene(at))
        press = self._press
        distance = (event.position() - press.at).manhattanLength() if press else 0.0
        if press is not None and self.drag is None and distance >= QApplication.startDragDistance():
            if press.stack is None:
                self._press = None
                self._start_pan(event.position())
                return
            self._start_drag(press.stack)
        if self.drag is not None:
            self.drag.follow(region, self.mapToScene(at), self._counter_under(at))
        else:
            self._hover(region)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._panning is not None:
            self._panning = None
            shape = Qt.CursorShape.OpenHandCursor if self._space else Qt.CursorShape.ArrowCursor
            self.viewport().setCursor(shape)
            return
        press, self._press = self._press, None
        at = event.position().toPoint()
        region = self.map_scene.region_of_point(self.mapToScene(at))
        drag = self.drag
        if drag is None:
            if press is not None and press.stack is None:
                target = aim(self, self.map_scene, at)
                if target.region != press.region:
                    return  # pressed in one region, let go in another: no choice made
                self._click_region(target)
            elif press is not None and press.again and press.stack in self.map_scene.piles.members:
                self._look_at(self.map_scene.cycle_pile(press.stack))
            return
        action = drag.drop(region, self._counter_under(at))
        self._cancel_drag()
        if action is not None:
            self._apply(action)
        elif region is not None and region != drag.stack.region:
            self.message.emit(refusal(self.session.game, drag.stack.id, region, self.dests))

    def _start_pan(self, at: QPointF) -> None:
        self._panning = at
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)

    def _start_drag(self, stack_id: str) -> None:
        game, viewer = self.session.game, self.session.viewer
        stack = game.state.stacks.get(stack_id)
        shores = shores_of(game, stack_id, viewer) if stack else {}
        fleets = boardings(game, stack_id, viewer) if stack else {}
        if stack is None or not (self.dests or shores or fleets):
            if stack is not None:
                why = movement.why_immobile(game, stack)
                self.message.emit("This stack cannot move now" + (f": {why}" if why else ""))
            self._press = None
            return
        self.drag = DragGesture(self.map_scene, stack, self.dests, shores, fleets)
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)

    def _counter_under(self, at: QPoint) -> str | None:
        """The stack whose counter lies under ``at`` (viewport pixels), the dragged copy
        aside: what a stack dragged there is dropped onto."""
        ghost = self.drag.ghost if self.drag is not None else None
        for item in self.items(at):
            if isinstance(item, CounterItem) and item is not ghost:
                return item.stack_id
        return None

    def _cancel_drag(self) -> None:
        self._press = None
        if self.drag is not None:
            self.drag.cancel()
            self.drag = None
            self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
        self.map_scene.highlights.clear_path()

    def _hover(self, region: str | None) -> None:
        """Pointing at a destination of the selected stack shows the path there."""
        if region == self._hovered:
            return
        self._hovered = region
        dest = self.dests.get(region or "")
        stack = self.session.game.state.stacks.get(self.session.selected or "")
        if dest is None or stack is None:
            self.map_scene.highlights.clear_path()
            return
        show_route(self.map_scene, stack.region, list(dest.path), dest, dest.cost)
        name = self.session.game.world.regions[dest.region].name
        note = "" if dest.legal else " (may pass, not stop)"
        self.message.emit(f"{name}: {REACH_NAMES[dest.kind]}, {dest.cost:g} MP{note}")

    def leaveEvent(self, event: QEvent) -> None:
        self._hover(None)
        super().leaveEvent(event)

    # -- keys, zoom ------------------------------------------------------------------------------

    def _escape(self) -> None:
        if self.drag is not None:
            self._cancel_drag()
        elif self.session.targeting is not None:
            self.session.ask_targets(None)
        else:
            self.session.select(None)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
        elif key == Qt.Key.Key_Escape:
            self._escape()
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(1.25)
        elif key == Qt.Key.Key_Minus:
            self.zoom_by(0.8)
        elif key in (Qt.Key.Key_0, Qt.Key.Key_Home):
            self.zoom_to_fit()
        else:
            super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
            return
        super().keyReleaseEvent(event)

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        painter.save()
        painter.resetTransform()
        overlays = self.map_scene.overlays
        overlay = (overlays.title, overlays.legend) if overlays.name is not None else None
        overlay = overlay or self.family_legend
        area = QRectF(self.viewport().rect())
        paint_legends(
            painter,
            area,
            self.session.targeting,
            self.dests,
            overlay,
            self.shores,
            self.move_title(),
        )
        painter.restore()

    def move_title(self) -> str:
        """The heading of the legend of where the selected stack may go."""
        return MOVE_TITLE
