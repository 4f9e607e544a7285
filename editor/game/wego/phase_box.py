"""The phases a WEGO turn plays around its plans, as a person plays them in the game view.

Before the planning each side plays its events, cards, reinforcements and offensive air
phases, and after the execution its sieges, replacements and end-of-turn card window
(:mod:`engine.wego.windows`). The engine closes by itself every such phase in which the side
has nothing to decide, so a person is only stopped where they have a choice: a card to play
or discard, where a reinforcement arrives, an event's question, aircraft to fly, replacement
points to spend, a siege to roll. They decide it with the IGOUGO game view's own panels (the
Cards and Decisions tabs, the map for a target or an air mission); this box, above the map
as the IGOUGO view's top bar is, says which phase it is and what is waiting, and ends the
phase when the side is done (its button, or Ctrl+Return), as the top bar's button does.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from editor.game.panels.base import ATTENTION, MUTED
from editor.game.panels.cover import cover_of
from editor.game.panels.knowledge import readable_reason, side_name
from editor.game.session import GameSession
from editor.game.topbar import phase_name
from engine.actions import EndPhase, ResolveBattle
from engine.wego import windows

SHORTCUT = "Ctrl+Return"
"""Ends the window's phase, as in the IGOUGO view (the Game menu shows it)."""

WHAT_TO_DO: dict[str, str] = {
    "events": "An event asks you a question: answer it in the Decisions tab.",
    "cards": "Play the cards you want from your hand (the Cards tab), then end the phase.",
    "reinforcements": (
        "Choose where your reinforcements arrive: click an allowed region on the map, or use "
        "the Decisions tab."
    ),
    "air_offensive": (
        "Fly your aircraft's missions: select an air unit on the map and click where it "
        "flies (or drag it there), then end the phase. Aircraft over enemy ships at sea "
        "fight an air-sea battle first, in the Air-sea battle tab."
    ),
    "sieges": "Roll your sieges in the Decisions tab, then end the phase.",
    "replacements": "Spend your replacement points in the Decisions tab, then end the phase.",
    "end_of_turn": "Play or discard cards in the Cards tab, then end the phase.",
}
"""What a person does in each phase of a window (the engine only stops where there is a
choice)."""

STAGE_WORDS = {"before": "before the plans", "after": "after the execution"}


class PhaseBox(QFrame):
    """The window's phase, what waits for the person, and the end-phase button."""

    attention = Signal(str)
    """A panel the person must use now: ``decisions`` or ``hand``."""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.setObjectName("wego-phase-box")
        self.setStyleSheet(
            f"#wego-phase-box {{ border: 2px solid {ATTENTION}; border-radius: 4px; }}"
        )
        self.session = session
        self.held = False
        """The window shows a film in the map's place: the phase waits for Continue."""
        self.title = QLabel()
        self.title.setObjectName("wego-phase-title")
        self.title.setWordWrap(True)
        self.title.setStyleSheet("font-weight: bold; font-size: 11pt;")
        self.todo = QLabel()
        self.todo.setWordWrap(True)
        self.blocked = QLabel()
        self.blocked.setWordWrap(True)
        self.blocked.setStyleSheet(f"color: {ATTENTION}; font-weight: bold;")
        self.later = QLabel()
        self.later.setWordWrap(True)
        self.later.setStyleSheet(f"color: {MUTED};")
        self.end_button = QPushButton("End the phase")
        self.end_button.setObjectName("wego-end-phase")
        self.end_button.setStyleSheet("font-weight: bold; padding: 6px;")
        self.end_button.clicked.connect(self.end_phase)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 4, 8, 4)
        column = QVBoxLayout()
        column.setSpacing(2)
        for widget in (self.title, self.todo, self.blocked, self.later):
            column.addWidget(widget)
        row.addLayout(column, 1)
        row.addWidget(self.end_button)
        session.changed.connect(self.refresh)
        session.toAct.connect(self.refresh)
        session.handover.connect(self.refresh)
        session.finished.connect(self.refresh)
        cover_of(session).changed.connect(self.refresh)
        self.refresh()

    def side(self) -> str | None:
        """The person playing a window's phase now (``None``: no window, or not a person,
        or the board is handed over)."""
        session = self.session
        if session.over or windows.stage(session.game) is None or cover_of(session).hides():
            return None
        return session.human_to_act()

    def refresh(self, *_why: object) -> None:
        game = self.session.game
        side = self.side()
        self.setVisible(side is not None and not self.held)
        if side is None or self.held:
            return
        stage = windows.stage(game) or "before"
        phase = game.phase
        self.title.setText(
            f"{phase_name(phase)} · {side_name(game, side)} · turn {game.turn} "
            f"({STAGE_WORDS[stage]})"
        )
        self.todo.setText(WHAT_TO_DO.get(phase, "Make your choices, then end the phase."))
        left = windows.phases(game, stage)[game.state.phase_index + 1 :]
        self.later.setText(
            "Still to come in this window: " + ", ".join(phase_name(p).lower() for p in left)
            if left
            else (
                "The plans open once every side has played this window."
                if stage == "before"
                else "The turn ends once every side has played this window."
            )
        )
        reason = game.blocking()
        ends = EndPhase() in self.session.legal_actions()
        self.end_button.setEnabled(reason is None and ends)
        self.blocked.setVisible(reason is not None)
        if reason is not None:
            words = readable_reason(game, reason)
            self.blocked.setText(f"\u26a0 The phase cannot end yet: {words}.")
            self.end_button.setToolTip(f"The phase cannot end yet: {words}.")
        else:
            self.end_button.setToolTip(f"End {phase_name(phase).lower()} ({SHORTCUT})")
        pending = game.state.pending
        legal = self.session.legal_actions()
        if game.state.battle is not None or any(isinstance(a, ResolveBattle) for a in legal):
            self.attention.emit("battle")  # an air-sea battle (A4) to fight or fighting
        elif pending and pending[0].get("side") == side:
            self.attention.emit("decisions")
        elif phase in ("cards", "end_of_turn"):
            self.attention.emit("hand")
        elif phase in ("sieges", "replacements", "events"):
            self.attention.emit("decisions")

    def end_phase(self) -> bool:
        """End the window's phase (the engine's ``end_phase``); ``False`` when not now."""
        if self.side() is None or not self.end_button.isEnabled():
            return False
        return self.session.apply(EndPhase())
