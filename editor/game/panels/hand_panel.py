"""The viewer's hand of cards, the cards in force, and playing and discarding.

Only the viewer's hand is ever shown: in hot seat the viewer is the side to act, so the other
player's cards stay hidden; with the AI on every side the spectator sees the active side's.
A card is marked playable when the engine lists it as a legal ``PlayCard``, and a mandatory
card that could be played is marked as holding up the phase (the engine refuses to end it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from editor.game.panels.base import (
    Column,
    SessionPanel,
    clear_layout,
    discard,
    esc,
    heading,
    muted,
    notice,
)
from editor.game.panels.card_play import CardPlay, TargetList
from editor.game.panels.card_view import CardView, card_texts
from editor.game.panels.knowledge import plural
from editor.game.panels.unit_values import duration
from editor.shared.widgets import scrolling
from engine import cards
from engine.actions import Discard, PlayCard

if TYPE_CHECKING:
    from editor.game.session import GameSession

CARD_WIDTH = 300
"""The width a card of the hand reads best at (a wide dock lays cards out side by side)."""


class HandPanel(SessionPanel):
    """Cards in the viewer's hand, and the lasting cards and events in force."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.play = CardPlay(self)
        self.title = heading("Your hand")
        self.status = notice()
        self.targets = TargetList(self.play)
        self.cards_box = QGridLayout()
        self.cards_box.setSpacing(6)
        self._columns = 1
        self.empty = muted("No cards in hand.")
        self.in_force_title = heading("In force")
        self.in_force = QVBoxLayout()
        self.in_force.setSpacing(4)
        self.none_in_force = muted("No card or event is in force.")
        self.content = content = Column()
        inner = content.column
        inner.addLayout(self.cards_box)
        inner.addWidget(self.empty)
        inner.addSpacing(8)
        inner.addWidget(self.in_force_title)
        inner.addLayout(self.in_force)
        inner.addWidget(self.none_in_force)
        inner.addStretch(1)
        column = QVBoxLayout(self.body)
        column.addWidget(self.title)
        column.addWidget(self.status)
        column.addWidget(self.message)
        column.addWidget(self.targets)
        column.addWidget(scrolling(content), 1)
        self.views: list[CardView] = []
        self._hand: tuple[str, ...] | None = None
        self._force: tuple | None = None
        self.play.stepChanged.connect(self._stale)

    def update_view(self) -> None:
        game = self.game
        side = self.followed_side()
        hand = tuple(game.state.sides[side].hand)
        if hand != self._hand:
            self._rebuild(hand)
        legal = self.legal()
        playable = {a.card for a in legal if isinstance(a, PlayCard)}
        discardable = {a.cards[0] for a in legal if isinstance(a, Discard) and len(a.cards) == 1}
        blocking = cards.mandatory_left(game) if self.session.human_to_act() == side else None
        for view in self.views:
            card = game.world.cards[view.card]
            view.set_marks(
                playable=view.card in playable and self.play.card is None,
                mandatory=card.mandatory,
                blocking=view.card == blocking,
                discard=view.card in discardable,
            )
        limit = game.scenario.rules.cards.hand_limit
        whose = "Your hand" if self.session.viewer == side else f"{self.sight().side(side)}'s hand"
        self.title.setText(f"{whose} \u00b7 {plural(len(hand), 'card')} (limit {limit})")
        self.status.setText(self._status(side, blocking, bool(discardable), len(hand) - limit))
        self.status.setVisible(bool(self.status.text()))
        self._update_in_force()
        self.content.refit()

    def attention(self) -> object:
        """A mandatory card to play, or cards to discard."""
        side = self.session.human_to_act()
        if side is None:
            return None
        blocking = cards.mandatory_left(self.game)
        if blocking is not None:
            return ("play", blocking)
        if any(isinstance(a, Discard) for a in self.legal()):
            return ("discard", self.game.turn, side)
        return None

    def _status(self, side: str, blocking: str | None, discard: bool, excess: int) -> str:
        lines = []
        if blocking:
            name = self.game.world.cards[blocking].name
            lines.append(
                f"\u201c{name}\u201d is mandatory: the phase cannot end until you play it."
            )
        if discard and excess > 0:
            lines.append(
                f"Over the hand limit: discard {plural(excess, 'card')} before the phase ends."
            )
        return "\n".join(lines)

    def _rebuild(self, hand: tuple[str, ...]) -> None:
        self._hand = hand
        for view in self.views:
            self.cards_box.removeWidget(view)
            discard(view)
        self.views = []
        # Mandatory cards first: they are the ones that hold the phase up.
        cards = self.game.world.cards
        for card_id in sorted(hand, key=lambda c: not cards[c].mandatory):
            view = CardView(self.game, card_id)
            view.playClicked.connect(self.play_card)
            view.discardClicked.connect(self.discard)
            self.views.append(view)
        self._place_cards(force=True)
        self.empty.setVisible(not hand)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_cards()

    def _place_cards(self, *, force: bool = False) -> None:
        """Cards one under the other beside the map, side by side in a wide dock below it
        (a card is easiest to read at about 300 pixels wide)."""
        columns = max(1, min(len(self.views) or 1, self.width() // CARD_WIDTH))
        if columns == self._columns and not force:
            return
        self._columns = columns
        for view in self.views:
            self.cards_box.removeWidget(view)
        for index, view in enumerate(self.views):
            self.cards_box.addWidget(view, index // columns, index % columns)
        for column in range(self.cards_box.columnCount()):
            self.cards_box.setColumnStretch(column, 1 if column < columns else 0)
        self.content.refit()

    # -- acting ------------------------------------------------------------------------------------

    def play_card(self, card_id: str) -> None:
        """Play a card: at once, or after its targets are picked on the map or in the list."""
        self.play.start(card_id)
        self.refresh()

    def discard(self, card_id: str) -> None:
        self.act(Discard((card_id,)))

    # -- cards and events in force ------------------------------------------------------------

    def _update_in_force(self) -> None:
        sight = self.sight()
        game = self.game
        groups: dict[tuple[str, str], list] = {}
        for modifier in game.state.modifiers:
            if modifier.source == "search" or not sight.source_visible(modifier.source):
                continue
            groups.setdefault((modifier.source, modifier.side), []).append(modifier)
        key = tuple((k, tuple(duration(m) for m in v)) for k, v in groups.items())
        if key == self._force:
            return
        self._force = key
        clear_layout(self.in_force)
        for (source, side), found in groups.items():
            card = game.world.cards.get(source)
            does = card_texts(game, card)[1] if card is not None else ""
            if not does and source in game.world.events:
                does = game.world.events[source].text
            lasts = ", ".join(dict.fromkeys(duration(m) for m in found))
            label = QLabel(
                f"<b>{esc(sight.source(source))}</b> ({esc(sight.owner(side))}, {esc(lasts)})"
                + (f"<br>{esc(does)}" if does else "")
            )
            label.setWordWrap(True)
            self.in_force.addWidget(label)
        self.none_in_force.setVisible(not groups)
