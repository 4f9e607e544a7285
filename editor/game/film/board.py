"""A map that shows one frame of a WEGO film instead of the game as it stands.

The film's map is the game map (:class:`~editor.game.map.view.GameMapView`) on a stand-in
session (:class:`FilmSession`) whose game is a copy of the real one with the frame's stacks and
strengths put on the board (:func:`board_of`); nobody acts on it. What the viewer saw of each
stack (``full``, ``outline``, ``flag``) is the frame's own word (:class:`FilmScene`), so the
film never shows more than the engine recorded for that side. The moves of the tick are drawn
as arrows from where each stack came from, and its battles as crossed swords; under the
operational rules each enemy stack tracked by the viewer's intelligence carries its level's
badge (OI8, :mod:`.tracking`).
"""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QWidget

from editor.game.film.tracking import tracking_badges
from editor.game.map.marks import MarkItem, arrow_head
from editor.game.map.scene import GameMapScene
from editor.game.map.style import Z_BADGES
from editor.game.map.view import GameMapView
from editor.game.wego import op_night
from engine.actions import Action
from engine.game import Game
from engine.state import StackState
from engine.wego.film import Frame


def board_of(game: Game, frame: Frame) -> Game:
    """A copy of ``game`` (for drawing only) with the stacks, unit strengths and region and
    structure owners of ``frame``: a stack seen only as an outline or a flag has no units in it."""
    shown = copy.copy(game)
    units = {}
    for unit_id, unit in game.state.units.items():
        units[unit_id] = dataclasses.replace(
            unit, strength=frame.strength.get(unit_id, unit.strength)
        )
    stacks: dict[str, StackState] = {}
    for stack_id, view in frame.stacks.items():
        members = list(view.units or ())
        stacks[stack_id] = StackState(stack_id, view.side, view.region, members)
        for unit_id in members:
            if unit_id in units:
                units[unit_id] = dataclasses.replace(
                    units[unit_id], stack=stack_id, status="active"
                )
    world = game.world
    owner, held = game.state.owner, game.state.structure_owner
    if frame.owners is not None:
        # The owners as they were at the frame's tick: the scenario's, changed as recorded.
        start = {r.id: r.owner for r in world.regions.values()}
        owner = {**start, **frame.owners}
    if frame.structures is not None:
        first = {
            s.id: s.owner if s.owner is not None else world.regions[s.region].owner
            for s in world.structures.values()
        }
        held = {**first, **frame.structures}
    shown.state = dataclasses.replace(
        game.state,
        stacks=stacks,
        units=units,
        battle=None,
        pending=[],
        owner=owner,
        structure_owner=held,
    )
    return shown


class FilmSession(QObject):
    """What a game map needs of a session, for a map that only shows frames."""

    changed = Signal()
    toAct = Signal(str)
    handover = Signal(str)
    finished = Signal(object)
    selectionChanged = Signal(object)
    targetingChanged = Signal(object)
    failed = Signal(str)

    def __init__(self, game: Game, viewer: str | None) -> None:
        super().__init__()
        self.game = game
        self.viewer = viewer
        self.frame: Frame | None = None
        self.selected: str | None = None
        self.targeting = None

    def legal_actions(self) -> list[Action]:
        return []

    def human_to_act(self) -> str | None:
        return None

    def select(self, stack_id: str | None) -> None:
        if stack_id != self.selected:
            self.selected = stack_id
            self.selectionChanged.emit(stack_id)

    def ask_targets(self, request: object) -> None:
        self.targetingChanged.emit(None)


class FilmScene(GameMapScene):
    """The game map's scene, showing each stack as the frame says the viewer saw it."""

    session: FilmSession  # type: ignore[assignment]

    def __init__(self, session: FilmSession, base: Path | None = None) -> None:  # type: ignore[override]
        self.trails: list[QGraphicsPathItem] = []
        self.swords: list[MarkItem] = []
        self.tracking: QGraphicsItem | None = None
        """The frame's tracking badges (OI8, :mod:`.tracking`), when it has any."""
        super().__init__(session, base)  # type: ignore[arg-type]

    def stack_views(self) -> dict[str, str]:
        frame = self.session.frame
        if frame is None:
            return {}
        return {stack_id: view.view for stack_id, view in frame.stacks.items()}

    def show_events(self, frame: Frame) -> None:
        """Arrows for the tick's moves and retreats, crossed swords at its battles."""
        for item in [*self.trails, *self.swords]:
            self.removeItem(item)
        self.trails, self.swords = [], []
        if self.tracking is not None:
            self.removeItem(self.tracking)
        self.tracking = tracking_badges(self, frame) if self.grid is not None else None
        for event in frame.events:
            kind = event["type"]
            if kind in ("wego_step", "battle_retreat") and event.get("from") in self.points:
                side = event.get("side_id", "")
                colour = QColor(self.side_colours.get(side, QColor("#333333")))
                self._arrow(event["from"], event["to"], colour, dashed=kind == "battle_retreat")
            elif kind == "wego_battle" and event["region"] in self.points:
                mark = MarkItem("battle", event["region"], Z_BADGES)
                mark.set_look((True,))
                mark.setPos(self.points[event["region"]])
                mark.set_offset(self.battle_offset(event["region"]))
                winner = event.get("winner")
                mark.setToolTip(
                    f"Battle at {self.game.world.regions[event['region']].name}"
                    + (f": won by {self.game.world.sides[winner].name}" if winner else "")
                )
                self.addItem(mark)
                self.swords.append(mark)

    def _arrow(self, start: str, end: str, colour: QColor, *, dashed: bool) -> None:
        a, b = self.points[start], self.points.get(end)
        if b is None:
            return
        path = QPainterPath(a)
        path.lineTo(b)
        arrow_head(path, a, b, self.typical**0.5 * 0.35 + 4, 0.35)
        item = QGraphicsPathItem(path)
        pen = QPen(colour, 3.0)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        if dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        item.setPen(pen)
        item.setZValue(Z_BADGES - 1)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(item)
        self.trails.append(item)


class FilmMapView(GameMapView):
    """The game map showing frames (:meth:`show_frame`); the player may zoom, pan and
    point at counters, and nothing else."""

    scene_class = FilmScene  # type: ignore[assignment]

    def __init__(self, game: Game, viewer: str | None, parent: QWidget | None = None) -> None:
        self.film_session = FilmSession(board_of(game, Frame(0, 0, {}, {}, ())), viewer)
        self.real_game = game
        super().__init__(self.film_session, parent)  # type: ignore[arg-type]
        self.frame: Frame | None = None

    def set_viewer(self, game: Game, viewer: str | None) -> None:
        self.real_game = game
        self.film_session.viewer = viewer

    def show_frame(self, frame: Frame) -> None:
        """Put ``frame`` on the map."""
        self.frame = frame
        session = self.film_session
        session.frame = frame
        session.game = board_of(self.real_game, frame)
        session.selected = None
        self.refresh()
        scene = self.map_scene
        assert isinstance(scene, FilmScene)
        scene.show_events(frame)
        # A night turn's film is as dark as its planning map was (OW2).
        op_night.show_night(scene, op_night.is_night(self.real_game, frame.turn))

    def shown_stacks(self) -> dict[str, tuple[str, str]]:
        """Stack id to (region, how seen) as drawn now (for tests and tools)."""
        scene = self.map_scene
        game = self.film_session.game
        return {
            stack_id: (game.state.stacks[stack_id].region, scene.views[stack_id])
            for stack_id in scene.counters
        }
