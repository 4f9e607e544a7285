"""Names chosen after an edit from the overlaps kept from the last choice are the names a
choice made from nothing would show (the release of a dragged point relies on it)."""

from __future__ import annotations

import numpy as np

from editor.studio.map import names as names_module
from editor.studio.map.name_clashes import Clashes

COUNT = 400


def _crowded(rng: np.random.Generator) -> tuple[dict, dict]:
    """Rooms and name widths of ``COUNT`` regions packed tightly enough that many names
    overlap at the zoom used below."""
    rooms = {
        f"r{i}": (
            float(rng.uniform(0, 300)),
            float(rng.uniform(0, 300)),
            float(rng.uniform(20, 60)),
            float(rng.uniform(8, 30)),
            float(rng.uniform(50, 2000)),
        )
        for i in range(COUNT)
    }
    widths = {}
    for i in range(COUNT):
        usual = float(rng.uniform(20, 70))
        widths[f"r{i}"] = (usual, usual * 0.8)
    return rooms, widths


def test_names_chosen_from_kept_overlaps_match_a_fresh_choice(qapp) -> None:
    rng = np.random.default_rng(7)
    rooms, widths = _crowded(rng)
    table = names_module._Table.of(rooms, widths)
    symbols = names_module._Symbols.none()
    scale = 2.0
    state, clashes = table.choose(scale, symbols, (False, False, False))
    assert clashes is not None and len(clashes.low) > 50  # a crowded map: a real test
    assert (state == names_module.HIDDEN).sum() > 20
    kept_used = 0
    for _ in range(40):
        # A few regions edited: their name point, room or name change.
        edited = [f"r{i}" for i in rng.choice(COUNT, size=int(rng.integers(1, 4)), replace=False)]
        for region_id in edited:
            x, y, wide, tall, area = rooms[region_id]
            rooms[region_id] = (
                x + float(rng.uniform(-15, 15)),
                y + float(rng.uniform(-15, 15)),
                max(5.0, wide + float(rng.uniform(-20, 20))),
                tall,
                area * float(rng.uniform(0.5, 2.0)),
            )
            if rng.random() < 0.3:
                usual = float(rng.uniform(20, 70))
                widths[region_id] = (usual, usual * 0.8)
        changed = table.changed(edited, rooms, widths)
        assert changed is not None
        table = changed
        assert clashes is not None
        if clashes.again(scale, table.ids, *_laid_out(table, scale)) is not None:
            kept_used += 1
        state, clashes = table.choose(scale, symbols, (False, False, False), clashes=clashes)
        fresh, _ = table.choose(scale, symbols, (False, False, False))
        assert np.array_equal(state, fresh)
    assert kept_used > 30  # the kept overlaps were what answered, not a fresh search


def test_kept_overlaps_are_not_used_at_another_zoom(qapp) -> None:
    rooms, widths = _crowded(np.random.default_rng(3))
    table = names_module._Table.of(rooms, widths)
    _, clashes = table.choose(2.0, names_module._Symbols.none(), (False, False, False))
    assert clashes is not None
    assert clashes.again(2.5, table.ids, *_laid_out(table, 2.5)) is None
    assert isinstance(clashes.again(2.0, table.ids, *_laid_out(table, 2.0)), Clashes)


def _laid_out(table: names_module._Table, scale: float) -> tuple[np.ndarray, np.ndarray]:
    """The rows laid out at ``scale`` and their boxes, as :meth:`_Table.choose` makes them."""
    from editor.shared.map.drawing import LabelItem

    rows = table.order[: int(np.searchsorted(table.threshold, scale, side="right"))]
    rows = rows[np.argsort(table.rank[rows], kind="stable")]
    small = table.need[rows, 0] > scale
    width = np.where(small, table.width[rows, 1], table.width[rows, 0])
    height = np.array(LabelItem.heights())[small.astype(int)]
    left = table.x[rows] * scale - width / 2
    top = table.y[rows] * scale + LabelItem.DROP
    return rows, np.stack([left, top, left + width, top + height], axis=1)
