"""The scenario format: pydantic models, loading and saving, and validation. No Qt here."""

from .io import LoadResult, dumps, load_file, load_text, save, to_canonical_dict, write_atomic
from .issues import CODES, Issue, has_errors
from .scenario import SCHEMA_VERSION, Scenario

__all__ = [
    "CODES",
    "SCHEMA_VERSION",
    "Issue",
    "LoadResult",
    "Scenario",
    "dumps",
    "has_errors",
    "load_file",
    "load_text",
    "save",
    "to_canonical_dict",
    "write_atomic",
]
