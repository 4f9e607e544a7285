"""Game > Play by e-mail (P1): start a game by e-mail, open the opponent's turn file, watch
their sitting replayed under your own fog of war, play yours, and write the next file.

The engine does the checking (:mod:`engine.pbem`): opening a file replays the whole game
from its first file and refuses a file out of order, of another game or scenario, addressed
to the other side, or tampered with. The view then builds an ordinary
:class:`~editor.game.session.GameSession` at the moment before the opponent's sitting, with
the player's side a person's and the opponent's side played back from the file by
:class:`ReplayScript` at the AI's speed (with its pause and step controls), so every panel,
the news and the map show the opponent's moves and battles exactly as they show an AI's, and
only what the player's side may see. Once the decision has passed back to the opponent, the
next turn file is written into the folder of the game and the session stops.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog, QInputDialog, QLabel, QMessageBox

from editor.game.session import SPEEDS, GameSession
from editor.shared.settings import settings
from engine import decisions
from engine.actions import Action
from engine.game import Game
from engine.pbem import PbemError, PbemGame, forced, game_before_last, load, start
from engine.pbem.sealing import reveal_action
from engine.pbem.turnfile import SUFFIX, read

if TYPE_CHECKING:
    from editor.game.window import GameWindow
    from schemas.scenario import Scenario

TURN_FILTER = f"Salient turn files (*{SUFFIX})"


class ReplayScript:
    """Plays the opponent's recorded actions back, one per AI tick, in place of the AI; after
    them, only the opponent's decisions that leave no choice (see :func:`engine.pbem.forced`).
    """

    def __init__(self, actions: list[dict[str, Any]], side: str) -> None:
        self.actions = [Action.from_json(a) for a in actions]
        self.played = 0
        self.side = side

    @property
    def done(self) -> bool:
        return self.played >= len(self.actions)

    def choose(self, game: Game) -> Action:
        if not self.done:
            action = self.actions[self.played]
            self.played += 1
            return action
        action = forced(game, self.side)
        if action is None:
            raise RuntimeError("the opponent's sitting has been replayed to its end")
        return action


class PbemSession(GameSession):
    """A session whose AI is the replay of the opponent's file. While it plays back, it acts
    for both sides (the file also holds the player's own decisions that left no choice), but
    the view stays the player's; afterwards the player acts, and the opponent only where the
    rules leave it no choice."""

    script: ReplayScript
    me: str

    def ai_to_act(self) -> str | None:
        side = self.game.to_act()
        if side is None:
            return None
        if not self.script.done:
            return side
        if side != self.me and forced(self.game, self.me) is not None:
            return side
        return None

    def human_to_act(self) -> str | None:
        if not self.script.done:
            return None
        return super().human_to_act()

    def _announce(self) -> None:
        if not self.over and self.ai_to_act() is not None:
            if not self.paused:
                self._timer.start(SPEEDS[self.speed])
            return
        super()._announce()


@dataclass
class ByEmail:
    """What the game window knows of the game by e-mail it shows."""

    pbem: PbemGame
    side: str
    script: ReplayScript
    written: Path | None = None


class PbemController(QObject):
    """Follows the session of a game by e-mail: marks where the player's sitting starts once
    the replay is over, and writes the turn file when the decision leaves the player."""

    def __init__(
        self, window: GameWindow, session: GameSession, state: ByEmail, *, sitting: bool
    ) -> None:
        """``sitting``: the player's sitting has begun already (a game just started)."""
        super().__init__(session)
        self.window = window
        self.session = session
        self.state = state
        self.sitting = sitting
        self.label = QLabel()
        self.label.setObjectName("pbem-status")
        window.statusBar().addPermanentWidget(self.label)
        session.destroyed.connect(self.label.deleteLater)
        session.changed.connect(self.follow)

    def follow(self) -> None:
        state = self.state
        game = self.session.game
        if not self.sitting and state.script.done and game.to_act() == state.side:
            state.pbem.begin_sitting()
            self.sitting = True
            self.reveal()
        if self.sitting and state.written is None and state.pbem.finished_sitting():
            # Stop before the session hands the opponent's decision to the AI.
            self.session.set_paused(True)
            self.write()
        self.show()

    def reveal(self) -> None:
        """Reveal the WEGO plan the player sealed by commitment, now that the opponent's plan
        is in (engine/pbem/sealing.py): the execution runs and the sitting goes on."""
        try:
            action = reveal_action(self.state.pbem)
        except PbemError as error:
            QMessageBox.warning(self.window, "Cannot reveal your plan", str(error))
            return
        if action is not None:
            self.session.apply(action)

    def write(self) -> None:
        state = self.state
        try:
            state.written = state.pbem.write_turn()
        except (OSError, PbemError) as error:
            message = getattr(error, "strerror", None) or str(error)
            QMessageBox.warning(
                self.window,
                "Cannot write the turn file",
                f"The turn file could not be written into '{state.pbem.folder}': {message}. "
                "Your sitting is kept in this window; make room and use "
                "Game > Play by e-mail > Write the turn file.",
            )
            return
        kept = state.pbem.kept
        keep = f" (keep {kept.name} beside it: your sealed plan, not to be sent)" if kept else ""
        self.window.show_message(f"Wrote {state.written.name}: send it to your opponent{keep}")

    def show(self) -> None:
        state = self.state
        pbem = state.pbem
        if state.written is not None:
            nxt = pbem.files[-1].turn.next
            text = f"By e-mail: wrote {state.written.name}" + (
                f" — send it to the player of {nxt}" if nxt else " — the game is over"
            )
        elif self.session.over:
            text = "By e-mail: the game is over"
        elif not state.script.done:
            text = (
                f"By e-mail: replaying the opponent's sitting, action {state.script.played} "
                f"of {len(state.script.actions)}"
            )
        else:
            text = f"By e-mail: your sitting as {state.side} (file {pbem.number} to write)"
        self.label.setText(text)


def _remembered_side(game_id: str) -> str | None:
    value = settings().value(f"pbem/{game_id}/side")
    return str(value) if value else None


def _remember_side(game_id: str, side: str) -> None:
    store = settings()
    store.setValue(f"pbem/{game_id}/side", side)
    store.sync()


def _show(
    window: GameWindow,
    game: Game,
    pbem: PbemGame,
    side: str,
    script: ReplayScript,
    *,
    sitting: bool = False,
) -> None:
    others = [s for s in game.sides_in_play if s != side]
    session = PbemSession(
        game,
        {side: "human", **dict.fromkeys(others, "ai")},
        speed="normal",
        take_back="never",  # a sitting by e-mail is sent as played
    )
    # Choices the rules leave to the die stay with the die in a game by e-mail (the files
    # were played that way), whoever plays in this window.
    decisions.let_choose(game, [])
    session.script = script
    session.me = side
    session.ai = script  # type: ignore[assignment]
    session.ai_name = "by e-mail"
    window.set_session(session)
    window.pbem = PbemController(window, session, ByEmail(pbem, side, script), sitting=sitting)
    window.pbem.follow()
    session.start()


def open_turn_file(window: GameWindow, path: Path) -> bool:
    """Open the opponent's turn file in ``window``; ``False`` (with a message) when refused."""
    try:
        turn = read(path)[0]
        side = _remembered_side(turn.game) or turn.next or _other(window, turn.side)
        # The last file of a finished game is addressed to nobody: it is opened to watch.
        loaded = load(path, window.scenario, side=side if turn.next is not None else None)
    except PbemError as error:
        QMessageBox.warning(window, "Cannot open the turn file", str(error))
        return False
    _remember_side(turn.game, side)
    before = game_before_last(loaded)
    # The player's sitting is played on the view's game; the files read so far stay.
    writer = PbemGame(
        before,
        loaded.folder,
        loaded.game_id,
        loaded.scenario_name,
        loaded.seed_commitment,
        files=list(loaded.files),
    )
    _show(window, before, writer, side, ReplayScript(turn.actions, side))
    window.show_message(
        f"{path.name}: file {turn.number} by {turn.side} checked; replaying it as {side} sees it"
    )
    return True


def _other(window: GameWindow, side: str) -> str:
    sides = Game(window.scenario, 0, start=False).sides_in_play
    return next((s for s in sides if s != side), side)


def start_by_email(window: GameWindow, folder: Path, side: str, seed: int | None = None) -> bool:
    """Start a game by e-mail in ``folder`` with ``side`` played in this window."""
    try:
        pbem, _ = start(window.scenario, window.stem, folder, side=side, seed=seed)
    except (PbemError, OSError) as error:
        QMessageBox.warning(window, "Cannot start the game by e-mail", str(error))
        return False
    _remember_side(pbem.game_id, side)
    _show(window, pbem.game, pbem, side, ReplayScript([], side), sitting=True)
    return True


def ask_open(window: GameWindow) -> bool:
    """Game > Play by e-mail > Open a turn file…"""
    folder = window.save_dir or Path.home()
    name, _ = QFileDialog.getOpenFileName(window, "Open a turn file", str(folder), TURN_FILTER)
    if not name:
        return False
    window.save_dir = Path(name).parent
    return open_turn_file(window, Path(name))


def side_choices(scenario: Scenario) -> dict[str, str]:
    """The sides in play as a person reads them (their names), each with its id; a name two
    sides share gets its id beside it."""
    named = {s.id: s.name or s.id for s in scenario.sides}
    names = list(named.values())
    choices: dict[str, str] = {}
    for side in Game(scenario, 0, start=False).sides_in_play:
        name = named.get(side, side)
        choices[f"{name} ({side})" if names.count(name) > 1 else name] = side
    return choices


def ask_start(window: GameWindow) -> bool:
    """Game > Play by e-mail > Start a game by e-mail…"""
    names = side_choices(window.scenario)
    label, chosen = QInputDialog.getItem(
        window, "Start a game by e-mail", "The side you play:", list(names), 0, False
    )
    if not chosen or label not in names:
        return False
    side = names[label]
    folder = QFileDialog.getExistingDirectory(
        window, "Folder for the game's turn files", str(window.save_dir or Path.home())
    )
    if not folder:
        return False
    window.save_dir = Path(folder)
    return start_by_email(window, Path(folder), str(side))


def write_again(window: GameWindow) -> None:
    """Game > Play by e-mail > Write the turn file (after a failed write)."""
    controller: PbemController | None = getattr(window, "pbem", None)
    if controller is None or controller.session is not window.session:
        window.show_message("This window does not show a game by e-mail")
        return
    if controller.state.written is not None:
        window.show_message("There is no turn by e-mail waiting to be written")
        return
    if not controller.sitting or not controller.state.pbem.finished_sitting():
        window.show_message("Your sitting is not over yet")
        return
    controller.write()
    controller.show()
