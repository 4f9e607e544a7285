"""The builder's node pane: the kind and the form of the node selected in the tree.

The pane edits one node at a time and reports the node's new value (or a new kind); the tree
(:class:`.builder.LogicTree`) puts it back into the whole condition or effect list and makes
the one edit. Forms are built once per kind and reused, so clicking through nodes stays fast.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from editor.shared.vocabulary import plain
from editor.shared.widgets import form_combo
from editor.studio.forms.builder_edits import Node
from editor.studio.forms.builder_kinds import (
    CHILD_FIELDS,
    CONDITION_LABELS,
    CONDITIONS,
    EFFECT_LABELS,
    EFFECTS,
)
from editor.studio.forms.model_form import FormContext, FormPerKind, ModelEditor
from schemas import conditions as c
from schemas import effects as e

_TOOLTIP_ROLE = 3


class NodePane(QWidget):
    """Kind, hint and form of the selected node."""

    edited = Signal(object)
    """The node's new value, after a field of its form changed."""
    kindChosen = Signal(str)
    """A new kind picked for the node (the tree converts it, keeping what fits)."""

    def __init__(self, context: FormContext) -> None:
        super().__init__()
        self.context = context
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 0, 0, 0)
        layout.setSpacing(3)
        row = QHBoxLayout()
        self.kind_label = QLabel("Kind")
        self.kind = form_combo()
        self.kind.setToolTip("Change what this node is; compatible fields are kept")
        self.kind.activated.connect(lambda _i: self.kindChosen.emit(str(self.kind.currentData())))
        row.addWidget(self.kind_label)
        row.addWidget(self.kind, 1)
        layout.addLayout(row)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #666;")
        layout.addWidget(self.hint)
        holder = QVBoxLayout()
        layout.addLayout(holder)
        layout.addStretch(1)
        self.kind_forms = FormPerKind(holder, self._make_form)

    def _make_form(self, model: type[BaseModel]) -> ModelEditor:
        """The form of a kind of node, its child nodes left to the tree."""
        form = ModelEditor(model, self.context, skip=CHILD_FIELDS.get(model, ()))
        form.edited.connect(self.edited.emit)
        return form

    def show_node(self, node: Node | None, value: Any) -> None:
        """Show ``value``, the value of ``node`` (``None`` for a branch or a placeholder)."""
        kinds = _kinds_for(node)
        shows_kind = bool(kinds) and value is not None
        self.kind.setVisible(shows_kind)
        self.kind_label.setVisible(shows_kind)
        if shows_kind:
            models = CONDITIONS if node.role == "condition" else EFFECTS  # type: ignore[union-attr]
            self.kind.blockSignals(True)
            self.kind.clear()
            for kind, label in kinds.items():
                self.kind.addItem(label, kind)
                tip = plain(models[kind].__doc__)
                self.kind.setItemData(self.kind.count() - 1, tip, _TOOLTIP_ROLE)
            self.kind.setCurrentIndex(self.kind.findData(value.kind))
            self.kind.blockSignals(False)
        self.hint.setText(_hint(node, value))
        self.kind_forms.show(type(value) if isinstance(value, BaseModel) else None, value)


def _hint(node: Node | None, value: Any) -> str:
    if node is None:
        return ""
    if node.role == "empty":
        return "Nothing here yet: use Add."
    if node.role == "branch":
        when = "holds" if node.path[-1] == "then" else "does not hold"
        return f"Effects applied when the condition {when}. Select it and Add effects."
    # The whole description as one paragraph: its first line may stop mid-sentence.
    doc = " ".join(plain(type(value).__doc__).split()) if value is not None else ""
    if isinstance(value, c.AllOf | c.AnyOf | e.Choice):
        doc += " Select it and use Add to put nodes inside."
    return doc


def _kinds_for(node: Node | None) -> dict[str, str]:
    if node is None or node.role not in ("condition", "effect"):
        return {}
    return CONDITION_LABELS if node.role == "condition" else EFFECT_LABELS
