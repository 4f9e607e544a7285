"""Running a check on a few entities, and keeping issues per entity.

The live validation re-checks only the entities an edit can affect. Most checks walk one or
two sections and look everything else up by id, so the real check function can run on a
cut-down copy of the scenario that holds just those entities (plus what they look up); the
positions in the paths of its issues are then mapped back to the entities' real positions.
Running the real checks, rather than per-entity copies of them, keeps the live results equal
to a full validation by construction.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..issues import Issue
from ..scenario import SECTIONS, Scenario
from .index import Check, ScenarioIndex

Part = list[tuple[int, Any]]
"""Entities of one section, each with its real position, in file order."""


@dataclass
class Owned:
    """The issues of one entity, with the position their paths were written for."""

    section: str
    entity: Any
    position: int | None
    """``None`` for sections that are one model (``calendar``...)."""
    issues: list[Issue]

    def at(self, position: int | None) -> list[Issue]:
        """The issues, their paths moved to ``position`` if the entity moved."""
        if position != self.position and position is not None:
            self.issues = [moved(issue, self.section, position) for issue in self.issues]
            self.position = position
        return self.issues


def split_path(path: str) -> tuple[str, int, str]:
    """``/units/12/location`` -> ``("units", 12, "/location")``."""
    _, section, number, *rest = path.split("/", 3)
    return section, int(number), "/" + rest[0] if rest else ""


def moved(issue: Issue, section: str, position: int) -> Issue:
    """``issue`` with the position of its entity in its path replaced."""
    _, _, rest = split_path(issue.path)
    return dataclasses.replace(issue, path=f"/{section}/{position}{rest}")


def owner_of(issue: Issue) -> tuple[str, int]:
    section, number, _ = split_path(issue.path)
    return section, number


Geometry = Mapping[str, np.ndarray]
"""Per-region arrays of an index (``polygons``, ``invalid_mask``, ``valid_polygons``), for
all regions in file order."""


def run_on(
    check: Check,
    base: Scenario,
    parts: Mapping[str, Part],
    keep: tuple[str, ...] = (),
    geometry: Geometry | None = None,
    lookups: Mapping[str, Any] | None = None,
) -> list[tuple[str, int, Any, Issue]]:
    """Run ``check`` on a copy of ``base`` that holds only ``parts`` (and the sections in
    ``keep`` whole); each issue comes back with its owner's section, real position and
    entity, its path pointing at that position.

    ``geometry`` hands the regions' shapely outlines to the copy, so they are not built again;
    ``lookups`` hands it the lookups of an index of ``base`` (``regions``, ``domain_of``...)
    for the sections kept whole, which would cost milliseconds each to build again.
    """
    update: dict[str, list[Any]] = {name: [] for name in SECTIONS if name not in keep}
    for name, part in parts.items():
        update[name] = [entity for _, entity in part]
    index = ScenarioIndex(base.model_copy(update=update))
    if lookups:
        index.__dict__.update(lookups)
    if geometry is not None and "regions" in parts:
        rows = np.fromiter((p for p, _ in parts["regions"]), dtype=np.int64)
        for name, values in geometry.items():
            index.__dict__[name] = values[rows]
    out = []
    for issue in check(index):
        section, number = owner_of(issue)
        position, entity = parts[section][number]
        out.append((section, position, entity, moved(issue, section, position)))
    return out


def file_order(part: Mapping[int, tuple[int, Any]]) -> Part:
    """Entities keyed by object id, as a part in file order."""
    return sorted(part.values(), key=lambda pair: pair[0])
