"""Mods as overlays on a base scenario, mod packages, and three-way merges (no Qt).

See ``docs/modding.md``: :func:`make_mod` writes the mod between two scenarios,
:func:`apply_mods` applies a stack of them with conflicts, stale operations and provenance,
:func:`merge_scenarios` merges two edits of one scenario by entity.
"""

from .apply import ApplyResult, ModSource, apply_mods
from .load import load_mod_file, load_mod_text, save_mod
from .make import make_mod
from .merge import merge_scenarios
from .model import Mod

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
