"""The manifest of a mod package (``manifest.json`` at the root of a ``.salient-pack``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..base import Slug, StrictModel
from .model import MOD_SUFFIX, ModBase, ModReference

MANIFEST_NAME = "manifest.json"
PACK_SUFFIX = ".salient-pack"

ModPath = Annotated[
    str,
    Field(
        pattern=r"^([A-Za-z0-9_][A-Za-z0-9_. -]*/)*[A-Za-z0-9_][A-Za-z0-9_. -]*"
        r"\.salient-mod\.json$",
        description=f"A mod file inside the package, relative to its root, ending '{MOD_SUFFIX}'.",
    ),
]


class Manifest(StrictModel):
    """What a package is, who made it, under which licence, and its mods in order."""

    schema_uri: str | None = Field(default=None, alias="$schema")
    schema_version: Literal[1]
    """Version of the manifest format."""
    id: Slug
    """Identifier of the package (its folder name once installed)."""
    name: str
    """Name shown to players."""
    version: str
    """The package's version."""
    author: str = ""
    licence: Annotated[str, Field(min_length=1)]
    """Licence: an SPDX identifier (``CC-BY-4.0``) or a few words."""
    description: str = ""
    base: ModBase
    """The scenario the mods are for."""
    requires: list[ModReference] = Field(default_factory=list)
    """Mods from other packages that must be applied first."""
    mods: Annotated[list[ModPath], Field(min_length=1)]
    """The mod files, in the order they apply."""
