"""What a person reads in the studio: names, never the file's spellings (issue 10, defect 13).

"end_of_turn", "with_trail" and "@self" reached the screen, and connections were listed by
their ids. This walks what a shown studio displays (labels, buttons, group titles, combo box
entries, placeholders, tabs, list and table cells and headers, and the tooltips of all of
them) in the inspector for entities of every part of the scenario and in every section
editor, and finds no file spelling there. Lines that say they show the file's spelling
("In the file:", "Code:", "Id:") are the exception, for modders.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tests.realwindow.conftest import settle_input

RAW = re.compile(r"@self|@enemy|@all|``|\b[a-z]+_[a-z_]+\b")
"""Side tokens, documentation quotes, and words joined by underscores (file spellings)."""

EXEMPT = ("In the file:", "Code:", "Id:")


def _raw_values() -> set[str]:
    """Fixed values of the format whose display name differs from their spelling."""
    from editor.shared.vocabulary import word
    from tests.studio.test_vocabulary import fixed_values

    return {value for field, value in fixed_values() if word(value, field) != value}


def _texts(root) -> Iterator[tuple[str, str]]:
    from PySide6.QtCore import QModelIndex, Qt
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractItemView,
        QComboBox,
        QGroupBox,
        QLabel,
        QLineEdit,
        QTabBar,
        QTableView,
        QTreeView,
        QWidget,
    )

    display, tip = Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisible():
            continue
        yield "tooltip", widget.toolTip()
        if isinstance(widget, QLabel):
            yield "label", widget.text()
        elif isinstance(widget, QAbstractButton):
            yield "button", widget.text()
        elif isinstance(widget, QGroupBox):
            yield "group", widget.title()
        elif isinstance(widget, QLineEdit):
            yield "placeholder", widget.placeholderText()
        elif isinstance(widget, QTabBar):
            for i in range(widget.count()):
                yield "tab", widget.tabText(i)
        if isinstance(widget, QComboBox):
            for i in range(widget.count()):
                yield "entry", widget.itemText(i)
                yield "tooltip", str(widget.itemData(i, tip) or "")
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            columns = model.columnCount() if isinstance(widget, QTableView | QTreeView) else 1
            for column in range(columns):
                for role in (display, tip):
                    yield (
                        "header",
                        str(model.headerData(column, Qt.Orientation.Horizontal, role) or ""),
                    )
            parents = [QModelIndex()]
            while parents:
                parent = parents.pop()
                for row in range(min(model.rowCount(parent), 50)):
                    for column in range(columns):
                        index = model.index(row, column, parent)
                        header = model.headerData(column, Qt.Orientation.Horizontal, display)
                        kind = "id" if header == "Id" else "cell"  # ids are spelt as in the file
                        yield kind, str(model.data(index, display) or "")
                        yield "tooltip", str(model.data(index, tip) or "")
                    first = model.index(row, 0, parent)
                    if model.rowCount(first):
                        parents.append(first)


def _raw_spellings(root, raw_values: set[str]) -> set[str]:
    found = set()
    for kind, text in _texts(root):
        for line in str(text).splitlines():
            if line.startswith(EXEMPT):
                continue
            found |= {f"{kind}: {m.group(0)!r} in {line[:80]!r}" for m in RAW.finditer(line)}
            if kind in ("entry", "button", "cell") and line.strip() in raw_values:
                found.add(f"{kind}: the raw value {line.strip()!r}")
    return found


def test_the_studio_shows_names_not_the_files_spellings(studio, sample_copy, shots) -> None:
    from editor.studio import sections
    from editor.studio.document import LIST_SECTIONS, SINGLE_SECTIONS

    assert studio.files.open_path(sample_copy("north-africa.json"), ask=False)
    settle_input(0.5)
    document = studio.document
    raw_values = _raw_values()
    found: set[str] = set()
    for section in (*LIST_SECTIONS, *SINGLE_SECTIONS):
        items = document.items(section) if section in LIST_SECTIONS else [None]
        for item in items[:3]:
            document.select(section, [item.id] if item is not None else [])
            settle_input(0.03)
            found |= {
                f"inspector, {section}: {f}" for f in _raw_spellings(studio.inspector, raw_values)
            }
    shows = {"decks": "cards", "schedule": "reinforcements", "forces": "units"}
    for entry in sections.EDITORS:
        section = shows.get(entry.key, entry.key)
        if section in LIST_SECTIONS and document.items(section):
            document.select(section, [document.items(section)[0].id])  # its form shows too
        page = studio.open_section(entry.key)
        settle_input(0.2)
        found |= {f"{entry.title}: {f}" for f in _raw_spellings(page, raw_values)}
        if entry.key == "decks":
            shots(studio, "readable-decks")
        studio.tabs.close_editor(entry.key)
    found |= {f"window: {f}" for f in _raw_spellings(studio, raw_values)}
    assert not found, "\n".join(sorted(found))
