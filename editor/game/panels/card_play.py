"""Playing a card that picks targets: one :class:`Targeting` request per pick, then the action.

The map shows each request and calls :meth:`GameSession.pick`; the panel that started the
play shows the same choices as a list (:class:`TargetList`), for players who prefer it and
for targets the map cannot point at. Whoever picks, the last pick plays the card through the
panel, so a refusal shows where the player acted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFrame, QVBoxLayout, QWidget

from editor.game.panels.base import (
    button,
    button_row,
    clear_layout,
    muted,
    notice,
    outline_for_attention,
)
from editor.game.panels.card_targets import TargetStep, target_steps
from editor.game.session import Targeting
from engine import cards
from engine.actions import PlayCard

if TYPE_CHECKING:
    from editor.game.panels.base import SessionPanel


class CardPlay(QObject):
    """The card being played from one panel, and the picks made so far."""

    stepChanged = Signal()
    """A pick started, went on to the next step, or ended (played or cancelled)."""

    def __init__(self, panel: SessionPanel) -> None:
        super().__init__(panel)
        self.panel = panel
        self.session = panel.session
        self.card: str | None = None
        self.steps: list[TargetStep] = []
        self.picked: list[str] = []
        self.request: Targeting | None = None
        self._index = 0
        self.session.targetingChanged.connect(self._targeting)

    @property
    def step(self) -> TargetStep | None:
        if self.card is None or self.request is None:
            return None
        return self.steps[self._index]

    def start(self, card_id: str) -> bool:
        """Play ``card_id``: at once when it picks nothing, else ask for the first pick.
        Returns whether the card was played already."""
        self.cancel()
        game = self.session.game
        opened = cards.window(game)
        side = opened[1] if opened else game.active_side
        steps = target_steps(game, card_id, side, self.panel.sight())
        if not steps:
            return self.panel.act(PlayCard(card_id))
        self.card, self.steps, self.picked, self._index = card_id, steps, [], 0
        self._ask()
        return False

    def _ask(self) -> None:
        step = self.steps[self._index]
        self.request = Targeting(
            step.prompt, step.kind, frozenset(step.allowed), step.count, done=self._done
        )
        self.session.ask_targets(self.request)
        self.stepChanged.emit()

    def _done(self, picked: tuple[str, ...]) -> None:
        self.picked.extend(picked)
        self._index += 1
        if self._index < len(self.steps):
            self._ask()
            return
        self.play(tuple(self.picked))

    def play(self, targets: tuple[str, ...]) -> None:
        """Play the card with these targets now (no targets: the engine takes the strongest)."""
        card, request = self.card, self.request
        self._reset()
        # "Let the card choose" in the middle of the picks: the map must stop asking.
        self.session.withdraw(request)
        if card is not None:
            self.panel.act(PlayCard(card, targets))

    def cancel(self) -> None:
        request = self.request
        self._reset()
        self.session.withdraw(request)

    def _reset(self) -> None:
        active = self.card is not None
        self.card, self.steps, self.picked, self.request = None, [], [], None
        if active:
            self.stepChanged.emit()

    def _targeting(self, request: Targeting | None) -> None:
        # Another request took the map's place, or ours was cancelled: the play is abandoned.
        # (A finished request also ends with ``None`` just before its ``done`` runs.)
        ours = self.request
        if ours is None or request is ours:
            return
        if request is None and len(ours.picked) >= ours.count:
            return
        self._reset()


class TargetList(QFrame):
    """The choices of the current pick as buttons, beside the map's highlights."""

    def __init__(self, play: CardPlay, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.play = play
        self.prompt = notice()
        self.where = muted("Pick on the map, or here:")
        self.choices = QVBoxLayout()
        self.choices.setSpacing(2)
        self.strongest = button(
            "Let the card choose", "Play without picking: the engine takes the strongest"
        )
        self.cancel = button("Cancel")
        self.strongest.clicked.connect(lambda: play.play(tuple(play.picked)))
        self.cancel.clicked.connect(play.cancel)
        row = button_row(self.strongest, self.cancel)
        column = QVBoxLayout(self)
        column.setContentsMargins(6, 6, 6, 6)
        column.addWidget(self.prompt)
        column.addWidget(self.where)
        column.addLayout(self.choices)
        column.addLayout(row)
        outline_for_attention(self, "targets")
        play.stepChanged.connect(self.update_view)
        self.update_view()

    def update_view(self) -> None:
        clear_layout(self.choices)
        step = self.play.step
        self.setVisible(step is not None)
        if step is None:
            return
        left = step.count - (len(self.play.request.picked) if self.play.request else 0)
        self.prompt.setText(f"{step.prompt} ({left} to pick)")
        picked = set(self.play.request.picked) if self.play.request else set()
        for target in step.allowed:
            if target in picked:
                continue
            choice = button(step.labels.get(target, target))
            choice.setStyleSheet("text-align: left; padding: 2px 8px;")
            choice.clicked.connect(_picker(self.play, target))
            self.choices.addWidget(choice)


def _picker(play: CardPlay, target: str) -> Callable[[], None]:
    def pick() -> None:
        play.session.pick(target)
        play.stepChanged.emit()

    return pick
