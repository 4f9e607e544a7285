"""Regenerate the pictures used by the README and the docs.

Run from the repository root:  .venv/bin/python docs/images/make_images.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PySide6.QtGui import QGuiApplication  # noqa: E402

from editor.preview import render_map  # noqa: E402
from schemas.generator import generate_scenario  # noqa: E402
from schemas.io import load_file  # noqa: E402

OUT = ROOT / "docs" / "images"


def main() -> None:
    app = QGuiApplication.instance() or QGuiApplication([])
    for sample in sorted((ROOT / "sample_scenarios").glob("*.json")):
        scenario = load_file(sample).scenario
        if scenario is not None:
            render_map(scenario, 1400).save(str(OUT / f"{sample.stem}.png"))
    render_map(generate_scenario(300, 7), 1400, labels=False).save(str(OUT / "generated-300.png"))
    del app


if __name__ == "__main__":
    main()
