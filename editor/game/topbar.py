"""The game view's top bar: the score, the clock, and the button that ends the phase.

Everything here is public information (VP, tension, the calendar, whose turn it is), so the
bar shows the same thing to every viewer. The next-phase button is the one control: it is
enabled only when a person is to act and the engine has nothing left that blocks the phase
(``Game.blocking()``); then the line beside it says why (in two lines, the tooltip, and in
full along the window's status bar), so a player never wonders what is missing. The button
keeps one width whatever it says (the widest of its texts), so it never jumps under the
pointer as the phases go by. Its shortcut,
:data:`SHORTCUT`, belongs to the window's Game menu (:meth:`TopBar.next_phase_requested`).
Once the game is over it brings back the end screen.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QFont, QKeySequence, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStyle,
    QStyleOptionButton,
    QStylePainter,
    QWidget,
)

from editor.game.panels.base import rule
from editor.game.panels.cover import cover_of
from editor.game.panels.knowledge import readable_reason, side_name
from editor.game.session import GameSession
from editor.game.status_line import Status
from engine.actions import EndPhase
from engine.game import Game

PHASE_NAMES: dict[str, str] = {
    "turn_summary": "Turn summary",
    "events": "Events",
    "cards": "Cards",
    "reinforcements": "Reinforcements",
    "supply": "Supply",
    "air_offensive": "Air (offensive)",
    "naval_movement": "Naval movement",
    "land_movement": "Land movement",
    "battles": "Battles",
    "air_defensive": "Air (defensive)",
    "sieges": "Sieges",
    "replacements": "Replacements",
    "end_of_turn": "End of turn",
}

SHORTCUT = "Ctrl+Return"
"""Next phase, from anywhere in the game window (the Game menu shows it too)."""
BLOCKED = "\u26a0 Not yet"
"""The button's text while something blocks the phase (the line beside it says what)."""


def phase_name(phase: str) -> str:
    return PHASE_NAMES.get(phase, phase.replace("_", " ").capitalize())


def shortcut_text() -> str:
    """The shortcut as the platform writes it (Ctrl+Return, ⌘↩)."""
    return QKeySequence(SHORTCUT).toString(QKeySequence.SequenceFormat.NativeText)


SHORTEST = 44
"""How narrow a part of the bar may get (its text then ends in "…"): the whole bar must fit
a window of 1024 pixels beside the AI's controls."""


class Elided(QLabel):
    """A one-line label that gives way when the bar is short of room: it asks for its whole
    text but accepts less, and then shows its short form (:meth:`set_short`: the numbers
    without their words), cut with "…" if even that does not fit. The full text stays in
    :meth:`text`, and in the tooltip its owner sets."""

    short = ""

    def set_short(self, text: str) -> None:
        self.short = text
        self.update()

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), SHORTEST), hint.height())

    def paintEvent(self, event: QPaintEvent) -> None:
        room = self.contentsRect()
        metrics = self.fontMetrics()
        if metrics.horizontalAdvance(self.text()) <= room.width():
            super().paintEvent(event)
            return
        text = self.short or self.text()
        text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, room.width())
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(
            room, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), text
        )


class PhaseButton(QPushButton):
    """The next-phase button: its text ends in "…" should it not fit (a long phase name)
    rather than being cut at both ends."""

    def paintEvent(self, event: QPaintEvent) -> None:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        style = self.style()
        room = style.subElementRect(QStyle.SubElement.SE_PushButtonContents, option, self)
        option.text = self.fontMetrics().elidedText(
            self.text(), Qt.TextElideMode.ElideRight, max(0, room.width() - 8)
        )
        QStylePainter(self).drawControl(QStyle.ControlElement.CE_PushButton, option)


class SideChip(QFrame):
    """A side's colour, name and VP; framed while it is that side's player-turn."""

    def __init__(self, side: str, name: str, color: str) -> None:
        super().__init__()
        self.side = side
        self.setObjectName("side-chip")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 2, 8, 2)
        layout.setSpacing(6)
        swatch = QLabel()
        swatch.setFixedSize(14, 14)
        swatch.setStyleSheet(f"background: {color}; border: 1px solid #333; border-radius: 2px;")
        self.name = Elided(name)
        self.name.setToolTip(name)
        self.vp = QLabel()
        bold = QFont(self.vp.font())
        bold.setBold(True)
        self.vp.setFont(bold)
        layout.addWidget(swatch)
        layout.addWidget(self.name)
        layout.addWidget(self.vp)
        self.set_active(False)

    def set_vp(self, vp: int) -> None:
        self.vp.setText(f"{vp} VP")

    def set_active(self, active: bool) -> None:
        border = "2px solid #444" if active else "2px solid transparent"
        self.setStyleSheet(f"#side-chip {{ border: {border}; border-radius: 4px; }}")


class TopBar(QWidget):
    """Sides and VP, tension, turn and date, phase, who acts, and the next-phase button."""

    resultWanted = Signal()
    """The game is over and the player asked for the end screen (the button's last use)."""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.setObjectName("game-top-bar")
        self.session = session
        scenario = session.game.scenario
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 3, 6, 3)
        layout.setSpacing(8)
        self.blocked: str | None = None
        """What blocks the phase a person could otherwise end (the window's status bar
        says it in full too)."""
        self.chips: dict[str, SideChip] = {}
        for side in session.game.sides_in_play:
            model = session.game.world.sides[side]
            chip = SideChip(side, model.name, model.color)
            self.chips[side] = chip
            layout.addWidget(chip)
        self.tension = Elided()
        self.tension.setObjectName("tension")
        self.tension.setVisible(scenario.tension is not None)
        layout.addWidget(self.tension)
        layout.addWidget(rule(vertical=True))
        self.clock = Elided()
        self.clock.setObjectName("clock")
        layout.addWidget(self.clock)
        self.phase = Elided()
        self.phase.setObjectName("phase")
        layout.addWidget(self.phase)
        layout.addWidget(rule(vertical=True))
        self.to_act = Status()
        self.to_act.setObjectName("to-act")
        # The one part of the bar that may give way (it is repeated in its tooltip), so a
        # longer phase or button text never widens the window.
        self.to_act.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.to_act.setMinimumWidth(SHORTEST)
        layout.addWidget(self.to_act, 1)
        self.next_button = PhaseButton()
        self.next_button.setObjectName("next-phase")
        self.next_button.setFixedWidth(self._button_width())
        self.next_button.clicked.connect(self.end_phase)
        layout.addWidget(self.next_button)
        session.changed.connect(self.refresh)
        session.toAct.connect(self.refresh)
        session.handover.connect(self.refresh)
        session.finished.connect(self.refresh)
        cover_of(session).changed.connect(self.refresh)
        self.refresh()

    # -- acting ----------------------------------------------------------------------------------

    def end_phase(self) -> None:
        if not self.next_button.isEnabled():
            return
        if self.session.over:
            self.resultWanted.emit()
        else:
            self.session.apply(EndPhase())

    def next_phase_requested(self) -> str | None:
        """The shortcut or the menu asked for the next phase: end it when the button
        could, else return why not (for the status bar), in full."""
        if self.next_button.isEnabled():
            self.end_phase()
            return None
        return self.next_button.toolTip() or "Not now"

    def _button_width(self) -> int:
        """The widest text the button may show in this game, so it never changes width."""
        game = self.session.game
        names = {
            phase_name(p)
            for t in range(1, game.scenario.calendar.turns + 1)
            for p in game.phases_of(t)
        }
        texts = [f"Next: {name} \u25b8" for name in names]
        texts += ["End the player-turn \u25b8", "Show the result \u25b8", "Next phase", BLOCKED]
        metrics = self.next_button.fontMetrics()
        widest = max(metrics.horizontalAdvance(text) for text in texts)
        return min(260, max(150, widest + 28))

    # -- showing ---------------------------------------------------------------------------------

    def refresh(self, *_why: object) -> None:
        session, game = self.session, self.session.game
        state = game.state
        for side, chip in self.chips.items():
            chip.set_vp(state.sides[side].vp)
            chip.set_active(not session.over and side == game.active_side)
        self._show_tension()
        calendar = game.scenario.calendar
        self.clock.setText(f"Turn {game.turn} of {calendar.turns} · {_date(game)}")
        self.clock.setToolTip(self.clock.text())
        self.clock.set_short(f"Turn {game.turn}/{calendar.turns}")
        if session.over:
            self.phase.setText("Game over")
            self.phase.setToolTip("")
        else:
            phases = game.phases_of(game.turn)
            index = state.phase_index
            self.phase.setText(f"{phase_name(game.phase)} ({index + 1}/{len(phases)})")
            self.phase.set_short(phase_name(game.phase))
            self.phase.setToolTip(self._phase_list(phases, index))
        blocked = self._show_button()
        self.blocked = blocked
        if blocked:
            # Whose turn it is shows on the framed side chip: the room is the reason's.
            self.to_act.set_status(f"\u26a0 {blocked[0].upper()}{blocked[1:]}", warning=True)
        else:
            self.to_act.set_status(self._who_acts())

    def _show_tension(self) -> None:
        game = self.session.game
        tension = game.scenario.tension
        value = game.state.tension
        if tension is None or value is None:
            return
        # An index without a threshold never ends the game: no "/ None", no "At None".
        limit = f" / {tension.threshold}" if tension.threshold is not None else ""
        self.tension.setText(f"{tension.name}: {value}{limit}")
        self.tension.set_short(f"{value}{limit}")
        benefits = html.escape(side_name(game, tension.benefits))
        steps = "".join(
            f"<li>{step.value}: {html.escape(step.description)}</li>" for step in tension.steps
        )
        wins = f"<br>At {tension.threshold}, {benefits} wins." if limit else ""
        self.tension.setToolTip(
            f"<b>{html.escape(tension.name)}</b><br>{html.escape(tension.description)}"
            + wins
            + (f"<ul>{steps}</ul>" if steps else "")
        )

    def _phase_list(self, phases: list[str], current: int) -> str:
        game = self.session.game
        rows = []
        for i, phase in enumerate(phases):
            name = html.escape(phase_name(phase))
            rows.append(f"<b>▸ {name}</b>" if i == current else f"&nbsp;&nbsp;&nbsp;{name}")
        whose = html.escape(side_name(game, game.active_side))
        title = f"{whose}'s player-turn {game.turn}:"
        return f"{title}<br>" + "<br>".join(rows)

    def _who_acts(self) -> str:
        session, game = self.session, self.session.game
        if session.over:
            winner = (game.outcome() or {}).get("winner")
            return f"{side_name(game, winner)} wins" if winner else "A draw"
        side = game.to_act()
        if side is None:
            return ""
        name = side_name(game, side)
        if session.players.get(side) == "ai":
            pause = " (paused)" if session.paused else "…"
            return f"{name} ({session.ai_name}) is playing{pause}"
        if len(session.humans) == 1:
            return f"{name} to act (you)"
        return f"{name} to act"

    def _show_button(self) -> str | None:
        """Set the button's text, state and tooltip; returns what blocks the phase when a
        person could otherwise end it (for the line beside the button)."""
        session, game = self.session, self.session.game
        button = self.next_button
        keys = f" ({shortcut_text()})"
        if session.over:
            # Once the end screen is closed ("Show the map"), this is the way back to it.
            button.setEnabled(True)
            button.setText("Show the result \u25b8")
            button.setToolTip("The end of the game: the result, VP and charts turn by turn" + keys)
            return None
        if cover_of(session).hides():
            # Hot seat, between two people: nothing may be done until the next one is there.
            button.setEnabled(False)
            button.setText("Next phase")
            button.setToolTip("Waiting for the next player to show their view")
            return None
        if session.human_to_act() is None:
            button.setEnabled(False)
            button.setText("Next phase")
            side = game.to_act()
            button.setToolTip(
                f"{side_name(game, side)} ({session.ai_name}) is playing" if side else ""
            )
            return None
        reason = game.blocking()
        if reason is not None:
            reason = readable_reason(game, reason)
            button.setEnabled(False)
            button.setText(BLOCKED)
            button.setToolTip(f"The phase cannot end yet: {reason}.")
            return f"{reason}."
        phases = game.phases_of(game.turn)
        index = game.state.phase_index
        button.setEnabled(True)
        if index + 1 < len(phases):
            nxt = phase_name(phases[index + 1])
            button.setText(f"Next: {nxt} \u25b8")
            button.setToolTip(
                f"End {phase_name(game.phase).lower()} and go on to {nxt.lower()}" + keys
            )
        else:
            button.setText("End the player-turn \u25b8")
            button.setToolTip(f"End {side_name(game, game.active_side)}'s player-turn" + keys)
        return None


def _date(game: Game) -> str:
    date = game.date
    return f"{date.day} {date.strftime('%b %Y')}"
