"""The semantic diff of two scenarios: entity by entity, in words and in a stable JSON form.

See ``docs/modding.md``. The same comparison (:mod:`schemas.diff.compare`) is what mods are
made from.
"""

from .records import EntityChange, FieldChange, ScenarioDiff
from .report import diff_scenarios

__all__ = ["EntityChange", "FieldChange", "ScenarioDiff", "diff_scenarios"]
