"""Load a script of ``benchmarks/`` as a module, for tests that keep it running."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

FOLDER = Path(__file__).resolve().parent.parent / "benchmarks"


def load_script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", FOLDER / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
