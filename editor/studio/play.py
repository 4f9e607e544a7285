"""The studio's Play button (F5): the checks, the start dialog, and the game window it opens.

The studio reaches the game view only through :mod:`editor.game.launch`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMessageBox

from editor.game.launch import show_game, start_dialog, watch_game
from editor.studio.validation_runner import snapshot

if TYPE_CHECKING:
    from editor.game.launch import GameWindow, StartDialog
    from editor.studio.window import StudioWindow
    from schemas.scenario import Scenario


class StudioPlay(QObject):
    """The studio's Play button: checks, the start dialog, and the game window it opens."""

    def __init__(self, studio: StudioWindow) -> None:
        super().__init__(studio)
        self.setObjectName("studio-play")
        self.studio = studio
        self.dialog: StartDialog | None = None
        self.game_window: GameWindow | None = None

    def play(self) -> None:
        studio = self.studio
        document = studio.document
        if document is None:
            return
        errors = self.errors()
        if errors:
            self.refuse(errors)
            return
        scenario = snapshot(document.scenario)
        stem = document.play_name
        dialog = start_dialog(scenario, stem, parent=studio)
        dialog.accepted.connect(lambda: self._open(dialog, stem))
        dialog.finished.connect(lambda _result: dialog.deleteLater())
        self.dialog = dialog
        dialog.open()

    def errors(self) -> int:
        """Errors live validation reports now (it is waited for: a quick edit just before
        Play must not slip through)."""
        studio = self.studio
        issues = list(studio.load_issues)
        if studio.validation is not None:
            studio.validation.wait()
            issues += studio.validation.issues
        return sum(1 for issue in issues if issue.is_error)

    def refuse(self, errors: int) -> None:
        answer = QMessageBox.question(
            self.studio,
            "Cannot play yet",
            f"The scenario has {errors} error{'s' if errors != 1 else ''}; the game needs a "
            "scenario without errors. Show the issues?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        if answer == QMessageBox.StandardButton.Yes:
            dock = self.studio.docks["issues"]
            dock.show()
            dock.raise_()

    def _open(self, dialog: StartDialog, stem: str) -> None:
        session = dialog.session
        self.dialog = None
        if session is None:
            return
        if self.game_window is not None:
            self.game_window.close()
        self.game_window = show_game(
            session,
            stem,
            leave_text="Back to the studio",
            on_leave=self.back_to_studio,
            edited=self.edited,
        )

    def watch(self, scenario: Scenario, seed: int, level: str) -> GameWindow:
        """Open a game of the balance lab in the game view: ``scenario`` (the version the lab
        played) with ``seed``, the AI of ``level`` on every side."""
        if self.game_window is not None:
            self.game_window.close()
        stem = self.studio.document.play_name if self.studio.document else "untitled"
        self.game_window = watch_game(
            scenario,
            seed,
            level,
            stem,
            leave_text="Back to the studio",
            on_leave=self.back_to_studio,
            edited=self.edited,
        )
        return self.game_window

    def edited(self) -> Scenario | str:
        """The scenario as the studio has it now, for Game > Replay with my edits, or why it
        cannot be played (no document, errors)."""
        document = self.studio.document
        if document is None:
            return "The studio has no scenario open: there are no edits to replay on"
        errors = self.errors()
        if errors:
            return (
                f"The edited scenario has {errors} error{'s' if errors != 1 else ''}: fix "
                "them in the studio, then replay"
            )
        return snapshot(document.scenario)

    def close_game(self) -> None:
        """The studio is closing: a game started from it goes too (it saves itself on the
        way, as when its own window is closed)."""
        window, self.game_window = self.game_window, None
        if window is not None:
            window.left.disconnect()  # not back to a studio that is going away
            window.close()

    def back_to_studio(self) -> None:
        self.game_window = None
        studio = self.studio
        studio.show()
        studio.raise_()
        studio.activateWindow()


def studio_player(studio: StudioWindow) -> StudioPlay:
    """The studio's one player (made on first use): it closes its game with the studio."""
    player = studio.findChild(StudioPlay, "studio-play")
    return player if isinstance(player, StudioPlay) else StudioPlay(studio)


def play_from_studio(studio: StudioWindow) -> StudioPlay:
    """What the studio's Play action does (F5)."""
    player = studio_player(studio)
    player.play()
    return player
