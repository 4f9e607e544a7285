"""Stacks on the game map, drawn as counters.

A counter shows what the viewer may know of a stack and nothing more. Seen in ``full``: the
side's colour, the commanding leader's picture (or the picture or symbol of the unit type
most numerous in it), a short name, the number of units, the leader's stars, and marks for
an entrenched stack, a stack out of supply and a stack that has moved. Seen in ``outline``:
the side's colour and a question mark (on an operational planning map, the sign of the type
the viewer's intelligence reads instead, when it reads one: :mod:`editor.game.wego.plan_scene`).
Seen as a ``flag``: a pennant. Tooltips follow the
same rule (see :func:`describe`).

Counters keep their size on screen while the map zooms, in a few steps that shrink them
as the map zooms out (:mod:`map_counter_art` draws them). Their pictures are drawn once per
look and size and shared: a map of hundreds of stacks repaints by copying small images.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from html import escape
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.game.map.counter_art import body, box, picture
from editor.game.map.fog import FLAG, FULL, OUTLINE, unsupplied
from editor.game.map.style import Z_COUNTERS
from editor.game.map.symbols import symbol_of
from engine import movement
from engine.combat.values import commanding_leader
from engine.game import Game
from engine.state import StackState
from schemas.assets import resolve_image


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
    """An image file (a leader's or unit type's picture): its real path, checked."""
    entrenched: bool = False
    unsupplied: bool = False
    moved: bool = False
    selected: bool = False
    mark: str = ""
    """``target`` or ``picked`` while the player picks targets."""
    pile: int = 0
    """The number of stacks in the pile this counter tops (0: not a pile)."""
    fixed: str = ""
    """Operational rules (OM20): ``place`` (a unit may not move), ``zone`` (units may move
    only inside their fixed zone), ``""`` (free)."""


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
        fixed=_fixed(game, stack),
    )


def _fixed(game: Game, stack: StackState) -> str:
    """The fixed mark of a stack under the operational rules (OM20)."""
    if game.scenario.rules.family != "operational":
        return ""
    from engine.wego.op import zones

    return zones.stack_mark(game, stack)


def _picture(base: Path | None, name: str) -> str:
    """The real file of a picture the scenario in ``base`` names, when it may be read (a
    regular file inside the folder: see :mod:`schemas.assets`), else ``""``."""
    if not name or base is None:
        return ""
    real, refusal = resolve_image(base, name)
    return str(real) if real is not None and refusal is None else ""


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
        self.size = 1.0
        """The share of full size it is drawn at (see :data:`map_counter_art.SIZES`)."""
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

    def set_offset(self, offset: QPointF) -> None:
        if offset != self.offset:
            self.prepareGeometryChange()
            self.offset = QPointF(offset)

    def set_size(self, size: float) -> None:
        if size != self.size:
            self.prepareGeometryChange()
            self.size = size

    def boundingRect(self) -> QRectF:
        return box(self.size).translated(self.offset)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(body(self.size).translated(self.offset))
        return path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        ratio = painter.device().devicePixelRatioF() if painter.device() else 1.0
        image = picture(self.look, ratio, self.size)
        painter.drawPixmap(self.boundingRect().topLeft(), image)
