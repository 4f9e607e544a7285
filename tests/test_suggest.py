""" "Did you mean" hints come from an index, and are the ones rating every id would give."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from schemas.suggest import Suggester, closest_by_scan

SLUGS = st.text(alphabet="abr-012", min_size=0, max_size=8)


@settings(max_examples=300, deadline=None)
@given(known=st.lists(SLUGS, max_size=80, unique=True), name=SLUGS)
def test_the_index_finds_what_rating_every_candidate_finds(known: list[str], name: str) -> None:
    assert Suggester(known).closest(name) == closest_by_scan(name, known)


def test_the_usual_mistakes_are_suggested() -> None:
    ids = ["tank", "infantry", "pz-div-12", "cavalry-brigade", "north-sea", "guards"]
    table = Suggester(ids)

    def hint(name: str) -> str | None:
        best = table.closest(name)
        return best[1] if best else None

    assert hint("tanks") == "tank"  # one character too many
    assert hint("infnatry") == "infantry"  # two swapped
    assert hint("infantri") == "infantry"  # one wrong
    assert hint("div-12") == "pz-div-12"  # a part left off the start
    assert hint("cavalry-brig") == "cavalry-brigade"  # a part left off the end
    assert hint("north_sea") == "north-sea"
    assert hint("artillery") is None  # nothing like it


def test_a_hint_over_ten_thousand_ids_looks_at_few_of_them() -> None:
    ids = [f"r-{n:05d}" for n in range(10_000)]
    table = Suggester(ids)
    assert table.closest("x-00042") == closest_by_scan("x-00042", ids)
    assert table.closest("x-00042")[1] == "r-00042"  # type: ignore[index]
    # The candidates are the near misses, not the whole collection.
    assert len(table.candidates("x-00042")) < 50
    assert len(table.candidates("r-0042")) < 50
