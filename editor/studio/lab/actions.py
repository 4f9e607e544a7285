"""The studio's menu entries of the lab: Tools > Balance lab…, Tools > Battle odds… and
View > Capture heatmap. The windows (and pyqtgraph, Dask) are loaded on first use, so they
cost the studio's start nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

if TYPE_CHECKING:
    from editor.studio.window import StudioWindow

LAB_WINDOWS = ("balance-lab", "battle-odds")


def add_lab_actions(window: StudioWindow, tools_menu: QMenu, view_menu: QMenu) -> None:
    """Tools > Balance lab… and Battle odds…; View > Capture heatmap (on while a run of the
    lab has one for the scenario on the map)."""
    lab = QAction("&Balance lab…", window)
    lab.setObjectName("balance-lab-action")
    lab.setStatusTip("Play many AI games of this scenario in the background and see its balance")
    lab.triggered.connect(lambda _checked=False: _show_lab(window))
    odds = QAction("Battle &odds…", window)
    odds.setObjectName("battle-odds-action")
    odds.setStatusTip("The odds of a battle between two forces in a region")
    odds.triggered.connect(lambda _checked=False: _show_odds(window))
    heat = QAction("Capture &heatmap (balance lab)", window)
    heat.setObjectName("capture-heatmap-action")
    heat.setCheckable(True)
    heat.setEnabled(False)
    heat.setStatusTip("Shade the regions by how often they changed hands in the lab's games")
    heat.toggled.connect(lambda on: _toggle_heat(window, on))
    window.heat_action = heat  # type: ignore[attr-defined]
    for action in (lab, odds):
        window.addAction(action)
        window.document_actions.append(action)
    tools_menu.addSeparator()
    tools_menu.addAction(lab)
    tools_menu.addAction(odds)
    view_menu.addSeparator()
    view_menu.addAction(heat)


def _show_lab(window: StudioWindow) -> None:
    from editor.studio.lab.lab_window import balance_lab, show_balance_lab

    lab = balance_lab(window)
    if not getattr(lab, "menu_bound", False):
        heat: QAction = window.heat_action  # type: ignore[attr-defined]
        lab.heatAvailable.connect(heat.setEnabled)
        lab.heatChanged.connect(lambda on: _checked(heat, on))
        lab.menu_bound = True  # type: ignore[attr-defined]
    show_balance_lab(window)


def _checked(action: QAction, on: bool) -> None:
    if action.isChecked() != on:
        action.blockSignals(True)
        action.setChecked(on)
        action.blockSignals(False)


def _toggle_heat(window: StudioWindow, on: bool) -> None:
    from editor.studio.lab.lab_window import BalanceLab

    lab = window.findChild(BalanceLab, "balance-lab")
    if isinstance(lab, BalanceLab):
        lab.set_heat(on)


def _show_odds(window: StudioWindow) -> None:
    from editor.studio.lab.odds_window import show_battle_odds

    show_battle_odds(window)


def close_lab_windows(window: StudioWindow) -> None:
    """The studio is closing: its lab windows go too (a run stops, its games kept). Here,
    unlike when the lab alone is closed, the run's thread is waited for: it must not outlive
    the studio that owns it."""
    for name in LAB_WINDOWS:
        child = window.findChild(QWidget, name)
        if child is not None:
            child.close()
            stop_and_wait = getattr(child, "stop_and_wait", None)
            if stop_and_wait is not None:
                stop_and_wait()
