"""Bugs found by using the studio like a designer, each pinned by the gesture that showed it."""

from __future__ import annotations

from PySide6.QtCore import Qt

from editor.shared.app import settle
from editor.studio.sections.deck_list import EntityList


def _lists(window, key: str) -> list[EntityList]:
    dock = window.open_section(key)
    settle(window)
    return [x for x in dock.widget().findChildren(EntityList) if x.list.count()]


def test_delete_key_in_a_section_list_deletes_its_entry_not_the_map_selection(window, qtbot):
    # The window's Delete shortcut and the list's own made the key ambiguous: nothing
    # happened, and with the list's shortcut gone the map's selection would have gone instead.
    document = window.document
    region = document.scenario.regions[0].id
    for key, count in (
        ("decks", lambda: len(document.scenario.cards)),
        ("victory", lambda: len(document.scenario.victory.sudden_death)),
        ("schedule", lambda: len(document.scenario.replacements)),
    ):
        entries = _lists(window, key)[-1]
        document.select("regions", [region])
        entries.list.setCurrentRow(0)
        entries.list.setFocus()
        before = count()
        qtbot.keyClick(entries.list, Qt.Key.Key_Delete)
        assert count() == before - 1, key
        assert document.get("regions", region) is not None
