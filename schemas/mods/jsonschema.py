"""The JSON Schemas of the mod file and of a package's manifest, for editors and tools."""

from __future__ import annotations

from typing import Any

from ..jsonschema import DIALECT
from .manifest import Manifest
from .model import MOD_SCHEMA_VERSION, Mod


def mod_json_schema() -> dict[str, Any]:
    """JSON Schema (draft 2020-12) of the current mod format version."""
    body = Mod.model_json_schema(mode="validation", by_alias=True)
    body.pop("title", None)
    return {
        "$schema": DIALECT,
        "$id": f"https://salient.example/schema/mod-{MOD_SCHEMA_VERSION}.json",
        "title": f"Salient mod, format version {MOD_SCHEMA_VERSION}",
        **body,
    }


def manifest_json_schema() -> dict[str, Any]:
    """JSON Schema of a package's ``manifest.json``."""
    body = Manifest.model_json_schema(mode="validation", by_alias=True)
    body.pop("title", None)
    return {
        "$schema": DIALECT,
        "$id": "https://salient.example/schema/pack-manifest-1.json",
        "title": "Salient mod package manifest, version 1",
        **body,
    }
