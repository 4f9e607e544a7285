"""Fingerprints: how a mod recognises the scenario and the entities it was made for.

A fingerprint is the SHA-256 of canonical JSON, so reformatting a file by hand or reordering
its keys does not change it, while any change of content does.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pydantic import BaseModel

from ..io import dumps
from ..scenario import Scenario

ENTITY_DIGITS = 16
"""Hex digits kept for an entity's fingerprint (64 bits tell a changed entity apart)."""


def scenario_fingerprint(scenario: Scenario) -> str:
    """``sha256:`` and the digest of the scenario's canonical file."""
    return "sha256:" + hashlib.sha256(dumps(scenario).encode("utf-8")).hexdigest()


def value_fingerprint(value: Any) -> str:
    """``sha256:`` and the start of the digest of a value (an entity, a section) as JSON."""
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json", by_alias=True)
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:ENTITY_DIGITS]
