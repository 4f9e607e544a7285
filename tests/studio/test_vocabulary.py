"""Every fixed value of the format has a display name (issue 10, defect 13).

Raw spellings such as ``end_of_turn`` and ``with_trail`` reached the designer. The studio now
names every ``Literal`` value of the format through :mod:`editor.shared.vocabulary`; these
tests walk the format itself, so a value added to the format without a name fails here.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args, get_origin

from pydantic import BaseModel

from editor.shared import vocabulary as v
from editor.studio.forms.builder_kinds import CONDITIONS, EFFECTS
from schemas.scenario import SECTIONS, SINGLE_SECTIONS, Scenario


def fixed_values() -> set[tuple[str, str]]:
    """Every (field name, value) of a ``Literal`` field in the scenario format, but the
    ``kind`` tags of unions (named by the builder's kind lists) and the schema version."""
    found: set[tuple[str, str]] = set()
    seen: set[type] = set()

    def walk(annotation: object, field: str) -> None:
        origin = get_origin(annotation)
        if origin is Literal:
            values = get_args(annotation)
            if field != "kind" or len(values) > 1:
                found.update((field, str(value)) for value in values)
            return
        if origin is Annotated:
            walk(get_args(annotation)[0], field)
            return
        if origin is not None:
            for argument in get_args(annotation):
                walk(argument, field)
            return
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            if annotation in seen:
                return
            seen.add(annotation)
            for name, info in annotation.model_fields.items():
                walk(info.annotation, name)

    walk(Scenario, "")
    # The format version is written by Salient, never chosen in a form.
    found = {(field, value) for field, value in found if field != "schema_version"}
    return found


def test_the_walk_finds_the_fixed_values_people_met_raw() -> None:
    values = fixed_values()
    assert ("check", "end_of_turn") in values
    assert ("supply", "with_trail") in values
    assert ("kind", "fort") in values  # a structure's kind is a value, not a union tag
    assert len(values) > 100


def test_every_fixed_value_of_the_format_has_a_display_name() -> None:
    unnamed = sorted(
        f"{field}={value}" for field, value in fixed_values() if not v.has_word(value, field)
    )
    assert not unnamed, f"give these a name in editor/shared/vocabulary.py: {unnamed}"


def test_display_names_never_show_the_files_spelling() -> None:
    for field, value in fixed_values():
        name = v.word(value, field)
        assert "_" not in name and "@" not in name, (field, value, name)
        assert name[:1].isupper(), (field, value, name)


def test_a_word_reads_differently_where_the_field_says_so() -> None:
    assert v.word("end_of_turn", "check") == "At the end of each turn"
    assert v.word("end_of_turn", "phases") == "End of turn"
    assert v.word("end_of_turn", "until") == "Until the end of the turn"
    assert v.word("with_trail", "supply") == "Only along a trail"
    assert v.word("@self") == "This side"


def test_every_kind_of_condition_and_effect_and_every_section_is_named() -> None:
    assert set(CONDITIONS) <= set(v.CONDITION_KINDS)
    assert set(EFFECTS) <= set(v.EFFECT_KINDS)
    assert set(SECTIONS) | set(SINGLE_SECTIONS) <= set(v.SECTIONS)


def test_documentation_reads_plainly_in_tooltips() -> None:
    assert v.plain("``null`` keeps ``stacking``") == "empty keeps stacking"
    assert (
        v.plain("a side id, or '@self' (the side playing)")
        == "a side id, or this side (the side playing)"
    )
    assert v.plain("roll at most\n    ``at_most``.") == "roll at most\n    at most."
