"""The map's target mode, shared by the plan panel's tabs that send something to a hex: the
Assets tab's missions and the Fire tab's guns.

While a target is chosen, the hexes the engine offers are washed and ringed, pointing at a
hex says whether the order may go there, a click gives it or says in red why not (the
choosing goes on), and Escape stops. The tab says what is chosen and how (:meth:`refusal`,
:meth:`give_target`, :meth:`hover_words`); the engine answers every question, so no tab
re-derives a rule here.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QGraphicsPathItem,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QVBoxLayout,
    QWidget,
)

from editor.game.map.highlights import RegionShade
from editor.game.map.style import Z_COUNTERS
from editor.game.session import GameSession
from editor.game.wego.op_asset_marks import hex_words
from editor.game.wego.plan_map import PlanMapView
from editor.shared.widgets import ERROR_COLOUR


def order_table(name: str, headers: list[str]) -> QTreeWidget:
    """The list of what a tab sends (assets, guns): three columns, the first (a name) taking
    what the other two leave, elided with its whole text in the tooltip, never a sideways
    scroll bar (the mission column was off to the right at 1280 x 720)."""
    table = QTreeWidget()
    table.setObjectName(name)
    table.setColumnCount(len(headers))
    table.setHeaderLabels(headers)
    table.setRootIsDecorated(False)
    table.setAlternatingRowColors(True)
    table.setMinimumHeight(70)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setTextElideMode(Qt.TextElideMode.ElideRight)
    header = table.header()
    header.setStretchLastSection(False)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    for column in range(1, len(headers)):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    return table


def note_label(name: str) -> QLabel:
    """The tab's note under its buttons: how to give the order, or why it is refused."""
    note = QLabel()
    note.setObjectName(name)
    note.setWordWrap(True)
    note.setTextFormat(Qt.TextFormat.RichText)
    return note


def lay_out(
    box: QWidget,
    table: QTreeWidget,
    choice: QComboBox,
    target: QPushButton,
    cancel: QPushButton,
    note: QLabel,
) -> None:
    """The tab's column: the list, the mission's choice beside "Choose target", the
    cancel button on the right, the note."""
    buttons = QHBoxLayout()
    buttons.addWidget(choice, 1)
    buttons.addWidget(target)
    column = QVBoxLayout(box)
    column.setContentsMargins(4, 4, 4, 4)
    column.setSpacing(3)
    column.addWidget(table, 1)
    column.addLayout(buttons)
    column.addWidget(cancel, 0, Qt.AlignmentFlag.AlignRight)
    column.addWidget(note)
    column.addStretch(0)


class TargetPicking:
    """A tab's part in the map's target mode: ``picking`` holds who is sent and its mission
    while a target is chosen. The tab sets ``session``, ``map_view``, ``note`` and an empty
    ``_washes``, calls
    :meth:`begin_picking` to start and implements the three hooks."""

    session: GameSession
    map_view: PlanMapView
    note: QLabel
    picking: tuple[str, str] | None = None
    """While a target is chosen on the map: who goes (an asset, a gun) and its mission."""
    _washes: list[QGraphicsPathItem]
    """The washes and rings of the offered hexes (the tab starts it empty)."""

    def side(self) -> str | None:
        return self.map_view.planning()

    def follow_plan(self) -> None:
        """Start with no target being chosen and redraw the tab as the game and the plan
        change; a hand-over ends the choosing (the next player must not inherit it)."""
        self.picking = None
        self._washes = []
        self.session.changed.connect(self.refresh)
        self.session.toAct.connect(lambda _s: self.refresh())
        self.session.handover.connect(lambda _s: self.stop_picking())
        self.map_view.planChanged.connect(self.refresh)

    def refresh(self) -> None:
        raise NotImplementedError

    # -- what a tab says -------------------------------------------------------------------------

    def refusal(self, side: str, who: str, mission: str, region: str) -> str | None:
        """Why ``who`` may not be sent on ``mission`` to ``region`` (the engine's words)."""
        raise NotImplementedError

    def give_target(self, who: str, mission: str, region: str) -> None:
        """Give the order once a hex is accepted."""
        raise NotImplementedError

    def hover_words(self, mission: str) -> str:
        """What pointing at an accepted hex says."""
        raise NotImplementedError

    def _show_choice(self) -> None:
        """Show what the tab's pick may do now (called once the choosing stops)."""
        raise NotImplementedError

    # -- the mode --------------------------------------------------------------------------------

    def begin_picking(self, who: str, mission: str, colour: QColor, hexes: Iterable[str]) -> None:
        """The map's next click names the target: ``hexes`` (what the engine offers) are
        washed in ``colour`` and ringed above the counters, which cover most of a small hex;
        the stack selection is dropped (a click means a hex, not a counter)."""
        self.stop_picking()
        self.session.select(None)
        self.picking = (who, mission)
        self.map_view.picker = self
        scene = self.map_view.map_scene
        edge = QPen(colour, 3.0)
        edge.setCosmetic(True)
        for hex_id in hexes:
            outline = scene.paths.get(hex_id)
            if outline is None:
                continue
            wash = RegionShade(outline, colour, strong=True)
            ring = QGraphicsPathItem(outline)
            ring.setPen(edge)
            ring.setZValue(Z_COUNTERS + 1)
            ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            for item in (wash, ring):
                scene.addItem(item)
                self._washes.append(item)

    def stop_picking(self) -> None:
        scene = self.map_view.map_scene
        for wash in self._washes:
            scene.removeItem(wash)
        self._washes = []
        if self.map_view.picker is self:
            self.map_view.picker = None
        if self.picking is not None:
            self.picking = None
            self._show_choice()

    def hover(self, region: str | None) -> None:
        """Pointing at a hex while choosing a target: may the order go there?"""
        side = self.side()
        if self.picking is None or side is None or region is None:
            return
        who, mission = self.picking
        name = hex_words(self.session.game, region)
        why = self.refusal(side, who, mission, region)
        if why:
            self.map_view.message.emit(f"{name}: refused, {why}")
        else:
            self.map_view.message.emit(f"{name}: {self.hover_words(mission)}")

    def click(self, region: str | None) -> None:
        """A click on the map while choosing a target: give the order, or say in red why it
        may not go there (the choosing goes on)."""
        side = self.side()
        if self.picking is None or side is None:
            self.stop_picking()
            return
        who, mission = self.picking
        if region is None:
            self.map_view.message.emit("Click a hex of the map (Escape: stop choosing)")
            return
        why = self.refusal(side, who, mission, region)
        if why:
            name = hex_words(self.session.game, region)
            self.note.setText(f"<b>Refused at {escape(name)}:</b> {escape(why, quote=False)}")
            self.note.setStyleSheet(f"color: {ERROR_COLOUR};")
            self.map_view.message.emit(f"Refused: {why}")
            return
        self.stop_picking()
        self.give_target(who, mission, region)

    def cancel_picking(self) -> None:
        """Escape on the map while choosing a target."""
        self.stop_picking()
        self.map_view.message.emit("No target chosen")
