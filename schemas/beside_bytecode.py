"""Files kept beside a module's bytecode, under the bytecode's own rules.

Two start-up caches use them: the fields' docstrings of each source file
(:mod:`.attribute_docs`) and the scenario's validator (:mod:`.kept_validator`). Each is a
marshal dump of ``{"key": ..., <what is kept>}``: read back only while its key (what it was
made from) is the one asked for, written whole under another name and renamed, so that a
process reading it (tests run several at once) finds the old copy or the new one, never half
of one; a read-only install simply makes it again next time.
"""

from __future__ import annotations

import importlib.util
import marshal
import os
import tempfile
from pathlib import Path
from typing import Any


def kept_path(source: str, suffix: str) -> Path | None:
    """Where ``source``'s kept file of this kind lies: its bytecode's path with ``suffix``."""
    try:
        compiled = importlib.util.cache_from_source(source)
    except (NotImplementedError, ValueError):  # no cache tag, or an odd path
        return None
    return Path(compiled).with_suffix(suffix)


def read_kept(path: Path, key: Any) -> dict[str, Any] | None:
    """The kept dump at ``path`` when it was made under ``key``, else ``None``."""
    try:
        kept = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):  # absent, or not a marshal dump
        return None
    # marshal gives tuples back as tuples and lists as lists: compare like with like.
    if not isinstance(kept, dict) or kept.get("key") != marshal.loads(marshal.dumps(key)):
        return None
    return kept


def write_kept(path: Path, key: Any, **kept: Any) -> None:
    """Keep ``kept`` under ``key`` at ``path`` (nothing when it cannot be written)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(marshal.dumps({"key": key, **kept}))
            Path(temporary).chmod(0o644)  # as readable as the bytecode beside it
            Path(temporary).replace(path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError:  # a read-only install: made again next time
        pass
