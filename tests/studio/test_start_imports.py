"""What a studio start imports: the machinery of mods and the map generator wait until they
are used (they cost every start a share of its time; see docs/performance.md, the sixth
large-map round)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_PROBE = """
import json, sys
from editor.studio.window import StudioWindow
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("schemas.", "editor.")))))
"""


def _imported_by_the_window() -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_the_window_imports_neither_the_mod_models_nor_the_generator() -> None:
    modules = _imported_by_the_window()
    assert "schemas.scenario" in modules  # the probe saw the studio's imports
    assert not {m for m in modules if m.startswith(("schemas.mods.", "schemas.generator"))} - {
        "schemas.mods.names"
    }


def test_the_mods_package_still_offers_its_names() -> None:
    import schemas.mods as mods

    assert mods.apply_mods.__module__ == "schemas.mods.apply"
    assert mods.Mod.__module__ == "schemas.mods.model"
    from schemas.mods.model import MOD_SUFFIX
    from schemas.mods.names import MOD_SUFFIX as suffix

    assert MOD_SUFFIX == suffix == ".salient-mod.json"
    try:
        mods.no_such_name  # noqa: B018
    except AttributeError as error:
        assert "no_such_name" in str(error)
    else:
        raise AssertionError("an unknown name must raise AttributeError")


def test_the_window_imports_neither_the_diff_nor_pasting_nor_the_find_panel() -> None:
    """The diff's records and report, resolving a paste and the Find panel wait for their
    first use (the seventh large-map round); reading the clipboard's copy is imported."""
    modules = _imported_by_the_window()
    assert "schemas.clipboard.payload" in modules  # the window follows the clipboard
    waiting = {
        "schemas.diff.records",
        "schemas.diff.report",
        "schemas.diff.compare",
        "schemas.clipboard.resolve",
        "schemas.clipboard.records",
        "schemas.clipboard.placing",
        "editor.studio.find",
        "editor.studio.find_list",
    }
    assert not modules & waiting


def test_the_diff_and_clipboard_packages_still_offer_their_names() -> None:
    import schemas.clipboard as clipboard
    import schemas.diff as diff

    assert diff.diff_scenarios.__module__ == "schemas.diff.report"
    assert diff.ScenarioDiff.__module__ == "schemas.diff.records"
    assert clipboard.resolve_paste.__module__ == "schemas.clipboard.resolve"
    assert clipboard.MapOutlines.__module__ == "schemas.clipboard.records"
    from schemas.clipboard import MIME_TYPE, fresh_id

    assert MIME_TYPE.startswith("application/") and callable(fresh_id)
    for package in (clipboard, diff):
        try:
            package.no_such_name  # noqa: B018
        except AttributeError as error:
            assert "no_such_name" in str(error)
        else:
            raise AssertionError("an unknown name must raise AttributeError")
