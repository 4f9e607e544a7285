"""Cut, copy and paste of entities, without Qt: what a copy carries (:mod:`.payload`) and
how a paste is resolved against a scenario (:mod:`.resolve`). The studio puts a copy on the
system clipboard as :data:`MIME_TYPE` (and plain text, the same JSON) and applies a
:class:`PastePlan` as one undo step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

if TYPE_CHECKING:
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

# The names below load their modules when first asked for (PEP 562): the studio reads what
# the system clipboard holds (:mod:`.payload`) from its start, and resolving a paste (the
# snapping index, placing, settling references) waits for the first paste.
_HOMES = {
    "DEFINITIONS": "payload",
    "MIME_TYPE": "payload",
    "Clip": "payload",
    "ClipboardError": "payload",
    "belonging": "payload",
    "copy_entities": "payload",
    "describe": "payload",
    "MapOutlines": "records",
    "Note": "records",
    "PastePlan": "resolve",
    "resolve_paste": "resolve",
    "FALLBACK": "resolver",
    "fresh_id": "resolver",
}


__getattr__ = lazy_exports(__name__, _HOMES)


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
