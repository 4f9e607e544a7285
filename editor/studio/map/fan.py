"""A stack shows its counters: fanned out beside it while it is selected or hovered.

A stack on the map is one counter with a number. Selecting it (or resting the mouse on it a
moment) fans out one small counter per unit and leader next to it: the side's colour, a short
name of the unit's type (or a leader's stars and name) and the unit's strength when the
scenario sets one. The select tool lets the designer click a fanned counter to select that
unit, or drag it to move that unit alone. Counters are drawn at a fixed screen size, so they
read the same at any zoom.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.shared.map.drawing import text_colour
from editor.studio.map.items import SELECTED, MarkerItem, Z
from editor.studio.map.placement import COUNTER

if TYPE_CHECKING:
    from editor.studio.map.scene import MapScene

WIDTH, HEIGHT = 46.0, 30.0
"""A fanned counter's size in screen pixels."""
SPACING = 3.0
PER_ROW = 4
MARGIN = 4.0
MOST_FANS = 4
"""Stacks fanned out at once for a selection (a long selection in the explorer would
otherwise cover the map)."""
SHOW_AFTER_MS = 450
HIDE_AFTER_MS = 600


@dataclass(frozen=True)
class Look:
    """What one fanned counter shows."""

    section: str
    unit_id: str
    fill: int
    """The side's colour (``QColor.rgba``)."""
    top: str
    bottom: str
    tip: str


def look_of(scene: MapScene, section: str, unit_id: str) -> Look | None:
    doc = scene.document
    unit = doc.get(section, unit_id)
    if unit is None:
        return None
    fill = scene.markers.side_colour(unit.nation).rgba()
    if section == "leaders":
        surname = unit.name.split()[-1] if unit.name.strip() else unit.id
        tip = f"{unit.name} ({unit.id}), leader, {unit.rank} star{'s' if unit.rank > 1 else ''}"
        return Look(section, unit_id, fill, "★" * unit.rank, surname, tip)
    kind = doc.get("unit_types", unit.type)
    short = abbreviation(kind.short_name, kind.name) if kind is not None else ""
    short = short or abbreviation("", unit.type.replace("-", " "))
    strength = ""
    if unit.strength is not None:
        strength = f"{unit.strength}/{kind.hit_points}" if kind is not None else str(unit.strength)
    name = unit.name or (kind.name if kind is not None else unit.type)
    return Look(section, unit_id, fill, short, strength, f"{name} ({unit.id})")


def abbreviation(short_name: str, name: str) -> str:
    """What a counter calls a unit type: its short name, else the first word of its name
    (cut short when long)."""
    if short_name.strip():
        return short_name.strip()
    word = (name.split() or [""])[0]
    return word if len(word) <= 8 else word[:5] + "."


class FanCounter(QGraphicsItem):
    """One unit's counter in a fan (a child of :class:`FanItem`, in screen pixels)."""

    kind = "counters"
    _fonts: tuple[QFont, QFont, QFontMetricsF] | None = None

    def __init__(self, look: Look, parent: FanItem) -> None:
        super().__init__(parent)
        self.look = look
        self.section, self.unit_id = look.section, look.unit_id
        self.selected = False
        self.setToolTip(look.tip)
        if FanCounter._fonts is None:
            bold, plain = QFont(), QFont()
            bold.setPointSizeF(7.0)
            bold.setBold(True)
            plain.setPointSizeF(6.5)
            FanCounter._fonts = (bold, plain, QFontMetricsF(bold))

    def boundingRect(self) -> QRectF:
        return QRectF(-1.5, -1.5, WIDTH + 3, HEIGHT + 3)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        assert self._fonts is not None
        bold, plain, metrics = self._fonts
        fill = QColor.fromRgba(self.look.fill)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(SELECTED if self.selected else QColor("#202020"))
        pen.setWidthF(2.5 if self.selected else 1.0)
        painter.setPen(pen)
        painter.setBrush(fill)
        painter.drawRoundedRect(QRectF(0, 0, WIDTH, HEIGHT), 3, 3)
        painter.setPen(text_colour(fill))
        painter.setFont(bold)
        top = metrics.elidedText(self.look.top, Qt.TextElideMode.ElideRight, WIDTH - 4)
        painter.drawText(QRectF(2, 1, WIDTH - 4, HEIGHT / 2), Qt.AlignmentFlag.AlignCenter, top)
        if self.look.bottom:
            painter.setFont(plain)
            painter.drawText(
                QRectF(2, HEIGHT / 2 - 1, WIDTH - 4, HEIGHT / 2),
                Qt.AlignmentFlag.AlignCenter,
                self.look.bottom,
            )


class FanItem(QGraphicsItem):
    """A stack's counters beside its symbol, on a light plate, at a fixed screen size."""

    kind = "fan"

    def __init__(self, stack: MarkerItem, looks: list[Look]) -> None:
        super().__init__()
        self.stack_key = stack.entity_id
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(Z["fan"])
        self.setPos(stack.pos())
        rows = (len(looks) + PER_ROW - 1) // PER_ROW
        columns = min(len(looks), PER_ROW)
        left = stack.offset.x() + COUNTER / 2 + 2 * MARGIN
        top = stack.offset.y() - HEIGHT / 2 - MARGIN
        self._plate = QRectF(
            left,
            top,
            columns * (WIDTH + SPACING) - SPACING + 2 * MARGIN,
            rows * (HEIGHT + SPACING) - SPACING + 2 * MARGIN,
        )
        self._tip = QPointF(stack.offset.x() + COUNTER / 2 + 1, stack.offset.y())
        self.counters: list[FanCounter] = []
        for number, look in enumerate(looks):
            counter = FanCounter(look, self)
            row, column = divmod(number, PER_ROW)
            counter.setPos(
                left + MARGIN + column * (WIDTH + SPACING), top + MARGIN + row * (HEIGHT + SPACING)
            )
            self.counters.append(counter)

    def boundingRect(self) -> QRectF:
        return self._plate.united(QRectF(self._tip, self._tip)).adjusted(-1, -1, 1, 1)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(40, 40, 40, 160), 1.0))
        painter.setBrush(QColor(255, 255, 255, 225))
        painter.drawRoundedRect(self._plate, 4, 4)
        # A short pointer from the plate to the stack it belongs to.
        painter.drawLine(self._tip, QPointF(self._plate.left(), self._tip.y()))

    def set_chosen(self, chosen: set[str]) -> None:
        for counter in self.counters:
            selected = counter.unit_id in chosen
            if counter.selected != selected:
                counter.selected = selected
                counter.update()


class StackFan(QObject):
    """Which stacks are fanned out: those holding selected units, and the one the mouse rests
    on. Fans are made again only when what they show changes, so a counter being clicked or
    dragged survives the selection it causes."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self.scene = scene
        self.fans: dict[str, FanItem] = {}
        self._signatures: dict[str, tuple[Any, ...]] = {}
        self.hovered: str | None = None
        self._pending: str | None = None
        self._show = QTimer(self, singleShot=True, interval=SHOW_AFTER_MS)
        self._show.timeout.connect(self._show_pending)
        self._hide = QTimer(self, singleShot=True, interval=HIDE_AFTER_MS)
        self._hide.timeout.connect(self._hide_hovered)

    def clear(self) -> None:
        """Forget every fan (the scene has just been cleared)."""
        self.fans.clear()
        self._signatures.clear()
        self.hovered = self._pending = None

    def hover(self, key: str | None) -> None:
        """The mouse rests on this stack (or its fan); ``None``: on neither."""
        if key == self.hovered:
            self._hide.stop()
            self._show.stop()
            self._pending = None
            return
        if key is None:
            self._show.stop()
            self._pending = None
            if self.hovered is not None and not self._hide.isActive():
                self._hide.start()
            return
        if key in self.fans:  # already fanned out for the selection
            self._pending = None
            self._show.stop()
            return
        if key != self._pending:
            self._pending = key
            self._show.start()

    def _show_pending(self) -> None:
        self.hovered, self._pending = self._pending, None
        self._hide.stop()
        self.refresh()

    def _hide_hovered(self) -> None:
        self.hovered = None
        self.refresh()

    def _same(self, key: str, stack: MarkerItem, looks: list[Look]) -> bool:
        """Whether the fan of ``key`` already shows this stack item, there, with these
        counters."""
        old = self._signatures[key]
        return old[0] is stack and old[1:] == (stack.pos(), stack.offset, tuple(looks))

    def wanted(self) -> list[str]:
        """Stacks to fan out, in order: the selection's, then the hovered one."""
        markers = self.scene.markers
        selection = self.scene.document.selection
        keys: list[str] = []
        if selection.section in ("units", "leaders"):
            for unit_id in selection.ids:
                key = markers.stack_of.get(unit_id)
                if key is not None and key not in keys:
                    keys.append(key)
        keys = keys[:MOST_FANS]
        if self.hovered is not None and self.hovered not in keys:
            keys.append(self.hovered)
        return keys

    def refresh(self) -> None:
        """Fan out the stacks that should be, as they now are."""
        scene = self.scene
        if not self.fans and self.hovered is None and not _units_selected(scene):
            return  # the usual case, kept cheap: every edit and click comes here
        wanted: dict[str, tuple[MarkerItem, list[Look]]] = {}
        for key in self.wanted():
            stack = scene.markers.stacks.get(key)
            if stack is None or stack.scene() is not scene or not stack.isVisible():
                continue
            looks = [
                look
                for unit_id in stack.units
                if (look := look_of(scene, _section(scene, unit_id), unit_id)) is not None
            ]
            if looks:
                wanted[key] = (stack, looks)
        for key in list(self.fans):
            stack, looks = wanted.get(key, (None, []))
            if stack is None or not self._same(key, stack, looks):
                scene.discard(self.fans.pop(key))
                del self._signatures[key]
        for key, (stack, looks) in wanted.items():
            if key not in self.fans:
                fan = self.fans[key] = FanItem(stack, looks)
                self._signatures[key] = (stack, stack.pos(), stack.offset, tuple(looks))
                scene.addItem(fan)
        selection = scene.document.selection
        chosen = set(selection.ids) if selection.section in ("units", "leaders") else set()
        for fan in self.fans.values():
            fan.set_chosen(chosen)


def _units_selected(scene: MapScene) -> bool:
    return scene.document.selection.section in ("units", "leaders")


def _section(scene: MapScene, unit_id: str) -> str:
    return "units" if scene.document.get("units", unit_id) is not None else "leaders"
