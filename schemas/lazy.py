"""Package exports loaded when first asked for (PEP 562's module ``__getattr__``).

A package whose heavy modules a start does not need (the mods' models, the diff's records,
the paste machinery) names where each export lives; its ``__getattr__`` imports that module
on first use. Importing the package itself then costs only its light modules.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``homes`` maps each export to the module
    of the package (``"records"``) that defines it."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f".{home}", package), name)

    return __getattr__
