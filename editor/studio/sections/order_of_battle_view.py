"""The order of battle as a drag-and-drop tree (OQ1): each side's HQs and what reports to
them. Dragging a unit or an HQ onto another HQ reassigns it as one undoable step; dropping it
on its side's heading makes an HQ a root or leaves a unit unattached. A refused drop says why
under the tree; a node with issues of the HQ tree is marked and its tooltip lists them;
selecting a node selects its unit on the map.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QBrush, QColor, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QMenu,
    QStyle,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.shared.widgets import set_muted
from editor.studio.document import Change, ScenarioDocument, Selection, with_value
from editor.studio.sections.order_of_battle import (
    Node,
    forest,
    hq_typed,
    label_of,
    reassigned,
    refusal,
    side_of_units,
    tree_issues,
)

UNIT = Qt.ItemDataRole.UserRole
"""The unit id of a node (``None`` on a heading)."""
SIDE = Qt.ItemDataRole.UserRole + 1
"""The side id of every item."""

_FOLLOWED = frozenset({"rules", "units", "unit_types", "nations", "sides", "reset"})


class OobTree(QTreeWidget):
    """The tree itself: it asks its page whether a drop is allowed and what it does."""

    def __init__(self, page: OrderOfBattlePage) -> None:
        super().__init__()
        self.page = page
        self.setObjectName("order-of-battle-tree")
        self.setHeaderHidden(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(True)

    def _target(self, point: QPoint) -> tuple[str | None, str] | None:
        """The HQ (or ``None`` for a heading) and side under ``point``."""
        item = self.itemAt(point)
        if item is None:
            return None
        return item.data(0, UNIT), item.data(0, SIDE)

    def _moved(self) -> str | None:
        item = self.currentItem()
        return item.data(0, UNIT) if item is not None else None

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        moved, target = self._moved(), self._target(event.position().toPoint())
        reason = "Drop on an HQ or a side's heading." if target is None or moved is None else None
        if reason is None and target is not None and moved is not None:
            reason = self.page.why_not(moved, *target)
        self.page.explain(reason)
        if reason is None:
            event.setDropAction(Qt.DropAction.MoveAction)
            event.accept()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        # The tree never moves its own items: the document is changed and the tree rebuilt.
        moved, target = self._moved(), self._target(event.position().toPoint())
        event.setDropAction(Qt.DropAction.IgnoreAction)
        event.accept()
        if moved is not None and target is not None:
            self.page.drop(moved, *target)


class OrderOfBattlePage(QWidget):
    """The tree, a line of help and a line that explains refused drops."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        self.setObjectName("order-of-battle")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        about = QLabel(
            "Drag a unit or an HQ onto an HQ to put it under that HQ; onto its side's heading "
            "to make an HQ a root or leave a unit unattached. Each move is one step of "
            "Edit > Undo. Click a unit to select it on the map."
        )
        about.setWordWrap(True)
        set_muted(about)
        layout.addWidget(about)
        self.tree = OobTree(self)
        layout.addWidget(self.tree, 1)
        self.message = QLabel()
        self.message.setObjectName("order-of-battle-message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #a40000;")
        layout.addWidget(self.message)
        self.issues: dict[str, list[str]] = {}
        self._syncing = False
        self.tree.itemSelectionChanged.connect(self._selected)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        document.changed.connect(self._follow)
        document.selectionChanged.connect(self._show_selection)
        self.rebuild()

    # -- the document -> the tree ---------------------------------------------------------

    def _follow(self, change: Change) -> None:
        if change.section in _FOLLOWED:
            self.rebuild()

    def rebuild(self) -> None:
        scenario = self.document.scenario
        self.issues = (
            {unit: [i.message for i in found] for unit, found in tree_issues(scenario).items()}
            if scenario.rules.family == "operational" and scenario.rules.operational
            else {}
        )
        open_ids = self._expanded()
        self._syncing = True
        self.tree.clear()
        for side in forest(scenario):
            heading = QTreeWidgetItem([side.name])
            heading.setData(0, UNIT, None)
            heading.setData(0, SIDE, side.side)
            heading.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsDropEnabled)
            font = heading.font(0)
            font.setBold(True)
            heading.setFont(0, font)
            self._mark(heading, side.side)
            self.tree.addTopLevelItem(heading)
            for root in side.roots:
                self._add(heading, root, side.side)
            if side.unattached:
                loose = QTreeWidgetItem(["Reporting to no HQ"])
                loose.setData(0, UNIT, None)
                loose.setData(0, SIDE, side.side)
                loose.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsDropEnabled)
                loose.setForeground(0, QBrush(QColor("#666")))
                heading.addChild(loose)
                for node in side.unattached:
                    self._add(loose, node, side.side)
                loose.setExpanded(True)
            heading.setExpanded(True)
        self._restore(open_ids)
        self._syncing = False
        self._show_selection(self.document.selection)

    def _add(self, parent: QTreeWidgetItem, node: Node, side: str) -> None:
        item = QTreeWidgetItem([node.label])
        item.setData(0, UNIT, node.unit)
        item.setData(0, SIDE, side)
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        flags |= Qt.ItemFlag.ItemIsDragEnabled
        if node.hq:
            flags |= Qt.ItemFlag.ItemIsDropEnabled
            font = item.font(0)
            font.setBold(True)
            item.setFont(0, font)
        item.setFlags(flags)
        self._mark(item, node.unit)
        parent.addChild(item)
        for child in node.children:
            self._add(item, child, side)
        item.setExpanded(True)

    def _mark(self, item: QTreeWidgetItem, key: str) -> None:
        found = self.issues.get(key)
        if not found:
            return
        icon = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        item.setIcon(0, icon)
        item.setText(0, f"{item.text(0)}  ({len(found)} issue{'s' * (len(found) > 1)})")
        item.setToolTip(0, "\n".join(found))

    def _items(self) -> list[QTreeWidgetItem]:
        out: list[QTreeWidgetItem] = []
        stack = [self.tree.topLevelItem(n) for n in range(self.tree.topLevelItemCount())]
        while stack:
            item = stack.pop()
            out.append(item)
            stack.extend(item.child(n) for n in range(item.childCount()))
        return out

    def item_of(self, unit_id: str) -> QTreeWidgetItem | None:
        return next((i for i in self._items() if i.data(0, UNIT) == unit_id), None)

    def _expanded(self) -> set[str]:
        if self.tree.topLevelItemCount() == 0:
            return set()
        return {str(i.data(0, UNIT)) for i in self._items() if not i.isExpanded()}

    def _restore(self, collapsed: set[str]) -> None:
        for item in self._items():
            if item.data(0, UNIT) is not None and str(item.data(0, UNIT)) in collapsed:
                item.setExpanded(False)

    def _show_selection(self, selection: Selection) -> None:
        if selection.section != "units" or len(selection.ids) != 1:
            return
        item = self.item_of(selection.ids[0])
        if item is None or item.isSelected():
            return
        self._syncing = True
        self.tree.setCurrentItem(item)
        self.tree.scrollToItem(item)
        self._syncing = False

    # -- the tree -> the document ---------------------------------------------------------

    def _selected(self) -> None:
        if self._syncing:
            return
        items = self.tree.selectedItems()
        unit = items[0].data(0, UNIT) if items else None
        if unit is not None:
            self.document.select("units", [unit])

    def _context_menu(self, point: QPoint) -> None:
        item = self.tree.itemAt(point)
        unit = item.data(0, UNIT) if item is not None else None
        if unit is not None:
            self.reassign_menu(unit, item.data(0, SIDE)).popup(
                self.tree.viewport().mapToGlobal(point)
            )

    def reassign_menu(self, unit: str, side: str) -> QMenu:
        """The same moves as a drag, from the keyboard or a right-click: every HQ of the
        side, those refused greyed with the reason as their tooltip."""
        scenario = self.document.scenario
        menu = QMenu(self)
        menu.setToolTipsVisible(True)
        under = menu.addMenu("Report to")
        under.setToolTipsVisible(True)
        command = scenario.rules.operational.command if scenario.rules.operational else None
        side_of = side_of_units(scenario)
        for entry in command.hqs if command is not None else ():
            if side_of.get(entry.unit) != side:
                continue  # the other sides' HQs are not offered at all
            reason = refusal(scenario, unit, entry.unit, side)
            action = under.addAction(label_of(scenario, entry.unit))
            action.setEnabled(reason is None)
            action.setToolTip(reason or "")
            action.triggered.connect(lambda _=False, hq=entry.unit: self.drop(unit, hq, side))
        top = menu.addAction("Report to no HQ")
        top.setEnabled(self._placed(unit))
        top.triggered.connect(lambda: self.drop(unit, None, side))
        return menu

    def why_not(self, moved: str, target: str | None, side: str) -> str | None:
        return refusal(self.document.scenario, moved, target, side)

    def explain(self, reason: str | None) -> None:
        self.message.setText(reason or "")

    def drop(self, moved: str, target: str | None, side: str) -> bool:
        """Put ``moved`` under ``target`` as one undoable step; ``False`` (and the reason
        shown) when the drop is refused."""
        scenario = self.document.scenario
        reason = refusal(scenario, moved, target, side)
        if reason is None and target is None and not self._placed(moved):
            reason = f"{label_of(scenario, moved)} already reports to no HQ."
        self.explain(reason)
        if reason is not None:
            return False
        rules = with_value(scenario.rules, ["operational"], reassigned(scenario, moved, target))
        where = label_of(scenario, target) if target else "no HQ"
        self.document.set_section("rules", rules, f"Put {moved} under {where}")
        self.document.select("units", [moved])
        return True

    def _placed(self, unit: str) -> bool:
        rules = self.document.scenario.rules.operational
        assert rules is not None
        command = rules.command
        hq = next((e for e in command.hqs if e.unit == unit), None)
        if hq is not None:
            return hq.parent is not None
        attached = any(a.unit == unit for a in command.attachments)
        # An HQ-typed unit without its entry yet: the heading gives it one as a root.
        return attached or unit in hq_typed(self.document.scenario)
