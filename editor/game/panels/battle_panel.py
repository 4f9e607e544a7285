"""Battles: the list to fight in any order, the open battle round by round with every die,
card play between rounds, Continue and Retreat, where beaten units retreat (when the rules
leave the choice to the player), and the breakthrough after a win.

The panel shows what the engine holds in ``state.battle`` (the units, the round, whose card
window is open) and tells the battle from the log records as they arrive
(:mod:`.battle_story`). Odds are shown only when the viewer can see every enemy unit in the
battle; an enemy side hidden by the fog of war is shown as hidden, and its dice as "enemy
fire".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from editor.game.panels.base import (
    MUTED,
    QWIDGETSIZE_MAX,
    Column,
    SessionPanel,
    button,
    button_row,
    clear_layout,
    heading,
    is_wide,
    muted,
    notice,
    rule,
)
from editor.game.panels.battle_forces import Odds, describe, side_html
from editor.game.panels.battle_story import BattleStory, story_html
from editor.game.panels.breakthrough_box import BreakthroughBox
from editor.game.panels.card_play import CardPlay, TargetList
from editor.game.panels.card_view import card_texts
from editor.game.panels.knowledge import Sight, plural
from editor.game.panels.retreat_box import RetreatBox
from editor.game.panels.wording import round_name
from editor.shared.widgets import scrolling
from engine.actions import ContinueBattle, PlayCard, ResolveBattle, Retreat

if TYPE_CHECKING:
    from editor.game.session import GameSession


class BattlePanel(SessionPanel):
    """The battles of the phase and the battle being fought."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.story: BattleStory | None = None
        self._told: tuple[int, str | None] | None = None
        self.odds = Odds()
        self.play = CardPlay(self)

        self.list_title = heading("Battles to fight")
        self.list_hint = muted("Fight them in the order you like; each opens its own battle.")
        self.list_rows = QVBoxLayout()
        self.battle_list = QWidget()
        box = QVBoxLayout(self.battle_list)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.list_title)
        box.addWidget(self.list_hint)
        box.addLayout(self.list_rows)
        box.addWidget(rule())

        self.title = heading("No battle")
        self.round = muted()
        self.sides = [QLabel(), QLabel()]
        for label in self.sides:
            label.setWordWrap(True)
            label.setMinimumWidth(150)
        columns = QGridLayout()
        top = Qt.AlignmentFlag.AlignTop
        columns.addWidget(self.sides[0], 0, 0, top)
        columns.addWidget(self.sides[1], 0, 1, top)
        columns.setColumnStretch(0, 1)
        columns.setColumnStretch(1, 1)
        self.window = notice()
        self.cards_row = QVBoxLayout()
        self.cards_row.setSpacing(2)
        self.targets = TargetList(self.play)
        self.continue_button = button("Continue", "No more cards: go on to the next round")
        self.retreat_button = button("Retreat", "Leave the battle now (the enemy does not pursue)")
        self.continue_button.clicked.connect(lambda: self.act(ContinueBattle()))
        self.retreat_button.clicked.connect(lambda: self.act(Retreat()))
        actions = button_row(self.continue_button, self.retreat_button)
        self.log = QTextBrowser()
        self.log.setOpenLinks(False)
        self.breakthrough = BreakthroughBox(self)
        self.retreat = RetreatBox(self)

        # The controls scroll on their own, so a long list of battles or units never
        # squeezes the battle log out of a short dock (see :meth:`_arrange`).
        self.controls = Column()
        column = self.controls.column
        self.idle = muted(
            "No battle now. After land movement, every region where your stacks meet the "
            "enemy's is listed here, to fight in the order you like."
        )
        column.addWidget(self.idle)
        column.addWidget(self.battle_list)
        column.addWidget(self.title)
        column.addWidget(self.round)
        column.addLayout(columns)
        column.addWidget(self.window)
        column.addLayout(self.cards_row)
        column.addWidget(self.targets)
        column.addLayout(actions)
        column.addWidget(self.message)
        column.addWidget(self.retreat)
        column.addWidget(self.breakthrough)
        column.addStretch(1)
        self.scroll = scrolling(self.controls)
        self.parts = QBoxLayout(QBoxLayout.Direction.TopToBottom, self.body)
        self.parts.addWidget(self.scroll)
        self.parts.addWidget(self.log, 1)
        self.controls.fitted.connect(self._arrange)
        self.play.stepChanged.connect(self._stale)
        self._replay_log()

    # -- layout ----------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        bar = self.log.verticalScrollBar()
        following = bar.value() >= bar.maximum() - 4
        super().resizeEvent(event)
        self._arrange()
        if following:  # a reader at the newest round stays there
            QTimer.singleShot(0, bar, lambda: bar.setValue(bar.maximum()))

    def _arrange(self) -> None:
        """Beside the map (tall), the controls take the height they need, up to two thirds,
        above the log; below the map (wide), controls and log sit side by side."""
        if is_wide(self):
            self.parts.setDirection(QBoxLayout.Direction.LeftToRight)
            self.parts.setStretch(0, 1)
            self.scroll.setMinimumHeight(0)
            self.scroll.setMaximumHeight(QWIDGETSIZE_MAX)
            self.log.setMinimumHeight(60)
            return
        # Only a little of it is a minimum (a larger one would stop the dock from shrinking);
        # the stretch hands the controls their height and what is left goes to the log.
        self.parts.setDirection(QBoxLayout.Direction.TopToBottom)
        self.parts.setStretch(0, 3)
        self.parts.setStretch(1, 2)
        if not self.log.isVisibleTo(self):  # no battle yet: the controls have it all
            self.scroll.setMinimumHeight(0)
            self.scroll.setMaximumHeight(QWIDGETSIZE_MAX)
            return
        needed = self.controls.minimumHeight() + 2
        self.scroll.setMinimumHeight(min(needed, 200))
        self.scroll.setMaximumHeight(max(60, min(needed, self.height() - 140)))
        self.log.setMinimumHeight(100)

    # -- the story from the log ---------------------------------------------------------------

    def _replay_log(self) -> None:
        """A panel made in the middle of a game picks up the last battle from the log."""
        records = self.game.log.records
        start = next(
            (i for i in range(len(records) - 1, -1, -1) if records[i]["type"] == "battle_start"),
            None,
        )
        if start is not None:
            self.on_records(records[start:])

    def on_records(self, records: list[dict]) -> None:
        for record in records:
            if record["type"] == "battle_start":
                fighters = record["attackers"] + record["defenders"]
                known = {}
                for viewer in {self.session.viewer, *self.session.game.state.sides}:
                    sight = Sight(self.game, viewer)
                    known[viewer] = {u for u in fighters if sight.knows(u)}
                self.story = BattleStory(record, known)
                self._told = None
            elif self.story is not None:
                self.story.add(record)

    # -- drawing -----------------------------------------------------------------------------------

    def update_view(self) -> None:
        legal = self.legal()
        battle = self.game.state.battle
        sight = self._story_sight()
        self._show_list([a for a in legal if isinstance(a, ResolveBattle)], sight)
        self._show_battle(battle, sight, legal)
        self.idle.setVisible(
            not self.battle_list.isVisibleTo(self) and not self.title.isVisibleTo(self)
        )
        self.retreat.update_view()
        self.breakthrough.update_view()
        self._tell(sight)
        self.controls.refit()
        self._arrange()

    def attention(self) -> object:
        """Battles to fight, a card window of the person's, or a breakthrough to choose."""
        game = self.game
        side = self.session.human_to_act()
        if side is None:
            return None
        pending = game.state.pending
        if pending and pending[0]["kind"] in ("breakthrough", "retreat"):
            return (pending[0]["kind"], pending[0]["region"], len(game.log))
        battle = game.state.battle
        if battle is not None:
            return ("window", battle["region"], battle.get("rounds"))
        if any(isinstance(a, ResolveBattle) for a in self.legal()):
            return ("battles", game.turn, side)
        return None

    def _story_sight(self) -> Sight:
        story = self.story
        known = story.known.get(self.session.viewer, ()) if story is not None else ()
        return Sight(self.game, self.session.viewer, known)

    def _tell(self, sight: Sight) -> None:
        story = self.story
        if story is None:
            self.log.setHtml(f"<p style='color:{MUTED}'>No battle fought yet.</p>")
            return
        size = len(story.opening) + len(story.after) + (story.end is not None)
        size += sum(len(r.records) + len(r.before) + 1 for r in story.rounds)
        # The story is told again when the viewer changes (hot seat) or sees other fighters
        # (a beaten enemy retreats out of sight): names follow what the viewer sees now.
        fighters = story.start["attackers"] + story.start["defenders"]
        told = (size, self.session.viewer, frozenset(u for u in fighters if sight.knows(u)))
        if told == self._told:
            return
        self._told = told
        self.log.setHtml(story_html(story, sight))
        bar = self.log.verticalScrollBar()
        bar.setValue(bar.maximum())
        # Once more when the new text is laid out: the newest round is the one to see.
        QTimer.singleShot(0, bar, lambda: bar.setValue(bar.maximum()))

    def _show_list(self, fights: list[ResolveBattle], sight: Sight) -> None:
        clear_layout(self.list_rows)
        self.battle_list.setVisible(bool(fights))
        for action in fights:
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            text = QLabel(describe(self.game, sight, action.region, self.odds))
            text.setWordWrap(True)
            fight = button("Fight", "Open this battle")
            fight.clicked.connect(lambda _=False, chosen=action: self.act(chosen))
            line.addWidget(text, 1)
            line.addWidget(fight)
            self.list_rows.addWidget(row)

    def _show_battle(self, battle: dict[str, Any] | None, sight: Sight, legal: list) -> None:
        story = self.story
        shown = battle is not None or story is not None
        for widget in (self.title, self.round, *self.sides, self.log):
            widget.setVisible(shown)
        source = battle if battle is not None else (story.start if story else None)
        if source is None:
            self._window_off()
            return
        place = (
            f"assault on {sight.structure(source['structure'])}"
            if source.get("structure")
            else sight.region(source["region"])
        )
        over = battle is None
        # Fought out, the loser choosing where to retreat: no more card windows.
        ending = battle is not None and "ending" in battle
        self.title.setText(f"{'Last battle' if over else 'Battle'}: {place}")
        if ending:
            rounds = plural(int(battle["ending"].get("rounds", 0)), "round")  # type: ignore[index]
            self.round.setText(f"Over after {rounds}: the beaten side chooses where to retreat.")
        else:
            self.round.setText(self._round_text(battle))
        morale = story.morale if story is not None else {}
        for index, (side, key) in enumerate(
            ((source["attacker"], "attackers"), (source["defender"], "defenders"))
        ):
            role = "Attacker" if index == 0 else "Defender"
            self.sides[index].setText(
                side_html(self.game, sight, side, role, source[key], morale.get(side), battle)
            )
        if over or ending:
            self._window_off()
            return
        self._show_window(battle, sight, legal)

    def _round_text(self, battle: dict[str, Any] | None) -> str:
        if battle is None:
            story = self.story
            if story is not None and story.end is not None:
                return f"Over after {plural(int(story.end.get('rounds', 0)), 'round')}."
            return ""
        fought = int(battle.get("rounds", 0))
        upcoming = round_name(battle.get("upcoming"))
        most = self.game.scenario.rules.battle.max_rounds
        if battle.get("upcoming") == "cards":
            return f"Before the first round (at most {most} rounds)."
        return f"{plural(fought, 'round')} fought; next: the {upcoming} round (at most {most})."

    def _show_window(self, battle: dict[str, Any], sight: Sight, legal: list) -> None:
        window = battle.get("card_window")
        upcoming = round_name(battle.get("upcoming"))
        upcoming = "first" if upcoming == "cards" else upcoming
        mine = self.session.human_to_act() == window and window is not None
        if mine:
            self.window.setText(
                f"Your card window before the {upcoming} round: play battle cards, then "
                "Continue" + (" or Retreat." if Retreat() in legal else ".")
            )
        else:
            self.window.setText(f"{sight.side(window)} is deciding before the {upcoming} round.")
        self.window.show()
        self.continue_button.setVisible(True)
        self.retreat_button.setVisible(True)
        self.continue_button.setEnabled(ContinueBattle() in legal and self.play.card is None)
        self.retreat_button.setEnabled(Retreat() in legal and self.play.card is None)
        self._show_cards([a for a in legal if isinstance(a, PlayCard)])

    def _window_off(self) -> None:
        self.window.hide()
        self.continue_button.setVisible(False)
        self.retreat_button.setVisible(False)
        self._show_cards([])

    def _show_cards(self, plays: list[PlayCard]) -> None:
        clear_layout(self.cards_row)
        if not plays or self.play.card is not None:
            return
        self.cards_row.addWidget(muted("Battle cards you may play now:"))
        for action in plays:
            card = self.game.world.cards[action.card]
            play = button(f"Play {card.name}", card_texts(self.game, card)[1])
            play.setStyleSheet("text-align: left; padding: 2px 8px;")
            play.clicked.connect(lambda _=False, chosen=action.card: self.play.start(chosen))
            self.cards_row.addWidget(play)
