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

from PySide6.QtCore import Qt  # noqa: E402

from editor.app import application, settle  # noqa: E402
from editor.preview import render_map  # noqa: E402
from schemas.generator import generate_scenario  # noqa: E402
from schemas.io import load_file  # noqa: E402

OUT = ROOT / "docs" / "images"


def studio_pictures() -> None:
    """The studio on the bundled sample: the map with a region selected, then section editors."""
    os.environ["SALIENT_STATE_DIR"] = str(ROOT / "benchmarks" / ".cache" / "image-state")
    from editor.window import StudioWindow

    window = StudioWindow()
    window.resize(1500, 920)
    window.files.open_path(ROOT / "sample_scenarios" / "vessa-crossing.json", ask=False)
    window.show()
    settle(window)
    document = window.document
    document.select("regions", ["salthaven"])
    settle(window)
    window.grab().save(str(OUT / "studio.png"))
    document.select("cards", [document.scenario.cards[1].id])
    window.open_section("decks")
    window.resizeDocks([window.section_docks["decks"]], [430], Qt.Orientation.Vertical)
    settle(window)
    window.grab().save(str(OUT / "studio-decks.png"))
    window.open_section("schedule")
    window.resizeDocks([window.section_docks["schedule"]], [430], Qt.Orientation.Vertical)
    settle(window)
    window.grab().save(str(OUT / "studio-schedule.png"))
    window.files.discard_session()
    window.close()


def main() -> None:
    app = application()
    studio_pictures()
    for sample in sorted((ROOT / "sample_scenarios").glob("*.json")):
        scenario = load_file(sample).scenario
        if scenario is not None:
            render_map(scenario, 1400).save(str(OUT / f"{sample.stem}.png"))
    render_map(generate_scenario(300, 7), 1400, labels=False).save(str(OUT / "generated-300.png"))
    del app


if __name__ == "__main__":
    main()
