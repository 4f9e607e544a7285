"""What mods changed, marked in the inspector: a bar in the changed mod's colour beside each
changed field, a tooltip naming the mods and the base's value, and a line under the title.

Nothing of the inspector's forms is restyled or rebuilt: the bars are painted by a widget of
ours laid over the inspector (in its left margin, where nothing else is drawn), tooltips come
from an event filter on the field labels, and the inspector only tells us when it has shown
a value (:attr:`~editor.studio.panels.inspector.Inspector.shown`). So the forms stay free to
change; a field we cannot find is simply not marked.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt, QTimer
from PySide6.QtGui import QColor, QHelpEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QGroupBox, QLabel, QScrollArea, QToolTip, QWidget
from shiboken6 import isValid

from editor.studio.document import LIST_SECTIONS
from editor.studio.forms.model_form import ModelEditor
from editor.studio.mods.live import LiveMods, LiveView
from editor.studio.mods.marks import EntityMark, FieldMark, build_marks, field_tooltip
from editor.studio.panels.inspector import Inspector

BAR = 4
"""Width of a change bar, in pixels."""


def _json_name(model: type, name: str) -> str:
    info = model.model_fields[name]  # type: ignore[attr-defined]
    return info.alias or name


class _Bars(QWidget):
    """The change bars, painted over the inspector's left margin."""

    def __init__(self, inspector: Inspector) -> None:
        super().__init__(inspector)
        self.setObjectName("mod-change-bars")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.inspector = inspector
        self.marked: list[tuple[QWidget, str]] = []

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.marked:
            return
        scroll = self.inspector.findChild(QScrollArea)
        if scroll is None:
            return
        viewport = scroll.viewport()
        # Bars sit in the margin left of the scrolled form: clipped to its height only.
        top_left = viewport.mapTo(self.inspector, QPoint(0, 0))
        visible = QRect(0, top_left.y(), self.width(), viewport.height())
        painter = QPainter(self)
        for widget, colour in self.marked:
            if not isValid(widget) or not widget.isVisible():
                continue  # a form rebuilt part of itself since
            top = widget.mapTo(self.inspector, QPoint(0, 0)).y()
            bar = QRect(0, top + 1, BAR, max(4, widget.height() - 2)).intersected(visible)
            if not bar.isEmpty():
                painter.fillRect(bar, QColor(colour))
        painter.end()

    def bars(self) -> list[QRect]:
        """Where bars are drawn (for tests): inspector coordinates."""
        return [
            QRect(0, w.mapTo(self.inspector, QPoint(0, 0)).y() + 1, BAR, w.height() - 2)
            for w, _ in self.marked
            if isValid(w) and w.isVisible()
        ]


class InspectorMarks(QObject):
    """Keeps the inspector's change bars in step with the selection and the mods."""

    def __init__(self, inspector: Inspector, live: LiveMods) -> None:
        super().__init__(inspector)
        self.inspector = inspector
        self.live = live
        self.marks: dict[tuple[str, str | None], EntityMark] = {}
        self.shown_marks = True
        self.overlay = _Bars(inspector)
        self.chip = QLabel()
        self.chip.setObjectName("mod-change-chip")
        self.chip.setWordWrap(True)
        self.chip.setTextFormat(Qt.TextFormat.RichText)
        self.chip.hide()
        layout = inspector.layout()
        if layout is not None:
            layout.insertWidget(1, self.chip)
        self.tips: dict[QWidget, list[FieldMark]] = {}
        inspector.installEventFilter(self)
        inspector.shown.connect(self.refresh)
        live.updated.connect(self.update_view)
        scroll = inspector.findChild(QScrollArea)
        if scroll is not None:
            scroll.verticalScrollBar().valueChanged.connect(lambda _v: self.overlay.update())
        if live.current is not None:
            self.update_view(live.current)

    def update_view(self, view: LiveView) -> None:
        self.marks = build_marks(view)
        self.refresh()

    def set_shown(self, shown: bool) -> None:
        self.shown_marks = shown
        self.refresh()

    def current(self) -> EntityMark | None:
        inspector = self.inspector
        section = inspector.section
        if section is None or not self.shown_marks:
            return None
        if section not in LIST_SECTIONS:
            return self.marks.get((section, None))
        if len(inspector.ids) != 1:
            return None
        return self.marks.get((section, inspector.ids[0]))

    def refresh(self) -> None:
        """Mark the fields of what the inspector shows."""
        for widget in self.tips:
            if isValid(widget):
                widget.removeEventFilter(self)
        self.tips = {}
        marked: list[tuple[QWidget, str]] = []
        mark = self.current()
        form = self.inspector.forms.get(self.inspector.section or "")
        if mark is not None and form is not None and form.isVisible():
            self._mark_form(form, mark, (), marked)
        self.overlay.marked = marked
        self._show_chip(mark)
        self.overlay.setGeometry(self.inspector.rect())
        self.overlay.setVisible(bool(marked))
        self.overlay.raise_()
        self.overlay.update()
        # The form lays itself out after showing a value: paint again once it has (the bars
        # are the timer's context, so a window deleted meanwhile takes the call with it).
        QTimer.singleShot(0, self.overlay, self.overlay.update)

    def _mark_form(
        self,
        form: ModelEditor,
        mark: EntityMark,
        prefix: tuple[str, ...],
        marked: list[tuple[QWidget, str]],
    ) -> None:
        for name, editor in form.rows.items():
            keys = (*prefix, _json_name(form.model, name))
            fields = mark.field(keys)
            if not fields:
                continue
            box = editor.parentWidget()
            widget: QWidget | None = box if isinstance(box, QGroupBox) else form.labels.get(name)
            if widget is None or not widget.isVisible():
                continue
            marked.append((widget, fields[-1].by[-1].colour))
            self.tips[widget] = fields
            widget.installEventFilter(self)
            if isinstance(editor, ModelEditor) and editor.current is not None:
                self._mark_form(editor, mark, keys, marked)

    def _show_chip(self, mark: EntityMark | None) -> None:
        if mark is None:
            self.chip.hide()
            return
        last = mark.by[-1]
        names = ", then ".join(e.title for e in mark.by)
        count = len(mark.fields)
        what = {"added": "Added", "renamed": "Renamed", "moved": "Moved"}.get(mark.kind, "Changed")
        detail = f" ({count} field{'s' if count != 1 else ''})" if mark.kind != "added" else ""
        self.chip.setText(
            f"<span style='color:{last.colour}'>■</span> {what} by <b>{names}</b>{detail}"
        )
        self.chip.setToolTip(mark.tooltip())
        self.chip.show()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self.inspector:
            if kind in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
                self.overlay.setGeometry(self.inspector.rect())
                self.overlay.update()
            elif kind == QEvent.Type.Show:
                QTimer.singleShot(0, self, self.refresh)
            return False
        if kind == QEvent.Type.ToolTip and watched in self.tips:
            assert isinstance(event, QHelpEvent) and isinstance(watched, QWidget)
            own = watched.toolTip()
            text = field_tooltip(self.tips[watched]) + (f"\n\n{own}" if own else "")
            QToolTip.showText(event.globalPos(), text, watched)
            return True
        return False


__all__ = ["InspectorMarks"]
