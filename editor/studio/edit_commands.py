"""The Edit menu's commands on the selection and the scenario as a whole: cut, copy, paste,
select all, find, and find usages, with their standard keys.

Select all follows the keyboard focus: in a list or a table it selects every row, in a text
field all its text, and anywhere else (the map) every region. Find opens the Find panel
(:mod:`.find`) with the keyboard in its field; Find usages lists every reference to the
selected entity there. Cut, copy and paste are :mod:`.clipboard`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from editor.studio.clipboard import StudioClipboard
from editor.studio.document import ScenarioDocument
from editor.studio.panels.explorer import ID_ROLE, SECTION_ROLE
from schemas.search import collection_of

if TYPE_CHECKING:
    from editor.studio.find import FindPanel
    from editor.studio.window import StudioWindow
    from schemas.clipboard import PastePlan

PASTE_HERE = QKeySequence("Ctrl+Shift+V")
"""Paste at the pointer (the standard Paste keeps the copy's place when it is free)."""
FIND_USAGES = QKeySequence("Shift+F12")
"""As in the common code editors' "find all references"."""


class EditCommands(QObject):
    """The window's clipboard, selection and find commands (see the module)."""

    def __init__(self, window: StudioWindow) -> None:
        super().__init__(window)
        self.window = window
        self.clipboard = StudioClipboard(window, self._report)
        self.find_panel: FindPanel | None = None
        """The Find panel, once made (see :meth:`set_document`; :attr:`panel` makes it)."""
        self._following_dock = False
        self.clipboard.available.connect(self._paste_available)

    @property
    def document(self) -> ScenarioDocument | None:
        return self.window.document

    def _action(
        self,
        text: str,
        slot: object,
        keys: QKeySequence | QKeySequence.StandardKey | str | None,
        tip: str,
        document_only: bool = True,
    ) -> QAction:
        action = QAction(text, self.window)
        action.setObjectName(f"edit-{text.split('…')[0].replace('&', '').lower()}")
        if keys is not None:
            action.setShortcut(QKeySequence(keys))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.triggered.connect(lambda _checked=False: slot())  # type: ignore[operator]
        self.window.addAction(action)
        if document_only:
            self.window.document_actions.append(action)
        return action

    # -- the menu ----------------------------------------------------------------------------

    def add_clipboard_entries(self, menu: QMenu) -> None:
        """Cut, Copy, Paste and Paste at the pointer."""
        keys = QKeySequence.StandardKey
        clip = self.clipboard
        self.cut_action = self._action(
            "Cu&t", clip.cut, keys.Cut, "Copy the selection and delete it (with what it holds)"
        )
        self.copy_action = self._action(
            "&Copy",
            clip.copy,
            keys.Copy,
            "Copy the selection, with what belongs to it, for this or another scenario",
        )
        self.paste_action = self._action(
            "&Paste",
            lambda: clip.paste(),
            keys.Paste,
            "Paste what was copied; regions go where they cover no other region",
            document_only=False,
        )
        self.paste_here_action = self._action(
            "Paste at the poi&nter",
            lambda: clip.paste(clip.pointer_point()),
            PASTE_HERE,
            "Paste regions centred under the mouse pointer, clipped by the regions there",
            document_only=False,
        )
        for action in (self.cut_action, self.copy_action, self.paste_action):
            menu.addAction(action)
        menu.addAction(self.paste_here_action)
        self._paste_available(self.clipboard.can_paste())

    def add_select_all(self, menu: QMenu) -> None:
        self.select_all_action = self._action(
            "Select &all",
            self.select_all,
            QKeySequence.StandardKey.SelectAll,
            "Select every region on the map, or every row of the list you are in",
        )
        menu.addAction(self.select_all_action)

    def add_find_entries(self, menu: QMenu) -> None:
        keys = QKeySequence.StandardKey
        self.find_action = self._action(
            "&Find…", self.find, keys.Find, "Find entities by name or id in every section"
        )
        self.find_next_action = self._action(
            "Find ne&xt", lambda: self._step(1), keys.FindNext, "Go to the next result"
        )
        self.find_previous_action = self._action(
            "Find pre&vious", lambda: self._step(-1), keys.FindPrevious, "Go to the result before"
        )
        self.usages_action = self._action(
            "Find &usages",
            self.find_usages,
            FIND_USAGES,
            "List every place that refers to the selected entity",
        )
        for action in (
            self.find_action,
            self.find_next_action,
            self.find_previous_action,
            self.usages_action,
        ):
            menu.addAction(action)

    def _paste_available(self, available: bool) -> None:
        enabled = available and self.document is not None
        for name in ("paste_action", "paste_here_action"):
            action = getattr(self, name, None)
            if action is not None:
                action.setEnabled(enabled)

    # -- documents ---------------------------------------------------------------------------

    def set_document(self, document: ScenarioDocument | None) -> None:
        """Give the Find panel to a new document (``None``: nothing open).

        The panel is made when it is first wanted: its dock shown, a find or a paste's
        notes. A document opens with the dock hidden in most sessions, and the panel's
        modules (the search, the result list) were a tenth of the studio's start."""
        holder = self.window.holders.get("find")
        self.find_panel = None
        if holder is not None:
            holder.set_panel(None)
        dock = self.window.docks.get("find")
        if dock is not None and not self._following_dock:
            self._following_dock = True
            dock.visibilityChanged.connect(self._dock_shown)
        if document is not None and dock is not None and dock.isVisible():
            self._ensure_panel()
        self._paste_available(self.clipboard.can_paste())

    @property
    def panel(self) -> FindPanel | None:
        """The Find panel of the open document (made now if it was not yet); ``None`` while
        no document is open."""
        return self._ensure_panel()

    def _dock_shown(self, shown: bool) -> None:
        if shown:
            self._ensure_panel()

    def _ensure_panel(self) -> FindPanel | None:
        """The Find panel of the open document, made now if it was not yet."""
        document = self.document
        if document is None:
            return None
        panel = self.find_panel
        if panel is None or panel.document is not document:
            from editor.studio.find import FindPanel

            panel = self.find_panel = FindPanel(document, self._show_on_map)
            holder = self.window.holders.get("find")
            if holder is not None:
                holder.set_panel(panel)
        return panel

    def _show_on_map(self, collection: str, entity_id: str) -> None:
        section = collection_of(collection) or collection
        if self.window.entity_rect(section, entity_id) is None:
            return
        if self.window.tabs.current_editor() is not None:
            self.window.tabs.show_map()
        self.window.zoom_to_entity(section, entity_id)

    def _report(self, plan: PastePlan) -> None:
        panel = self._ensure_panel()
        if panel is not None:
            self._show_panel()
            panel.show_paste(plan)

    def _show_panel(self) -> None:
        dock = self.window.docks.get("find")
        if dock is not None:
            dock.show()
            dock.raise_()

    # -- commands ----------------------------------------------------------------------------

    def select_all(self) -> None:
        """Select all of what has the keyboard (see the module)."""
        focus = QApplication.focusWidget()
        if isinstance(focus, QLineEdit | QTextEdit | QPlainTextEdit | QAbstractSpinBox):
            focus.selectAll()
            return
        explorer = getattr(self.window, "explorer", None)
        if explorer is not None and focus is explorer.tree:
            self._select_section_rows(explorer)
            return
        if isinstance(focus, QAbstractItemView) and self._inside_window(focus):
            focus.selectAll()
            return
        document = self.document
        if document is not None:
            ids = [r.id for r in document.items("regions")]
            document.select("regions", ids)
            self.window.show_message(f"{len(ids)} regions selected.")

    def _inside_window(self, widget: QWidget) -> bool:
        return widget.window() is self.window

    def _select_section_rows(self, explorer: object) -> None:
        """In the scenario tree: every entry (shown by its filter) of the current section."""
        tree = explorer.tree  # type: ignore[attr-defined]
        proxy = tree.model()
        current = tree.currentIndex()
        section = current.data(SECTION_ROLE) if current.isValid() else None
        document = self.document
        if section is None or document is None:
            return
        parent = current if current.data(ID_ROLE) is None else current.parent()
        ids = []
        for row in range(proxy.rowCount(parent)):
            entity_id = proxy.index(row, 0, parent).data(ID_ROLE)
            if entity_id is not None:
                ids.append(entity_id)
        if ids:
            document.select(section, ids)

    def find(self) -> None:
        panel = self._ensure_panel()
        if panel is None:
            return
        self._show_panel()
        panel.focus_search()

    def _step(self, by: int) -> None:
        panel = self._ensure_panel()
        if panel is not None:
            self._show_panel()
            panel.step(by)

    def find_usages(self, collection: str | None = None, entity_id: str | None = None) -> None:
        document = self.document
        panel = self._ensure_panel()
        if document is None or panel is None:
            return
        if collection is None or entity_id is None:
            selection = document.selection
            collection = collection_of(selection.section)
            if collection is None or not selection.ids:
                self.window.show_message("Select an entity to list what refers to it.")
                return
            entity_id = selection.ids[0]
        self._show_panel()
        panel.show_usages(collection, entity_id)

    # -- the map's context menus -------------------------------------------------------------

    def fill_region_menu(self, menu: QMenu, region_id: str, point: tuple[float, float]) -> None:
        """Copy the region (or the selection it is in), paste here, find its usages."""
        document = self.document
        if document is None:
            return
        menu.addSeparator()
        selection = document.selection
        several = selection.section == "regions" and region_id in selection.ids
        if not several:
            menu.addAction("&Copy the region", lambda: self._copy_region(region_id))
        else:
            count = len(selection.ids)
            label = "&Copy the region" if count == 1 else f"&Copy the {count} regions"
            menu.addAction(label, self.clipboard.copy)
        self._add_paste_here(menu, point)
        menu.addAction("Find &usages", lambda: self.find_usages("regions", region_id))

    def _copy_region(self, region_id: str) -> None:
        if self.document is not None:
            self.document.select("regions", [region_id])
            self.clipboard.copy()

    def _add_paste_here(self, menu: QMenu, point: tuple[float, float]) -> None:
        paste = menu.addAction("&Paste here", lambda: self.clipboard.paste(point))
        paste.setEnabled(self.clipboard.can_paste())

    def ground_menu(self, point: tuple[float, float]) -> QMenu | None:
        """The context menu of the map where no region is: paste here, select all."""
        if self.document is None:
            return None
        menu = QMenu(self.window)
        self._add_paste_here(menu, point)
        menu.addAction("Select &all regions", self._select_all_regions)
        return menu

    def _select_all_regions(self) -> None:
        document = self.document
        if document is not None:
            document.select("regions", [r.id for r in document.items("regions")])
