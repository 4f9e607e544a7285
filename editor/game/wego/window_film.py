"""The WEGO game window's films and battles: each turn's film offered once to each side
after its execution (without fog to the AI against itself), the battle table of the film's
turn, the jump from a battle to its frame, the last film and the final one on request, and
the end of the game (its outcome, the final film without fog).

A mixin of :class:`~editor.game.wego.window.WegoWindow`, which holds the film player in its
centre beside the map and the hand-over screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from editor.game.panels.knowledge import side_name
from engine.outcome import Outcome
from engine.wego import film

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QDockWidget, QStackedWidget

    from editor.game.film.player import FilmPlayer
    from editor.game.panels.battles_table import BattlesTable
    from editor.game.panels.handover import HandoverScreen
    from editor.game.session import GameSession
    from editor.game.wego.phase_box import PhaseBox
    from editor.game.wego.plan_map import PlanMapView
    from editor.game.wego.plan_panel import PlanPanel


def last_executed_turn(session: GameSession) -> int | None:
    """The last turn whose execution is in the log (its film may be shown)."""
    for record in reversed(session.game.log.records):
        if record["type"] == "wego_execution":
            return int(record["turn"])
    return None


class WindowFilm:
    """Films, battles and the end of the game (see the module docstring)."""

    session: GameSession | None
    centre: QStackedWidget
    map_view: PlanMapView
    handover_screen: HandoverScreen
    film: FilmPlayer
    plan_panel: PlanPanel
    phase_box: PhaseBox
    battles: BattlesTable
    battles_dock: QDockWidget
    final_action: QAction
    films_seen: set[tuple[int, str | None]]
    outcome: Outcome | None

    def show_message(self, text: str) -> None:
        raise NotImplementedError

    def _show_map(self) -> None:
        raise NotImplementedError

    def _offer_film(self, side: str | None) -> bool:
        """Show the film of the last turn carried out to ``side`` once; ``True`` if shown."""
        session = self.session
        turn = last_executed_turn(session) if session is not None else None
        if session is None or turn is None or (turn, side) in self.films_seen or session.over:
            return False
        self.films_seen.add((turn, side))
        self.show_film(turn, side)
        return True

    def show_film(self, turn: int, side: str | None) -> None:
        """The film of ``turn`` as ``side`` saw it, in the map's place."""
        session = self.session
        if session is None:
            return
        if not session.humans:
            session.set_paused(True)
        self.film.map_view.setTransform(self.map_view.transform())
        self.film.show_turn(session.game, turn, side)
        self.show_battles(turn, side)
        self.battles_dock.raise_()
        self.centre.setCurrentWidget(self.film)
        self.plan_panel.setEnabled(False)  # the plan waits for the film to be closed
        self.phase_box.held = True  # and so does a phase played before the plans
        self.phase_box.refresh()
        self.film.setFocus()
        self.film.play()
        self.show_message("The film of the turn: Continue (or Escape) goes on to the plan")

    def show_battles(self, turn: int | None, side: str | None) -> None:
        """The battle table: ``turn``'s battles (every turn's when ``None``), of those a side
        fought only its own (it was in them: its fog hides the others')."""
        session = self.session
        if session is None:
            return
        rows = film.battles(session.game.log.records, turn)
        if side is not None:
            rows = [row for row in rows if side in (row.attacker, row.defender)]
        self.battles.viewer = side if session.game.fog else None  # the details' fog (OF6)
        self.battles.show_rows(rows)

    def jump_to(self, turn: int, tick: int) -> bool:
        """Show the frame of ``turn``'s ``tick`` in the film (the battle summary table's
        jump): the film of that turn is opened as the viewer saw it when it is not the one
        shown. ``False`` when no such frame exists (or the board is handed over)."""
        session = self.session
        if session is None or self.centre.currentWidget() is self.handover_screen:
            return False
        showing = self.centre.currentWidget() is self.film
        if showing and self.film.seek(turn, tick):
            return True
        viewer = None if session.over else session.viewer
        self.show_film(turn, viewer)
        return self.film.seek(turn, tick)

    def watch_last_film(self) -> None:
        session = self.session
        turn = last_executed_turn(session) if session is not None else None
        if session is None or turn is None:
            self.show_message("No turn has been carried out yet: there is no film to watch")
            return
        if self.centre.currentWidget() is self.handover_screen:
            return
        self.show_film(turn, session.viewer)

    def show_final_film(self) -> None:
        session = self.session
        if session is None or not session.over:
            self.show_message("The final film shows once the game is over")
            return
        self.film.show_final(session.game)
        self.centre.setCurrentWidget(self.film)
        self.film.setFocus()

    def close_film(self) -> None:
        """Continue: back to the map (the AI against itself plays on)."""
        session = self.session
        self._show_map()
        if session is not None and not session.humans and not session.over:
            session.set_paused(False)

    def show_end(self, outcome: object) -> None:
        """The game is over: say how, and show the final film without fog."""
        session = self.session
        if session is None or not isinstance(outcome, Outcome) or self.outcome is not None:
            return
        self.outcome = outcome
        game = session.game
        self.final_action.setEnabled(True)
        winner = side_name(game, outcome.winner) if outcome.winner else "Nobody"
        vp = ", ".join(f"{side_name(game, s)} {v}" for s, v in sorted(outcome.vp.items()))
        self.film.show_final(game)
        self.film.title.setText(f"Game over: {winner} wins ({outcome.reason}) · VP {vp}")
        self.show_battles(None, None)
        self.centre.setCurrentWidget(self.film)
        self.plan_panel.setVisible(True)
        self.plan_panel.refresh()
