"""The artillery's fire orders of an operational game's plan (OO9, OC2, OC31-OC33), in the
plan panel's Fire tab.

A row per gun of the planning side (the units whose category fires, as the engine lists
them: :func:`engine.wego.op.fire.guns`): where it stands, its range, and the fire order it
has. A gun that may not fire now (its stack has orders to move) is greyed, the engine's
reason in its tooltip. Picking a gun draws its range on the map (:mod:`.op_ranges`). The
kind of fire is offensive (at an enemy hex: it joins the first attack of the side there,
else bombards the hex once the battles are over, OC31) or defensive (over a hex of the
side's: it joins the defence if the hex is attacked). "Choose target" puts the map in
target mode: the hexes the engine offers are washed, pointing at a hex says whether the
fire may go there, a click gives the order or says in red why not. "Cancel fire" takes the
order back. The orders given are drawn on the map as planning markers (:mod:`.op_fire_marks`).
With "All guns of its hex" ticked, the target chosen goes to every gun on the picked gun's
hex that may fire there, in one action (OO9's shortcut,
:class:`~engine.wego.op.shortcut_actions.AllGunsFire`), and the guns that may not are named.

The rules give a fire order no intensity of its own: a battle's intensity comes from the
attack's order (Attack, Assault) and the artillery cases of OC15, which the odds preview of
the Orders tab shows.

Everything is the engine's answer (:func:`~engine.wego.op.fire.unit_refusal`,
:func:`~engine.wego.op.fire.target_refusal`, :func:`~engine.wego.op.fire.targets`,
:func:`~engine.wego.op.fire.reach`, :func:`~engine.wego.op.fire.orders`), asked for the
planning side only.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QPushButton,
    QTreeWidgetItem,
    QWidget,
)

from editor.game.panels.knowledge import unit_name
from editor.game.session import GameSession
from editor.game.wego.op_asset_marks import hex_words
from editor.game.wego.op_fire_marks import FIRE_COLOURS, FIRE_SHORT, FireMarks, gun_hex
from editor.game.wego.op_ranges import GUN_RANGE, RangeArea
from editor.game.wego.plan_map import PlanMapView
from editor.game.wego.target_picking import TargetPicking, lay_out, note_label, order_table
from editor.shared.widgets import ERROR_COLOUR, MUTED_COLOUR
from engine.game import Game
from engine.wego.op import fire, shortcuts
from engine.wego.op.actions import AssignFire, CancelFire
from engine.wego.op.shortcut_actions import AllGunsFire

KINDS = (
    ("offensive", "Offensive: support an attack, else bombard"),
    ("defensive", "Defensive support"),
)
"""OO9, OC33: the two kinds of fire order, as the mission list names them."""


def has_guns(game: Game) -> bool:
    """Whether any side has a gun on the map (the tab shows only then)."""
    return any(fire.guns(game, side) for side in game.sides_in_play)


class FireBox(TargetPicking, QWidget):
    """The side's guns and their fire orders (see the module docstring)."""

    def __init__(self, session: GameSession, map_view: PlanMapView) -> None:
        super().__init__()
        self.setObjectName("op-fire")
        self.session = session
        self.map_view = map_view
        self.table = order_table("op-fire-table", ["Gun", "Range", "Fire order"])
        self.table.itemSelectionChanged.connect(self._picked)
        self.kind = QComboBox()
        self.kind.setObjectName("op-fire-kind")
        for mission, label in KINDS:
            self.kind.addItem(label, mission)
        self.kind.setToolTip(
            "Offensive fire goes to an enemy hex; defensive fire over a hex of yours (OO9)"
        )
        self.kind.currentIndexChanged.connect(lambda _i: self._show_choice())
        self.target_button = QPushButton("Choose target")
        self.target_button.setObjectName("op-fire-target")
        self.target_button.clicked.connect(self.choose_target)
        self.cancel_button = QPushButton("Cancel fire")
        self.cancel_button.setObjectName("op-fire-cancel")
        self.cancel_button.setToolTip("Take back the gun's fire order: it rests this turn")
        self.cancel_button.clicked.connect(self.cancel)
        self.note = note_label("op-fire-note")
        lay_out(self, self.table, self.kind, self.target_button, self.cancel_button, self.note)
        self.together = QCheckBox("All guns of its hex")
        self.together.setObjectName("op-fire-together")
        self.together.setToolTip(
            "OO9: the target chosen goes to every gun on the picked gun's hex that may fire there"
        )
        column = self.layout()
        assert column is not None
        column.insertWidget(2, self.together)  # under the kind of fire and "Choose target"
        self.active = True
        """Whether the tab is the one shown (the range is drawn only then)."""
        self.range = RangeArea(map_view.map_scene)
        self.marks = FireMarks(session, map_view)
        self.follow_plan()
        self.refresh()

    # -- what is shown -------------------------------------------------------------------------

    def gun(self) -> str | None:
        """The gun picked in the table."""
        rows = self.table.selectedItems()
        return rows[0].data(0, Qt.ItemDataRole.UserRole) if rows else None

    def refresh(self) -> None:
        side = self.side()
        picked = self.gun()
        self.table.blockSignals(True)
        self.table.clear()
        if side is None:
            self.table.blockSignals(False)
            self.stop_picking()
            self.range.clear()
            self.setEnabled(False)
            self._say("Fire orders are given while a plan of yours is open.", MUTED_COLOUR)
            return
        self.setEnabled(True)
        game = self.session.game
        given = fire.orders(game, side, viewer=side)
        chosen: QTreeWidgetItem | None = None
        for unit_id in fire.guns(game, side):
            name = unit_name(game, unit_id)
            where = gun_hex(game, unit_id)
            order = given.get(unit_id)
            brief = "\u2013"
            if order is not None:
                brief = f"{FIRE_SHORT[order.mission]} at {hex_words(game, order.target)}"
            hexes = fire.fire_range(game, unit_id)
            row = QTreeWidgetItem([name, f"{hexes} hex{'es' if hexes != 1 else ''}", brief])
            row.setData(0, Qt.ItemDataRole.UserRole, unit_id)
            refused = fire.unit_refusal(game, side, unit_id)
            place = hex_words(game, where) if where else "off the map"
            row.setToolTip(0, f"{name} in {place}" + (f": {refused}" if refused else ""))
            row.setToolTip(1, f"Fires at hexes up to {hexes} away (OC33)")
            row.setToolTip(2, f"Fire order: {brief}")
            if refused:
                for n in range(3):
                    row.setForeground(n, QBrush(QColor(MUTED_COLOUR)))
            if order is not None:
                row.setForeground(2, QBrush(FIRE_COLOURS[order.mission]))
            self.table.addTopLevelItem(row)
            if unit_id == picked:
                row.setSelected(True)
                chosen = row
        rows = max(3, self.table.topLevelItemCount())
        frame = self.table.header().sizeHint().height() + 2 * self.table.frameWidth() + 2
        self.table.setMaximumHeight(frame + max(1, self.table.sizeHintForRow(0)) * rows)
        if chosen is not None:
            self.table.scrollToItem(chosen)
        self.table.blockSignals(False)
        if chosen is None and picked is not None:
            self.stop_picking()
        self._show_gun()

    def _picked(self) -> None:
        self.stop_picking()
        self._show_gun()

    def _show_gun(self) -> None:
        """The gun picked: its range on the map, its order's kind chosen, the buttons."""
        side, unit_id = self.side(), self.gun()
        game = self.session.game
        if side is None or unit_id is None or not self.active:
            self.range.clear()
            self.cancel_button.setEnabled(False)
            self._show_choice()
            return
        hexes = fire.fire_range(game, unit_id)
        self.range.show(
            fire.reach(game, unit_id),
            GUN_RANGE,
            f"The range of {unit_name(game, unit_id)}: {hexes} hexes (OC33)",
        )
        order = fire.orders(game, side, viewer=side).get(unit_id)
        if order is not None:
            index = self.kind.findData(order.mission)
            if index >= 0 and index != self.kind.currentIndex():
                self.kind.blockSignals(True)
                self.kind.setCurrentIndex(index)
                self.kind.blockSignals(False)
        self.cancel_button.setEnabled(CancelFire(unit_id) in self.map_view.legal_actions())
        self._show_choice()

    def _show_choice(self) -> None:
        """Whether the picked gun may fire now and how to give it its target."""
        self.target_button.setEnabled(False)
        if self.picking is not None:
            return
        side, unit_id = self.side(), self.gun()
        if side is None:
            return
        if unit_id is None:
            self._say("Pick a gun above: its range shows on the map.", MUTED_COLOUR)
            return
        game = self.session.game
        refused = fire.unit_refusal(game, side, unit_id)
        if refused:
            self._say(f"Refused: {refused}", ERROR_COLOUR)
            return
        self.target_button.setEnabled(True)
        how = "Choose target, then click its hex on the map."
        order = fire.orders(game, side, viewer=side).get(unit_id)
        if order is not None:
            now = f"{FIRE_SHORT[order.mission].lower()} at {hex_words(game, order.target)}"
            how = f"Given: {now}. A new order replaces it. {how}"
        self._say(how, MUTED_COLOUR)

    def _say(self, text: str, colour: str) -> None:
        self.note.setText(escape(text, quote=False))
        self.note.setStyleSheet(f"color: {colour};" if colour else "")

    def set_active(self, active: bool) -> None:
        """The tab was shown or left: leaving it ends the choosing of a target and takes
        the gun's range off the map."""
        self.active = active
        if not active:
            self.stop_picking()
        self._show_gun()

    # -- acting --------------------------------------------------------------------------------

    def choose_target(self) -> None:
        """Start choosing the picked gun's target on the map."""
        side, unit_id = self.side(), self.gun()
        mission = self.kind.currentData()
        if side is None or unit_id is None or not isinstance(mission, str):
            return
        if fire.unit_refusal(self.session.game, side, unit_id):
            return
        self.start_picking(unit_id, mission)

    def cancel(self) -> bool:
        unit_id = self.gun()
        if unit_id is None:
            return False
        self.stop_picking()
        done = self.map_view.give(CancelFire(unit_id))
        if done:
            name = unit_name(self.session.game, unit_id)
            self.map_view.message.emit(f"{name} rests this turn: its fire order is taken back")
        return done

    # -- choosing a target on the map ----------------------------------------------------------

    def start_picking(self, unit_id: str, mission: str) -> None:
        """The map's next click names the fire's target (the hexes the engine offers are
        washed in the kind of fire's colour)."""
        side = self.side()
        if side is None:
            return
        game = self.session.game
        guns = self._battery(side, unit_id)
        offered = sorted({t for gun in guns for t in fire.targets(game, side, gun, mission)})
        self.begin_picking(unit_id, mission, FIRE_COLOURS[mission], offered)
        name = unit_name(game, unit_id)
        what = "an enemy hex" if mission == "offensive" else "a hex of yours"
        self.target_button.setEnabled(False)
        self._say(
            f"{FIRE_SHORT[mission]} of {name}: click {what} within its range on the map "
            "(the washed hexes are those the engine offers; Escape: stop choosing).",
            "",
        )
        self.map_view.message.emit(f"{name}: click the target hex (Escape: stop choosing)")

    def _battery(self, side: str, unit_id: str) -> list[str]:
        """The guns a target goes to: the picked one, or with "All guns of its hex" ticked
        every gun on its hex that may fire now."""
        game = self.session.game
        where = gun_hex(game, unit_id)
        if not self.together.isChecked() or where is None:
            return [unit_id]
        guns = shortcuts.guns_on(game, side, where)
        return [g for g in guns if not fire.unit_refusal(game, side, g)] or [unit_id]

    def refusal(self, side: str, who: str, mission: str, region: str) -> str | None:
        game = self.session.game
        where = gun_hex(game, who)
        if self.together.isChecked() and where is not None:
            return shortcuts.refusal(game, side, AllGunsFire(where, mission, region)) or None
        return fire.target_refusal(game, side, who, mission, region)

    def hover_words(self, mission: str) -> str:
        return "click to fire here"

    def give_target(self, who: str, mission: str, region: str) -> None:
        game = self.session.game
        side, where = self.side(), gun_hex(game, who)
        if self.together.isChecked() and side is not None and where is not None:
            able, refused = shortcuts.battery(game, side, where, mission, region)
            if self.map_view.give(AllGunsFire(where, mission, region)):
                words = f"{', '.join(unit_name(game, u) for u in able)} fire at "
                words += hex_words(game, region)
                if refused:
                    words += ". Not: " + "; ".join(
                        f"{unit_name(game, u)}: {why}" for u, why in refused
                    )
                self.map_view.message.emit(words)
            return
        if self.map_view.give(AssignFire(who, mission, region)):
            words = FIRE_SHORT[mission].lower()
            self.map_view.message.emit(
                f"{unit_name(game, who)}: {words} at {hex_words(game, region)}"
            )
