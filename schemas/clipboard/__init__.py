"""Cut, copy and paste of entities, without Qt: what a copy carries (:mod:`.payload`) and
how a paste is resolved against a scenario (:mod:`.resolve`). The studio puts a copy on the
system clipboard as :data:`MIME_TYPE` (and plain text, the same JSON) and applies a
:class:`PastePlan` as one undo step."""

from .payload import (
    DEFINITIONS,
    MIME_TYPE,
    Clip,
    ClipboardError,
    belonging,
    copy_entities,
    describe,
)
from .records import MapOutlines, Note
from .resolve import PastePlan, resolve_paste
from .resolver import FALLBACK, fresh_id

__all__ = [
    "DEFINITIONS",
    "FALLBACK",
    "MIME_TYPE",
    "Clip",
    "ClipboardError",
    "MapOutlines",
    "Note",
    "PastePlan",
    "belonging",
    "copy_entities",
    "describe",
    "fresh_id",
    "resolve_paste",
]
