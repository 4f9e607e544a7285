"""Stacks on the game map, drawn as counters.

A counter shows what the viewer may know of a stack and nothing more. Seen in ``full``: the
side's colour, the commanding leader's picture (or the picture or symbol of the unit type
most numerous in it), a short name, the number of units, the leader's stars, and marks for
an entrenched stack, a stack out of supply and a stack that has moved. Seen in ``outline``:
the side's colour and a question mark. Seen as a ``flag``: a pennant. Tooltips follow the
same rule (see :func:`describe`).

Counters are the same size on screen at any zoom. Their pictures are drawn once per look
and shared: a map of hundreds of stacks repaints by copying a few small images.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from html import escape
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from engine import movement
from engine.combat.values import commanding_leader
from engine.game import Game
from engine.state import StackState

from .map_fog import FLAG, FULL, OUTLINE, unsupplied
from .map_style import PICKED, SELECTED, TARGET, Z_COUNTERS, ink_on
from .map_symbols import draw_star, draw_unit_symbol, symbol_of

WIDTH, HEIGHT = 46.0, 34.0
"""A counter's body, in screen pixels."""
MARGIN = 8.0
"""Room around the body for badges (count, stars, marks)."""


@dataclass(frozen=True)
class CounterLook:
    """Everything a counter's picture depends on (the key of the picture cache)."""

    view: str
    fill: int
    """The side's colour (``QColor.rgba``)."""
    symbol: str = ""
    text: str = ""
    count: int = 0
    stars: int = 0
    picture: str = ""
    """An image file (a leader's or unit type's picture), absolute."""
    entrenched: bool = False
    unsupplied: bool = False
    moved: bool = False
    selected: bool = False
    mark: str = ""
    """``target`` or ``picked`` while the player picks targets."""


def look_of(
    game: Game, stack: StackState, view: str, base: Path | None, colours: dict[str, QColor]
) -> CounterLook:
    """How a stack looks to a viewer who sees it as ``view``."""
    fill = colours.get(stack.side, QColor("#cccccc")).rgba()
    if view != FULL:
        return CounterLook(view, fill)
    world, units = game.world, game.state.units
    leader = commanding_leader(game, stack)
    troops = [u for u in stack.units if not units[u].leader]
    picture = _picture(base, world.leaders[leader].picture) if leader else ""
    if troops:
        kinds = Counter(world.units[u].type for u in troops if u in world.units)
        # The most numerous type; ties go to the first in the stack (a stable choice).
        order = {world.units[u].type: i for i, u in reversed(list(enumerate(troops)))}
        main = max(kinds, key=lambda t: (kinds[t], -order[t])) if kinds else None
        unit_type = world.unit_types.get(main) if main else None
        symbol = symbol_of(unit_type)
        text = (unit_type.short_name or unit_type.name) if unit_type else ""
        picture = picture or (_picture(base, unit_type.picture) if unit_type else "")
    else:
        symbol = "leader"
        text = world.leaders[leader].name.split()[-1] if leader else ""
    return CounterLook(
        FULL,
        fill,
        symbol=symbol,
        text=text,
        count=len(troops) or len(stack.units),
        stars=world.leaders[leader].rank if leader else 0,
        picture=picture,
        entrenched=stack.entrenched,
        unsupplied=unsupplied(game, stack) > 0,
        moved=stack.moved,
    )


def _picture(base: Path | None, name: str) -> str:
    if not name or base is None:
        return ""
    path = base / name
    return str(path) if path.is_file() else ""


def content_key(game: Game, stack: StackState) -> tuple:
    """What a full view's tooltip depends on, to tell when it must be written again."""
    units = game.state.units
    return (
        stack.region,
        stack.structure,
        stack.entrenched,
        stack.moved,
        tuple((u, units[u].strength, units[u].mp_spent, units[u].unsupplied) for u in stack.units),
    )


def describe(game: Game, stack: StackState, view: str) -> str:
    """A stack's tooltip, saying no more than ``view`` allows."""
    side = game.world.sides[stack.side].name
    if view == OUTLINE:
        return f"<b>{escape(side)}</b>: a stack whose contents are hidden by the fog of war"
    if view == FLAG:
        return f"<b>{escape(side)}</b>: only a flag is seen; what stands here is unknown"
    world, units = game.world, game.state.units
    rows = []
    for unit_id in stack.units:
        unit = units[unit_id]
        if unit.leader:
            leader = world.leaders[unit_id]
            rows.append(
                f"<tr><td>{'★' * leader.rank}</td><td>{escape(leader.name)}</td><td></td></tr>"
            )
            continue
        unit_type = world.unit_type(unit_id)
        name = world.units[unit_id].name or unit_id
        kind = unit_type.short_name or unit_type.name if unit_type else ""
        hp = unit_type.hit_points if unit_type else unit.strength
        rows.append(
            f"<tr><td>{escape(kind)}</td><td>{escape(name)}</td>"
            f"<td align='right'>{unit.strength}/{hp}</td></tr>"
        )
    notes = []
    if stack.structure:
        notes.append(f"inside {escape(world.structures[stack.structure].name)}")
    if stack.entrenched:
        notes.append("entrenched")
    phases = unsupplied(game, stack)
    if phases:
        notes.append(f"out of supply ({phases} supply phase{'s' if phases > 1 else ''})")
    if stack.moved:
        notes.append("has moved this phase")
    mp = movement.mp_left(game, stack)
    head = f"<b>{escape(side)}</b>, {len(stack.units)} unit{'s' if len(stack.units) > 1 else ''}"
    tail = f"<br>{escape('; '.join(notes)).capitalize()}" if notes else ""
    return (
        f"{head} &middot; {mp:g} MP left<table cellspacing='0' cellpadding='1'>"
        f"{''.join(rows)}</table>{tail}"
    )


class CounterItem(QGraphicsItem):
    """One stack's counter, drawn at a fixed screen size ``offset`` pixels from its point."""

    def __init__(self, stack_id: str) -> None:
        super().__init__()
        self.stack_id = stack_id
        self.look = CounterLook(FULL, 0)
        self.offset = QPointF()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(Z_COUNTERS)
        self.setAcceptHoverEvents(True)

    @property
    def view(self) -> str:
        return self.look.view

    def set_look(self, look: CounterLook) -> None:
        if look != self.look:
            self.look = look
            self.update()

    def set_marks(self, selected: bool, mark: str) -> None:
        self.set_look(replace(self.look, selected=selected, mark=mark))

    def set_offset(self, offset: QPointF) -> None:
        if offset != self.offset:
            self.prepareGeometryChange()
            self.offset = QPointF(offset)

    def boundingRect(self) -> QRectF:
        return _BOX.translated(self.offset)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(_BODY.translated(self.offset))
        return path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        ratio = painter.device().devicePixelRatioF() if painter.device() else 1.0
        key = (self.look, ratio)
        picture = _PICTURES.get(key)
        if picture is None:
            picture = _PICTURES[key] = render(self.look, ratio)
        painter.drawPixmap(self.boundingRect().topLeft(), picture)


_BODY = QRectF(-WIDTH / 2, -HEIGHT / 2, WIDTH, HEIGHT)
_BOX = _BODY.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)
_PICTURES: dict[tuple[CounterLook, float], QPixmap] = {}
_FONTS: dict[str, QFont] = {}


def _font(name: str, size: float, bold: bool, condensed: bool = False) -> QFont:
    font = _FONTS.get(name)
    if font is None:
        font = _FONTS[name] = QFont()
        font.setPointSizeF(size)
        font.setBold(bold)
        if condensed:
            font.setStretch(QFont.Stretch.SemiCondensed)
    return font


def render(look: CounterLook, ratio: float = 1.0) -> QPixmap:
    """The picture of a counter (its box, badges included)."""
    picture = QPixmap((_BOX.size() * ratio).toSize())
    picture.setDevicePixelRatio(ratio)
    picture.fill(Qt.GlobalColor.transparent)
    painter = QPainter(picture)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.translate(-_BOX.topLeft())
    try:
        _draw(painter, look)
    finally:
        painter.end()
    return picture


def _draw(painter: QPainter, look: CounterLook) -> None:
    fill = QColor.fromRgba(look.fill)
    if look.view == FLAG:
        _draw_flag(painter, fill, look)
        return
    _draw_body(painter, fill, look)
    if look.view == OUTLINE:
        painter.setFont(_font("ask", 15, True))
        painter.setPen(ink_on(fill))
        painter.drawText(_BODY, Qt.AlignmentFlag.AlignCenter, "?")
    else:
        _draw_content(painter, fill, look)


def _frame_pen(look: CounterLook) -> QPen:
    if look.mark:
        pen = QPen(TARGET if look.mark == "target" else PICKED, 3.0)
    elif look.selected:
        pen = QPen(SELECTED, 3.2)
    else:
        pen = QPen(QColor("#1b1b1b"), 1.2)
    if look.view == OUTLINE and not (look.mark or look.selected):
        pen.setStyle(Qt.PenStyle.DashLine)
    return pen


def _draw_body(painter: QPainter, fill: QColor, look: CounterLook) -> None:
    if look.selected or look.mark:
        # A dark rim outside the bright frame keeps it visible on light terrain.
        painter.setPen(QPen(QColor(0, 0, 0, 150), 5.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(_BODY, 4, 4)
    if look.entrenched:
        _draw_trench(painter)
    body = QColor(fill)
    if look.view == OUTLINE:
        body.setAlpha(150)
    painter.setPen(_frame_pen(look))
    painter.setBrush(body)
    painter.drawRoundedRect(_BODY, 4, 4)


def _draw_trench(painter: QPainter) -> None:
    """Sandbags along the bottom: an entrenched stack."""
    painter.setPen(QPen(QColor("#3d2b12"), 0.8))
    painter.setBrush(QColor("#a0763c"))
    y = _BODY.bottom() - 2
    count = 6
    width = (WIDTH + 6) / count
    for i in range(count):
        x = _BODY.left() - 3 + i * width
        painter.drawRoundedRect(QRectF(x, y, width - 0.5, 7), 2.5, 2.5)


def _draw_content(painter: QPainter, fill: QColor, look: CounterLook) -> None:
    ink = ink_on(fill)
    image = QPixmap(look.picture) if look.picture else QPixmap()
    if not image.isNull():
        room = _BODY.adjusted(3, 3, -3, -11)
        scaled = image.scaled(
            room.size().toSize() * 2,
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
        size = scaled.size().scaled(room.size().toSize(), Qt.AspectRatioMode.KeepAspectRatio)
        target = QRectF(QPointF(), size.toSizeF())
        target.moveCenter(room.center())
        painter.drawPixmap(target, scaled, QRectF(scaled.rect()))
    else:
        frame = QRectF(-13, _BODY.top() + 4, 26, 15)
        draw_unit_symbol(painter, frame, look.symbol, QColor("#1b1b1b"))
    if look.text:
        font = _font("name", 6.6, True, condensed=True)
        metrics = QFontMetricsF(font)
        text = metrics.elidedText(look.text, Qt.TextElideMode.ElideRight, WIDTH - 4)
        painter.setFont(font)
        painter.setPen(ink)
        painter.drawText(
            QRectF(_BODY.left(), _BODY.bottom() - 13, WIDTH, 12), Qt.AlignmentFlag.AlignCenter, text
        )
    if look.moved:
        shade = QColor(255, 255, 255, 110) if ink.lightness() < 128 else QColor(0, 0, 0, 90)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(shade)
        painter.drawRoundedRect(_BODY.adjusted(1.5, 1.5, -1.5, -1.5), 3, 3)
    if look.count:
        _badge(painter, QPointF(_BODY.right() - 1, _BODY.top() + 1), str(look.count))
    for i in range(min(look.stars, 4)):
        draw_star(painter, QPointF(_BODY.left() + 5 + i * 8.5, _BODY.top()), 4.6, QColor("#f5c518"))
    if look.unsupplied:
        _no_supply(painter, QPointF(_BODY.left() + 1, _BODY.bottom() - 2))


def _badge(painter: QPainter, centre: QPointF, text: str) -> None:
    font = _font("count", 7.0, True)
    width = max(13.0, QFontMetricsF(font).horizontalAdvance(text) + 6)
    box = QRectF(centre.x() - width / 2, centre.y() - 6.5, width, 13)
    painter.setPen(QPen(QColor("#1b1b1b"), 1.0))
    painter.setBrush(QColor("#fbfbf7"))
    painter.drawRoundedRect(box, 6.5, 6.5)
    painter.setFont(font)
    painter.setPen(QColor("#1b1b1b"))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def _no_supply(painter: QPainter, centre: QPointF) -> None:
    """A red disc with a white bar: out of supply."""
    painter.setPen(QPen(QColor("#5c0000"), 1.0))
    painter.setBrush(QColor("#e03131"))
    painter.drawEllipse(centre, 6.5, 6.5)
    painter.setPen(QPen(QColor("#ffffff"), 2.2))
    painter.drawLine(centre + QPointF(-3.5, 0), centre + QPointF(3.5, 0))


def _draw_flag(painter: QPainter, fill: QColor, look: CounterLook) -> None:
    pole = QPointF(-9, _BODY.bottom())
    if look.selected or look.mark:
        painter.setPen(QPen(TARGET if look.mark else SELECTED, 5))
        painter.drawLine(pole, QPointF(pole.x(), _BODY.top()))
    painter.setPen(QPen(QColor("#2b2b2b"), 2.0))
    painter.drawLine(pole, QPointF(pole.x(), _BODY.top()))
    painter.setPen(QPen(QColor("#1b1b1b"), 1.0))
    painter.setBrush(fill)
    top = _BODY.top() + 1
    painter.drawPolygon(
        QPolygonF(
            [
                QPointF(pole.x(), top),
                QPointF(pole.x() + 24, top + 4),
                QPointF(pole.x() + 18, top + 9),
                QPointF(pole.x() + 24, top + 15),
                QPointF(pole.x(), top + 15),
            ]
        )
    )
