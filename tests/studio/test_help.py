"""Help > Keyboard shortcuts lists every key, gathered from what answers keys (issue 10).

The dialog used to be a table typed by hand; now it is built from the window's actions, the
map tools and the spreadsheets. These tests hold it to the code: every shortcut of an action
shows, and every key a map tool's code handles is listed for that tool.
"""

from __future__ import annotations

import inspect
import re

from PySide6.QtGui import QKeySequence

from editor.studio.help import AboutDialog, ShortcutsDialog, shortcut_groups, studio_version
from editor.studio.window_actions import tool_classes

KEY_WORDS = {"Return": "Enter", "Enter": "Enter", "Escape": "Escape", "Backspace": "Backspace"}
KEY_WORDS.update(BracketLeft="[", BracketRight="]")


def _rows(window) -> dict[str, list[tuple[str, str]]]:
    return dict(shortcut_groups(window))


def test_every_action_with_a_shortcut_is_listed_with_its_keys(qtbot, window) -> None:
    dialog = ShortcutsDialog(window)
    qtbot.addWidget(dialog)
    shown = {(keys, does) for _, keys, does in dialog.rows()}
    actions = [
        a for a in window.findChildren(type(window.save_action)) if not a.shortcut().isEmpty()
    ]
    assert len(actions) > 15
    for action in actions:
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        assert any(keys in listed for listed, _ in shown), f"{action.text()} ({keys}) not listed"


def _handled_keys(cls: type) -> set[str]:
    """The keys a tool's code (its class and the tool classes it builds on) reacts to."""
    source = "".join(
        inspect.getsource(base)
        for base in cls.__mro__
        if base.__module__.startswith("editor.studio.map.tools")
    )
    keys = {KEY_WORDS.get(k, k) for k in re.findall(r"Key_(\w+)", source)}
    if "ShiftModifier" in source:
        keys.add("Shift")
    return keys


def test_every_key_a_map_tool_handles_is_listed_for_that_tool(window) -> None:
    groups = _rows(window)
    for cls in tool_classes():
        listed = " ".join(keys for keys, _ in groups[f"Map: {cls.label} tool"])
        for key in _handled_keys(cls):
            assert key in listed, f"the {cls.label} tool handles {key}, not listed"
        assert cls.shortcut in listed


def test_drawing_keys_are_there_as_a_designer_looks_for_them(window) -> None:
    draw = dict(_rows(window)["Map: Draw region tool"])
    assert "Close the region" in draw["Enter, double-click"]
    assert "last corner" in draw["Backspace, Delete"]


def test_the_spreadsheets_keys_come_from_their_actions(window) -> None:
    sheet = _rows(window)["Spreadsheets (terrain, units, sides...)"]
    copy = QKeySequence(QKeySequence.StandardKey.Copy).toString(
        QKeySequence.SequenceFormat.NativeText
    )
    assert (copy, "Copy") in sheet


def test_the_filter_finds_a_key(qtbot, window) -> None:
    dialog = ShortcutsDialog(window)
    qtbot.addWidget(dialog)
    dialog.filter.setText("backspace")
    rows = dialog.rows()
    assert rows and all("backspace" in f"{g} {k} {d}".lower() for g, k, d in rows)


def test_about_names_the_version_and_links_the_docs(qtbot) -> None:
    about = AboutDialog()
    qtbot.addWidget(about)
    text = about.docs.text()
    assert studio_version() != "unknown"
    assert "scenario-format.md" in text and "file://" in text
