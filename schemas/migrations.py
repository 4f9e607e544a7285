"""Bring files written in older versions of the format up to the current one.

A migration is a pure function from the raw JSON object of version ``n`` to version ``n + 1``.
Loading runs every migration between the file's version and :data:`SCHEMA_VERSION` in turn, so
each one only needs to know two neighbouring versions. A file newer than the code is refused:
guessing would silently drop what the newer format added.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .scenario import SCHEMA_VERSION

RawScenario = dict[str, Any]
Migration = Callable[[RawScenario], RawScenario]


def _v1_to_v2(raw: RawScenario) -> RawScenario:
    # Version 2 added the optional ``map.projection``; every version 1 file is a valid
    # version 2 file as it is (the version number goes up so that an older Salient refuses a
    # file with a projection instead of failing on an unknown key).
    return raw


MIGRATIONS: dict[int, Migration] = {1: _v1_to_v2}
"""``MIGRATIONS[n]`` turns a version ``n`` file into a version ``n + 1`` file."""

OLDEST_READABLE = 1
"""Oldest version the chain can start from."""


class MigrationError(ValueError):
    """The file's version cannot be brought to the current one."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def migrate(
    raw: RawScenario,
    target: int = SCHEMA_VERSION,
    chain: dict[int, Migration] | None = None,
    oldest: int | None = None,
) -> RawScenario:
    """Return ``raw`` upgraded to ``target``; raises :class:`MigrationError`.

    ``chain`` and ``oldest`` default to the scenario format's; other formats (mods) pass
    their own.
    """
    chain = MIGRATIONS if chain is None else chain
    oldest = OLDEST_READABLE if oldest is None else oldest
    if "schema_version" not in raw:
        raise MigrationError(
            "schema-version-missing",
            f"the file has no 'schema_version'; add \"schema_version\": {target} at the top",
        )
    version = raw["schema_version"]
    if isinstance(version, bool) or not isinstance(version, int):
        raise MigrationError(
            "schema-version-invalid",
            f"'schema_version' must be a whole number, not {version!r}",
        )
    if version > target:
        raise MigrationError(
            "schema-version-newer",
            f"the file uses format version {version}, but this Salient reads versions up to "
            f"{target}; update Salient to open it",
        )
    if version < oldest:
        raise MigrationError(
            "schema-version-invalid",
            f"format version {version} does not exist; the oldest is {oldest}",
        )
    while version < target:
        step = chain.get(version)
        if step is None:
            raise MigrationError(
                "schema-version-invalid",
                f"no migration from format version {version} to {version + 1}",
            )
        raw = step(raw)
        version += 1
        raw["schema_version"] = version
    return raw
