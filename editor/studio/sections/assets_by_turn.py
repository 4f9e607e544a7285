"""The operational scenario's assets by turn (OT5, OT12, OA1, OA2, OA13): a row per asset,
side by side, and a column per turn of the game (night turns marked), each cell filled in the
side's colour while the asset is in the scenario (from ``arrives`` up to the turn before
``leaves``). Select a cell and press **Arrives here**, **Leaves here** or **Stays to the end**
(or right-click it) to move the asset's first or last turn; **Arrives at random until here**
makes the turns from its first one to the selected one a window where it arrives at random
(those cells show "?", paler), with the chance a turn in the box beside it. The chance that
a mission is the asset's last (OA13) is the second box; right-click a cell to start or end
the turns it applies to (cells marked with "↓"). Each change is one step of Edit > Undo. A
change the format refuses (leaving before arriving) is not made and the reason shows under
the table.
"""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.shared.widgets import ERROR_COLOUR, set_muted
from editor.studio.document import Change, ScenarioDocument, with_value
from schemas.operational.assets import Asset
from schemas.scenario import Scenario


def turn_is_night(scenario: Scenario, number: int) -> bool:
    """OT4: whether turn ``number`` is a night turn, as the engine counts them."""
    rules = scenario.rules.operational
    if rules is None:
        return False
    pattern = rules.turns.pattern
    return pattern[(rules.turns.first + number - 1) % len(pattern)] == "night"


def present(asset: Asset, turn: int) -> bool:
    """Whether ``asset`` is in the scenario on ``turn`` (OT12: it is gone from ``leaves``)."""
    return asset.arrives <= turn and (asset.leaves is None or turn < asset.leaves)


def waiting(asset: Asset, turn: int) -> bool:
    """OA2: whether ``turn`` is in the asset's random arrival window before its last turn
    (it may or may not have arrived then)."""
    return asset.arrives_at_random() and asset.arrives <= turn < (asset.arrives_by or 0)


def span_text(asset: Asset) -> str:
    """The asset's turns in words: "turns 3 to 7", "from turn 2", with its random arrival
    and leaving."""
    if asset.leaves is None:
        words = f"from turn {asset.arrives}"
    else:
        words = f"turns {asset.arrives} to {asset.leaves - 1}"
    if asset.arrives_at_random():
        words += (
            f", arriving at random by turn {asset.arrives_by} ({asset.arrival_chance:g}% a turn)"
        )
    if asset.leave_chance > 0 and asset.returns:
        end = f" to {asset.leave_until}" if asset.leave_until is not None else " on"
        words += (
            f", {asset.leave_chance:g}% that a mission is its last from turn "
            f"{asset.leave_from}{end}"
        )
    return words


class AssetsByTurn(QWidget):
    """The table of assets and turns, and the buttons that move an asset's turns."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        self.setObjectName("assets-by-turn")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        about = QLabel(
            "One row per asset, one column per turn (a moon marks night turns); a filled cell "
            "is a turn the asset is in the game, a pale one with ? a turn it may arrive at "
            "random, ↓ a turn its mission may be its last. Select a cell and set the asset's "
            "turns, or right-click the cell: each change is one step of Edit > Undo."
        )
        about.setWordWrap(True)
        set_muted(about)
        layout.addWidget(about)
        controls = QHBoxLayout()
        self.arrive = QPushButton("Arrives here")
        self.arrive.setToolTip("The selected asset's first turn becomes the selected turn")
        self.leave = QPushButton("Leaves here")
        self.leave.setToolTip("The selected turn becomes the asset's last turn in the game")
        self.stay = QPushButton("Stays to the end")
        self.stay.setToolTip("The selected asset is never withdrawn")
        self.random = QPushButton("Arrives at random until here")
        self.random.setToolTip(
            "OA2: from its first turn to the selected one the asset arrives at random, with "
            "the chance a turn beside; on the selected turn for sure"
        )
        self.arrive.clicked.connect(lambda: self.set_turn("arrives"))
        self.leave.clicked.connect(lambda: self.set_turn("leaves"))
        self.stay.clicked.connect(lambda: self.set_turn("stays"))
        self.random.clicked.connect(lambda: self.set_turn("arrives_by"))
        for button in (self.arrive, self.leave, self.stay, self.random):
            controls.addWidget(button)
        controls.addStretch(1)
        layout.addLayout(controls)
        chances = QHBoxLayout()
        self.arrival_chance = self._chance_box(
            "assets-arrival-chance",
            "OA2: the chance, each turn of its window, that the selected asset arrives",
        )
        self.leave_chance = self._chance_box(
            "assets-leave-chance",
            "OA2, OA13: the chance that a mission of the selected asset is its last (it "
            "then leaves for the rest of the scenario)",
        )
        self.arrival_chance.editingFinished.connect(lambda: self.set_chance("arrival_chance"))
        self.leave_chance.editingFinished.connect(lambda: self.set_chance("leave_chance"))
        chances.addWidget(QLabel("Arrival chance a turn"))
        chances.addWidget(self.arrival_chance)
        chances.addWidget(QLabel("Chance a mission is its last"))
        chances.addWidget(self.leave_chance)
        chances.addStretch(1)
        layout.addLayout(chances)
        self.table = QTableWidget(0, 0)
        self.table.setObjectName("assets-turns")
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        for text, what in (
            ("Arrives on this turn", "arrives"),
            ("Last turn in the game", "leaves"),
            ("Stays to the end", "stays"),
            ("Arrives at random until this turn", "arrives_by"),
            ("A mission may be its last from this turn", "leave_from"),
            ("A mission may be its last until this turn", "leave_until"),
        ):
            action = QAction(text, self.table)
            action.triggered.connect(lambda _=False, w=what: self.set_turn(w))
            self.table.addAction(action)
        self.table.currentCellChanged.connect(lambda *_: self._show_chances())
        layout.addWidget(self.table, 1)
        self.error = QLabel("")
        self.error.setObjectName("assets-turns-error")
        self.error.setWordWrap(True)
        self.error.setStyleSheet(f"color: {ERROR_COLOUR};")
        layout.addWidget(self.error)
        self.empty = QLabel("The scenario has no assets yet: add them in the Tables tab.")
        set_muted(self.empty)
        layout.addWidget(self.empty)
        document.changed.connect(self._follow)
        self.rebuild()

    def _chance_box(self, name: str, tip: str) -> QDoubleSpinBox:
        box = QDoubleSpinBox()
        box.setObjectName(name)
        box.setRange(0.0, 100.0)
        box.setDecimals(1)
        box.setSuffix(" %")
        box.setToolTip(tip)
        box.setEnabled(False)
        return box

    def _show_chances(self) -> None:
        """The selected asset's chances in the boxes (empty and off with no asset)."""
        assets = self.assets()
        row = self.table.currentRow()
        asset = assets[row] if 0 <= row < len(assets) else None
        for box, value in (
            (self.arrival_chance, asset.arrival_chance if asset else 0.0),
            (self.leave_chance, asset.leave_chance if asset else 0.0),
        ):
            box.blockSignals(True)
            box.setValue(value)
            box.setEnabled(asset is not None)
            box.blockSignals(False)

    def assets(self) -> list[Asset]:
        rules = self.document.scenario.rules.operational
        return list(rules.assets.assets) if rules is not None else []

    def _follow(self, change: Change) -> None:
        if change.section in ("rules", "calendar", "sides", "reset"):
            self.rebuild()

    def rebuild(self) -> None:
        scenario = self.document.scenario
        assets = self.assets()
        turns = scenario.calendar.turns
        colours = {s.id: s.color for s in scenario.sides}
        names = {s.id: s.name or s.id for s in scenario.sides}
        keep = (self.table.currentRow(), self.table.currentColumn())
        self.table.clear()
        self.table.setRowCount(len(assets))
        self.table.setColumnCount(turns)
        self.table.setHorizontalHeaderLabels(
            [f"{n}{' ☾' if turn_is_night(scenario, n) else ''}" for n in range(1, turns + 1)]
        )
        self.table.setVerticalHeaderLabels(
            [f"{a.name or a.id} ({names.get(a.side, a.side)}, {a.domain})" for a in assets]
        )
        for row, asset in enumerate(assets):
            side = QColor(colours.get(asset.side, "#888888"))
            for column in range(turns):
                number = column + 1
                marks = ("?" if waiting(asset, number) else "") + (
                    "↓" if present(asset, number) and asset.may_leave(number) else ""
                )
                item = QTableWidgetItem(marks)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if waiting(asset, number):
                    pale = QColor(side)
                    pale.setAlpha(90)  # OA2: it may not be there yet
                    item.setBackground(QBrush(pale))
                elif present(asset, number):
                    item.setBackground(QBrush(side))
                    item.setForeground(QBrush(QColor("white")))  # the mark on the side colour
                elif turn_is_night(scenario, number):
                    item.setBackground(QBrush(QColor("#eceff4")))
                item.setToolTip(f"{asset.name or asset.id}: {span_text(asset)}; turn {number}")
                self.table.setItem(row, column, item)
        for column in range(turns):
            self.table.setColumnWidth(column, 34)
        self.empty.setVisible(not assets)
        if 0 <= keep[0] < len(assets) and 0 <= keep[1] < turns:
            self.table.setCurrentCell(*keep)
        self._show_chances()

    def set_turn(self, what: str) -> None:
        """Move the selected asset's first turn (``arrives``, a fixed arrival), last turn
        (``leaves``), the end of its random arrival (``arrives_by``, OA2) or the turns a
        mission may be its last (``leave_from``, ``leave_until``, OA13) to the selected turn,
        or let it stay to the end (``stays``), as one undoable step."""
        row, column = self.table.currentRow(), self.table.currentColumn()
        turn = column + 1
        update: dict[str, int | float | None]
        if what == "arrives":
            update = {"arrives": turn, "arrives_by": None}
            words = f"arrives on turn {turn}"
        elif what == "leaves":
            update = {"leaves": turn + 1}
            words = f"stays until turn {turn}"
        elif what == "arrives_by":
            update = {"arrives_by": turn}
            words = f"arrives at random by turn {turn}"
        elif what == "leave_from":
            update = {"leave_from": turn}
            words = f"may leave after a mission from turn {turn}"
        elif what == "leave_until":
            update = {"leave_until": turn}
            words = f"may leave after a mission until turn {turn}"
        else:
            update = {"leaves": None}
            words = "stays to the end"
        self._change(row, update, words)

    def set_chance(self, field: str) -> None:
        """OA2, OA13: the selected asset's arrival or leaving chance from its box, as one
        undoable step."""
        box = self.arrival_chance if field == "arrival_chance" else self.leave_chance
        value = round(box.value(), 1)
        what = "arrives" if field == "arrival_chance" else "leaves after a mission"
        self._change(self.table.currentRow(), {field: value}, f"{what} at {value:g}%")

    def _change(self, row: int, update: dict[str, int | float | None], words: str) -> None:
        assets = self.assets()
        rules = self.document.scenario.rules
        if not (0 <= row < len(assets)) or rules.operational is None:
            return
        asset = assets[row]
        try:
            changed = Asset.model_validate({**asset.model_dump(), **update})
        except ValidationError as error:
            reason = error.errors()[0]["msg"].removeprefix("Value error, ")
            self.error.setText(f"{asset.name or asset.id}: not changed, {reason}")
            return
        self.error.setText("")
        if changed == asset:
            return
        assets[row] = changed
        new = with_value(rules, ["operational", "assets", "assets"], assets)
        self.document.set_section("rules", new, f"Asset {asset.name or asset.id} {words}")
