"""The JSON Schema of the scenario format, for editors and other tools.

Point a scenario's ``"$schema"`` at the file ``salient schema -o`` writes, and editors that
understand JSON Schema complete field names and flag wrong types while typing. The schema
covers the structure; the semantic checks (references, geometry) need ``salient validate``.
"""

from __future__ import annotations

from typing import Any

from .scenario import SCHEMA_VERSION, Scenario

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def scenario_json_schema() -> dict[str, Any]:
    """JSON Schema (draft 2020-12) of the current format version."""
    body = Scenario.model_json_schema(mode="validation", by_alias=True)
    body.pop("title", None)
    return {
        "$schema": DIALECT,
        "$id": f"https://salient.example/schema/scenario-{SCHEMA_VERSION}.json",
        "title": f"Salient scenario, format version {SCHEMA_VERSION}",
        **body,
    }
