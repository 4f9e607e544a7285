"""The widths of the regions' names, measured when a zoom first needs them.

Measuring every name of a 10,000-region map in the two fonts was about 90 ms of opening it
(20,000 ``horizontalAdvance`` calls, most of it Qt laying the text out), yet a map opened
zoomed out to fit shows few names. The table of names (:mod:`.names`) therefore starts from
what it knows without a width: a name can never need less zoom than its height needs in its
region's room, so a name whose height does not fit yet is left unmeasured, and the names
that might fit are measured, exactly as before, when a zoom first looks at them. Which names
are shown, and how wide their boxes are, stay what measuring every name first gave.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from editor.shared.map.drawing import LabelItem

Widths = tuple[float, float]
"""A name's box width in the usual font and in the small one, in pixels."""


class NameWidths:
    """Each region's name width (:meth:`LabelItem.widths_of`), measured on first use.

    A region has a width as soon as it has a name in ``texts`` (the region layer's own
    table of names, shared); :meth:`known` tells which are measured yet without measuring."""

    def __init__(
        self,
        texts: dict[str, str],
        measure: Callable[[list[str]], list[Widths]] = LabelItem.widths_of_many,
    ) -> None:
        self.texts = texts
        self._measure = measure
        self._found: dict[str, Widths] = {}

    def __contains__(self, region_id: object) -> bool:
        return region_id in self.texts

    def __getitem__(self, region_id: str) -> Widths:
        found = self._found.get(region_id)
        if found is None:
            found = self.measured([region_id])[0]
        return found

    def __setitem__(self, region_id: str, widths: Widths) -> None:
        """The width of a name just measured (its region's text is set beside it)."""
        self._found[region_id] = widths

    def get(self, region_id: str, default: Widths | None = None) -> Widths | None:
        return self[region_id] if region_id in self.texts else default

    def pop(self, region_id: str, default: Widths | None = None) -> Widths | None:
        """Forget a name's width (its region is gone, or its name changed)."""
        return self._found.pop(region_id, default)

    def clear(self) -> None:
        self._found.clear()

    def known(self, region_ids: Sequence[str]) -> np.ndarray:
        """The widths of these regions' names measured so far, NaN for the others; one row
        per region."""
        nan = (np.nan, np.nan)
        found = self._found
        return np.array([found.get(i, nan) for i in region_ids], dtype=float).reshape(-1, 2)

    def measured(self, region_ids: Sequence[str]) -> list[Widths]:
        """The widths of these regions' names, the ones not known yet measured now, all at
        once (one Python call fewer per name)."""
        found = self._found
        missing = [i for i in dict.fromkeys(region_ids) if i not in found]
        if missing:
            texts = self.texts
            for region_id, widths in zip(
                missing, self._measure([texts[i] for i in missing]), strict=True
            ):
                found[region_id] = widths
        return [found[i] for i in region_ids]


def known_widths(widths: NameWidths | dict[str, Widths], region_ids: Sequence[str]) -> np.ndarray:
    """``widths`` of these regions as rows, NaN where not measured yet (a plain mapping
    knows all of them)."""
    if isinstance(widths, NameWidths):
        return widths.known(region_ids)
    return np.array([widths[i] for i in region_ids], dtype=float).reshape(-1, 2)
