"""The film player: the frames of a WEGO execution on the game map, with VCR controls.

Play and pause, step one tick back or forth, step to the next (or previous) combat, choose the
speed, scrub with the progress slider, loop. Keys: space plays and pauses, the left and right
arrows step one tick, up and down (or page up and down) go to the previous and next combat,
Home and End to the first and last frame. :meth:`FilmPlayer.seek` shows the frame of a turn's
tick (the battle summary table jumps there).

The frames are the engine's (:mod:`engine.wego.film`): a turn's under the viewing side's fog
(:meth:`FilmPlayer.show_turn`), or the whole game without fog (:meth:`FilmPlayer.show_final`).
In a game of the operational rules the title row ends with the film's clock of delayed moves
(OF4): how many moves command delays held back so far in the turn, and in the tick shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.game.film.board import FilmMapView
from engine.game import Game
from engine.wego import family
from engine.wego.film import Frame, c2_delays, final_film, frames

SPEEDS: dict[str, int] = {"Slow": 1600, "Normal": 800, "Fast": 400, "Fastest": 200}
"""Milliseconds a frame stays on screen while the film plays, by speed."""
DEFAULT_SPEED = "Normal"

COMBAT = ("wego_battle", "wego_contact", "op_battle", "op_overrun")
"""Records that make a frame one with combat in it (step combat stops there)."""


def has_combat(frame: Frame) -> bool:
    return any(event["type"] in COMBAT for event in frame.events)


def describe_frame(game: Game, frame: Frame) -> str:
    """What happened in a frame, in a line: moves, contacts, battles."""
    regions, sides = game.world.regions, game.world.sides
    moves = sum(1 for e in frame.events if e["type"] == "wego_step")
    parts = [f"{moves} move{'s' if moves != 1 else ''}"] if moves else []
    for event in frame.events:
        if event["type"] == "wego_battle":
            place = regions[event["region"]].name if event["region"] in regions else event["region"]
            winner = event.get("winner")
            who = sides[winner].name if winner in sides else "nobody"
            parts.append(f"battle at {place} (won by {who})")
        elif event["type"] == "op_battle" and event.get("battle_kind") == "ambush":
            parts.append(f"ambush at {_place(game, event['target'])}")  # OC30
        elif event["type"] == "op_overrun":
            parts.append(f"{_place(game, event['target'])} overrun")  # OM14
        elif event["type"] == "op_recce_pullback":
            parts.append(f"recce pulled back from {_place(game, event['from'])}")  # OM17
        elif event["type"] == "eliminated":
            parts.append(f"{event['unit']} eliminated")
        elif event["type"] == "captured":
            region = event.get("region", "")
            parts.append(f"{regions[region].name if region in regions else region} captured")
    if frame.tick == 0:
        return "The plans go in"
    return "; ".join(parts) if parts else "Nothing moves"


def _place(game: Game, region: str) -> str:
    regions = game.world.regions
    return regions[region].name if region in regions else region


class FilmPlayer(QWidget):
    """A film of frames on its own game map, with the player's controls below."""

    frameShown = Signal(int)
    """The index of the frame now on the map."""
    closed = Signal()
    """The player pressed the film's Continue button."""

    def __init__(self, game: Game, viewer: str | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("film-player")
        self.game = game
        self.viewer = viewer
        self.frames: list[Frame] = []
        self.index = 0
        self.map_view = FilmMapView(game, viewer)
        self.map_view.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.title = QLabel()
        self.title.setObjectName("film-title")
        self.title.setStyleSheet("font-weight: bold;")
        self.clock = QLabel()
        self.clock.setObjectName("film-c2-clock")
        self.clock.setToolTip(
            "Moves held back by command delays so far this turn (OF4): a stack that fails its "
            "schedule loses the step's movement points and tries again"
        )
        self.clock.hide()
        self.delays: dict[tuple[int, int], dict[str, int]] = {}
        """Per (turn, tick): the moves command delays held back, by side (operational rules)."""
        self.caption = QLabel()
        self.caption.setObjectName("film-caption")
        self.caption.setWordWrap(True)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._advance)
        pixmap = QStyle.StandardPixmap
        self.first_button = self._button(
            pixmap.SP_MediaSkipBackward, "First frame (Home)", self.first
        )
        self.back_combat = self._button(
            pixmap.SP_MediaSeekBackward, "Previous combat (Up)", self.previous_combat
        )
        self.back_button = self._button(
            pixmap.SP_ArrowLeft, "Step back one tick (Left)", self.step_back
        )
        self.play_button = QPushButton("Play")
        self.play_button.setIcon(self.style().standardIcon(pixmap.SP_MediaPlay))
        self.play_button.setObjectName("film-play")
        self.play_button.setToolTip("Play or pause the film (Space)")
        self.play_button.setCheckable(True)
        self.play_button.toggled.connect(self._play_toggled)
        self.step_button = self._button(
            pixmap.SP_ArrowRight, "Step one tick (Right)", self.step_tick
        )
        self.combat_button = self._button(
            pixmap.SP_MediaSeekForward, "Next combat (Down)", self.step_combat
        )
        self.last_button = self._button(pixmap.SP_MediaSkipForward, "Last frame (End)", self.last)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("film-slider")
        self.slider.setToolTip("Drag to scrub through the film")
        self.slider.valueChanged.connect(self.show_index)
        self.position = QLabel()
        self.position.setObjectName("film-position")
        self.speed = QComboBox()
        self.speed.setObjectName("film-speed")
        self.speed.setToolTip("How fast the film plays")
        self.speed.addItems(list(SPEEDS))
        self.speed.setCurrentText(DEFAULT_SPEED)
        self.speed.currentTextChanged.connect(self._speed_changed)
        self.loop = QCheckBox("Loop")
        self.loop.setObjectName("film-loop")
        self.loop.setToolTip("Start again from the first frame at the end")
        self.continue_button = QPushButton("Continue")
        self.continue_button.setToolTip("Close the film and go on (Escape)")
        self.continue_button.setObjectName("film-continue")
        self.continue_button.clicked.connect(self._close)
        controls = QHBoxLayout()
        controls.setContentsMargins(4, 0, 4, 0)
        for widget in (
            self.first_button,
            self.back_combat,
            self.back_button,
            self.play_button,
            self.step_button,
            self.combat_button,
            self.last_button,
        ):
            controls.addWidget(widget)
        controls.addWidget(self.slider, 1)
        controls.addWidget(self.position)
        controls.addWidget(self.speed)
        controls.addWidget(self.loop)
        controls.addWidget(self.continue_button)
        top = QHBoxLayout()
        top.setContentsMargins(6, 4, 6, 2)
        top.setSpacing(12)
        top.addWidget(self.title)
        top.addWidget(self.caption, 1)
        top.addWidget(self.clock)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 4)
        column.addLayout(top)
        column.addWidget(self.map_view, 1)
        column.addLayout(controls)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # Shortcuts, not key presses: they work wherever the focus is inside the player (the
        # map itself takes the space bar for panning otherwise).
        for key, slot in (
            (Qt.Key.Key_Space, self.play_button.toggle),
            (Qt.Key.Key_Right, self.step_tick),
            (Qt.Key.Key_Left, self.step_back),
            (Qt.Key.Key_Down, self.step_combat),
            (Qt.Key.Key_PageDown, self.step_combat),
            (Qt.Key.Key_Up, self.previous_combat),
            (Qt.Key.Key_PageUp, self.previous_combat),
            (Qt.Key.Key_Home, self.first),
            (Qt.Key.Key_End, self.last),
            (Qt.Key.Key_Escape, self._close),
        ):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

    def _button(self, icon: QStyle.StandardPixmap, tip: str, slot: Any) -> QToolButton:
        button = QToolButton()
        button.setIcon(self.style().standardIcon(icon))
        button.setToolTip(tip)
        button.setAutoRaise(False)
        button.clicked.connect(slot)
        return button

    # -- what is shown ---------------------------------------------------------------------------

    def show_turn(self, game: Game, turn: int, viewer: str | None) -> None:
        """The film of ``turn``'s execution as ``viewer`` saw it (``None``: without fog)."""
        self._load(game, viewer, frames(game.log.records, viewer=viewer, turn=turn))
        self.title.setText(f"Film of turn {turn}")

    def show_final(self, game: Game) -> None:
        """The final film: every execution of the game, without fog of war."""
        self._load(game, None, final_film(game.log.records))
        self.title.setText("Final film (no fog of war)")

    def _load(self, game: Game, viewer: str | None, shown: Sequence[Frame]) -> None:
        self.pause()
        self.game, self.viewer = game, viewer
        self.map_view.set_viewer(game, viewer)
        self.frames = list(shown)
        self.delays = c2_delays(game.log.records, viewer=viewer)
        self.clock.setVisible(family.operational(game))
        self.slider.blockSignals(True)
        self.slider.setRange(0, max(0, len(self.frames) - 1))
        self.slider.setValue(0)
        self.slider.blockSignals(False)
        self.index = -1
        for widget in (self.play_button, self.step_button, self.slider):
            widget.setEnabled(bool(self.frames))
        if self.frames:
            self.show_index(0)
        else:
            self.caption.setText("Nothing was filmed")
            self.position.setText("")

    @property
    def frame(self) -> Frame | None:
        return self.frames[self.index] if 0 <= self.index < len(self.frames) else None

    def show_index(self, index: int) -> None:
        """Show frame ``index`` (clamped to the film)."""
        if not self.frames:
            return
        index = max(0, min(index, len(self.frames) - 1))
        if index != self.slider.value():
            self.slider.blockSignals(True)
            self.slider.setValue(index)
            self.slider.blockSignals(False)
        if index == self.index:
            return
        self.index = index
        frame = self.frames[index]
        self.map_view.show_frame(frame)
        self.position.setText(
            f"turn {frame.turn} · tick {frame.tick} ({index + 1}/{len(self.frames)})"
        )
        self.caption.setText(describe_frame(self.game, frame))
        self.clock.setText(self.delay_words(frame))
        self.frameShown.emit(index)

    def delay_words(self, frame: Frame) -> str:
        """OF4: the film's clock, the moves delayed so far in the frame's turn (per side
        without fog) and how many in this tick."""
        so_far: dict[str, int] = {}
        now = 0
        for (turn, tick), counts in self.delays.items():
            if turn == frame.turn and tick <= frame.tick:
                for side, count in counts.items():
                    so_far[side] = so_far.get(side, 0) + count
                if tick == frame.tick:
                    now = sum(counts.values())
        sides = self.game.world.sides
        if self.viewer is None and len(so_far) > 1:
            total = ", ".join(
                f"{sides[s].name if s in sides else s} {n}" for s, n in sorted(so_far.items())
            )
        else:
            total = str(sum(so_far.values()))
        return f"Moves delayed (C2): {total}" + (f" · {now} this tick" if now else "")

    def seek(self, turn: int, tick: int) -> bool:
        """Show the frame of ``turn``'s ``tick`` (the battle table's jump); ``False`` when
        this film has no such frame."""
        for index, frame in enumerate(self.frames):
            if frame.turn == turn and frame.tick == tick:
                self.pause()
                self.show_index(index)
                return True
        return False

    # -- the controls ----------------------------------------------------------------------------

    def step_tick(self) -> None:
        self.pause()
        self.show_index(self.index + 1)

    def step_back(self) -> None:
        self.pause()
        self.show_index(self.index - 1)

    def step_combat(self) -> bool:
        """To the next frame with a contact or a battle; ``False`` when there is none."""
        self.pause()
        for index in range(self.index + 1, len(self.frames)):
            if has_combat(self.frames[index]):
                self.show_index(index)
                return True
        return False

    def previous_combat(self) -> bool:
        self.pause()
        for index in range(self.index - 1, -1, -1):
            if has_combat(self.frames[index]):
                self.show_index(index)
                return True
        return False

    def first(self) -> None:
        self.pause()
        self.show_index(0)

    def last(self) -> None:
        self.pause()
        self.show_index(len(self.frames) - 1)

    def play(self) -> None:
        if self.frames:
            self.play_button.setChecked(True)

    def pause(self) -> None:
        self.play_button.setChecked(False)

    @property
    def playing(self) -> bool:
        return self.timer.isActive()

    def _play_toggled(self, on: bool) -> None:
        self.play_button.setText("Pause" if on else "Play")
        pixmap = QStyle.StandardPixmap.SP_MediaPause if on else QStyle.StandardPixmap.SP_MediaPlay
        self.play_button.setIcon(self.style().standardIcon(pixmap))
        if on:
            if self.index >= len(self.frames) - 1:
                self.show_index(0)  # Play at the end plays the film again
            self.timer.start(SPEEDS[self.speed.currentText()])
        else:
            self.timer.stop()

    def _speed_changed(self, name: str) -> None:
        if self.timer.isActive():
            self.timer.start(SPEEDS.get(name, SPEEDS[DEFAULT_SPEED]))

    def _advance(self) -> None:
        if self.index < len(self.frames) - 1:
            self.show_index(self.index + 1)
        elif self.loop.isChecked():
            self.show_index(0)
        else:
            self.pause()

    def _close(self) -> None:
        self.pause()
        self.closed.emit()
