"""Clicks on a tree of choices whose answer rebuilds that same tree.

The orders and engineers panels give an order when one of their rows is clicked, and giving
it changes the plan, which rebuilds the panel's tree. Rebuilding inside the tree's own
``itemClicked`` deletes the row Qt is still handling: after the signal returns, the view
goes on with the click (asking the model for the row's flags, to see whether it is to be
edited) through an index whose item is gone. Qt's documentation warns against deleting an
item from its own signal. So a rebuild asked for while a click is being handled waits
for the next turn of the event loop, when Qt has finished with the click.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem


class TreeClicks:
    """Calls ``chosen`` for each click on a row of ``tree``; :meth:`later` tells a rebuild
    (``refresh``) asked for during that call to wait."""

    def __init__(
        self,
        tree: QTreeWidget,
        chosen: Callable[[QTreeWidgetItem, int], None],
        refresh: Callable[[], None],
    ) -> None:
        self.tree = tree
        self.chosen = chosen
        self.refresh = refresh
        self.busy = False
        self._waiting = False
        tree.itemClicked.connect(self._clicked)

    def _clicked(self, item: QTreeWidgetItem, column: int) -> None:
        self.busy = True
        try:
            self.chosen(item, column)
        finally:
            self.busy = False

    def later(self) -> bool:
        """True when a click is being handled: the rebuild is put off to the next turn of
        the event loop (once, however often it is asked for) and the caller returns."""
        if not self.busy:
            return False
        if not self._waiting:
            self._waiting = True
            # The tree as the timer's context: a panel closed meanwhile is not rebuilt.
            QTimer.singleShot(0, self.tree, self._rebuild)
        return True

    def _rebuild(self) -> None:
        self._waiting = False
        self.refresh()
