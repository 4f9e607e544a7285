"""The asset missions of an operational game's plan (OO10-OO12, OA2-OA14), in the plan
panel's Assets tab.

A row per asset of the planning side: its state this turn (ready with its readiness, or why
not: back on a later turn, arriving later, gone, not flying at night), the delay it is away
for after a mission, and the mission it has been given. For the asset picked in the table,
the missions it lists, each refused one greyed with the engine's reason in its tooltip and
under the list in red; "Choose target" puts the map in target mode (the hexes the engine
offers are washed in the mission's colour; pointing at a hex says whether the mission may go
there, and a click sends it, or says in red why not); a mission without a target hex
(interdiction, counter-air) is given at once with "Give". "Cancel mission" keeps the asset
home. The missions given are drawn on the map as planning markers (:mod:`.op_asset_marks`).

Everything is the engine's answer (:func:`engine.wego.op.assets.options`,
:func:`~engine.wego.op.assets.target_refusal`, :func:`~engine.wego.op.assets.targets`,
:func:`~engine.wego.op.assets.missions`), asked for the planning side only, so the enemy's
missions never show.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QPushButton,
    QTreeWidgetItem,
    QWidget,
)

from editor.game.map.style import TARGET
from editor.game.panels.op_words import delay_words, mission_words
from editor.game.session import GameSession
from editor.game.wego.op_asset_marks import MISSION_COLOURS, MISSION_SHORT, AssetMarks, hex_words
from editor.game.wego.plan_map import PlanMapView
from editor.game.wego.target_picking import TargetPicking, lay_out, note_label, order_table
from editor.shared.widgets import ERROR_COLOUR, MUTED_COLOUR
from engine.operational.assets import availability
from engine.wego.op import assets, state
from engine.wego.op.actions import AssignAsset, CancelAsset


class AssetsBox(TargetPicking, QWidget):
    """The side's assets and their missions (see the module docstring)."""

    def __init__(self, session: GameSession, map_view: PlanMapView) -> None:
        super().__init__()
        self.setObjectName("op-assets")
        self.session = session
        self.map_view = map_view
        self.table = order_table("op-asset-table", ["Asset", "This turn", "Mission"])
        self.table.header().setMinimumSectionSize(60)
        self.table.itemSelectionChanged.connect(self._picked)
        self.mission = QComboBox()
        self.mission.setObjectName("op-asset-mission")
        self.mission.setToolTip("The missions the asset lists; a greyed one is refused now")
        self.mission.currentIndexChanged.connect(lambda _i: self._show_choice())
        self.give_button = QPushButton("Choose target")
        self.give_button.setObjectName("op-asset-give")
        self.give_button.clicked.connect(self.give)
        self.cancel_button = QPushButton("Cancel mission")
        self.cancel_button.setObjectName("op-asset-cancel")
        self.cancel_button.setToolTip("Take back the asset's mission: it stays home this turn")
        self.cancel_button.clicked.connect(self.cancel)
        self.note = note_label("op-asset-note")
        lay_out(self, self.table, self.mission, self.give_button, self.cancel_button, self.note)
        self.marks = AssetMarks(session, map_view)
        self.follow_plan()
        self.refresh()

    # -- what is shown -------------------------------------------------------------------------

    def asset(self) -> str | None:
        """The asset picked in the table."""
        rows = self.table.selectedItems()
        return rows[0].data(0, Qt.ItemDataRole.UserRole) if rows else None

    def refresh(self) -> None:
        side = self.side()
        if side is None and self.picking is not None:
            self.stop_picking()
        picked = self.asset()
        self.table.blockSignals(True)
        self.table.clear()
        if side is None:
            self.table.blockSignals(False)
            self.setEnabled(False)
            self._say("Asset missions are given while a plan of yours is open.", MUTED_COLOUR)
            return
        self.setEnabled(True)
        game = self.session.game
        rules = state.board_of(game).rules
        night = state.clock(game).night
        given = assets.missions(game, side, viewer=side)
        chosen: QTreeWidgetItem | None = None
        for asset in rules.assets.assets:
            if asset.side != side:
                continue
            now = assets.state_of(game, asset.id)
            if now is None:
                continue
            free = availability(rules.assets, asset, now, game.state.turn, night=night)
            task = given.get(asset.id)
            when = f"ready, {now.readiness:g}%" if free.ready else free.reason
            if free.ready and now.arrived == game.state.turn:
                when = f"arrived, {now.readiness:g}%"  # OA2: drawn as this turn opened
            mission = self._task_words(task.mission, task.target) if task else "\u2013"
            brief = self._task_words(task.mission, task.target, short=True) if task else "\u2013"
            row = QTreeWidgetItem([asset.name or asset.id, when, brief])
            row.setData(0, Qt.ItemDataRole.UserRole, asset.id)
            row.setToolTip(
                0,
                f"{asset.name or asset.id} ({asset.domain}, {asset.quality}): readiness "
                f"{now.readiness:g}%, strength {now.strength:g}%; {delay_words(asset)}"
                + ("; flies at night" if asset.night_capable else ""),
            )
            row.setToolTip(1, f"This turn: {when}; {delay_words(asset)} (OA2)")
            row.setToolTip(2, f"Mission: {mission}")
            if not free.ready:
                for n in range(3):
                    row.setForeground(n, QBrush(QColor(MUTED_COLOUR)))
            if task is not None:
                row.setForeground(2, QBrush(MISSION_COLOURS.get(task.mission, QColor("#333"))))
            self.table.addTopLevelItem(row)
            if asset.id == picked:
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
        self._fill_missions(side)

    def _task_words(self, mission: str, target: str, *, short: bool = False) -> str:
        words = MISSION_SHORT.get(mission, mission_words(mission)) if short else None
        words = words or mission_words(mission)
        if not target:
            return words
        return f"{words} at {hex_words(self.session.game, target)}"

    def _picked(self) -> None:
        self.stop_picking()
        side = self.side()
        if side is not None:
            self._fill_missions(side)

    def _fill_missions(self, side: str) -> None:
        """The missions of the asset picked, each refused one greyed with its reason; the
        one it flies (else the first it may fly) chosen."""
        game = self.session.game
        asset_id = self.asset()
        current = self.mission.currentData()
        self.mission.blockSignals(True)
        self.mission.clear()
        options = assets.options(game, side, asset_id, viewer=side) if asset_id else []
        model = self.mission.model()
        assert isinstance(model, QStandardItemModel)
        for n, option in enumerate(options):
            label = mission_words(option.mission)
            self.mission.addItem(label if not option.refusal else f"{label} (refused)", option)
            item = model.item(n)
            item.setToolTip(option.refusal or f"{label}: may be given this turn")
            if option.refusal:
                item.setEnabled(False)
        given = assets.missions(game, side, viewer=side).get(asset_id or "")
        wanted = given.mission if given is not None else current.mission if current else None
        index = next((n for n, o in enumerate(options) if o.mission == wanted), -1)
        if index < 0 or options[index].refusal:
            index = next((n for n, o in enumerate(options) if not o.refusal), 0)
        self.mission.setCurrentIndex(index if options else -1)
        self.mission.setEnabled(bool(options))
        self.mission.blockSignals(False)
        self.cancel_button.setEnabled(
            asset_id is not None and CancelAsset(asset_id) in self.map_view.legal_actions()
        )
        self._show_choice()

    def _show_choice(self) -> None:
        """What the chosen mission would do, or why it is refused, and the button for it."""
        option = self.mission.currentData()
        self.give_button.setEnabled(False)
        if self.picking is not None:
            return
        if self.asset() is None:
            self._say("Pick an asset above to give it a mission.", MUTED_COLOUR)
            return
        if not isinstance(option, assets.MissionOption):
            self._say("This asset lists no mission.", MUTED_COLOUR)
            return
        self.give_button.setText("Choose target" if option.needs_target else "Give")
        if option.refusal:
            self._say(f"Refused: {option.refusal}", ERROR_COLOUR)
            return
        self.give_button.setEnabled(True)
        if option.needs_target:
            how = "Choose target, then click its hex on the map."
        else:
            how = f"{mission_words(option.mission)} needs no target hex: Give sends it."
        side, asset_id = self.side(), self.asset()
        given = assets.missions(self.session.game, side, viewer=side) if side else {}
        task = given.get(asset_id or "")
        if task is not None:
            now = self._task_words(task.mission, task.target)
            how = f"Given: {now}. A new mission replaces it. {how}"
        self._say(how, MUTED_COLOUR)

    def _say(self, text: str, colour: str) -> None:
        self.note.setText(escape(text))
        self.note.setStyleSheet(f"color: {colour};" if colour else "")

    # -- acting --------------------------------------------------------------------------------

    def give(self) -> bool:
        """Give the chosen mission (one without a target), or start choosing its target."""
        side, asset_id = self.side(), self.asset()
        option = self.mission.currentData()
        if side is None or asset_id is None or not isinstance(option, assets.MissionOption):
            return False
        if option.refusal:
            return False
        if option.needs_target:
            self.start_picking(asset_id, option.mission)
            return False
        return self._send(AssignAsset(asset_id, option.mission, ""))

    def cancel(self) -> bool:
        asset_id = self.asset()
        if asset_id is None:
            return False
        self.stop_picking()
        done = self.map_view.give(CancelAsset(asset_id))
        if done:
            self.map_view.message.emit(f"{self._name(asset_id)} stays home this turn")
        return done

    def _send(self, action: AssignAsset) -> bool:
        done = self.map_view.give(action)
        if done:
            self.map_view.message.emit(
                f"{self._name(action.asset)}: {self._task_words(action.mission, action.target)}"
            )
        return done

    def _name(self, asset_id: str) -> str:
        asset = state.board_of(self.session.game).rules.assets.asset(asset_id)
        return asset.name or asset_id if asset is not None else asset_id

    # -- choosing a target on the map ----------------------------------------------------------

    def start_picking(self, asset_id: str, mission: str) -> None:
        """The map's next click names the mission's target. The offered hexes are washed in
        the card targets' teal, which stands out on both sides' control washes."""
        side = self.side()
        if side is None:
            return
        self.begin_picking(
            asset_id, mission, TARGET, assets.targets(self.session.game, side, mission)
        )
        words = mission_words(mission)
        self.give_button.setEnabled(False)
        self._say(
            f"{words} of {self._name(asset_id)}: click its target hex on the map "
            "(the washed hexes hold enemies you see or your own units next to them; "
            "Escape: stop choosing).",
            "",
        )
        self.map_view.message.emit(f"{words}: click the target hex (Escape: stop choosing)")

    def refusal(self, side: str, who: str, mission: str, region: str) -> str | None:
        return assets.target_refusal(self.session.game, side, who, mission, region)

    def hover_words(self, mission: str) -> str:
        return f"click to send {mission_words(mission)} here"

    def give_target(self, who: str, mission: str, region: str) -> None:
        self._send(AssignAsset(who, mission, region))
