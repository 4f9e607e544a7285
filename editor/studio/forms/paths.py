"""Image paths (flags, counter pictures, portraits, the tracing image), chosen with a file picker.

The format stores pictures as paths relative to the scenario file, so a scenario folder can be
moved or shared whole. The editor therefore needs to know where the scenario lives: it takes a
function giving that folder (``None`` while the scenario has never been saved).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic.fields import FieldInfo
from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QFileDialog, QLabel, QLineEdit, QToolButton

from editor.shared.images import load_image
from editor.studio.forms.field_types import unwrap
from editor.studio.forms.fields import ValueEditor, _row

IMAGE_FIELDS = frozenset({"flag", "picture", "path"})
"""String fields of the format that hold an image path."""

IMAGE_FILTER = "Images (*.png *.jpg *.jpeg *.svg *.bmp *.gif *.webp);;All files (*)"

PREVIEW_HEIGHT = 20

Base = Callable[[], "Path | None"]


def relative_path(chosen: Path, base: Path | None) -> str:
    """How the file is written in the scenario: relative to its folder, with forward slashes."""
    if base is None:
        return chosen.as_posix()
    return Path(os.path.relpath(chosen, base)).as_posix()


class PathEditor(ValueEditor):
    """A path typed or picked, with a thumbnail that also says when the file is missing."""

    def __init__(self, base: Base, caption: str = "Choose an image") -> None:
        super().__init__()
        self.base, self.caption = base, caption
        layout = _row(self)
        self.box = QLineEdit()
        self.box.setPlaceholderText("no image")
        self.box.editingFinished.connect(self._typed)
        layout.addWidget(self.box, 1)
        self.browse = QToolButton()
        self.browse.setText("…")
        self.browse.setToolTip("Choose a file")
        self.browse.clicked.connect(self.choose)
        layout.addWidget(self.browse)
        self.preview = QLabel()
        self.preview.setFixedSize(2 * PREVIEW_HEIGHT, PREVIEW_HEIGHT)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.preview)
        self._value = ""

    def value(self) -> str:
        return self._value

    def set_value(self, value: Any) -> None:
        self._value = "" if value is None else str(value)
        self.box.setText(self._value)
        self._show_preview()

    def resolved(self) -> Path | None:
        """The file the path names, or ``None`` for no path."""
        if not self._value:
            return None
        path = Path(self._value)
        folder = self.base()
        return path if path.is_absolute() or folder is None else folder / path

    def choose(self) -> None:
        current = self.resolved()
        start = current.parent if current is not None else self.base() or Path.home()
        chosen, _ = QFileDialog.getOpenFileName(self, self.caption, str(start), IMAGE_FILTER)
        if chosen:
            self._set(relative_path(Path(chosen), self.base()))

    def _typed(self) -> None:
        self._set(self.box.text().strip())

    def _set(self, value: str) -> None:
        if value == self._value:
            return
        self.set_value(value)
        self.edited.emit(value)

    def _show_preview(self) -> None:
        path = self.resolved()
        self.preview.setStyleSheet("")
        self.preview.setToolTip("" if path is None else str(path))
        if path is None:
            self.preview.clear()
            return
        # The guarded reader: never a pipe, a device or a file outside the scenario's folder,
        # never a huge image (see editor.shared.images).
        loaded = load_image(self.base(), self._value)
        if loaded.image is None:
            self.preview.setText("missing" if "cannot be found" in loaded.reason else "not shown")
            self.preview.setStyleSheet("color: #b00020; font-size: 9px;")
            self.preview.setToolTip(f"{self._value} is not shown: {loaded.reason}")
            return
        self.preview.setPixmap(
            QPixmap.fromImage(loaded.image).scaled(
                self.preview.size(),
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        )


def image_path_factory(base: Base) -> Callable[..., ValueEditor | None]:
    """A ``FormContext`` factory giving the format's image fields a :class:`PathEditor`."""

    def factory(
        name: str, annotation: Any, info: FieldInfo | None, context: Any
    ) -> ValueEditor | None:
        core, _, _ = unwrap(annotation)
        if name not in IMAGE_FIELDS or core is not str:
            return None
        # A constrained string called ``flag`` is a flag name (a slug), not an image.
        constrained = any(getattr(m, "pattern", None) for m in (info.metadata if info else []))
        return None if constrained else PathEditor(base)

    return factory
