"""The mod file's name ending, without the mod models: the studio's Open dialog and its
check of an opened file's kind need only this, and building the models costs every start."""

from __future__ import annotations

MOD_SUFFIX = ".salient-mod.json"
"""How a mod file's name ends."""
