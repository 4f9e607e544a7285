"""The studio's forms in a real window: the wheel, the keyboard and what a person reads.

Issue 10 found these only in a real window: the wheel over a form changed the value under
the pointer (it silently added a region to a sudden-death condition), Tab scrolled the
inspector sideways, several selected regions showed the first one's values, and a new
spreadsheet row did not take the typing that followed Add.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.realwindow.conftest import on_screen, settle_input, wait_until


def _scroll_of(widget):
    from PySide6.QtWidgets import QScrollArea

    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QScrollArea):
        parent = parent.parentWidget()
    assert parent is not None, f"{widget} is not in a scrolling form"
    return parent


def _bring_near_top(widget) -> object:
    """Scroll the form holding ``widget`` so that the widget shows near its top."""
    scroll = _scroll_of(widget)
    content = scroll.widget()
    top = widget.mapTo(content, widget.rect().topLeft()).y()
    bar = scroll.verticalScrollBar()
    bar.setValue(max(0, min(bar.maximum(), top - 30)))
    settle_input(0.1)
    return scroll


def _wheel_over(x, widget, steps: int = -2) -> None:
    centre = on_screen(widget, widget.width() / 2, min(widget.height() / 2, 10))
    x.wheel(*centre, steps)
    settle_input(0.3)


def _unfocus(studio) -> None:
    """Put the keyboard focus outside every form (in the explorer's filter box)."""
    studio.explorer.filter.setFocus()
    settle_input(0.1)


@pytest.fixture
def card_in_inspector(studio) -> Iterator[object]:
    """The inspector showing a card with a long form (condition and effect builders)."""
    document = studio.document
    card = next(c for c in document.scenario.cards if c.condition is not None)
    document.select("cards", [card.id])
    form = studio.inspector.forms["cards"]
    wait_until(form.isVisible, what="the card's form in the inspector")
    settle_input(0.3)
    yield form


def _value_widgets(form):
    """A spin box, a combo box, a list and the condition builder's tree of a shown form."""
    from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QListWidget, QTreeWidget

    def shown(kind):
        return [w for w in form.findChildren(kind) if w.isVisible() and w.isEnabled()]

    return {
        "spin box": shown(QAbstractSpinBox)[0],
        "combo box": shown(QComboBox)[0],
        "list": next(iter(shown(QListWidget)), None),
        "builder tree": shown(QTreeWidget)[0],
    }


def test_the_wheel_over_unfocused_fields_of_the_inspector_scrolls_and_edits_nothing(
    studio, card_in_inspector, x, shots
) -> None:
    document = studio.document
    before = document.scenario.model_dump()
    steps = document.undo_stack.count()
    widgets = _value_widgets(card_in_inspector)
    for what, widget in widgets.items():
        if widget is None:
            continue
        _unfocus(studio)
        scroll = _bring_near_top(widget)
        bar = scroll.verticalScrollBar()
        assert bar.maximum() > bar.value(), "the card's form must be long enough to scroll"
        start = bar.value()
        _wheel_over(x, widget)
        assert bar.value() > start, f"the wheel over an unfocused {what} did not scroll the form"
        assert document.undo_stack.count() == steps, f"the wheel over a {what} made an edit"
    shots(studio, "forms-wheel-inspector")
    assert document.scenario.model_dump() == before


def test_the_wheel_rule_follows_the_inspector_into_a_window_of_its_own(
    studio, card_in_inspector, x, shots
) -> None:
    """The rule is applied window by window, not on the whole application: a dock floated
    after the studio started is a new window and must be guarded as the main one is."""
    dock = studio.docks["inspector"]
    dock.setFloating(True)
    dock.resize(420, 600)
    wait_until(lambda: dock.isWindow() and dock.isVisible(), what="the inspector floating")
    settle_input(0.5)
    try:
        document = studio.document
        steps = document.undo_stack.count()
        widgets = _value_widgets(card_in_inspector)
        for what in ("spin box", "combo box"):
            widget = widgets[what]
            _unfocus(studio)
            scroll = _bring_near_top(widget)
            bar = scroll.verticalScrollBar()
            assert bar.maximum() > bar.value(), "the floated form must be long enough to scroll"
            start = bar.value()
            _wheel_over(x, widget)
            assert bar.value() > start, f"the wheel over an unfocused {what} did not scroll"
            assert document.undo_stack.count() == steps, f"the wheel over a {what} made an edit"
        shots(dock, "forms-wheel-floating-inspector")
    finally:
        dock.setFloating(False)
        settle_input(0.3)


def test_the_wheel_still_changes_a_field_the_designer_clicked_into(
    studio, card_in_inspector, x
) -> None:
    from PySide6.QtWidgets import QSpinBox

    spin = next(w for w in card_in_inspector.findChildren(QSpinBox) if w.isVisible())
    _bring_near_top(spin)
    x.click(*on_screen(spin, 12, spin.height() / 2))
    wait_until(spin.hasFocus, what="the spin box focused by a click")
    value = spin.value()
    x.wheel(*on_screen(spin, 12, spin.height() / 2), 1)
    wait_until(lambda: spin.value() != value, what="the focused spin box taking the wheel")


@pytest.fixture
def victory_editor(studio) -> Iterator[object]:
    """The victory section editor in its tab, a sudden-death condition shown."""
    page = studio.open_section("victory")
    settle_input(0.5)
    editor = page.widget()
    wait_until(editor.condition.isVisible, what="the sudden-death condition builder")
    yield editor
    studio.tabs.close_editor("victory")


def test_the_wheel_over_a_condition_builder_in_a_section_editor_adds_no_region(
    studio, victory_editor, x, shots
) -> None:
    """The defect as found: the wheel over the regions picker of a sudden-death condition
    added a region to it."""
    from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QTreeWidget

    from editor.studio.forms.pickers import IdListEditor

    document = studio.document
    before = document.scenario.victory
    steps = document.undo_stack.count()
    builder = victory_editor.condition
    pickers = [w.picker for w in builder.findChildren(IdListEditor) if w.isVisible() and w.ref]
    regions = next(p for p in pickers if "region" in p.lineEdit().placeholderText())
    others = [
        next(w for w in victory_editor.findChildren(QComboBox) if w.isVisible()),
        next(w for w in victory_editor.findChildren(QAbstractSpinBox) if w.isVisible()),
        builder.findChild(QTreeWidget),
    ]
    for widget in [regions, *others]:
        _unfocus(studio)
        scroll = _bring_near_top(widget)
        bar = scroll.verticalScrollBar()
        start = bar.value()
        _wheel_over(x, widget, -3)
        if start < bar.maximum():
            assert bar.value() > start, f"the wheel over {widget} did not scroll the editor"
    shots(victory_editor.window(), "forms-wheel-victory")
    assert document.undo_stack.count() == steps
    assert document.scenario.victory == before


def test_tab_through_the_inspector_never_scrolls_it_sideways(
    studio, card_in_inspector, x, shots
) -> None:
    """Every field reached with Tab shows with its label: the form stays at its left edge
    and fits the inspector's width."""
    from PySide6.QtWidgets import QApplication, QLineEdit

    scroll = studio.inspector.scroll
    before = studio.document.scenario.cards
    name = next(
        w for w in card_in_inspector.findChildren(QLineEdit) if w.isVisible() and w.isEnabled()
    )
    x.click(*on_screen(name, 10, name.height() / 2))
    wait_until(name.hasFocus, what="the first text field focused by a click")
    content = scroll.widget()
    assert content.width() <= scroll.viewport().width(), "the form is wider than the inspector"
    reached = set()
    for step in range(80):
        x.key("Tab")
        settle_input(0.08)
        focus = QApplication.focusWidget()
        if focus is None or not card_in_inspector.isAncestorOf(focus):
            break
        reached.add(id(focus))
        assert content.x() == 0, f"Tab {step + 1} scrolled the inspector sideways"
        left = focus.mapTo(scroll.viewport(), focus.rect().topLeft()).x()
        assert left >= 0, f"Tab {step + 1} reached a field left of the inspector's edge"
    shots(studio, "forms-tab-inspector")
    assert len(reached) >= 8, "Tab should walk through the card's fields"
    assert studio.document.scenario.cards == before, "Tab changed a value (a tab typed?)"


def test_several_regions_show_their_differences_and_one_choice_sets_them_all(
    studio, x, shots
) -> None:
    """Defect 7: three regions of different terrain showed the first one's values. Their
    terrain reads "mixed"; typing the first one's terrain sets it on all three, one step."""
    document = studio.document
    ids = ["hesk-valley", "brannock-forest", "kessel"]  # hills, forest, clear
    document.select("regions", ids)
    form = studio.inspector.forms["regions"]
    wait_until(form.isVisible, what="the regions' form")
    terrain = form.rows["terrain"]
    line = terrain.box.lineEdit()
    settle_input(0.2)
    shots(studio, "forms-multi-selection")
    assert line.text() == "" and line.placeholderText() == "mixed"
    assert form.rows["name"].box.text() == ""
    steps = document.undo_stack.count()
    x.click(*on_screen(line, 20, line.height() / 2))
    wait_until(line.hasFocus, what="the terrain field focused by a click")
    x.type("Hills")
    x.key("Return")
    wait_until(
        lambda: {document.get("regions", i).terrain for i in ids} == {"hills"},
        what="the three regions set to hills",
    )
    assert document.undo_stack.count() == steps + 1
    assert [document.get("regions", i).name for i in ids] == [
        "Hesk Valley",
        "Brannock Forest",
        "Kessel",
    ]
    assert line.text().startswith("Hills")  # no longer mixed: they share it now


def _section_window(studio, key: str):
    """A section editor, shown in its tab beside the map."""
    page = studio.open_section(key)
    studio.raise_()
    studio.activateWindow()
    settle_input(0.5)
    return page


@pytest.mark.parametrize(
    ("key", "table", "section"),
    [
        ("terrain", None, "terrain"),
        ("connection_types", None, "connection_types"),
        ("unit_types", None, "unit_types"),
        ("sides", "nations", "nations"),
        ("forces", "units", "units"),
        ("areas", "theatres", "theatres"),
    ],
)
def test_typing_after_add_names_the_new_row(studio, x, shots, key, table, section) -> None:
    """Defect 8: a new spreadsheet row opens its name for typing; what follows Add goes in."""
    page = _section_window(studio, key)
    editor = page.widget()
    sheet = getattr(editor, table) if table else editor
    before = {entity.id for entity in studio.document.items(section)}
    button = sheet.add_button
    x.click(*on_screen(button, button.width() / 2, button.height() / 2))
    wait_until(
        lambda: len(studio.document.items(section)) == len(before) + 1,
        what=f"a row added to {section}",
    )
    settle_input(0.2)
    x.type("Scrubland")
    x.key("Return")
    (new,) = [e for e in studio.document.items(section) if e.id not in before]
    wait_until(
        lambda: studio.document.get(section, new.id).name == "Scrubland",
        what="the typed name in the new row",
    )
    shots(studio, f"forms-add-row-{section}")
    studio.tabs.close_editor(page.key)


def test_a_cards_own_text_is_marked_when_its_effect_changes_and_can_be_rewritten(
    studio, sample_copy, x, shots
) -> None:
    """Defect 11: the Stukas' bonus raised from 1 to 2 left "+1 attack" on the card."""
    from schemas.effects import Modify

    assert studio.files.open_path(sample_copy("north-africa.json"), ask=False)
    document = studio.document
    page = _section_window(studio, "decks")
    decks = page.widget()
    document.select("cards", ["stukas"])
    settle_input(0.3)
    own = document.get("cards", "stukas").effect_text
    assert "+1 attack" in own
    amount = decks.card_page.effects.forms[Modify].rows["amount"].box
    _scroll_of(amount).ensureWidgetVisible(amount)
    settle_input(0.2)
    x.click(*on_screen(amount, 12, amount.height() / 2))
    wait_until(amount.hasFocus, what="the effect's amount focused by a click")
    x.key("ctrl+a")
    x.type("2")
    x.key("Return")
    wait_until(
        lambda: document.get("cards", "stukas").effects[0].amount == 2,
        what="the Stukas' bonus raised to 2",
    )
    settle_input(0.3)
    card = document.get("cards", "stukas")
    assert card.effect_text == own, "the designer's own text is never rewritten"
    assert decks.texts_box.stale_note.isVisible()
    assert decks.preview.stale == {"effect_text"}
    assert decks.entities.list.currentItem().text().endswith("\u26a0")
    shots(studio, "forms-card-text-stale")
    fill = decks.texts_box.fill_button
    x.click(*on_screen(fill, fill.width() / 2, fill.height() / 2))
    wait_until(
        lambda: "+2 attack" in document.get("cards", "stukas").effect_text,
        what="the effect text written from the rules",
    )
    settle_input(0.2)
    assert not decks.texts_box.stale_note.isVisible() and not decks.preview.stale
    studio.tabs.close_editor(page.key)


def test_a_victory_level_no_side_can_reach_is_flagged_where_it_is_typed(
    studio, x, shots, tmp_path
) -> None:
    """Defect 17: the victory editor and the issues list say so as soon as it is typed. The
    small test grid: each side can score 1 VP (the samples' black VP cards have no limit)."""
    import json

    from tests.factory import base

    grid = tmp_path / "grid.json"
    grid.write_text(json.dumps(base()), encoding="utf-8")
    assert studio.files.open_path(grid, ask=False)
    document = studio.document
    page = _section_window(studio, "victory")
    editor = page.widget()
    assert not editor.reach_note.isVisible()
    box = editor.level.box
    x.click(*on_screen(box, 12, box.height() / 2))
    wait_until(box.hasFocus, what="the victory level focused by a click")
    x.key("ctrl+a")
    x.type("5")
    x.key("Return")
    wait_until(lambda: document.scenario.rules.victory.victory_level == 5, what="the level typed")
    wait_until(editor.reach_note.isVisible, what="the note under the VP at stake")
    assert "victory level of 5 VP" in editor.reach_note.text()
    panel = studio.issues
    wait_until(
        lambda: any(i.code == "victory-level-unreachable" for i in panel.model.issues),
        timeout=15,
        what="the warning in the issues list",
    )
    shots(studio, "forms-victory-level")
    studio.tabs.close_editor(page.key)


def test_typing_after_add_names_a_new_card(studio, x) -> None:
    """The lists of cards and events take the typing after Add too."""
    document = studio.document
    page = _section_window(studio, "decks")
    decks = page.widget()
    before = {card.id for card in document.items("cards")}
    button = decks.entities.add_button
    x.click(*on_screen(button, button.width() / 2, button.height() / 2))
    wait_until(lambda: len(document.items("cards")) == len(before) + 1, what="a card added")
    settle_input(0.2)
    x.type("Night March")
    x.key("Tab")
    (new,) = [c for c in document.items("cards") if c.id not in before]
    wait_until(lambda: document.get("cards", new.id).name == "Night March", what="the card named")
    studio.tabs.close_editor(page.key)
