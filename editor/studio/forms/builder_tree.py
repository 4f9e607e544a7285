"""How the builder's tree shows a value: one item per condition, effect, option and branch.

Each item carries a :class:`~.builder_edits.Node` (its path in the value), so the widget's
edits never depend on the tree's own structure, only on the value it was built from.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

from editor.shared import sentences as wording
from editor.studio.forms.builder_edits import Node, Path
from schemas import conditions as c
from schemas import effects as e

NODE = Qt.ItemDataRole.UserRole
CONDITION_INK, EFFECT_INK, MUTED_INK = QColor("#1f4e8c"), QColor("#2b5f2b"), QColor("#777")


class TreeFiller:
    """Fills a tree widget from a condition or a list of effects."""

    def __init__(self, names: wording.Names) -> None:
        self.names = names

    def fill(self, tree: QTreeWidget, mode: str, root: Any) -> None:
        tree.clear()
        top = tree.invisibleRootItem()
        if mode == "condition":
            if root is None:
                self._placeholder(top, "Always (no condition): Add one", (), "condition")
            else:
                self._condition_item(top, root, ())
        else:
            self._effect_items(top, root, (), "No effects yet: Add one")
        tree.expandAll()

    def _item(self, parent: QTreeWidgetItem, text: str, node: Node) -> QTreeWidgetItem:
        item = QTreeWidgetItem(parent, [text])
        item.setData(0, NODE, node)
        item.setToolTip(0, text)
        return item

    def _placeholder(self, parent: QTreeWidgetItem, text: str, path: Path, adds: str) -> None:
        item = self._item(parent, text, Node(path, "empty", adds))  # type: ignore[arg-type]
        item.setForeground(0, QBrush(MUTED_INK))
        font = item.font(0)
        font.setItalic(True)
        item.setFont(0, font)

    def _group(self, item: QTreeWidgetItem, ink: QColor) -> None:
        font = item.font(0)
        font.setWeight(QFont.Weight.DemiBold)
        item.setFont(0, font)
        item.setForeground(0, QBrush(ink))

    def _condition_item(
        self, parent: QTreeWidgetItem, value: Any, path: Path, prefix: str = ""
    ) -> None:
        names = self.names
        if isinstance(value, c.AllOf | c.AnyOf):
            text = "All of these hold" if isinstance(value, c.AllOf) else "Any of these holds"
            item = self._item(parent, prefix + text, Node(path, "condition"))
            item.setToolTip(0, wording.capitalised(wording.condition(value, names)))
            self._group(item, CONDITION_INK)
            for index, child in enumerate(value.conditions):
                self._condition_item(item, child, (*path, "conditions", index))
            if not value.conditions:
                self._placeholder(
                    item, "(empty: Add conditions)", (*path, "conditions"), "condition"
                )
            return
        if isinstance(value, c.Not):
            item = self._item(parent, prefix + "Not", Node(path, "condition"))
            item.setToolTip(0, wording.capitalised(wording.condition(value, names)))
            self._group(item, CONDITION_INK)
            self._condition_item(item, value.condition, (*path, "condition"))
            return
        text = wording.capitalised(wording.condition(value, names))
        item = self._item(parent, prefix + text, Node(path, "condition"))
        item.setForeground(0, QBrush(CONDITION_INK))

    def _effect_items(
        self, parent: QTreeWidgetItem, values: list[Any], path: Path, empty: str
    ) -> None:
        for index, value in enumerate(values):
            self._effect_item(parent, value, (*path, index))
        if not values:
            self._placeholder(parent, empty, path, "effect")

    def _effect_item(self, parent: QTreeWidgetItem, value: Any, path: Path) -> None:
        names = self.names
        sentence = wording.capitalised(wording.effect(value, names))
        if isinstance(value, e.Choice):
            who = wording.capitalised(wording.side(value.side, names))
            item = self._item(parent, f"{who} chooses", Node(path, "effect"))
            item.setToolTip(0, sentence)
            self._group(item, EFFECT_INK)
            for index, option in enumerate(value.options):
                option_path = (*path, "options", index)
                label = f"Option “{option.label}”" if option.label else "Option (no label)"
                child = self._item(item, label, Node(option_path, "option"))
                self._group(child, MUTED_INK)
                self._effect_items(
                    child, option.effects, (*option_path, "effects"), "(nothing happens)"
                )
            return
        if isinstance(value, e.Conditional):
            item = self._item(parent, "If … then … otherwise", Node(path, "effect"))
            item.setToolTip(0, sentence)
            self._group(item, EFFECT_INK)
            self._condition_item(item, value.condition, (*path, "condition"), prefix="If: ")
            for branch, title in (("then", "Then"), ("otherwise", "Otherwise")):
                holder = self._item(item, title, Node((*path, branch), "branch"))
                self._group(holder, MUTED_INK)
                self._effect_items(holder, getattr(value, branch), (*path, branch), "(nothing)")
            return
        item = self._item(parent, sentence, Node(path, "effect"))
        item.setForeground(0, QBrush(EFFECT_INK))
