"""The map's context menu of the order shortcuts (OO2, OO17) while a side plans an
operational turn: a right click on a hex offers "Move the whole organisation of <HQ> here"
when the selected stack holds an HQ of the side (greyed with the engine's reason when no
stack of it can get there), and "Cancel the battle at <hex>" on a hex the plan attacks.
The choice is given as the Shortcuts tab gives it (:mod:`.op_shortcuts`), one edit of the
plan. A right click elsewhere, or while a hex is being chosen, is left to the map.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QMenu

from editor.game.map.aim import aim
from editor.game.panels.knowledge import unit_name
from editor.game.wego.op_asset_marks import hex_words
from engine.actions import Action
from engine.wego.op import shortcuts
from engine.wego.op.shortcut_actions import CancelBattle, OrganisationMove

if TYPE_CHECKING:
    from editor.game.wego.op_shortcuts import ShortcutsBox

ORGANISATION = "organisation"
"""The Shortcuts tab's picking mission while an organisation move's hex is chosen."""


class ShortcutMenu(QObject):
    """The context menu of one Shortcuts tab, on its map's viewport."""

    def __init__(self, box: ShortcutsBox) -> None:
        super().__init__(box)
        self.box = box
        self.menu: QMenu | None = None
        """The menu, while one is open."""
        box.map_view.viewport().installEventFilter(self)

    def menu_entries(self, region: str | None) -> list[tuple[str, Action, str]]:
        """The shortcuts a right click on ``region`` offers: each entry's words, its action
        and why it is refused (empty: it may be given)."""
        side = self.box.side()
        game = self.box.session.game
        if side is None or region is None or self.box.picking is not None:
            return []
        out: list[tuple[str, Action, str]] = []
        stack = game.state.stacks.get(self.box.session.selected or "")
        if stack is not None and stack.side == side and stack.region != region:
            for hq in shortcuts.hqs(game, side):
                if hq in stack.units:
                    action = OrganisationMove(hq, region)
                    words = f"Move the whole organisation of {unit_name(game, hq)} here"
                    out.append((words, action, shortcuts.refusal(game, side, action)))
        attacked = shortcuts.attackers(game, side, region)
        if attacked:
            words = f"Cancel the battle at {hex_words(game, region)} ({len(attacked)} stacks)"
            out.append((words, CancelBattle(region), ""))
        return out

    def take(self, action: Action) -> bool:
        """Give a shortcut chosen in the map's menu, saying what it did."""
        side = self.box.side()
        if side is None:
            return False
        if isinstance(action, CancelBattle):
            rows = [
                self.box.battles.topLevelItem(i)
                for i in range(self.box.battles.topLevelItemCount())
            ]
            row = next(
                (r for r in rows if r.data(0, Qt.ItemDataRole.UserRole) == action.target), None
            )
            if row is not None:
                self.box.battles.setCurrentItem(row)
                return self.box.cancel_battle()
            return False
        if isinstance(action, OrganisationMove):
            return self.box.move_organisation(action.hq, action.destination)
        return False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ContextMenu and isinstance(event, QContextMenuEvent):
            view = self.box.map_view
            region = aim(view, view.map_scene, event.pos()).region
            entries = self.menu_entries(region)
            if entries:
                self.open_menu(entries, event.globalPos())
                return True
        return super().eventFilter(watched, event)

    def open_menu(self, entries: list[tuple[str, Action, str]], at: QPoint) -> QMenu:
        menu = QMenu(self.box.map_view)
        menu.setObjectName("op-shortcuts-menu")
        for words, action, refused in entries:
            item = menu.addAction(words)
            item.setEnabled(not refused)
            item.setToolTip(refused or words)
            item.triggered.connect(lambda _=False, a=action: self.take(a))
        menu.setToolTipsVisible(True)
        self.menu = menu
        menu.popup(at)
        return menu
