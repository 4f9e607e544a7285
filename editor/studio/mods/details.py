"""The details of a mod: its name, id, version, author and description (a new mod's, or the
edit target's)."""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from editor.shared.widgets import MessageLabel
from schemas.mods.model import Mod

_SLUG = re.compile(r"[^a-z0-9_-]+")


def id_from(name: str) -> str:
    return _SLUG.sub("-", name.lower()).strip("-_")[:64] or "mod"


class ModDetailsDialog(QDialog):
    """Edits a mod's details; ``chosen`` carries them (a dict of the mod's fields) on OK."""

    chosen = Signal(object)

    def __init__(self, parent: QWidget, title: str, mod: Mod) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setObjectName("mod-details")
        self.mod = mod
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.name = QLineEdit(mod.name)
        self.ident = QLineEdit(mod.id)
        self.ident.setToolTip(
            "Other mods name this one by its id (lowercase letters, digits, - and _)"
        )
        self.version = QLineEdit(mod.version)
        self.author = QLineEdit(mod.author)
        self.description = QPlainTextEdit(mod.description)
        self.description.setFixedHeight(80)
        self.language = QLineEdit(mod.language or "")
        self.language.setPlaceholderText("only for a translation: fi, pt-BR…")
        form.addRow("Name", self.name)
        form.addRow("Id", self.ident)
        form.addRow("Version", self.version)
        form.addRow("Author", self.author)
        form.addRow("Description", self.description)
        form.addRow("Language", self.language)
        layout.addLayout(form)
        self._follow = mod.id == id_from(mod.name) or not mod.operations
        self.name.textEdited.connect(self._name_edited)
        self.ident.textEdited.connect(lambda _text: setattr(self, "_follow", False))
        self.message = MessageLabel()
        layout.addWidget(self.message)
        box = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        box.accepted.connect(self._ok)
        box.rejected.connect(self.reject)
        layout.addWidget(box)
        self.resize(460, self.sizeHint().height())

    def _name_edited(self, text: str) -> None:
        if self._follow:
            self.ident.setText(id_from(text))

    def details(self) -> dict[str, Any]:
        return {
            "name": self.name.text().strip(),
            "id": self.ident.text().strip(),
            "version": self.version.text().strip() or "1",
            "author": self.author.text().strip(),
            "description": self.description.toPlainText().strip(),
            "language": self.language.text().strip() or None,
        }

    def _ok(self) -> None:
        details = self.details()
        if not details["name"]:
            self.message.say("A mod needs a name.")
            return
        try:
            meta = self.mod.model_dump(by_alias=True, exclude={"operations"})
            Mod.model_validate({**meta, **details})
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            self.message.say(f"{where}: {first['msg']}")
            return
        self.accept()
        self.chosen.emit(details)
