"""Holding Python's cycle collector while large, long-lived trees of objects are built.

Loading, generating and validating a big scenario create hundreds of thousands of objects
that stay alive and hold no reference cycles worth collecting. Left running, the collector
rescans them over and over and frees nothing: that doubles the load time of a 10,000-region
map, more than quadruples the generation of a 100,000-region one, and doubled the time of
large incremental validations. Anything it would have found is collected afterwards.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_frozen_for_good = False
"""Set by :func:`freeze_for_good`: the process froze objects of its own for the rest of its
life, so loading must not settle (and need not ask)."""


def freeze_for_good() -> None:
    """Freeze every object alive now for the rest of the process (the test suite does, once
    its collection imported every test module) and remember that it did.

    Remembering spares the question :func:`gc_paused` would ask otherwise at each load:
    ``gc.get_freeze_count()`` walks every frozen object (CPython 3.11), 9 ms for 300,000 of
    them on an idle core and several times that on a busy one, on each file loaded.
    """
    global _frozen_for_good
    gc.freeze()
    _frozen_for_good = True


@contextmanager
def gc_paused(*, settle: bool = False) -> Iterator[None]:
    """Hold the cyclic garbage collector for the duration of the block.

    With ``settle`` (loading a file), everything is moved to the oldest generation on the way
    out (a freeze immediately undone: two constant-time list moves), where a loaded scenario
    belongs; merely resumed, the collector's first young collection would scan it all once
    more. Collection then resumes as normal for everything, old objects included.

    The validator runs on the studio's worker thread and must not settle: freezing there,
    with PySide objects about, was seen to crash a later collection (PySide6 6.11, Python
    3.11). Nor does it settle when the process has frozen objects of its own (a host
    application, or the test suite freezing what its collection imported): unfreezing is
    all or nothing and would hand every one of them back to the collector.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if settle and not _frozen_for_good and not gc.get_freeze_count():
            gc.freeze()
            gc.unfreeze()
        if enabled:
            gc.enable()
