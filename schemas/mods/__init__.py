"""Mods as overlays on a base scenario, mod packages, and three-way merges (no Qt).

See ``docs/modding.md``: :func:`make_mod` writes the mod between two scenarios,
:func:`apply_mods` applies a stack of them with conflicts, stale operations and provenance,
:func:`merge_scenarios` merges two edits of one scenario by entity.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

if TYPE_CHECKING:
    from .apply import ApplyResult, ModSource, apply_mods
    from .load import load_mod_file, load_mod_text, save_mod
    from .make import make_mod
    from .merge import merge_scenarios
    from .model import Mod

# The names below load their modules when first asked for (PEP 562), so that importing one
# light module of the package (``schemas.mods.names``) does not build every mod model.
_HOMES = {
    "ApplyResult": "apply",
    "ModSource": "apply",
    "apply_mods": "apply",
    "load_mod_file": "load",
    "load_mod_text": "load",
    "save_mod": "load",
    "make_mod": "make",
    "merge_scenarios": "merge",
    "Mod": "model",
}


__getattr__ = lazy_exports(__name__, _HOMES)


__all__ = [
    "ApplyResult",
    "Mod",
    "ModSource",
    "apply_mods",
    "load_mod_file",
    "load_mod_text",
    "make_mod",
    "merge_scenarios",
    "save_mod",
]
