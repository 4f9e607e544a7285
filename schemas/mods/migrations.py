"""Bring mod files written in older versions of the mod format up to the current one.

The same scheme as the scenario format's (:mod:`schemas.migrations`): ``MOD_MIGRATIONS[n]``
is a pure function from a version ``n`` mod (raw JSON) to version ``n + 1``, and a mod newer
than the code is refused. Version 1 is the first, so the chain is empty for now.
"""

from __future__ import annotations

from typing import Any

from ..migrations import Migration, migrate
from .model import MOD_SCHEMA_VERSION

MOD_MIGRATIONS: dict[int, Migration] = {}
"""``MOD_MIGRATIONS[n]`` turns a version ``n`` mod into a version ``n + 1`` mod."""

OLDEST_MOD_VERSION = 1


def migrate_mod(raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` upgraded to :data:`MOD_SCHEMA_VERSION`; raises ``MigrationError``."""
    return migrate(raw, MOD_SCHEMA_VERSION, MOD_MIGRATIONS, OLDEST_MOD_VERSION)
