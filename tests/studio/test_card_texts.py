"""A card's printed texts and its rules (issue 10, defect 11).

Raising the Stukas' attack bonus from 1 to 2 left "+1 attack" printed on the card. Now text
generated from the rules follows them, in the same undo step, and the designer's own text is
marked stale (never rewritten) until it is rewritten or kept.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.studio.document import ScenarioDocument, with_value
from editor.studio.forms.card_texts import following, generated_texts, text_watch
from editor.studio.forms.context import document_names
from editor.studio.panels.inspector import Inspector
from schemas.io import load_file

NORTH_AFRICA = Path(__file__).resolve().parents[2] / "sample_scenarios" / "north-africa.json"
AMOUNT = ["effects", 0, "amount"]


@pytest.fixture
def doc(tmp_path: Path) -> ScenarioDocument:
    return ScenarioDocument(load_file(NORTH_AFRICA).scenario, tmp_path / "scenario.json")


def _set(doc: ScenarioDocument, card_id: str, path: list, value: object) -> None:
    """An edit as the studio's card forms make it: the rules' wording follows."""
    old = doc.get("cards", card_id)
    doc.replace("cards", following(old, with_value(old, path, value), document_names(doc)))


def test_text_written_from_the_rules_follows_them_in_the_same_step(doc) -> None:
    names = document_names(doc)
    card = doc.get("cards", "stukas")
    condition, effects = generated_texts(card, names)
    doc.replace(
        "cards", card.model_copy(update={"condition_text": condition, "effect_text": effects})
    )
    assert "+1 attack" in doc.get("cards", "stukas").effect_text
    steps = doc.undo_stack.count()
    _set(doc, "stukas", AMOUNT, 2)
    assert "+2 attack" in doc.get("cards", "stukas").effect_text
    assert doc.get("cards", "stukas").condition_text == condition  # its rules did not change
    assert doc.undo_stack.count() == steps + 1
    doc.undo_stack.undo()
    assert "+1 attack" in doc.get("cards", "stukas").effect_text
    assert doc.get("cards", "stukas").effects[0].amount == 1


def test_an_empty_text_stays_empty_and_is_generated_when_shown(doc) -> None:
    card = doc.get("cards", "stukas")
    doc.replace("cards", card.model_copy(update={"effect_text": ""}))
    _set(doc, "stukas", AMOUNT, 2)
    assert doc.get("cards", "stukas").effect_text == ""
    assert text_watch(doc).stale_fields(doc.get("cards", "stukas")) == []


def test_the_designers_own_text_is_kept_and_marked_when_the_rules_change(doc) -> None:
    """The Stukas card as shipped: "Your land units +1 attack in the first round."."""
    watch = text_watch(doc)
    own = doc.get("cards", "stukas").effect_text
    assert "+1 attack" in own and watch.stale_fields(doc.get("cards", "stukas")) == []
    _set(doc, "stukas", AMOUNT, 2)
    card = doc.get("cards", "stukas")
    assert card.effect_text == own, "the designer's own text is never rewritten"
    assert watch.stale_fields(card) == ["effect_text"]
    # Rewriting the text settles it; undoing the rewrite brings the stale text back.
    _set(doc, "stukas", ["effect_text"], "Your land units +2 attack in the first round.")
    assert watch.stale_fields(doc.get("cards", "stukas")) == []
    doc.undo_stack.undo()
    assert watch.stale_fields(doc.get("cards", "stukas")) == ["effect_text"]
    # Undoing the change of the rules too: the text is true again.
    doc.undo_stack.undo()
    assert watch.stale_fields(doc.get("cards", "stukas")) == []


def test_keeping_the_text_settles_it_for_the_rules_it_has_now(doc) -> None:
    watch = text_watch(doc)
    _set(doc, "stukas", AMOUNT, 2)
    assert watch.stale_fields(doc.get("cards", "stukas")) == ["effect_text"]
    watch.keep("stukas")
    assert watch.stale_fields(doc.get("cards", "stukas")) == []
    _set(doc, "stukas", AMOUNT, 3)  # changed again: stale again
    assert watch.stale_fields(doc.get("cards", "stukas")) == ["effect_text"]


def test_a_change_of_condition_marks_the_condition_text(doc) -> None:
    watch = text_watch(doc)
    card = doc.get("cards", "stukas")
    doc.replace("cards", card.model_copy(update={"condition": None}))
    assert watch.stale_fields(doc.get("cards", "stukas")) == ["condition_text"]


def test_the_inspector_edits_cards_the_same_way(qtbot, doc) -> None:
    inspector = Inspector(doc)
    qtbot.addWidget(inspector)
    names = document_names(doc)
    card = doc.get("cards", "tank-trap")
    condition, effects = generated_texts(card, names)
    doc.replace(
        "cards", card.model_copy(update={"condition_text": condition, "effect_text": effects})
    )
    doc.select("cards", ["tank-trap", "stukas"])
    form = inspector.forms["cards"]
    form.rows["condition"].edited.emit(None)  # "always playable" for both
    assert doc.get("cards", "tank-trap").condition_text == "Always playable."
    assert doc.get("cards", "stukas").condition_text.startswith("You attack")  # its own
    assert text_watch(doc).stale_fields(doc.get("cards", "stukas")) == ["condition_text"]
    assert (
        inspector.warning.isVisibleTo(inspector) and "Stukas Overhead" in inspector.warning.text()
    )
