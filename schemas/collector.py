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
        if settle and not gc.get_freeze_count():
            gc.freeze()
            gc.unfreeze()
        if enabled:
            gc.enable()
