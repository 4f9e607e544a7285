"""The game map while a side plans a WEGO turn: giving orders with the mouse, and the plan
drawn on the map.

With one of the planning side's stacks selected, the regions it may be ordered to are washed
as for a move (green: a move; hatched red: an attack on enemies the side sees). A click inside
one orders the stack there (an attack on a region holding enemies), a drag of its counter
does the same along the regions dragged through, and a shift-click adds a waypoint: the
route then goes through every waypoint in order, each leg the cheapest (the engine's
:func:`engine.wego.plan.route_through`), and the next plain click ends it. Escape drops the
waypoints, then the selection. In *withdraw* mode (the plan panel's choice) the washed
regions are the friendly ones it may fall back to; in *ignore enemy* mode (operational rules,
OO3) every hex within reach with the enemy taken away, its hexes included. The wait the plan
panel shows goes with every order given.

Every order of the planning side is drawn: its route as a line in the colour of its kind,
with a label at its end. Only the side's own orders are ever asked of the engine
(:func:`engine.wego.plan.orders_of` with ``viewer`` = that side).

The drawing of one order is :mod:`.plan_lines`'; what the pointer reads before an order is
given (a drag's price, the setup click, the odds of an attack) is :mod:`.plan_pointing`'s.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QGraphicsItem, QWidget

from editor.game.map.aim import Aim, aim
from editor.game.map.style import REACH_COLOURS
from editor.game.map.view import GameMapView, _Press
from editor.game.session import GameSession
from editor.game.wego.orders import (
    MODE_TITLES,
    MODES,
    destinations,
    order_to,
    order_words,
    planning_side,
)
from editor.game.wego.plan_edits import PlanEdits
from editor.game.wego.plan_lines import draw_order
from editor.game.wego.plan_pointing import MapPicker, WegoDragPath, attack_words, setup_open
from editor.game.wego.plan_scene import PlanScene
from engine.actions import Action, Move
from engine.errors import IllegalAction
from engine.wego import family, plan
from engine.wego.orders import Order, OrderAttack


class PlanMapView(GameMapView):
    """The game map of a WEGO game: orders given with the mouse, the plan drawn."""

    scene_class = PlanScene
    """Under the operational rules, the enemy as the side's intelligence reads it."""

    planChanged = Signal()
    """The waypoints or the mode changed (the plan panel shows them)."""
    ordered = Signal(object)
    """An order was given from the map (the engine's action)."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        self.mode = "move"
        """``move`` (moves and attacks) or ``withdraw``."""
        self.wait = 0
        """Ticks every order given waits before setting off."""
        self.waypoints: list[str] = []
        self.plan_items: list[QGraphicsItem] = []
        self._shift = False
        self._ctrl = False
        self.picker: MapPicker | None = None
        """Set while a hex is chosen for something of the plan (:class:`MapPicker`)."""
        super().__init__(session, parent)
        self.edits = PlanEdits(session)
        """The plan's edits, to undo and redo (:mod:`.plan_edits`)."""
        session.handover.connect(lambda _side: self.show_plan())

    # -- what the side may do ------------------------------------------------------------------

    def planning(self) -> str | None:
        """The side planning here now: a person's, else ``None``."""
        side = planning_side(self.session.game)
        return side if side is not None and side == self.session.human_to_act() else None

    def set_mode(self, mode: str) -> None:
        if mode != self.mode:
            self.mode = mode
            self.clear_waypoints()
            self._legal = None
            self.dests = {}
            self._update_destinations()
            self.planChanged.emit()
            self.viewport().update()  # the legend's heading names the mode

    def move_title(self) -> str:
        if planning_side(self.session.game) is None:
            return super().move_title()  # a phase around the plans: the IGOUGO map's moves
        return MODE_TITLES.get(self.mode, super().move_title())

    @property
    def ignoring(self) -> bool:
        """Whether the map's clicks give moves that ignore the enemy (OO3)."""
        return self.mode == "ignore_enemy"

    def clear_waypoints(self) -> None:
        if self.waypoints:
            self.waypoints = []
            self.map_scene.highlights.clear_path()
            self.planChanged.emit()

    def _update_destinations(self) -> None:
        if planning_side(self.session.game) is None:
            # A phase played around the plans (an air mission): the IGOUGO map's moves.
            super()._update_destinations()
            return
        session = self.session
        game = session.game
        stack = game.state.stacks.get(session.selected or "")
        dests = {}
        if stack is not None and session.targeting is None and stack.side == self.planning():
            dests = destinations(game, self.legal_actions(), stack.id, self.mode)
        if dests != self.dests:
            self.dests = dests
            self.map_scene.highlights.show_destinations(dests)
            self.map_scene.highlights.clear_path()
            self._hovered = None
        if stack is None or stack.side != self.planning():
            self.clear_waypoints()

    def _on_selection(self, stack_id: str | None) -> None:
        self.waypoints = []
        super()._on_selection(stack_id)
        self.show_plan()
        self.planChanged.emit()
        game = self.session.game
        stack = game.state.stacks.get(stack_id or "")
        if stack is not None and stack.side == self.planning() and setup_open(game, stack):
            self.message.emit("Setup: Ctrl+click another hex of your setup zone to put it there")

    def refresh(self) -> None:
        super().refresh()
        self.show_plan()

    # -- giving orders -------------------------------------------------------------------------

    def _apply(self, action: Action) -> bool:
        if planning_side(self.session.game) is None:
            return super()._apply(action)  # an air mission before the plans
        if isinstance(action, Move):  # a drag: the same route, as an order of the plan
            end = action.path[-1]
            dest = self.dests.get(end)
            moving, attacking = MODES.get(self.mode, MODES["move"])
            if dest is not None and dest.kind == "battle":
                action = (attacking or OrderAttack)(action.stack, end, action.path[:-1], self.wait)
            else:
                action = moving(action.stack, action.path, self.wait)  # type: ignore[call-arg]
        return self.give(action)

    def give(self, action: Action) -> bool:
        """Apply a planning action through the session; says what was done or refused."""
        self._applying = True
        try:
            done = self.edits.edit(action)
        finally:
            self._applying = False
        if done:
            self.waypoints = []
            if isinstance(action, Order):
                self.message.emit(f"Ordered: {order_words(self.session.game, action)}")
            self.ordered.emit(action)
            self.planChanged.emit()
        return done

    def _click_region(self, target: Aim) -> None:
        if planning_side(self.session.game) is None:
            super()._click_region(target)  # an air mission before the plans
            return
        if self.picker is not None:
            self.picker.click(target.region)
            return
        session = self.session
        stack_id = session.selected
        region = target.region
        game = session.game
        stack = game.state.stacks.get(stack_id or "")
        if region is None or stack is None or stack.side != self.planning():
            session.select(None)
            return
        name = game.world.regions[region].name
        if target.on_border:
            place = "hex" if self.map_scene.grid is not None else "region"
            self.message.emit(f"On the border of {name}: click inside the {place} you mean")
            return
        shift = self._shift
        if region == stack.region and not self.waypoints:
            session.select(None)
            return
        dest = self.dests.get(region)
        if self._ctrl and setup_open(game, stack):
            self._set_up(stack.id, region)
            return
        if shift:
            self._add_waypoint(stack_id or "", region)
            return
        if dest is None and not self.waypoints:
            fixed = family.fixed_words(game, stack)
            if fixed:
                why = f"Refused: {fixed}"
            elif self.mode == "withdraw":
                why = f"{name}: a withdrawal goes only to a friendly region within reach"
            elif self.mode == "road":
                why = f"{name}: a road move goes only along roads, within its Road Movement MP"
            else:
                why = f"{name} is out of reach of this stack this turn"
            self.message.emit(why)
            return
        attack = dest if dest is not None and dest.kind == "battle" else None
        try:
            order = order_to(
                game,
                stack.id,
                tuple(self.waypoints),
                region,
                attack=attack,
                mode=self.mode,
                wait=self.wait,
                road=dest,
            )
        except IllegalAction as refusal:
            self.message.emit(f"Refused: {refusal}")
            return
        self.give(order)

    def _set_up(self, stack_id: str, region: str) -> None:
        """OT1: every unit of the stack set up on ``region`` (a hex of its side's setup zone),
        each an ``op_set_up`` action of the plan; the stack it lands in stays selected."""
        from engine.wego.op.actions import SetUp  # the operational family's, loaded lazily

        game = self.session.game
        units = list(game.state.stacks[stack_id].units)
        name = game.world.regions[region].name
        try:
            plan.check(game, SetUp(units[0], region))
        except IllegalAction as refusal:
            self.message.emit(f"Refused: {refusal}")
            return
        # The whole stack's setup is one edit of the plan: one Undo puts it back.
        self.edits.edit_all([SetUp(unit, region) for unit in units], f"setting up on {name}")
        self.session.select(game.state.units[units[0]].stack)
        self.message.emit(f"Set up on {name} (Ctrl+click another hex of the zone to move it)")

    def _add_waypoint(self, stack_id: str, region: str) -> None:
        game = self.session.game
        if region in self.waypoints:
            self.message.emit("That region is a waypoint already")
            return
        try:
            plan.route_through(
                game, stack_id, (*self.waypoints, region), ignore_enemy=self.ignoring
            )
        except IllegalAction as refusal:
            self.message.emit(f"No waypoint there: {refusal}")
            return
        self.waypoints.append(region)
        names = " → ".join(game.world.regions[r].name for r in self.waypoints)
        self.message.emit(f"Waypoints: {names} (click the destination; Escape drops them)")
        self._show_pending(None)
        self.planChanged.emit()

    def _show_pending(self, region: str | None) -> None:
        """The route through the waypoints (and on to ``region``, when given)."""
        game = self.session.game
        stack = game.state.stacks.get(self.session.selected or "")
        if stack is None:
            return
        points = tuple(self.waypoints) + ((region,) if region else ())
        ignoring = self.ignoring
        try:
            path = plan.route_through(game, stack.id, points, ignore_enemy=ignoring)
        except IllegalAction:
            path = plan.route_through(game, stack.id, tuple(self.waypoints), ignore_enemy=ignoring)
        try:
            cost = plan.path_cost(game, stack, path, None)
            label = f"{cost:g} MP via {len(self.waypoints)} waypoint(s)"
        except IllegalAction as refusal:
            label = f"too far: {refusal}"
        colour = REACH_COLOURS["move"]
        self.map_scene.highlights.show_path([stack.region, *path], label, colour)

    def _hover(self, region: str | None) -> None:
        if self.picker is not None:
            if region != self._hovered:
                self._hovered = region
                self.picker.hover(region)
            return
        if not self.waypoints or self.drag is not None:
            before = self._hovered
            super()._hover(region)
            if region != before:
                self._say_odds(region)
            return
        if region == self._hovered:
            return
        self._hovered = region
        self._show_pending(region)
        self._say_odds(region)

    def _say_odds(self, region: str | None) -> None:
        """Pointing at an enemy the selected stack may attack: the odds, in the status bar."""
        game = self.session.game
        dest = self.dests.get(region or "")
        stack = game.state.stacks.get(self.session.selected or "")
        if dest is None or dest.kind != "battle" or stack is None or self.planning() is None:
            return
        words = attack_words(game, stack, dest, tuple(self.waypoints), self.mode, self.wait)
        if words:
            self.message.emit(words)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and not self._space and self.picker:
            # Choosing a hex for the plan: the click means the hex, whatever lies on it.
            found = aim(self, self.map_scene, event.position().toPoint())
            self._press = _Press(None, event.position(), False, found.region)
            return
        # An enemy counter in a region the selected stack may attack: the click means the
        # region (the attack), not a look at the counter.
        if event.button() == Qt.MouseButton.LeftButton and not self._space and self.dests:
            found = aim(self, self.map_scene, event.position().toPoint())
            dest = self.dests.get(found.region or "")
            stack = self.session.game.state.stacks.get(
                found.counter.stack_id if found.counter is not None else ""
            )
            enemy = stack is not None and stack.side != self.session.human_to_act()
            aimed = dest is not None and (dest.kind == "battle" or self.mode == "ignore_enemy")
            if aimed and enemy:  # OO3: a move ignoring the enemy may end on its hex
                self._press = _Press(None, event.position(), False, found.region)
                return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        # The click's own modifiers (a click is read on release, see _click_region).
        self._shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        self._ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        try:
            super().mouseReleaseEvent(event)
        finally:
            self._shift = self._ctrl = False

    def _start_drag(self, stack_id: str) -> None:
        super()._start_drag(stack_id)
        game = self.session.game
        stack = game.state.stacks.get(stack_id)
        if self.drag is None and stack is not None and planning_side(game) is not None:
            fixed = family.fixed_words(game, stack)  # OM20: say why, not just "cannot"
            if fixed:
                self.message.emit(f"Refused: {fixed}")
        if self.drag is not None and planning_side(self.session.game) is not None:
            old = self.drag.path
            self.drag.path = WegoDragPath(old.game, old.stack, old.dests)

    def _escape(self) -> None:
        if self.picker is not None and self.drag is None:
            self.picker.cancel_picking()
            return
        if self.waypoints and self.drag is None:
            self.clear_waypoints()
            self.message.emit("Waypoints dropped")
            return
        if self.mode not in ("move", "withdraw") and self.drag is None:
            # A mode of an operational order (road move, assault...): back to plain moves.
            self.set_mode("move")
            self.message.emit("Back to Move / attack")
            return
        super()._escape()

    # -- the plan on the map -------------------------------------------------------------------

    def shown_side(self) -> str | None:
        """The side whose plan is drawn: the person planning (or who planned last) here."""
        game = self.session.game
        if game.state.wego is None or game.state.outcome is not None:
            return None
        viewer = self.session.viewer
        if viewer is None or self.session.players.get(viewer) != "human":
            return None
        return viewer

    def show_plan(self) -> None:
        """Draw the orders of the side shown (nothing while the board is handed over)."""
        scene = self.map_scene
        for item in self.plan_items:
            scene.removeItem(item)
        self.plan_items = []
        side = self.shown_side()
        if side is None or side != self.session.human_to_act():
            return
        game = self.session.game
        for stack_id, order in plan.orders_of(game, side, viewer=side).items():
            selected = stack_id == self.session.selected
            self.plan_items.extend(draw_order(scene, game, order, selected))
