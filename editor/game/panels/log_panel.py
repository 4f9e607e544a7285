"""The event log as a person reads it: every line the viewer may know, filtered by turn, by
player-turn and by kind (battles, cards and events, movement...), newest last.

Lines come from :func:`~.wording.sentence`, so the fog of war holds as in every view: a
record that would tell the viewer about units they cannot see is left out, or told without
them. What the viewer sees changes (a card shows the inside of enemy stacks until the phase
ends), so the lines of records that name enemy units are told again at each refresh; the
others are told once. Records are turned into lines when the panel is on screen (a hidden
panel only keeps them), and all again when the viewer changes (hot seat): one person's
lines are not the other's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
)
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QListView,
    QVBoxLayout,
    QWidget,
)

from editor.game.panels.base import SessionPanel, heading, muted
from editor.game.panels.knowledge import Sight, side_name
from editor.game.panels.wording import sentence

if TYPE_CHECKING:
    from editor.game.session import GameSession

Record = dict[str, Any]
Index = QModelIndex | QPersistentModelIndex
Row = tuple[int, str | None, str, str]
"""Turn, the side whose player-turn it was, kind, text."""
UNIT_FIELDS = ("unit", "units", "attackers", "defenders")

KINDS: dict[str, str] = {
    "battles": "Battles",
    "sieges": "Sieges",
    "movement": "Movement",
    "cards": "Cards and events",
    "places": "Places and VP",
    "units": "Arrivals, losses and repairs",
    "supply": "Supply and crossings",
    "other": "Other",
}
"""The kinds a person filters by, in the order the list offers them."""

_BY_TYPE: dict[str, str] = {
    **dict.fromkeys(("breakthrough", "breakthrough_declined"), "battles"),
    **dict.fromkeys(
        ("move", "overrun", "entrenched", "embarked", "disembarked", "airlift", "drop"),
        "movement",
    ),
    **dict.fromkeys(
        (
            "card",
            "event",
            "chose",
            "effect",
            "examined",
            "moved_by_effect",
            "transfer",
            "treasury",
            "card_added",
            "card_removed",
            "effect_ended",
            "drew",
            "discarded",
            "effect_failed",
            "tension",
            "tension_step",
        ),
        "cards",
    ),
    **dict.fromkeys(("captured", "vp", "op_engineering", "op_pontoon_removed"), "places"),
    **dict.fromkeys(
        (
            "eliminated",
            "withdrawn",
            "reinforcement",
            "reinforcement_lost",
            "replaced",
            "replacement_points",
            "supply_survival",
        ),
        "units",
    ),
    **dict.fromkeys(("supply_source", "connection"), "supply"),
}


def kind_of(record_type: str) -> str:
    """The filter kind of a record type."""
    found = _BY_TYPE.get(record_type)
    if found is not None:
        return found
    for prefix, kind in (("battle_", "battles"), ("siege_", "sieges"), ("supply", "supply")):
        if record_type.startswith(prefix):
            return kind
    return "other"


class LogModel(QAbstractListModel):
    """Lines of the log: (turn, side of the player-turn, kind, text)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[Row] = []
        self.sides: dict[str | None, str] = {}

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        turn, side, _kind, text = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"T{turn} \u00b7 {self.sides.get(side, '')}: {text}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"Turn {turn}, {self.sides.get(side, '')}'s player-turn\n{text}"
        return None

    def show_rows(self, rows: list[Row]) -> None:
        """Show ``rows``: appended when they only add to the end, else all anew."""
        old = self.rows
        if rows[: len(old)] == old:
            if len(rows) > len(old):
                self.beginInsertRows(QModelIndex(), len(old), len(rows) - 1)
                self.rows = rows
                self.endInsertRows()
            return
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()


class LogFilter(QSortFilterProxyModel):
    """Rows of one turn, one side's player-turns, one kind, containing some words."""

    def __init__(self, model: LogModel) -> None:
        super().__init__()
        self.setSourceModel(model)
        self.log = model
        self.turn: int | None = None
        self.side: str | None = None
        self.kind: str | None = None
        self.words = ""

    def set(self, **choices: Any) -> None:
        # Qt 6.9 brought begin/endFilterChange (and deprecated the older call); 6.8 lacks them.
        modern = hasattr(self, "beginFilterChange")
        if modern:
            self.beginFilterChange()
        for key, value in choices.items():
            setattr(self, key, value)
        if modern:
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, row: int, parent: Index) -> bool:
        turn, side, kind, text = self.log.rows[row]
        return (
            (self.turn is None or turn == self.turn)
            and (self.side is None or side == self.side)
            and (self.kind is None or kind == self.kind)
            and (not self.words or self.words in text.lower())
        )


class LogPanel(SessionPanel):
    """The log, filtered: a line per thing that happened that the viewer may know."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.model = LogModel()
        self.filter = LogFilter(self.model)
        game = session.game
        self.model.sides = {s: side_name(game, s) for s in game.sides_in_play}
        self.title = heading("Log")
        self.turns = QComboBox()
        self.turns.setObjectName("log-turn")
        self.sides = QComboBox()
        self.sides.setObjectName("log-side")
        self.sides.addItem("Every side", None)
        for side in game.sides_in_play:
            self.sides.addItem(side_name(game, side), side)
        self.kinds = QComboBox()
        self.kinds.setObjectName("log-kind")
        self.kinds.addItem("Every kind", None)
        for key, label in KINDS.items():
            self.kinds.addItem(label, key)
        self.words = QLineEdit()
        self.words.setObjectName("log-words")
        self.words.setPlaceholderText("Find words (a place, a unit, a card)")
        self.words.setClearButtonEnabled(True)
        self.view = QListView()
        self.view.setObjectName("log-lines")
        self.view.setModel(self.filter)
        self.view.setWordWrap(True)
        self.view.setUniformItemSizes(False)
        self.view.setLayoutMode(QListView.LayoutMode.Batched)
        self.view.setAlternatingRowColors(True)
        self.view.setEditTriggers(QListView.EditTrigger.NoEditTriggers)
        self.count = muted()
        grid = QGridLayout()
        grid.addWidget(QLabel("Turn"), 0, 0)
        grid.addWidget(self.turns, 0, 1)
        grid.addWidget(QLabel("Side"), 0, 2)
        grid.addWidget(self.sides, 0, 3)
        grid.addWidget(QLabel("Kind"), 1, 0)
        grid.addWidget(self.kinds, 1, 1, 1, 3)
        grid.addWidget(self.words, 2, 0, 1, 4)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        column = QVBoxLayout(self.body)
        column.addWidget(self.title)
        column.addLayout(grid)
        column.addWidget(self.view, 1)
        column.addWidget(self.count)
        self.turns.currentIndexChanged.connect(lambda _: self._filter())
        self.sides.currentIndexChanged.connect(lambda _: self._filter())
        self.kinds.currentIndexChanged.connect(lambda _: self._filter())
        self.words.textChanged.connect(lambda _: self._filter())
        self._told = 0
        """How many log records have been sorted into steady and changing lines."""
        self._steady: list[tuple[int, Row]] = []
        """Lines told once for good (by log index): they name no hidden enemy unit."""
        self._changing: list[int] = []
        """Log indices of records naming enemy units: told anew at each refresh."""
        self._viewer: object = ()
        self._turns = 0

    def show_only(
        self, *, turn: int | None = None, side: str | None = None, kind: str | None = None
    ) -> None:
        """Set the filters (``None``: everything), as a person would with the lists."""
        self.refresh()
        self.turns.setCurrentIndex(max(0, self.turns.findData(turn)))
        self.sides.setCurrentIndex(max(0, self.sides.findData(side)))
        self.kinds.setCurrentIndex(max(0, self.kinds.findData(kind)))

    def _filter(self) -> None:
        self.filter.set(
            turn=self.turns.currentData(),
            side=self.sides.currentData(),
            kind=self.kinds.currentData(),
            words=self.words.text().strip().lower(),
        )
        self._count()

    def _count(self) -> None:
        shown, total = self.filter.rowCount(), self.model.rowCount()
        self.count.setText(f"{shown} of {total} lines" if shown != total else f"{total} lines")

    def update_view(self) -> None:
        game = self.game
        viewer = self.session.viewer
        if viewer != self._viewer:
            # Another person at the computer: their lines, not the last one's.
            self._viewer = viewer
            self._told = 0
            self._steady = []
            self._changing = []
        self._fill_turns()
        records = game.log.records
        sight = Sight(game, viewer)
        for index in range(self._told, len(records)):
            record = records[index]
            if self._names_enemies(sight, record):
                self._changing.append(index)
            else:
                row = self._row(sight, record)
                if row is not None:
                    self._steady.append((index, row))
        self._told = len(records)
        changing = [(i, self._row(sight, records[i])) for i in self._changing]
        lines = sorted(self._steady + [(i, row) for i, row in changing if row is not None])
        follow = self._at_end()
        before = self.model.rowCount()
        self.model.show_rows([row for _, row in lines])
        if follow and self.model.rowCount() != before:
            # Now, and again once the new lines are laid out (in batches).
            self.view.scrollToBottom()
            QTimer.singleShot(0, self.view, self.view.scrollToBottom)
            QTimer.singleShot(50, self.view, self.view.scrollToBottom)
        self._count()

    @staticmethod
    def _row(sight: Sight, record: Record) -> Row | None:
        text = sentence(sight, record)
        if not text:
            return None
        return (int(record.get("turn", 0)), record.get("side"), kind_of(record["type"]), text)

    @staticmethod
    def _names_enemies(sight: Sight, record: Record) -> bool:
        """Whether the record names units of a side the fog hides from the viewer (its line
        follows what the viewer sees now)."""
        units = sight.game.state.units
        for key in UNIT_FIELDS:
            value = record.get(key)
            ids = [value] if isinstance(value, str) else value if isinstance(value, list) else []
            for unit_id in ids:
                unit = units.get(unit_id) if isinstance(unit_id, str) else None
                if unit is not None and sight.hostile(unit.side):
                    return True
        return False

    def _at_end(self) -> bool:
        bar = self.view.verticalScrollBar()
        return bar.value() >= bar.maximum() - 4

    def _fill_turns(self) -> None:
        turn = self.game.turn
        if turn == self._turns:
            return
        self._turns = turn
        chosen = self.turns.currentData()
        self.turns.blockSignals(True)
        self.turns.clear()
        self.turns.addItem("Every turn", None)
        for number in range(turn, 0, -1):
            self.turns.addItem(f"Turn {number}", number)
        self.turns.setCurrentIndex(max(0, self.turns.findData(chosen)))
        self.turns.blockSignals(False)
