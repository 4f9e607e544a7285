"""The semantic diff of two scenarios: entity by entity, in words and in a stable JSON form.

See ``docs/modding.md``. The same comparison (:mod:`schemas.diff.compare`) is what mods are
made from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

if TYPE_CHECKING:
    from .records import EntityChange, FieldChange, ScenarioDiff
    from .report import diff_scenarios

# The names below load their modules when first asked for (PEP 562): the studio imports the
# light modules of the package (the sections' nouns, the wording of names) with its window,
# and building the diff's records and report there cost a start what no first frame uses.
_HOMES = {
    "EntityChange": "records",
    "FieldChange": "records",
    "ScenarioDiff": "records",
    "diff_scenarios": "report",
}


__getattr__ = lazy_exports(__name__, _HOMES)


__all__ = ["EntityChange", "FieldChange", "ScenarioDiff", "diff_scenarios"]
