"""Names' widths are measured when a zoom first may show them (opening a big map zoomed out
measures few), and the names chosen are those chosen with every width measured first."""

from __future__ import annotations

import numpy as np

from editor.studio.map import names as names_module
from editor.studio.map.name_widths import NameWidths

COUNT = 400
GROUPS = (False, False, False)


def _map(rng: np.random.Generator) -> tuple[dict, dict]:
    """Rooms and name widths of ``COUNT`` regions from tiny to big, some crowded."""
    rooms = {}
    widths = {}
    for i in range(COUNT):
        size = float(rng.uniform(1, 60))
        rooms[f"r{i}"] = (
            float(rng.uniform(0, 400)),
            float(rng.uniform(0, 400)),
            size * float(rng.uniform(0.5, 2)),
            size * float(rng.uniform(0.3, 1)),
            size * size,
        )
        usual = float(rng.uniform(15, 90))
        widths[f"r{i}"] = (usual, usual * 0.8)
    return rooms, widths


class _Counted:
    """The measuring of :class:`NameWidths`, answered from known widths and counted."""

    def __init__(self, widths: dict) -> None:
        self.widths = widths
        self.asked: list[str] = []

    def __call__(self, texts: list[str]) -> list[tuple[float, float]]:
        self.asked.extend(texts)
        return [self.widths[t] for t in texts]


def _lazy(widths: dict) -> tuple[NameWidths, _Counted]:
    measure = _Counted(widths)
    return NameWidths({i: i for i in widths}, measure), measure


def test_a_zoomed_out_map_measures_few_names_and_shows_the_same_ones(qapp) -> None:
    rooms, widths = _map(np.random.default_rng(5))
    lazy_widths, measure = _lazy(widths)
    lazy = names_module._Table.of(rooms, lazy_widths)
    assert measure.asked == []
    eager = names_module._Table.of(rooms, widths)
    symbols = names_module._Symbols.none()
    state, _ = lazy.choose(0.5, symbols, GROUPS)
    expected, _ = eager.choose(0.5, symbols, GROUPS)
    assert np.array_equal(state, expected)
    assert (state != names_module.HIDDEN).sum() > 5
    assert 0 < len(measure.asked) < COUNT // 4
    # Zooming in and out again, and with selected regions placed first.
    preferred = frozenset({"r3", "r17", "r250"})
    for scale in (1.0, 3.0, 0.3, 8.0, 2.0):
        for first in (frozenset(), preferred):
            state, _ = lazy.choose(scale, symbols, GROUPS, first)
            expected, _ = eager.choose(scale, symbols, GROUPS, first)
            assert np.array_equal(state, expected), scale
    assert len(set(measure.asked)) == len(measure.asked), "a name measured twice"
    lazy._measure(np.arange(COUNT))
    for field in ("need", "width", "order", "threshold"):
        assert np.array_equal(getattr(lazy, field), getattr(eager, field)), field


def test_names_followed_after_edits_match_a_table_with_every_width_measured(qapp) -> None:
    rng = np.random.default_rng(11)
    rooms, widths = _map(rng)
    lazy_widths, _ = _lazy(widths)
    lazy = names_module._Table.of(rooms, lazy_widths)
    symbols = names_module._Symbols.none()
    lazy.choose(0.5, symbols, GROUPS)
    for step in range(20):
        edited = [f"r{i}" for i in rng.choice(COUNT, size=3, replace=False)]
        for region_id in edited:
            x, y, wide, tall, area = rooms[region_id]
            rooms[region_id] = (x, y, wide * 1.5, tall * 1.5, area * 2)
            if step % 3 == 0:  # renamed: measured at once, as the region layer does
                usual = float(rng.uniform(15, 90))
                widths[region_id] = lazy_widths[region_id] = (usual, usual * 0.8)
        changed = lazy.changed(edited, rooms, lazy_widths)
        assert changed is not None
        lazy = changed
        scale = float(rng.choice([0.5, 1.0, 2.5]))
        state, _ = lazy.choose(scale, symbols, GROUPS)
        expected, _ = names_module._Table.of(rooms, widths).choose(scale, symbols, GROUPS)
        assert np.array_equal(state, expected), step
