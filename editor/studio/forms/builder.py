"""The condition and effect builder: a card's logic as a tree of plain sentences.

Conditions and effects nest (``all``/``any``/``not``, a choice's options, an ``if``'s
branches), which a flat form hides. The builder shows the nesting as a tree whose nodes read
as sentences, with the selected node's form beside it. Every operation (add, wrap, change
kind, delete, move, edit a field) builds the new whole value and emits it once, so the owner
turns it into one document edit of the card, event or objective that holds it.

Forms get it through :func:`logic_tree_factory`, which ``context.studio_context`` plugs into
every form of the studio. The tree names places by ``FormContext.names``; the selected node's
form is the :class:`~.builder_pane.NodePane`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo
from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QHBoxLayout,
    QMenu,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from editor.shared.vocabulary import plain
from editor.shared.widgets import MessageLabel, tool_button
from editor.studio.forms import builder_edits as edits
from editor.studio.forms.builder_edits import Node, Path, replaced, value_at
from editor.studio.forms.builder_kinds import (
    CONDITION_LABELS,
    CONDITION_MENU,
    CONDITIONS,
    EFFECT_LABELS,
    EFFECT_MENU,
    EFFECTS,
    converted,
    starter,
)
from editor.studio.forms.builder_pane import NodePane
from editor.studio.forms.builder_tree import NODE, TreeFiller
from editor.studio.forms.field_types import unwrap
from editor.studio.forms.fields import ValueEditor
from editor.studio.forms.model_form import FormContext, ModelEditor, union_members
from schemas import effects as e

WIDE = 620
"""Width from which the selected node's form sits beside the tree rather than below it."""


class LogicTree(ValueEditor):
    """Edits one condition (``mode="condition"``) or a list of effects (``mode="effects"``)."""

    wide = True
    """Forms should give it a full-width row (like a nested model), not a labelled one."""

    def __init__(
        self,
        mode: Literal["condition", "effects"],
        context: FormContext,
        optional: bool = True,
    ) -> None:
        super().__init__()
        self.mode, self.context, self.optional = mode, context, optional
        self.root: Any = [] if mode == "effects" else None
        self.selected: Path | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addLayout(self._toolbar())
        self.body = QBoxLayout(QBoxLayout.Direction.TopToBottom)
        self.body.setSpacing(6)
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setIndentation(16)
        self.tree.currentItemChanged.connect(lambda item, _old: self._show_node(item))
        self.body.addWidget(self.tree, 1, Qt.AlignmentFlag.AlignTop)
        self.pane = NodePane(context)
        self.pane.edited.connect(self._node_edited)
        self.pane.kindChosen.connect(self.change_kind)
        self.body.addWidget(self.pane, 1)
        layout.addLayout(self.body, 1)
        self.error = MessageLabel()
        layout.addWidget(self.error)
        self._rebuild()

    # -- layout ----------------------------------------------------------------------------------

    def _toolbar(self) -> QHBoxLayout:
        bar = QHBoxLayout()
        bar.setSpacing(2)
        self.add_button = self._tool("Add", "Add a condition or effect here", menu=True)
        self.add_menu = self.add_button.menu()
        self.add_menu.aboutToShow.connect(self._fill_add_menu)
        self.wrap_button = self._tool("Wrap", "Put the selected node inside a group", menu=True)
        self.wrap_menu = self.wrap_button.menu()
        self.wrap_menu.aboutToShow.connect(self._fill_wrap_menu)
        self.delete_button = self._tool("Delete", "Delete the selected node and what it holds")
        self.delete_button.clicked.connect(self.delete)
        self.up_button = self._tool("↑", "Move the selected node up")
        self.up_button.clicked.connect(lambda: self.move(-1))
        self.down_button = self._tool("↓", "Move the selected node down")
        self.down_button.clicked.connect(lambda: self.move(1))
        for button in (
            self.add_button,
            self.wrap_button,
            self.delete_button,
            self.up_button,
            self.down_button,
        ):
            bar.addWidget(button)
        bar.addStretch(1)
        return bar

    def _tool(self, text: str, tip: str, menu: bool = False) -> QToolButton:
        button = tool_button(text, tip)
        if menu:
            button.setMenu(QMenu(button))
            button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        return button

    def resizeEvent(self, event: QResizeEvent) -> None:
        # Side by side when there is room (a section editor), stacked in a narrow inspector.
        wide = event.size().width() >= WIDE
        wanted = QBoxLayout.Direction.LeftToRight if wide else QBoxLayout.Direction.TopToBottom
        if self.body.direction() != wanted:
            self.body.setDirection(wanted)
            self._fit_tree()
        super().resizeEvent(event)

    def _fit_tree(self) -> None:
        """The tree is as tall as its rows (within bounds), so a one-line condition does not
        take a screenful and the form keeps its natural height."""
        wide = self.body.direction() == QBoxLayout.Direction.LeftToRight
        rows = max(1, len(self._items()))
        height = rows * max(self.tree.sizeHintForRow(0), 18) + 2 * self.tree.frameWidth() + 6
        self.tree.setFixedHeight(max(96 if wide else 60, min(height, 320 if wide else 240)))

    # -- value -----------------------------------------------------------------------------------

    def value(self) -> Any:
        return list(self.root) if self.mode == "effects" else self.root

    def set_value(self, value: Any) -> None:
        self.root = list(value or []) if self.mode == "effects" else value
        self.error.hide()
        self._rebuild()

    # -- the tree --------------------------------------------------------------------------------

    def _rebuild(self) -> None:
        keep = self.selected
        self.tree.blockSignals(True)
        TreeFiller(self.context.names).fill(self.tree, self.mode, self.root)
        self.tree.blockSignals(False)
        self._fit_tree()
        self.select_path(keep)

    def _items(self) -> list[QTreeWidgetItem]:
        found: list[QTreeWidgetItem] = []
        stack = [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]
        while stack:
            item = stack.pop(0)
            found.append(item)
            stack[:0] = [item.child(i) for i in range(item.childCount())]
        return found

    def item_at(self, path: Path, role: str | None = None) -> QTreeWidgetItem | None:
        for item in self._items():
            node: Node = item.data(0, NODE)
            if node.path == path and (role is None or node.role == role):
                return item
        return None

    def select_path(self, path: Path | None) -> None:
        """Select the node at ``path`` (or its closest ancestor, or the first node)."""
        item = None
        while path is not None and item is None:
            item = self.item_at(path)
            path = path[:-1] if path else None
        if item is None and self.tree.topLevelItemCount():
            item = self.tree.topLevelItem(0)
        self.tree.setCurrentItem(item)
        self._show_node(item)

    def current_node(self) -> Node | None:
        item = self.tree.currentItem()
        return None if item is None else item.data(0, NODE)

    # -- the selected node's form ------------------------------------------------------------------

    @property
    def forms(self) -> dict[type[BaseModel], ModelEditor]:
        """The node forms built so far, by model."""
        return self.pane.kind_forms.forms

    def _show_node(self, item: QTreeWidgetItem | None) -> None:
        node: Node | None = None if item is None else item.data(0, NODE)
        self.selected = None if node is None else node.path
        value = None if node is None or node.role in ("branch", "empty") else self.node_value(node)
        self.pane.show_node(node, value)
        self._update_buttons(node)

    def node_value(self, node: Node) -> Any:
        return value_at(self.root, node.path)

    def _update_buttons(self, node: Node | None) -> None:
        index, count = -1, 0
        if node is not None and edits.in_list(node):
            index, count = int(node.path[-1]), len(value_at(self.root, node.path[:-1]))
        self.up_button.setEnabled(index > 0)
        self.down_button.setEnabled(0 <= index < count - 1)
        self.delete_button.setEnabled(edits.deletable(node, self.optional))
        self.wrap_button.setEnabled(node is not None and node.role in ("condition", "effect"))

    # -- operations (each emits the new whole value once) -----------------------------------

    def _commit(self, edit: tuple[Any, Path] | None) -> bool:
        if edit is None:
            return False
        self.error.hide()
        self.root, self.selected = edit
        self._rebuild()
        self.edited.emit(self.value())
        return True

    def _fail(self, error: Exception) -> bool:
        message = str(error)
        if isinstance(error, ValidationError):
            first = error.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            message = f"{where}: {first['msg']}" if where else first["msg"]
        self.error.say(message)
        return False

    def _attempt(self, make: Callable[[], tuple[Any, Path] | None]) -> bool:
        try:
            edit = make()
        except (ValidationError, ValueError) as error:
            return self._fail(error)
        return self._commit(edit)

    def _node_edited(self, value: BaseModel | None) -> None:
        node = self.current_node()
        if node is not None and value is not None:
            self._attempt(lambda: (replaced(self.root, node.path, value), node.path))

    def add_target(self) -> tuple[str, Path, int | None]:
        return edits.add_target(self.root, self.mode, self.current_node())

    def add(self, kind: str) -> bool:
        """Add a node of ``kind`` (``option`` for a choice's option) where Add would."""
        what, container, index = self.add_target()

        def make() -> tuple[Any, Path]:
            if what == "option":
                made: Any = e.ChoiceOption(label=f"Option {(index or 0) + 1}", effects=[])
            else:
                models = CONDITIONS if what == "condition" else EFFECTS
                made = starter(models[kind], self.context)
            return edits.added(self.root, container, index, made)

        return self._attempt(make)

    def wrap(self, kind: str) -> bool:
        """Put the selected node inside a new ``all``/``any``/``not`` or ``if``/``choice``."""
        node = self.current_node()
        if node is None or node.role not in ("condition", "effect"):
            return False
        return self._attempt(lambda: edits.wrapped_at(self.root, node.path, kind))

    def change_kind(self, kind: str) -> bool:
        node = self.current_node()
        if node is None or node.role not in ("condition", "effect"):
            return False
        old = self.node_value(node)
        if old.kind == kind:
            return False
        models = CONDITIONS if node.role == "condition" else EFFECTS

        def make() -> tuple[Any, Path]:
            new = converted(old, models[kind], self.context)
            return replaced(self.root, node.path, new), node.path

        if self._attempt(make):
            return True
        self._show_node(self.tree.currentItem())  # put the kind combo back
        return False

    def delete(self) -> bool:
        node = self.current_node()
        if not edits.deletable(node, self.optional):
            return False
        return self._attempt(lambda: edits.deleted(self.root, node))  # type: ignore[arg-type]

    def move(self, step: int) -> bool:
        node = self.current_node()
        return node is not None and self._attempt(lambda: edits.moved(self.root, node, step))

    # -- menus -----------------------------------------------------------------------------------

    def _fill_add_menu(self) -> None:
        self.add_menu.clear()
        what, _, _ = self.add_target()
        if what == "option":
            action = self.add_menu.addAction("Option")
            action.setData("option")
            action.triggered.connect(lambda: self.add("option"))
            return
        groups = CONDITION_MENU if what == "condition" else EFFECT_MENU
        labels = CONDITION_LABELS if what == "condition" else EFFECT_LABELS
        models = CONDITIONS if what == "condition" else EFFECTS
        for title, kinds in groups:
            self.add_menu.addSection(title)
            for kind in kinds:
                action = self.add_menu.addAction(labels[kind])
                action.setData(kind)
                action.setToolTip(plain(models[kind].__doc__))
                action.triggered.connect(lambda _=False, k=kind: self.add(k))
        self.add_menu.setToolTipsVisible(True)

    def _fill_wrap_menu(self) -> None:
        self.wrap_menu.clear()
        node = self.current_node()
        if node is None:
            return
        if node.role == "condition":
            choices = [("all", "In “all of”"), ("any", "In “any of”"), ("not", "In “not”")]
        else:
            choices = [("if", "In “if … then”"), ("choice", "In a choice")]
        for kind, label in choices:
            action = self.wrap_menu.addAction(label)
            action.setData(kind)
            action.triggered.connect(lambda _=False, k=kind: self.wrap(k))

    def focus(self, path: Path) -> bool:
        """Select the node a validation path points into (the deepest one that exists) and
        focus the field the rest of the path names in its form."""
        path = tuple(path)
        self.select_path(path)
        node = self.current_node()
        if node is None:
            return False
        rest = path[len(node.path) :] if path[: len(node.path)] == node.path else ()
        value = self.node_value(node) if node.role not in ("branch", "empty") else None
        if rest and isinstance(value, BaseModel):
            self.pane.kind_forms.form(type(value)).focus(rest)
        return True


# -- plugging into forms ---------------------------------------------------------------------------


def _is_union_of(annotation: Any, models: dict[str, type[BaseModel]]) -> bool:
    members = union_members(annotation)
    return members is not None and set(members) == set(models.values())


def logic_tree_factory(
    name: str, annotation: Any, info: FieldInfo | None, context: FormContext
) -> LogicTree | None:
    """A ``FormContext`` factory: a condition, or a list of effects, edited as a tree."""
    if _is_union_of(annotation, CONDITIONS):
        _, optional, _ = unwrap(annotation)
        return LogicTree("condition", context, optional=optional)
    core, _, _ = unwrap(annotation)
    if get_origin(core) is list and _is_union_of(get_args(core)[0], EFFECTS):
        return LogicTree("effects", context)
    return None


__all__ = ["LogicTree", "Node", "logic_tree_factory"]
