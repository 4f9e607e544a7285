"""A person played by a test: it decides as the AI would, then does it with the mouse.

The whole-game tests need one side played through the real widgets, as a person plays:
clicking counters, dragging moves, pressing the battle panel's and the hand's buttons,
picking regions on the map, ending phases with the top bar. What to do is the AI's choice
(so the game goes somewhere sensible); how it is done is the window's business. When no
widget gesture fits (a split, a replacement...), the choice goes to the session directly,
as the brief allows; :attr:`ScriptedPlayer.done` counts what went through which widget so
the test can demand that every kind happened.
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from editor.game.map.counters import CounterItem
from editor.game.session import GameSession
from editor.game.window import GameWindow
from engine.actions import (
    Action,
    ContinueBattle,
    EndPhase,
    Move,
    PlaceReinforcement,
    PlayCard,
    ResolveBattle,
    Retreat,
)

LEFT = Qt.MouseButton.LeftButton


class ScriptedPlayer:
    """Plays ``side`` in ``window`` whenever it is that side's turn to act."""

    def __init__(self, qtbot: object, window: GameWindow, side: str) -> None:
        self.qtbot = qtbot
        self.window = window
        self.side = side
        self.done: Counter[str] = Counter()
        """UI gestures that acted: select, drag, fight, continue, retreat, card, target,
        place, next-phase; ``direct`` for choices given to the session."""
        self.refusals: list[str] = []
        window.session.failed.connect(self.refusals.append)

    @property
    def session(self) -> GameSession:
        session = self.window.session
        assert session is not None
        return session

    def act(self) -> None:
        """Make one decision of this side (the session must be waiting for it)."""
        session = self.session
        game = session.game
        assert session.human_to_act() == self.side
        choice = session.ai.choose(game)
        before = len(game.log)
        gesture = self._gesture(choice)
        if gesture is None or len(game.log) == before:
            assert session.apply(choice), self.refusals[-1:]
            self.done["direct"] += 1
        else:
            self.done[gesture] += 1
        assert len(game.log) > before

    # -- gestures ----------------------------------------------------------------------------

    def _gesture(self, choice: Action) -> str | None:
        """Do ``choice`` with the widgets; the name of the gesture, or ``None`` if none fits."""
        if isinstance(choice, EndPhase):
            return self._click(self.window.top_bar.next_button, "next-phase")
        if isinstance(choice, Move):
            return self._drag(choice)
        if isinstance(choice, ResolveBattle):
            return self._fight(choice)
        if isinstance(choice, ContinueBattle | Retreat):
            panel = self._panel("battle")
            button = (
                panel.continue_button
                if isinstance(choice, ContinueBattle)
                else panel.retreat_button
            )
            name = "continue" if isinstance(choice, ContinueBattle) else "retreat"
            return self._click(button, name)
        if isinstance(choice, PlayCard):
            return self._play_card(choice)
        if isinstance(choice, PlaceReinforcement):
            return self._place(choice)
        return None

    def _click(self, button: QPushButton, name: str) -> str | None:
        if not (button.isVisible() and button.isEnabled()):
            return None
        self.qtbot.mouseClick(button, LEFT)
        return name

    def _panel(self, name: str) -> QWidget:
        """Bring a panel's tab to the front, as the player would, and return the panel."""
        self.window.docks[name].raise_()
        QApplication.processEvents()
        return self.window.panels[name]

    # -- the map -----------------------------------------------------------------------------

    def _counter_at(self, stack_id: str) -> QPoint | None:
        """Where to click a stack's counter, if it is drawn and not covered by another."""
        view = self.window.map_view
        item = view.map_scene.counters.get(stack_id)
        if item is None or not item.isVisible():
            return None
        at = view.mapFromScene(item.scenePos()) + item.offset.toPoint()
        top = next((i for i in view.items(at) if isinstance(i, CounterItem)), None)
        return at if top is item else None

    def _region_at(self, region: str) -> QPoint:
        """A point of a region clear of its counters, where a person would aim."""
        return self.window.map_view.spot_of(region)

    def _drag(self, move: Move) -> str | None:
        """Select the stack by clicking its counter, then drag it along the path."""
        at = self._counter_at(move.stack)
        if at is None:
            return None
        viewport = self.window.map_view.viewport()
        self.qtbot.mouseClick(viewport, LEFT, pos=at)
        assert self.session.selected == move.stack
        self.done["select"] += 1
        self.qtbot.mousePress(viewport, LEFT, pos=at)
        for region in move.path:
            self.qtbot.mouseMove(viewport, self._region_at(region))
        self.qtbot.mouseRelease(viewport, LEFT, pos=self._region_at(move.path[-1]))
        last = self.session.game.log.records[-1]
        if last["type"] == "move":
            return "drag"
        return None

    def _pick_on_map(self, region: str) -> None:
        viewport = self.window.map_view.viewport()
        self.qtbot.mouseClick(viewport, LEFT, pos=self._region_at(region))

    # -- panels ------------------------------------------------------------------------------

    def _fight(self, choice: ResolveBattle) -> str | None:
        panel = self._panel("battle")
        fights = [a for a in panel.legal() if isinstance(a, ResolveBattle)]
        if choice not in fights:
            return None
        row = panel.list_rows.itemAt(fights.index(choice)).widget()
        return self._click(row.findChild(QPushButton), "fight")

    def _play_card(self, choice: PlayCard) -> str | None:
        """Press the card's Play button (in the battle panel during a battle's card window,
        else in the hand), then pick its targets: the AI's picks when offered, else the
        first offered; regions are picked on the map, the rest in the panel's list."""
        game = self.session.game
        if game.state.battle is not None:
            panel = self._panel("battle")
            name = f"Play {game.world.cards[choice.card].name}"
            buttons = [
                w for w in panel.findChildren(QPushButton) if w.text() == name and w.isVisible()
            ]
            if not buttons or self._click(buttons[0], "card") is None:
                return None
        else:
            panel = self._panel("hand")
            views = [v for v in panel.views if v.card == choice.card]
            if not views or self._click(views[0].play_button, "card") is None:
                return None
        play = panel.play
        for _ in range(10):
            step = play.step
            if step is None:
                break
            wanted = [t for t in choice.targets if t in step.allowed] or list(step.allowed)
            target = next(t for t in wanted if t not in play.request.picked)
            if step.kind == "region":
                self._pick_on_map(target)
            else:
                QApplication.processEvents()  # the list's new buttons show themselves
                buttons = [
                    b
                    for b in panel.targets.findChildren(QPushButton)
                    if b.text() == step.labels.get(target, target) and b.isVisible()
                ]
                self.qtbot.mouseClick(buttons[0], LEFT)
            self.done["target"] += 1
        assert play.card is None, "the card's picks never ended"
        return "card"

    def _place(self, choice: PlaceReinforcement) -> str | None:
        """The decision panel asks for the region on the map: click it there."""
        self._panel("decisions")
        request = self.session.targeting
        if request is None or choice.region not in request.allowed:
            return None
        self._pick_on_map(choice.region)
        return "place"
