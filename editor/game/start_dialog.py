"""The start dialog: who plays each side, the seed, fog of war, and a fresh game or a save.

The dialog only gathers choices; turning them into a game is the caller's ``prepare``
function. It runs when Start is pressed, and if it fails (a save file that cannot be read,
or that belongs to another scenario) the reason shows in the dialog, which stays open, so a
bad file never costs the other choices or ends in a traceback.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.game.save_files import read_save_file
from editor.game.session import SPEED_NAMES, GameSession, Player
from editor.game.takeback import POLICIES, default_policy
from editor.shared.widgets import set_muted
from engine.ai import levels
from schemas.scenario import Scenario

SAVE_FILTER = "Salient saved games (*.json);;All files (*)"
HANDICAPS: list[tuple[str | None, str, str]] = [
    (None, "None", "The AI plays by the rules as they are."),
    (
        "plus",
        "+ (stronger AI)",
        "Its supply orders take no supply points; it sees through the fog.",
    ),
    ("minus", "\u2013 (weaker AI)", "It has no supply points (fuel and ammunition), now or later."),
]
"""OT11: the AI handicaps the start dialog offers, for the operational rules."""
TOOLTIP = Qt.ItemDataRole.ToolTipRole


class StartError(Exception):
    """A game could not be started; the message is for the player and names the file."""


@dataclass(frozen=True)
class StartOptions:
    """What the player chose in the start dialog (or on the command line)."""

    players: dict[str, Player]
    seed: int = 1
    fog: bool = True
    speed: str = "normal"
    ai_level: str = levels.DEFAULT
    """The AI level of the sides the AI plays (:mod:`engine.ai.levels`)."""
    save_file: Path | None = None
    """Continue this saved game instead of starting at turn 1."""
    take_back: str | None = None
    """The take-back rule (:data:`editor.game.takeback.POLICIES`); ``None``: the default for
    the number of people (freely against the AI, until something is revealed in hot seat)."""
    ai_handicap: str | None = None
    """OT11, operational rules only: ``plus`` or ``minus`` for the sides the AI plays when a
    new game starts (:mod:`engine.wego.op.handicap`); ``None``: none."""


def describe_save(path: Path) -> str:
    """A line about a saved game: its turn, whether it is over, and when it was saved (the
    start dialog checks it for real, scenario and all, only when Start is pressed)."""
    try:
        saved = datetime.fromtimestamp(path.stat().st_mtime)
        # The guarded reader: a pipe named here would otherwise block the dialog, and a
        # save nested 100,000 deep would end it with an internal error.
        data = read_save_file(path)
        state = data["game"]["state"]
        turn = int(state["turn"])
        over = " (over)" if state.get("outcome") else ""
    except FileNotFoundError:
        return "No such file."
    except (OSError, ValueError, LookupError, TypeError, AttributeError):  # SaveError too
        return "Not a saved game of Salient, or a damaged one."
    title = data.get("scenario")
    of = f" of {title}" if isinstance(title, str) and title else ""
    return f"A game{of} at turn {turn}{over}, saved {saved:%d %b %Y at %H:%M}."


class StartDialog(QDialog):
    """Choose the players and how the game starts; Start builds the session."""

    def __init__(
        self,
        scenario: Scenario,
        defaults: StartOptions,
        prepare: Callable[[StartOptions], GameSession],
        *,
        save_folder: Path | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("start-dialog")
        self.setWindowTitle(f"Play — {scenario.info.title}")
        self.scenario = scenario
        self.prepare = prepare
        self.save_folder = save_folder
        self.session: GameSession | None = None
        """The game made when Start was accepted."""
        layout = QVBoxLayout(self)
        layout.setSpacing(10)
        title = QLabel(f"<b>{html.escape(scenario.info.title)}</b>")
        title.setStyleSheet("font-size: 15px;")
        layout.addWidget(title)
        if scenario.victory.description:
            about = QLabel(scenario.victory.description)
            about.setWordWrap(True)
            about.setStyleSheet("color: #444;")
            layout.addWidget(about)
        layout.addWidget(self._players_box(defaults))
        layout.addWidget(self._game_box(defaults))
        layout.addWidget(self._start_box(defaults))
        self.error = QLabel()
        self.error.setObjectName("start-error")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828;")
        self.error.hide()
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.start_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.start_button.setText("Start")
        self.start_button.setObjectName("start")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._players_changed()
        self._source_changed()
        self.setMinimumWidth(520)

    # -- parts -----------------------------------------------------------------------------------

    def _players_box(self, defaults: StartOptions) -> QGroupBox:
        box = QGroupBox("Players")
        grid = QGridLayout(box)
        grid.setColumnStretch(1, 1)
        self.player_boxes: dict[str, QComboBox] = {}
        playing = [s for s in self.scenario.sides if not s.neutral]
        for row, side in enumerate(playing):
            swatch = QLabel()
            swatch.setFixedSize(14, 14)
            swatch.setStyleSheet(f"background: {side.color}; border: 1px solid #333;")
            name = QLabel(side.name)
            if side.briefing:
                name.setToolTip(f"<p>{html.escape(side.briefing)}</p>")
            choice = QComboBox()
            choice.setObjectName(f"player-{side.id}")
            choice.addItem("Human", "human")
            choice.addItem("AI", "ai")
            choice.setCurrentIndex(0 if defaults.players.get(side.id) == "human" else 1)
            choice.currentIndexChanged.connect(self._players_changed)
            self.player_boxes[side.id] = choice
            grid.addWidget(swatch, row, 0)
            grid.addWidget(name, row, 1)
            grid.addWidget(choice, row, 2)
        self.mode = QLabel()
        self.mode.setObjectName("mode")
        self.mode.setWordWrap(True)
        set_muted(self.mode)
        grid.addWidget(self.mode, len(playing), 0, 1, 3)
        return box

    def _game_box(self, defaults: StartOptions) -> QGroupBox:
        box = QGroupBox("Game")
        form = QFormLayout(box)
        self.seed = QSpinBox()
        self.seed.setObjectName("seed")
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(defaults.seed)
        self.seed.setMaximumWidth(160)
        self.seed.setToolTip("The same seed and the same decisions always give the same game.")
        form.addRow("Seed", self.seed)
        self.fog = QCheckBox("Fog of war: enemy stacks are hidden unless seen")
        self.fog.setObjectName("fog")
        self.fog.setChecked(defaults.fog)
        form.addRow("", self.fog)
        self.speed = QComboBox()
        self.speed.setObjectName("speed")
        for key, name in SPEED_NAMES.items():
            self.speed.addItem(name, key)
        self.speed.setCurrentIndex(max(0, self.speed.findData(defaults.speed)))
        self.speed.setToolTip("How fast the AI plays (change it any time from the AI menu).")
        form.addRow("AI speed", self.speed)
        self.ai_level = QComboBox()
        self.ai_level.setObjectName("ai-level")
        for name in levels.names():
            self.ai_level.addItem(name.capitalize(), name)
            index = self.ai_level.count() - 1
            self.ai_level.setItemData(index, levels.get(name).description, TOOLTIP)
        self.ai_level.setCurrentIndex(max(0, self.ai_level.findData(defaults.ai_level)))
        self.ai_level.setToolTip(
            "How well the AI plays: Easy is timid, Normal bold, Hard also flies its aircraft, "
            "digs in and simulates its battles before it fights (docs/ai.md)."
        )
        form.addRow("AI level", self.ai_level)
        # OT11: offered for the operational rules only (their supply points and fog).
        self.ai_handicap = QComboBox()
        self.ai_handicap.setObjectName("ai-handicap")
        for key, name, tip in HANDICAPS:
            self.ai_handicap.addItem(name, key)
            self.ai_handicap.setItemData(self.ai_handicap.count() - 1, tip, TOOLTIP)
        self.ai_handicap.setToolTip(
            "OT11: help or hinder the AI without touching combat: '+' spends no supply points "
            "and sees through the fog of war, '-' has no supply points at all."
        )
        if self.scenario.rules.family == "operational":
            form.addRow("AI handicap", self.ai_handicap)
        else:
            self.ai_handicap.hide()
        self.take_back = QComboBox()
        self.take_back.setObjectName("take-back")
        for key, name in POLICIES.items():
            self.take_back.addItem(name, key)
        self.take_back.setToolTip(
            "Game > Take back (Ctrl+Z) undoes your last action exactly, the AI's replies with "
            "it. 'Until…' stops at a die roll, a card drawn or an enemy stack revealed, and at "
            "each hand-over in hot seat, so nobody plays again knowing what came out."
        )
        self._take_back_chosen = defaults.take_back is not None
        if defaults.take_back is not None:
            self.take_back.setCurrentIndex(max(0, self.take_back.findData(defaults.take_back)))
        self.take_back.activated.connect(self._take_back_picked)
        form.addRow("Take back", self.take_back)
        return box

    def _take_back_picked(self, _index: int) -> None:
        self._take_back_chosen = True

    def _start_box(self, defaults: StartOptions) -> QGroupBox:
        box = QGroupBox("Start")
        column = QVBoxLayout(box)
        self.fresh = QRadioButton("At turn 1")
        self.fresh.setObjectName("fresh")
        self.from_save = QRadioButton("Continue a saved game:")
        self.from_save.setObjectName("from-save")
        group = QButtonGroup(self)
        group.addButton(self.fresh)
        group.addButton(self.from_save)
        self.fresh.setChecked(defaults.save_file is None)
        self.from_save.setChecked(defaults.save_file is not None)
        self.fresh.toggled.connect(self._source_changed)
        column.addWidget(self.fresh)
        row = QHBoxLayout()
        row.addWidget(self.from_save)
        self.save_path = QLineEdit(str(defaults.save_file or ""))
        self.save_path.setObjectName("save-path")
        self.save_path.setPlaceholderText("a saved game of this scenario")
        self.save_path.textEdited.connect(lambda _text: self.from_save.setChecked(True))
        row.addWidget(self.save_path, 1)
        browse = QPushButton("Browse…")
        browse.setObjectName("browse")
        browse.clicked.connect(self._browse)
        row.addWidget(browse)
        column.addLayout(row)
        # "last-closed.json" says nothing of the game in it: its turn and age do.
        self.save_info = QLabel()
        self.save_info.setObjectName("save-info")
        set_muted(self.save_info)
        self.save_info.setWordWrap(True)
        column.addWidget(self.save_info)
        self.save_path.textChanged.connect(self._describe_save)
        self._describe_save(self.save_path.text())
        return box

    def _describe_save(self, text: str) -> None:
        self.save_info.setText(describe_save(Path(text.strip())) if text.strip() else "")
        self.save_info.setVisible(bool(self.save_info.text()))
        if self.isVisible():
            QTimer.singleShot(0, self, self.fit_height)

    # -- reacting --------------------------------------------------------------------------------

    def _players_changed(self, *_args: object) -> None:
        humans = [s for s, box in self.player_boxes.items() if box.currentData() == "human"]
        names = {s.id: s.name for s in self.scenario.sides}
        if not humans:
            text = "The AI plays every side: watch it, with speed, pause and step in the AI menu."
        elif len(humans) == 1:
            text = f"You play {names[humans[0]]} against the AI."
        else:
            text = (
                "Hot seat: people take turns at this computer. Between player-turns a screen "
                "hides the map and the hand until the next player is ready."
            )
        self.mode.setText(text)
        self.speed.setEnabled(len(humans) < len(self.player_boxes))
        self.ai_level.setEnabled(len(humans) < len(self.player_boxes))
        self.ai_handicap.setEnabled(len(humans) < len(self.player_boxes) and self.fresh.isChecked())
        if not self._take_back_chosen:
            # Until the player picks one, the rule follows who plays.
            rule = default_policy(len(humans))
            self.take_back.setCurrentIndex(max(0, self.take_back.findData(rule)))
        self.take_back.setEnabled(bool(humans))
        if self.isVisible():  # the line saying who plays may now wrap onto more lines
            QTimer.singleShot(0, self, self.fit_height)

    def _source_changed(self, *_args: object) -> None:
        fresh = self.fresh.isChecked()
        self.seed.setEnabled(fresh)
        self.fog.setEnabled(fresh)
        humans = [b for b in self.player_boxes.values() if b.currentData() == "human"]
        self.ai_handicap.setEnabled(fresh and len(humans) < len(self.player_boxes))

    def _browse(self) -> None:
        start = self.save_path.text() or (str(self.save_folder) if self.save_folder else "")
        name, _ = QFileDialog.getOpenFileName(self, "Continue a saved game", start, SAVE_FILTER)
        if name:
            self.save_path.setText(name)
            self.from_save.setChecked(True)

    # -- result ----------------------------------------------------------------------------------

    def options(self) -> StartOptions:
        players: dict[str, Player] = {
            side: "human" if box.currentData() == "human" else "ai"
            for side, box in self.player_boxes.items()
        }
        path = self.save_path.text().strip()
        return StartOptions(
            players=players,
            seed=self.seed.value(),
            fog=self.fog.isChecked(),
            speed=str(self.speed.currentData()),
            ai_level=str(self.ai_level.currentData()),
            save_file=Path(path) if self.from_save.isChecked() and path else None,
            take_back=str(self.take_back.currentData()) if self._take_back_chosen else None,
            ai_handicap=self.ai_handicap.currentData() if self._handicap_offered() else None,
        )

    def _handicap_offered(self) -> bool:
        """OT11: the AI handicap applies (operational rules, the AI plays, a new game)."""
        operational = self.scenario.rules.family == "operational"
        return operational and self.ai_handicap.isEnabled()

    def accept(self) -> None:
        """Start: build the game, or say why it cannot start and stay open."""
        if self.from_save.isChecked() and not self.save_path.text().strip():
            self._fail("Choose the saved game to continue, or start at turn 1.")
            return
        try:
            self.session = self.prepare(self.options())
        except StartError as error:
            self._fail(str(error))
            return
        super().accept()

    def _fail(self, message: str) -> None:
        self.error.setText(message)
        self.error.show()
        self.adjustSize()
        self.fit_height()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit_height()

    def fit_height(self) -> None:
        """Make the dialog tall enough for its rows at its width. The scenario's description
        wraps, and Qt sizes a window without its wrapped height: on Kharkov the game's rows
        (seed, AI speed, level, handicap, take back) were squeezed into each other."""
        layout = self.layout()
        if layout.hasHeightForWidth():
            needed = layout.totalHeightForWidth(self.width())
        else:
            needed = layout.totalSizeHint().height()
        screen = self.screen()
        if screen is not None:
            needed = min(needed, screen.availableGeometry().height() - 40)
        if needed > self.height():
            self.resize(self.width(), needed)
