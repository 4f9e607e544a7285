"""The battle summary table of WEGO turns (issue 14): one row per battle with its place by
name, sortable by any column, and activating a row (double-click or Enter) asks the film to
jump to that battle's turn and tick."""

from __future__ import annotations

from PySide6.QtCore import Qt

from editor.game.panels.battles_table import BattlesTable
from engine import Game
from engine.wego.film import BattleRow
from tests.wego_scenarios import crossing_scenario

LEFT = Qt.MouseButton.LeftButton


def _table(qtbot) -> tuple[BattlesTable, Game]:
    game = Game(crossing_scenario(), 1)
    table = BattlesTable(game.world)
    qtbot.addWidget(table)
    table.resize(900, 300)
    table.show()
    return table, game


def _rows() -> list[BattleRow]:
    return [
        BattleRow(2, 3, 3, "c5r3", "red", "blue", "red", 2, {"red": 1, "blue": 2}, False),
        BattleRow(1, 4, 4, "c6r2", "blue", "red", "blue", 1, {"red": 0, "blue": 0}, True),
        BattleRow(2, 1, 1, "c4r4", "red", "blue", None, 3, {"red": 10, "blue": 1}, False),
    ]


def _column(table: BattlesTable, column: int) -> list[str]:
    return [table.table.item(r, column).text() for r in range(table.table.rowCount())]


def test_the_rows_show_each_battle_with_its_place_sides_winner_and_losses(qtbot) -> None:
    table, game = _table(qtbot)
    assert table.caption.text() == "No battles in this turn."
    table.show_rows(_rows())
    headers = [table.table.horizontalHeaderItem(c).text() for c in range(table.table.columnCount())]
    assert headers == ["Turn", "Tick", "Place", "Sides", "Winner", "Lost: Red", "Lost: Blue"]
    assert table.table.rowCount() == 3
    # Sorted by turn at first; within a turn, in the order fought.
    assert _column(table, 0) == ["1", "2", "2"]
    assert _column(table, 2) == [game.world.regions[r].name for r in ("c6r2", "c5r3", "c4r4")]
    assert _column(table, 3) == [
        "Blue vs Red",  # a meeting engagement
        "Red attacked Blue",
        "Red attacked Blue",
    ]
    assert _column(table, 4) == ["Blue", "Red", "no winner"]
    assert _column(table, 5) == ["0", "1", "10"]
    assert "3 battles" in table.caption.text()


def test_sorting_by_a_column_sorts_numbers_as_numbers(qtbot) -> None:
    table, _ = _table(qtbot)
    table.show_rows(_rows())
    table.table.sortItems(5, Qt.SortOrder.DescendingOrder)  # what a header click does
    assert _column(table, 5) == ["10", "1", "0"]  # not "1", "10", "0" as text would
    assert [table.battle_at(r) for r in range(3)] == [(2, 1), (2, 3), (1, 4)]
    # New rows keep the person's sort.
    table.show_rows(_rows()[:2])
    assert _column(table, 5) == ["1", "0"]


def test_double_click_or_enter_on_a_row_asks_for_its_turn_and_tick(qtbot) -> None:
    table, _ = _table(qtbot)
    table.show_rows(_rows())
    table.table.sortItems(1, Qt.SortOrder.AscendingOrder)  # by tick: rows move
    view = table.table
    rect = view.visualRect(view.model().index(0, 2))
    with qtbot.waitSignal(table.jump_requested) as blocker:
        qtbot.mouseClick(view.viewport(), LEFT, pos=rect.center())
        qtbot.mouseDClick(view.viewport(), LEFT, pos=rect.center())
    assert blocker.args == [2, 1]
    view.setFocus()
    view.setCurrentCell(2, 0)
    with qtbot.waitSignal(table.jump_requested) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert blocker.args == [1, 4]


def test_oc30_om14_ambushes_and_overruns_are_named_so_in_the_sides_cell(qtbot) -> None:
    table, _ = _table(qtbot)
    table.show_rows(
        [
            BattleRow(1, 2, 2, "c5r3", "blue", "red", "red", 1, {}, False, "ambush"),
            BattleRow(1, 3, 3, "c6r2", "red", "blue", "red", 0, {"blue": 1}, False, "overrun"),
        ]
    )
    assert _column(table, 3) == ["Blue ambushed Red", "Red overran Blue"]
    tips = [table.table.item(r, 3).toolTip() for r in range(2)]
    assert "an ambush of a road column" in tips[0]
    assert "overrun" in tips[1] and "round" not in tips[1]  # no die, no rounds


def test_place_and_sides_stay_readable_in_a_narrow_dock(qtbot) -> None:
    """In a narrow dock (Kharkov at 1280 pixels), Place and Sides were stretched into the room
    the other columns left, none, and read "c…" and "…": there they keep their contents'
    width and the table scrolls sideways; with room to spare they share it as before."""
    table, _ = _table(qtbot)
    table.show_rows(_rows())
    grid, header = table.table, table.table.horizontalHeader()
    table.resize(1200, 300)
    qtbot.wait(20)
    table.resize(380, 300)
    qtbot.wait(20)
    for column in (2, 3):
        assert header.sectionSize(column) >= grid.sizeHintForColumn(column), column
    qtbot.waitUntil(grid.horizontalScrollBar().isVisible)
    table.resize(1200, 300)
    qtbot.wait(20)
    used = sum(header.sectionSize(c) for c in range(grid.columnCount()))
    assert used >= grid.viewport().width() - 2  # Place and Sides take the room left
    assert header.sectionSize(3) > grid.sizeHintForColumn(3)
