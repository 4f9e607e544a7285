"""OO18 in the game view: the plan panel's Helpers menu and the check before a plan is sealed.

**Helpers** (a button beside Undo, Redo and Start again): "Plan attacks for me", "Plan
artillery fire", "Plan command" and "Plan air strikes" ask the engine what the baseline AI
would add to the person's plan (:func:`engine.wego.op.helpers.suggest`: only for stacks,
guns, assets and HQs not ordered yet) and give all of it as ONE edit of the plan, which one
Undo takes back (:mod:`.plan_edits`). The orders are the ordinary planning actions, so the
map, the tabs and a play-by-e-mail file show them as if given by hand; the status bar says
what was added.

**Check before sealing**: "Seal plan" first asks the engine for the plan's warnings
(:func:`engine.wego.op.seal_check.warnings`: assets with no mission, this turn's supply
orders with their price, HQ moves, guns with nothing to fire at). When there are some, a
question lists them, opened without waiting for its answer (the window stays drawn, the
event loop runs): "Seal anyway" seals, "Back to the plan" leaves it open. Its box "Do not
check the plan before sealing" turns the check off, kept in the settings file (like the
other game-view preferences, :func:`editor.shared.settings.settings`) under
:data:`CHECK_KEY`; the Helpers menu's "Check the plan before sealing" turns it back on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QCheckBox, QMenu, QMessageBox, QPushButton

from editor.game.panels.knowledge import unit_name
from editor.game.panels.op_words import mission_words
from editor.game.wego.plan_words import asset_name, cleared
from editor.shared.settings import settings
from engine.errors import IllegalAction
from engine.wego.op import helpers, seal_check
from engine.wego.op.seal_check import HqMoved, IdleGun, SealWarning, SupplyChange, UntaskedAsset

if TYPE_CHECKING:
    from editor.game.session import GameSession
    from editor.game.wego.plan_map import PlanMapView
    from editor.game.wego.plan_panel import PlanPanel
    from engine.game import Game

LABELS: dict[str, str] = {
    "attacks": "Plan attacks for me",
    "fire": "Plan artillery fire",
    "command": "Plan command",
    "air": "Plan air strikes",
}
"""Each helper's entry in the menu, in the menu's order."""

TIPS: dict[str, str] = {
    "attacks": "Attacks where the odds reach 2:1 as your intelligence reads the defenders, "
    "by your stacks that have no order yet",
    "fire": "Fire orders for your guns that have none, and your naval assets' missions",
    "command": "HQ moves out of danger, ground assets' missions and the supply orders "
    "the plan needs, for HQs and assets you have not ordered yet",
    "air": "Missions for your air assets that have none yet",
}

EDITS = {"attacks": "attacks", "fire": "fire", "command": "command", "air": "air strikes"}
"""What the Undo of each helper's edit names ("Undo attacks planned by the helper")."""

CHECK_KEY = "game/check_plan_before_sealing"
"""The settings key of the check before sealing (``true`` unless turned off)."""

LEVELS = {"move_plus": "Move+", "combat_plus": "Combat+", "replacements": "Repl+"}


def check_on() -> bool:
    """Whether the plan's warnings are shown before it is sealed (on unless turned off)."""
    return str(settings().value(CHECK_KEY, "true")).lower() != "false"


def set_check(on: bool) -> None:
    store = settings()
    store.setValue(CHECK_KEY, "true" if on else "false")
    store.sync()


def warning_words(game: Game, warning: SealWarning) -> str:
    """One warning as the question lists it."""
    if isinstance(warning, UntaskedAsset):
        could = ", ".join(mission_words(m).lower() for m in warning.missions)
        return f"{asset_name(game, warning.asset)} has no mission (it could fly: {could})"
    if isinstance(warning, SupplyChange):
        levels = " ".join(LEVELS.get(n, n) for n in warning.levels)
        scope = " for everything below it" if warning.scope == "all" else ""
        cost = warning.cost
        price = ", ".join(
            f"{value:g} {name}"
            for name, value in (
                ("fuel", cost.fuel),
                ("ammo", cost.ammo),
                ("personnel", cost.personnel),
                ("equipment", cost.equipment),
            )
            if value
        )
        return (
            f"Supply order: {unit_name(game, warning.hq)} buys {levels}{scope} ({price or 'free'})"
        )
    if isinstance(warning, HqMoved):
        return (
            f"{unit_name(game, warning.hq)} moves from {unit_name(game, warning.before)}"
            f" to {unit_name(game, warning.after)} (lasts beyond this turn)"
        )
    if isinstance(warning, IdleGun):
        targets = "1 target" if warning.targets == 1 else f"{warning.targets} targets"
        return f"{unit_name(game, warning.unit)} has no fire order ({targets} it could fire at)"
    return str(warning)


class PlanHelpers:
    """The Helpers menu and the check before sealing of one session's plan panel."""

    def __init__(self, session: GameSession, map_view: PlanMapView, panel: PlanPanel) -> None:
        self.session = session
        self.map_view = map_view
        self.panel = panel
        self.question: QMessageBox | None = None
        """The open question before sealing (``None``: none is open)."""
        self.button = QPushButton("Helpers")
        self.button.setObjectName("plan-helpers")
        self.button.setToolTip("Let the computer plan part of your turn (one Undo takes it back)")
        self.menu = QMenu(self.button)
        self.menu.setObjectName("plan-helpers-menu")
        self.actions: dict[str, QAction] = {}
        for name, label in LABELS.items():
            action = self.menu.addAction(label)
            action.setObjectName(f"plan-helper-{name}")
            action.setToolTip(TIPS[name])
            action.triggered.connect(lambda _on=False, n=name: self.run(n))
            self.actions[name] = action
        self.menu.setToolTipsVisible(True)
        self.menu.addSeparator()
        self.check_action = self.menu.addAction("Check the plan before sealing")
        self.check_action.setObjectName("plan-helper-check")
        self.check_action.setCheckable(True)
        self.check_action.setToolTip(
            "List assets without a mission, supply orders, HQ moves and silent guns "
            "before the plan is sealed"
        )
        self.check_action.toggled.connect(set_check)
        self.menu.aboutToShow.connect(self.sync_check)
        self.button.setMenu(self.menu)
        panel.undo_row.addWidget(self.button)
        panel.seal_guard = self.hold_seal
        map_view.edits.changed.connect(self.refresh)
        session.toAct.connect(lambda _s: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        self.button.setEnabled(self.map_view.planning() is not None)

    def sync_check(self) -> None:
        self.check_action.blockSignals(True)
        self.check_action.setChecked(check_on())
        self.check_action.blockSignals(False)

    # -- the helpers ---------------------------------------------------------------------------

    def run(self, helper: str) -> int:
        """Give what ``helper`` suggests as one edit; the number of actions given."""
        label = LABELS[helper]
        side = self.map_view.planning()
        if side is None:
            self.map_view.message.emit(f"{label}: no plan of yours is open")
            return 0
        game = self.session.game
        try:
            found = helpers.suggest(game, side, helper)
        except IllegalAction as refusal:
            self.map_view.message.emit(f"{label}: {refusal}")
            return 0
        if not found:
            self.map_view.message.emit(f"{label}: nothing to add to your plan")
            return 0
        edits = self.map_view.edits
        before = edits.plan(side)
        given = 0
        for action in found:  # recorded below, all of them as one edit
            if game.is_legal(action) and self.session.apply(action):
                given += 1
        after = edits.plan(side)
        words = cleared(game, after, before)
        edits.record(before, after, f"{EDITS[helper]} planned by the helper")
        self.map_view.planChanged.emit()
        self.map_view.show_plan()
        self.map_view.message.emit(f"{label}: {words or 'nothing'} added to your plan (Undo)")
        return given

    # -- before sealing --------------------------------------------------------------------------

    def warnings(self) -> list[SealWarning]:
        side = self.map_view.planning()
        if side is None:
            return []
        try:
            return seal_check.warnings(self.session.game, side)
        except IllegalAction:
            return []

    def hold_seal(self, seal: Callable[[], bool]) -> bool:
        """Called as the plan is sealed: ``True`` when a question about the plan's warnings
        is opened instead (its answer seals or not), ``False`` to seal at once."""
        if self.question is not None:
            return True  # already asked
        found = self.warnings() if check_on() else []
        if not found:
            return False
        game = self.session.game
        question = QMessageBox(self.panel.window())
        question.setObjectName("seal-warnings")
        question.setIcon(QMessageBox.Icon.Warning)
        question.setWindowTitle("Seal the plan?")
        question.setText("Before the plan is sealed, look again at:")
        items = "".join(f"<li>{warning_words(game, w)}</li>" for w in found)
        question.setInformativeText(f"<ul>{items}</ul>")
        seal_button = question.addButton("Seal anyway", QMessageBox.ButtonRole.AcceptRole)
        seal_button.setObjectName("seal-anyway")
        back = question.addButton("Back to the plan", QMessageBox.ButtonRole.RejectRole)
        back.setObjectName("seal-back")
        question.setDefaultButton(back)
        box = QCheckBox("Do not check the plan before sealing")
        box.setObjectName("seal-check-off")
        question.setCheckBox(box)

        def answered(_result: int) -> None:
            self.question = None
            if box.isChecked():
                set_check(False)
            if question.clickedButton() is seal_button and self.map_view.planning() is not None:
                seal()
            else:
                self.map_view.message.emit("The plan stays open")
            question.deleteLater()

        question.finished.connect(answered)
        self.question = question
        question.open()  # window-modal, without waiting here: the event loop runs on
        return True


def attach(session: GameSession, map_view: PlanMapView, panel: PlanPanel) -> PlanHelpers:
    """The helpers of an operational game's plan panel."""
    return PlanHelpers(session, map_view, panel)
